// Comments, oldest first, with 'Load more' and deletion (by the comment's author or the story's author).
import { Trash2 } from "lucide-react";
import type { CommentView } from "../../../shared/schemas/reading";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { CommentComposer } from "./CommentComposer";
import { flattenComments, useCommentsQuery, useDeleteComment } from "./queries";

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : DATE.format(date);
}

function DeleteComment({ comment, onDelete }: { comment: CommentView; onDelete: () => void }) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Delete comment"
          className="-my-1.5 -mr-2 h-8 w-8 text-slate-500"
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        title="Delete this comment?"
        description={`The comment by ${comment.author.username} will be removed for everyone.`}
      >
        <AlertDialogCancel>Cancel</AlertDialogCancel>
        <AlertDialogAction variant="destructive" onClick={onDelete}>
          Delete
        </AlertDialogAction>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export function Comments({ storyId, signedIn }: { storyId: string; signedIn: boolean }) {
  const comments = useCommentsQuery(storyId);
  const remove = useDeleteComment(storyId);
  const items = flattenComments(comments.data);
  const total = comments.data?.pages.at(-1)?.total ?? items.length;

  return (
    <section aria-labelledby="comments-heading" className="space-y-5" data-testid="reader-comments">
      <h2 id="comments-heading" className="text-xl font-bold text-ink">
        Comments{comments.data ? <span className="font-normal text-slate-500"> ({total})</span> : null}
      </h2>
      {comments.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : comments.isError ? (
        <p className="text-sm text-slate-500">Comments could not be loaded.</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500">No comments yet. Be the first to share your thoughts.</p>
      ) : (
        <ol className="space-y-3">
          {items.map((comment) => (
            <li
              key={comment.id}
              className="rounded-xl border border-brand-100 bg-white p-4 shadow-sm"
              data-testid="comment"
            >
              <div className="flex items-start justify-between gap-3">
                <p className="text-sm">
                  <span className="font-semibold text-ink">{comment.author.username}</span>
                  <time dateTime={comment.createdAt} className="ml-2 text-slate-500">
                    {formatDate(comment.createdAt)}
                  </time>
                </p>
                {comment.canDelete ? (
                  <DeleteComment comment={comment} onDelete={() => remove.mutate(comment.id)} />
                ) : null}
              </div>
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-700" data-testid="comment-text">
                {comment.content}
              </p>
            </li>
          ))}
        </ol>
      )}
      {comments.hasNextPage ? (
        <Button variant="outline" onClick={() => comments.fetchNextPage()} disabled={comments.isFetchingNextPage}>
          {comments.isFetchingNextPage ? "Loading..." : "Load more"}
        </Button>
      ) : null}
      {signedIn ? <CommentComposer storyId={storyId} /> : null}
    </section>
  );
}
