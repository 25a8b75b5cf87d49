// Comments, oldest first, in threads (three levels drawn), with 'Load more', replies, editing and deletion.
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { CommentCard } from "./CommentCard";
import { CommentComposer } from "./CommentComposer";
import { buildThreads, type ThreadNode } from "./comment-tree";
import { flattenComments, useCommentsQuery, useDeleteComment } from "./queries";

export function Thread({
  nodes,
  storyId,
  signedIn,
  onDelete,
  hideAnchor = false,
}: {
  nodes: ThreadNode[];
  storyId: string;
  signedIn: boolean;
  onDelete: (id: number) => void;
  hideAnchor?: boolean;
}) {
  return (
    <ol className="space-y-3">
      {nodes.map((node) => (
        <li key={node.comment.id} data-level={node.level}>
          <CommentCard
            storyId={storyId}
            comment={node.comment}
            replyTo={node.replyTo}
            mayReply={signedIn}
            onDelete={() => onDelete(node.comment.id)}
            hideAnchor={hideAnchor}
          >
            {node.replies.length > 0 ? (
              // NOTE: replies sit inside their parent's card, a short indent with a rule, so three levels fit 390 px.
              <div className="mt-3 border-l-2 border-brand-100 pl-2 sm:pl-4">
                <Thread
                  nodes={node.replies}
                  storyId={storyId}
                  signedIn={signedIn}
                  onDelete={onDelete}
                  hideAnchor={hideAnchor}
                />
              </div>
            ) : null}
          </CommentCard>
        </li>
      ))}
    </ol>
  );
}

export function Comments({ storyId, signedIn }: { storyId: string; signedIn: boolean }) {
  const comments = useCommentsQuery(storyId);
  const remove = useDeleteComment(storyId);
  const items = flattenComments(comments.data);
  const total = comments.data?.pages.at(-1)?.total ?? items.length;
  const hidden = comments.data?.pages.at(-1)?.hiddenByYou ?? 0;

  return (
    <section aria-labelledby="comments-heading" className="space-y-5" data-testid="reader-comments">
      <h2 id="comments-heading" className="text-xl font-bold text-ink">
        Comments{comments.data ? <span className="font-normal text-slate-500"> ({total})</span> : null}
      </h2>
      {hidden > 0 ? (
        <p className="text-sm text-slate-500" data-testid="comments-hidden">
          {hidden === 1 ? "1 comment is" : `${hidden} comments are`} hidden because you block or mute the writer.{" "}
          <Link href={ROUTES.blockedAndMuted} className="font-medium text-brand-700 underline underline-offset-4">
            Manage blocks
          </Link>
        </p>
      ) : null}
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
        <Thread
          nodes={buildThreads(items)}
          storyId={storyId}
          signedIn={signedIn}
          onDelete={(id) => remove.mutate(id)}
        />
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
