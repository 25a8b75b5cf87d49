// The comment box, for a comment or a reply: plain text, 1–5000 characters (CommentBody's messages), the server's
// refusal shown below it.
import { type FormEvent, useId, useState } from "react";
import { COMMENT_LIMITS, type CommentAnchorInput, CommentBody } from "../../../shared/schemas/reading";
import { Button } from "../../components/ui/button";
import { CharCount } from "../../components/ui/char-count";
import { errorMessage } from "../../lib/api";
import { usePostComment } from "./queries";

export function CommentComposer({
  storyId,
  parentId,
  anchor,
  onDone,
}: {
  storyId: string;
  /** Set for a reply box, which also offers Cancel. */
  parentId?: number;
  /** Issue 31: set for the box of a paragraph's panel. */
  anchor?: CommentAnchorInput;
  onDone?: () => void;
}) {
  const reply = parentId !== undefined;
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const post = usePostComment(storyId);
  const fieldId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CommentBody.safeParse({ content: text });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Invalid comment");
      return;
    }
    setProblem(null);
    const content = parsed.data.content;
    post.mutate(reply ? { content, parentId } : anchor ? { content, anchor } : { content }, {
      onSuccess: () => {
        setText("");
        onDone?.();
      },
      onError: (error) => setProblem(errorMessage(error, "Failed to post comment")),
    });
  };

  return (
    <form onSubmit={submit} className="space-y-2" data-testid="comment-form">
      <label htmlFor={fieldId} className="text-sm font-medium text-ink">
        {reply ? "Your reply" : anchor ? "Comment on this paragraph" : "Add a comment"}
      </label>
      <textarea
        id={fieldId}
        value={text}
        maxLength={COMMENT_LIMITS.max}
        rows={reply ? 2 : 3}
        // biome-ignore lint/a11y/noAutofocus: a reply box opens on 'Reply' and is where the writer types next
        autoFocus={reply}
        placeholder={
          reply ? "Write a reply..." : anchor ? "What struck you here?" : "Share what you thought of this story..."
        }
        onChange={(e) => {
          setText(e.target.value);
          if (problem) setProblem(null);
        }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${fieldId}-count${problem ? ` ${fieldId}-problem` : ""}`}
        className="block w-full resize-y rounded-xl border border-brand-200 bg-white px-3 py-2 text-base text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <div className="flex items-center justify-between gap-3">
        <CharCount id={`${fieldId}-count`} value={text} max={COMMENT_LIMITS.max} />
        <div className="flex gap-2">
          {reply ? (
            <Button type="button" size="sm" variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={post.isPending || !text.trim()}>
            {post.isPending ? "Posting..." : reply ? "Post reply" : "Post comment"}
          </Button>
        </div>
      </div>
      {problem ? (
        <p id={`${fieldId}-problem`} role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
