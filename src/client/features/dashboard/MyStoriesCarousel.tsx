// 'My Stories': an embla carousel showing 1, 2 or 3 cards by screen width, with 2 skeletons while loading.
import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight, Plus } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
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

// 1 card below md, 2 from md, 3 from xl (the sidebar takes part of the screen).
const SLIDE = "min-w-0 shrink-0 grow-0 basis-full pl-4 md:basis-1/2 xl:basis-1/3";

export function MyStoriesCarousel() {
  const { data: stories, isLoading } = useMyStoriesQuery();
  const [emblaRef, embla] = useEmblaCarousel({ align: "start", containScroll: "trimSnaps" });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);
  const [toDelete, setToDelete] = useState<StoryListItem | null>(null);

  const sync = useCallback(() => {
    setCanPrev(embla?.canScrollPrev() ?? false);
    setCanNext(embla?.canScrollNext() ?? false);
  }, [embla]);
  useEffect(() => {
    if (!embla) return;
    sync();
    embla.on("select", sync).on("reInit", sync);
    return () => {
      embla.off("select", sync).off("reInit", sync);
    };
  }, [embla, sync]);

  const empty = !isLoading && (stories?.length ?? 0) === 0;

  return (
    <section aria-labelledby="my-stories-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-stories-heading" className="text-xl font-bold text-ink">
          My Stories
        </h2>
        <div className="flex items-center gap-2">
          {(canPrev || canNext) && (
            <>
              <Button
                size="icon"
                variant="outline"
                aria-label="Previous stories"
                disabled={!canPrev}
                onClick={() => embla?.scrollPrev()}
              >
                <ChevronLeft className="h-4 w-4" aria-hidden />
              </Button>
              <Button
                size="icon"
                variant="outline"
                aria-label="Next stories"
                disabled={!canNext}
                onClick={() => embla?.scrollNext()}
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
        <div className="overflow-hidden" ref={emblaRef}>
          <ul className="-ml-4 flex" aria-busy={isLoading} aria-label="My stories">
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
