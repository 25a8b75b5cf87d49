// 'My Stories': a row of cards that scrolls sideways (1, 2 or 3 in view by screen width, snapping to a card), with
// Previous and Next buttons while there is more to either side, and 2 skeletons while loading.
// NOTE: the browser's own scrolling (scroll snap), not a carousel library: nothing measures the page while React
// draws it (the library's set-up forced a layout in the dashboard's longest task), and touch, wheel and keyboard
// focus scroll it natively.
import { ChevronLeft, ChevronRight, Plus } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { Link } from "wouter";
import { MY_STORIES_SKELETONS } from "../../../shared/limits";
import { ROUTES } from "../../../shared/routes";
import type { StoryListItem } from "../../../shared/schemas/story";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { useMyStoriesQuery } from "../stories/queries";
import { DeleteStoryDialog } from "./DeleteStoryDialog";
import { ImportButton } from "./ImportButton";
import { StoryCard } from "./StoryCard";

// 1 card below md, 2 from md, 3 from xl (the sidebar takes part of the screen), 1 rem apart; each snaps to the left
// edge, so a card in view is never cut.
const SLIDE =
  "min-w-0 shrink-0 grow-0 basis-full snap-start md:basis-[calc((100%-1rem)/2)] xl:basis-[calc((100%-2rem)/3)]";

export function MyStoriesCarousel() {
  const { data: stories, isLoading } = useMyStoriesQuery();
  const empty = !isLoading && (stories?.length ?? 0) === 0;
  const scroller = useRef<HTMLDivElement | null>(null);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);
  const [toDelete, setToDelete] = useState<StoryListItem | null>(null);

  const sync = useCallback(() => {
    const row = scroller.current;
    if (!row) return;
    setCanPrev(row.scrollLeft > 1);
    setCanNext(row.scrollLeft + row.clientWidth < row.scrollWidth - 1);
  }, []);
  // The row's listeners, set whenever it is drawn (it is not while there is no story).
  const watchRow = useCallback(
    (row: HTMLDivElement | null) => {
      scroller.current = row;
      if (!row) return;
      row.addEventListener("scroll", sync, { passive: true });
      // NOTE: read at the next frame, when the browser lays the page out anyway, not inside React's commit: once
      // now, when the screen's width changes and when cards come or go.
      let frame = 0;
      const soon = () => {
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(sync);
      };
      soon();
      const resized = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(soon);
      resized?.observe(row);
      const changed = new MutationObserver(soon);
      if (row.firstElementChild) changed.observe(row.firstElementChild, { childList: true });
      return () => {
        cancelAnimationFrame(frame);
        row.removeEventListener("scroll", sync);
        resized?.disconnect();
        changed.disconnect();
      };
    },
    [sync],
  );
  /** Scrolls by one screenful of cards, as the arrows of a carousel do. */
  const page = (direction: 1 | -1) => {
    const row = scroller.current;
    row?.scrollBy({ left: direction * row.clientWidth, behavior: "smooth" });
  };

  return (
    <section aria-labelledby="my-stories-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-stories-heading" className="text-xl font-bold text-ink">
          My Stories
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {(canPrev || canNext) && (
            <>
              <Button
                size="icon"
                variant="outline"
                aria-label="Previous stories"
                disabled={!canPrev}
                onClick={() => page(-1)}
              >
                <ChevronLeft className="h-4 w-4" aria-hidden />
              </Button>
              <Button
                size="icon"
                variant="outline"
                aria-label="Next stories"
                disabled={!canNext}
                onClick={() => page(1)}
              >
                <ChevronRight className="h-4 w-4" aria-hidden />
              </Button>
            </>
          )}
          <ImportButton />
          <Button asChild size="sm">
            <Link href={ROUTES.create}>
              <Plus className="h-4 w-4" aria-hidden /> New Story
            </Link>
          </Button>
        </div>
      </div>

      {empty ? (
        <div className="rounded-2xl border-2 border-dashed border-brand-200 bg-brand-50/40 p-8 text-center">
          <p className="font-medium text-ink">No stories yet</p>
          <p className="mt-1 text-sm text-slate-600">Your drafts and published stories will appear here.</p>
        </div>
      ) : (
        <div
          className="snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none]"
          ref={watchRow}
        >
          <ul className="flex gap-4" aria-busy={isLoading} aria-label="My stories">
            {isLoading
              ? Array.from({ length: MY_STORIES_SKELETONS }, (_, i) => (
                  <li key={i} className={SLIDE}>
                    <div className="overflow-hidden rounded-2xl border border-brand-100">
                      <Skeleton className="aspect-[3/2] rounded-none" />
                      <div className="space-y-2 p-4">
                        <Skeleton className="h-5 w-3/4" />
                        <Skeleton className="h-3 w-1/3" />
                        <Skeleton className="mt-4 h-8 w-full" />
                      </div>
                    </div>
                  </li>
                ))
              : stories?.map((story) => (
                  <li key={story.id} className={SLIDE}>
                    <StoryCard story={story} onDelete={setToDelete} />
                  </li>
                ))}
          </ul>
        </div>
      )}
      <DeleteStoryDialog story={toDelete} onClose={() => setToDelete(null)} />
    </section>
  );
}
