// Issue 31: comments beside the paragraph. Each paragraph of the chapter on screen gets a small marker at its side:
// the number of comments on it, or (on hover, on keyboard focus, and always faintly on a touch screen) a way to start
// one. The marker opens the paragraph's comments in a side panel (a sheet from the bottom on a phone). Comments
// whose passage changed since are offered under the chapter. The chapter's HTML is React's; the markers are
// rendered through portals into small hosts appended to each paragraph, and removed with them.
import { MessageSquare, MessageSquarePlus } from "lucide-react";
import { type RefObject, useEffect, useLayoutEffect, useState } from "react";
import { createPortal } from "react-dom";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { Sheet, SheetContent } from "../../components/ui/sheet";
import { Skeleton } from "../../components/ui/skeleton";
import { PASSAGE_CHANGED } from "./CommentCard";
import { CommentComposer } from "./CommentComposer";
import { Thread } from "./CommentList";
import { buildThreads } from "./comment-tree";
import { type ReaderParagraph, readerParagraphs } from "./paragraph-dom";
import { useDeleteComment, useParagraphCommentsQuery, useParagraphCountsQuery } from "./queries";

type Target = { paragraph: number; quote: string; more: boolean } | { paragraph: "changed" };

const countLabel = (n: number) => (n === 1 ? "1 comment on this paragraph" : `${n} comments on this paragraph`);

function Marker({ count, signedIn, onOpen }: { count: number; signedIn: boolean; onOpen: () => void }) {
  if (count === 0 && !signedIn) return null;
  return (
    <button
      type="button"
      className={count > 0 ? "para-marker para-marker--count" : "para-marker"}
      aria-label={count > 0 ? countLabel(count) : "Comment on this paragraph"}
      onClick={onOpen}
      data-testid="paragraph-marker"
    >
      {count > 0 ? (
        <>
          <MessageSquare className="h-3.5 w-3.5" aria-hidden />
          <span>{count}</span>
        </>
      ) : (
        <MessageSquarePlus className="h-4 w-4" aria-hidden />
      )}
    </button>
  );
}

function PanelList({
  storyId,
  chapter,
  target,
  signedIn,
}: {
  storyId: string;
  chapter: number;
  target: Target;
  signedIn: boolean;
}) {
  const comments = useParagraphCommentsQuery(storyId, chapter, target.paragraph);
  const remove = useDeleteComment(storyId);
  const items = comments.data?.items ?? [];
  return (
    <div className="space-y-5">
      {comments.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-16 w-full" />
        </div>
      ) : comments.isError ? (
        <p className="text-sm text-slate-500">Comments could not be loaded.</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500">No comments on this paragraph yet.</p>
      ) : (
        <Thread
          nodes={buildThreads(items)}
          storyId={storyId}
          signedIn={signedIn}
          onDelete={(id) => remove.mutate(id)}
          hideAnchor={target.paragraph !== "changed"}
        />
      )}
      {comments.data?.nextCursor ? (
        <p className="text-sm text-slate-500">The rest are in the comments below the story.</p>
      ) : null}
      {target.paragraph === "changed" ? null : signedIn ? (
        <CommentComposer storyId={storyId} anchor={{ chapter, paragraph: target.paragraph, quote: target.quote }} />
      ) : (
        <p className="text-sm text-slate-600">
          <Link href={ROUTES.auth} className="font-medium text-brand-700 underline underline-offset-4">
            Log in
          </Link>{" "}
          to comment on this paragraph.
        </p>
      )}
    </div>
  );
}

export function ParagraphComments({
  storyId,
  chapter,
  html,
  host,
  signedIn,
}: {
  storyId: string;
  /** The chapter on screen (1 for a story without chapters). */
  chapter: number;
  /** The chapter's HTML: the paragraphs are found again when it changes. */
  html: string;
  /** Holds the rendered chapter. */
  host: RefObject<HTMLElement | null>;
  signedIn: boolean;
}) {
  const counts = useParagraphCountsQuery(storyId, chapter);
  const [paragraphs, setParagraphs] = useState<(ReaderParagraph & { slot: HTMLElement })[]>([]);
  const [target, setTarget] = useState<Target | null>(null);
  const enabled = counts.data?.enabled === true;

  useLayoutEffect(() => {
    const root = host.current?.querySelector("[data-testid=reader-body]");
    if (!root || !enabled || html === "") return;
    const found = readerParagraphs(root).map((paragraph, k) => {
      const slot = document.createElement("span");
      slot.className = "para-slot";
      slot.dataset.paragraph = String(k);
      paragraph.element.classList.add("para-commentable");
      paragraph.element.append(slot);
      return { ...paragraph, slot };
    });
    setParagraphs(found);
    return () => {
      for (const { element, slot } of found) {
        slot.remove();
        element.classList.remove("para-commentable");
      }
      setParagraphs([]);
    };
  }, [host, html, enabled]);

  // The paragraph whose panel is open is marked in the text, so the reader sees which one they answer.
  useEffect(() => {
    if (target === null || target.paragraph === "changed") return;
    const element = paragraphs[target.paragraph]?.element;
    element?.classList.add("para-active");
    return () => element?.classList.remove("para-active");
  }, [target, paragraphs]);

  if (!enabled) return null;
  const changed = counts.data?.changed ?? 0;
  const title = target?.paragraph === "changed" ? `${PASSAGE_CHANGED}` : "Comments on this paragraph";
  return (
    <>
      {paragraphs.map(({ slot, quote, more }, k) =>
        createPortal(
          <Marker
            count={counts.data?.counts[String(k)] ?? 0}
            signedIn={signedIn}
            onOpen={() => setTarget({ paragraph: k, quote, more })}
          />,
          slot,
          `paragraph-${k}`,
        ),
      )}
      {changed > 0 ? (
        <button
          type="button"
          className="mt-6 text-sm font-medium text-brand-700 underline underline-offset-4"
          onClick={() => setTarget({ paragraph: "changed" })}
          data-testid="paragraph-changed"
        >
          {changed === 1 ? "1 comment" : `${changed} comments`} on a passage that changed
        </button>
      ) : null}
      <Sheet open={target !== null} onOpenChange={(open) => (open ? null : setTarget(null))}>
        {target ? (
          <SheetContent
            title={title}
            description={
              target.paragraph === "changed" ? (
                "The author has changed these passages since the comments were written."
              ) : (
                <span className="italic">“{target.more ? `${target.quote}…` : target.quote}”</span>
              )
            }
            testId="paragraph-panel"
          >
            <PanelList storyId={storyId} chapter={chapter} target={target} signedIn={signedIn} />
          </SheetContent>
        ) : null}
      </Sheet>
    </>
  );
}
