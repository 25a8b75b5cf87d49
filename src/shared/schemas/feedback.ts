// The author's Feedback panel (issue 17): every comment on one's story, newest first, and how many are unseen.
import { z } from "zod";
import { CommentView } from "./reading";

export const FEEDBACK_PAGE_SIZE = 20;

export const FeedbackQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(FEEDBACK_PAGE_SIZE),
});

/** One comment in the panel: the comment as readers see it, plus whom it answers. */
export const FeedbackItem = CommentView.extend({
  /**
   * The author of the comment it answers, or the placeholder the thread shows in its place ('[deleted]', '[hidden]');
   * null for a top-level comment.
   */
  replyTo: z.object({ username: z.string() }).nullable(),
});
export type FeedbackItem = z.infer<typeof FeedbackItem>;

/** GET /api/stories/{id}/feedback: newest first. `unseen` counts before this visit marks them seen. */
export const FeedbackPage = z.object({
  items: z.array(FeedbackItem),
  nextCursor: z.string().nullable(),
  unseen: z.number(),
});
export type FeedbackPage = z.infer<typeof FeedbackPage>;

/** POST /api/stories/{id}/feedback/seen: everything up to this comment id has been shown. */
export const FeedbackSeenBody = z.object({
  throughId: z.number().int().min(0).max(2_147_483_647),
});

/** GET /api/feedback/unseen: per story id of the signed-in author's stories, comments not seen yet (0s left out). */
export const UnseenCounts = z.object({ counts: z.record(z.string(), z.number()) });
export type UnseenCounts = z.infer<typeof UnseenCounts>;
