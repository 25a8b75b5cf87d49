// The notifications a durable event fans out (the outbox's one delivery today, events/outbox.ts). Every fan-out is
// keyed per recipient (notify.ts), so delivering one twice writes nothing twice; the crowd fan-outs (a story's
// subscribers, an author's followers) record their progress on the event's row and resume after it.
import type { Db } from "../db/client";
import type { RecordedEvent } from "../events/outbox";
import type { ChunkOptions } from "./chunked-fan-out";
import {
  notifyComment,
  notifyLikeMilestone,
  notifyNewChapters,
  notifyNewFollower,
  notifyNewStory,
  notifySeriesWork,
} from "./notify";
import { notifyCollectionWork } from "./notify-collection";
import { notifyRevealed } from "./notify-revealed";

/**
 * Writes the event's notifications; answers how many rows were inserted. A drained event (`recordedAt` set) reaches
 * the followers and subscribers of its time only. `chunks`: the chunk size and hooks (tests, the bench).
 */
export function fanOutNotifications(
  db: Db,
  recorded: RecordedEvent,
  chunks: Omit<ChunkOptions, "eventId"> = {},
): Promise<number> {
  const { event, recordedAt: asOf } = recorded;
  const crowd = { ...chunks, eventId: recorded.id, asOf };
  switch (event.name) {
    case "comment.created":
      return notifyComment(db, event.commentId);
    case "chapters.published":
      return notifyNewChapters(db, event.storyId, event.chapters, crowd);
    case "story.first_published":
      return notifyNewStory(db, event.storyId, crowd);
    case "user.followed":
      return notifyNewFollower(db, event.authorId, event.followerId);
    case "story.like_milestone":
      return notifyLikeMilestone(db, event.storyId, event.likeCount, event.likerId);
    case "series.work_added":
      return notifySeriesWork(db, event.seriesId, event.storyId, crowd);
    case "collection.work_added":
      return notifyCollectionWork(db, event.collectionId, event.storyId, crowd);
    case "collection.revealed":
      // NOTE: not `asOf`: a reveal reaches whoever follows or subscribes when it is delivered.
      return notifyRevealed(db, event.collectionId, event.crowd, { ...chunks, eventId: recorded.id });
  }
}
