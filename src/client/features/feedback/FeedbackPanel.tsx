// The author's Feedback panel: every comment on the story, newest first, with reply and delete, a page at a time.
// Opening it marks what it shows as seen (the counts on the button and the dashboard card drop to 0).
import { useEffect, useRef } from "react";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { CommentCard } from "../reader/CommentCard";
import { useDeleteComment } from "../reader/queries";
import { useFeedbackQuery, useMarkFeedbackSeen } from "./queries";

/** Pages read looking for a notification's comment before giving up (it may have been deleted). */
const PAGES_TO_FIND = 10;

function FeedbackList({ storyId, focusComment }: { storyId: string; focusComment?: number }) {
  const feedback = useFeedbackQuery(storyId, true);
  const remove = useDeleteComment(storyId);
  const markSeen = useMarkFeedbackSeen(storyId);
  const marked = useRef(0);
  const items = feedback.data?.pages.flatMap((page) => page.items) ?? [];
  const newest = feedback.data?.pages[0]?.items[0]?.id ?? 0;

  useEffect(() => {
    // NOTE: once per newest id shown, so a refetch after a reply does not post again.
    if (newest > marked.current) {
      marked.current = newest;
      markSeen.mutate(newest);
    }
  }, [newest, markSeen]);

  const found = focusComment !== undefined && items.some((item) => item.id === focusComment);
  const pages = feedback.data?.pages.length ?? 0;
  useEffect(() => {
    if (focusComment === undefined || found || !feedback.hasNextPage || feedback.isFetchingNextPage) return;
    if (pages < PAGES_TO_FIND) void feedback.fetchNextPage();
  }, [focusComment, found, feedback, pages]);
  useEffect(() => {
    if (!found) return;
    const card = document.getElementById(`feedback-comment-${focusComment}`);
    card?.scrollIntoView({ block: "center" });
    card?.focus({ preventScroll: true });
  }, [found, focusComment]);

  if (feedback.isPending)
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  if (feedback.isError) return <p className="text-sm text-slate-500">Comments could not be loaded.</p>;
  if (items.length === 0) return <p className="text-sm text-slate-500">No comments yet.</p>;
  return (
    <div className="space-y-3">
      <ol className="space-y-3" aria-label="Comments, newest first">
        {items.map((item) => (
          <li
            key={item.id}
            id={`feedback-comment-${item.id}`}
            tabIndex={item.id === focusComment ? -1 : undefined}
            aria-current={item.id === focusComment ? "true" : undefined}
            className={
              item.id === focusComment ? "rounded-xl ring-2 ring-brand-400 ring-offset-2 outline-none" : undefined
            }
          >
            <CommentCard
              storyId={storyId}
              comment={item}
              replyTo={item.replyTo?.username ?? null}
              mayReply
              onDelete={() => remove.mutate(item.id)}
            />
          </li>
        ))}
      </ol>
      {feedback.hasNextPage ? (
        <Button variant="outline" onClick={() => feedback.fetchNextPage()} disabled={feedback.isFetchingNextPage}>
          {feedback.isFetchingNextPage ? "Loading..." : "Load more"}
        </Button>
      ) : null}
    </div>
  );
}

export function FeedbackPanel({
  storyId,
  open,
  onOpenChange,
  focusComment,
}: {
  storyId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  focusComment?: number;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Feedback" description="Every comment on this story, newest first." className="max-w-2xl">
        {open ? <FeedbackList storyId={storyId} focusComment={focusComment} /> : null}
      </DialogContent>
    </Dialog>
  );
}
