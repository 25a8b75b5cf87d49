// The notifications a durable event fans out (the outbox's one delivery today, events/outbox.ts). Every fan-out is
// keyed per recipient (notify.ts), so delivering one twice writes nothing twice.
import type { Db } from "../db/client";
import type { OutboxEvent } from "../db/schema/outbox";
import { notifyComment, notifyLikeMilestone, notifyNewChapters, notifyNewFollower, notifyNewStory } from "./notify";

/** Writes the event's notifications; answers how many rows were inserted. */
export function fanOutNotifications(db: Db, event: OutboxEvent, asOf: Date | undefined): Promise<number> {
  switch (event.name) {
    case "comment.created":
      return notifyComment(db, event.commentId);
    case "chapters.published":
      return notifyNewChapters(db, event.storyId, event.chapters, asOf);
    case "story.first_published":
      return notifyNewStory(db, event.storyId, asOf);
    case "user.followed":
      return notifyNewFollower(db, event.authorId, event.followerId);
    case "story.like_milestone":
      return notifyLikeMilestone(db, event.storyId, event.likeCount, event.likerId);
  }
}
