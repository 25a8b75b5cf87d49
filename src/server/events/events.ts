// The domain events: what changed, said once by the command after its transaction committed. Subscribers
// (subscribers.ts) turn them into effects: the read cache, story memory, chapters, notifications, metrics.
import type { OutboxEvent } from "../db/schema/outbox";
import type { RecordedEvent } from "./outbox";

export interface StoryAuthor {
  id: number;
  /** Story memory is a FicForge Plus perk: only a premium author's is refreshed. */
  isPremium: boolean;
}

export interface DomainEvents {
  /** A story's text or details were written: created, edited, imported, restored to a version. */
  "story.saved": { storyId: number; author: StoryAuthor; published: boolean; textChanged: boolean };
  /** Published (first time or again); `durable` carries the first-publish notification and any new chapters. */
  "story.published": { storyId: number; authorId: number; durable: (RecordedEvent | null)[] };
  "story.unpublished": { storyId: number; authorId: number };
  /** `seriesParts`: the other works of the series it was in (read before the delete took its rows): their lines renumber. */
  "story.deleted": { storyId: number; authorId: number; seriesParts?: number[] };
  /** Issue 30: who is named on a work changed (a co-creator accepted, left or was removed). */
  "story.co_creators_changed": { storyId: number };
  /** Chapters published for the first time (by a save, a publish or a restore); `durable` notifies subscribers. */
  "chapters.published": { storyId: number; chapters: number[]; durable: RecordedEvent | null };
  /** A like or bookmark set or cleared; a like changes Discover's counts. */
  "story.marked": { storyId: number; mark: "like" | "bookmark"; durable: RecordedEvent | null };
  /** `durable` is null for a comment held for moderation (nobody hears of it until it is approved). */
  "comment.created": { storyId: number; commentId: number; durable: RecordedEvent | null };
  "comment.deleted": { storyId: number; commentId: number };
  "user.followed": { authorId: number; followerId: number; durable: RecordedEvent | null };
  "user.unfollowed": { authorId: number; followerId: number };
  "user.blocked": { userId: number; blockedId: number };
  "user.unblocked": { userId: number; blockedId: number };
  "user.renamed": { userId: number };
  "user.bio_changed": { userId: number };
  /** An account deleted: the published stories that named them (now gone or orphaned). */
  "user.deleted": { userId: number; storyIds: number[] };
  /** A subscription began, changed or ended: the user's premium views (reader backgrounds) change. */
  "user.plan_changed": { userIds: number[] };
  /** A moderator's action: the stories and the author whose public views it changed, a comment it approved. */
  "moderation.applied": { storyIds: number[]; authorId: number | null; approvedCommentId: number | null };
  /**
   * Issue 30: a series was created, edited, reordered or deleted, or a work added or removed: `storyIds` are the works
   * whose 'Part N of' line may have changed; `durable` notifies subscribers of a work added.
   */
  "series.changed": { seriesId: number; storyIds: number[]; durable: RecordedEvent | null };
  /**
   * Issue 33: a collection's settings or works changed: `storyIds` are the works whose pages may read differently
   * (anonymous, hidden); `durable` notifies its subscribers of works newly in it.
   */
  "collection.changed": { collectionId: number; storyIds: number[]; durable: RecordedEvent[] };
  /**
   * Issue 33: a collection revealed (by a maintainer or its schedule): `storyIds`, its works, show their creators and
   * are visible now; `durable` sends the notifications they held back.
   */
  "collection.revealed": { collectionId: number; storyIds: number[]; durable: RecordedEvent[] };
}

export type EventName = keyof DomainEvents;
export type OutboxEventName = OutboxEvent["name"];
