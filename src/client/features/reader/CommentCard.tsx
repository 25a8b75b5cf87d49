// One comment as shown in the reader and in the author's Feedback panel: who wrote it ('Author' when the story's
// author did), when, 'edited', the text or '[deleted]' / '[hidden]', and Reply / Edit / Delete where the viewer may.
import { Trash2 } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { COMMENT_LIMITS, CommentEdit, type CommentView } from "../../../shared/schemas/reading";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { PersonMenu } from "../safety/PersonMenu";
import { CommentComposer } from "./CommentComposer";
import { placeholder } from "./comment-tree";
import { useEditComment } from "./queries";

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
        description={`The comment by ${comment.author?.username ?? "[deleted]"} will be removed for everyone.`}
      >
        <AlertDialogCancel>Cancel</AlertDialogCancel>
        <AlertDialogAction variant="destructive" onClick={onDelete}>
          Delete
        </AlertDialogAction>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function EditComment({ storyId, comment, onDone }: { storyId: string; comment: CommentView; onDone: () => void }) {
  const [text, setText] = useState(comment.content);
  const [problem, setProblem] = useState<string | null>(null);
  const edit = useEditComment(storyId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CommentEdit.safeParse({ content: text });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Invalid comment");
    edit.mutate(
      { commentId: comment.id, content: parsed.data.content },
      { onSuccess: onDone, onError: (error) => setProblem(errorMessage(error, "Failed to save comment")) },
    );
  };
  return (
    <form onSubmit={submit} className="mt-2 space-y-2">
      <textarea
        aria-label="Edit comment"
        value={text}
        maxLength={COMMENT_LIMITS.max}
        rows={3}
        onChange={(e) => setText(e.target.value)}
        className="block w-full resize-y rounded-xl border border-brand-200 bg-white px-3 py-2 text-base text-ink focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      {problem ? (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={edit.isPending || !text.trim()}>
          {edit.isPending ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}

/** 'On a passage that changed' as the reader shows it under its chapter. */
export const PASSAGE_CHANGED = "On a passage that changed";

/**
 * Issue 31: the paragraph a comment is on, by its first words ('On “Mara watched the boats rock.” · chapter 1,
 * paragraph 3'), or that its passage changed since; a reply sits under its parent, which says it.
 */
function AnchorLine({ comment }: { comment: CommentView }) {
  const { anchor } = comment;
  if (!anchor || comment.parentId !== null) return null;
  return (
    <p className="mt-1 text-sm text-slate-500" data-testid="comment-anchor">
      {anchor.paragraph === null ? `${PASSAGE_CHANGED}: ` : "On "}
      <span className="italic text-slate-600">“{anchor.quote}”</span>
      {anchor.paragraph === null ? null : (
        <span className="whitespace-nowrap">
          {" "}
          · chapter {anchor.chapter}, paragraph {anchor.paragraph + 1}
        </span>
      )}
    </p>
  );
}

export function CommentCard({
  storyId,
  comment,
  replyTo,
  mayReply,
  onDelete,
  children,
  hideAnchor = false,
}: {
  storyId: string;
  comment: CommentView;
  /** Whom it answers, when that is not shown by nesting. */
  replyTo: string | null;
  mayReply: boolean;
  onDelete: () => void;
  /** Its replies, drawn inside it. */
  children?: ReactNode;
  /** In a paragraph's own panel, the panel already says which paragraph. */
  hideAnchor?: boolean;
}) {
  const [mode, setMode] = useState<"view" | "reply" | "edit">("view");
  const done = () => setMode("view");
  return (
    <article className="min-w-0 rounded-xl border border-brand-100 bg-white p-3 shadow-sm sm:p-4" data-testid="comment">
      <div className="flex items-start justify-between gap-3">
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
          {comment.author ? (
            <span className="font-semibold text-ink">{comment.author.username}</span>
          ) : (
            <span className="italic text-slate-500">{placeholder(comment)}</span>
          )}
          {comment.byStoryAuthor ? (
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">Author</span>
          ) : null}
          {replyTo ? <span className="text-slate-500">replying to {replyTo}</span> : null}
          <time dateTime={comment.createdAt} className="text-slate-500">
            {formatDate(comment.createdAt)}
          </time>
          {comment.editedAt ? <span className="text-slate-500">(edited)</span> : null}
          {comment.awaitingReview ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              Awaiting review
            </span>
          ) : null}
        </p>
        <div className="flex shrink-0 items-center gap-1">
          {comment.canDelete ? <DeleteComment comment={comment} onDelete={onDelete} /> : null}
          {/* Report, Block and Mute for someone else's comment (mayReply: the viewer is signed in). */}
          {mayReply && comment.author && !comment.canEdit ? (
            <PersonMenu
              username={comment.author.username}
              label={`More for the comment by ${comment.author.username}`}
              report={{ type: "comment", id: String(comment.id), label: `The comment by ${comment.author.username}` }}
            />
          ) : null}
        </div>
      </div>
      {hideAnchor ? null : <AnchorLine comment={comment} />}
      {mode === "edit" ? (
        <EditComment storyId={storyId} comment={comment} onDone={done} />
      ) : comment.deleted ? null : (
        <p className="mt-1 whitespace-pre-wrap break-words text-slate-700" data-testid="comment-text">
          {comment.content}
        </p>
      )}
      {mode === "view" && !comment.deleted && (mayReply || comment.canEdit) ? (
        <div className="mt-1 -ml-2 flex gap-1">
          {mayReply ? (
            <Button variant="ghost" size="sm" className="h-8 text-brand-700" onClick={() => setMode("reply")}>
              Reply
            </Button>
          ) : null}
          {comment.canEdit ? (
            <Button variant="ghost" size="sm" className="h-8 text-slate-600" onClick={() => setMode("edit")}>
              Edit
            </Button>
          ) : null}
        </div>
      ) : null}
      {mode === "reply" ? (
        <div className="mt-2">
          <CommentComposer storyId={storyId} parentId={comment.id} onDone={done} />
        </div>
      ) : null}
      {children}
    </article>
  );
}
