// Every after-commit effect, registered once when the app is built: which event drops which read-cache entries,
// refreshes story memory, tells the chapters hook, and delivers the outbox's notifications. A handler that emits an
// event needs to know none of these.
import type { FastifyInstance } from "fastify";
import { refreshStoryMemory } from "./ai/memory";
import { notifyPromptFills } from "./collections/prompt-fills";
import { approvedCollectionIds } from "./collections/queries";
import { notifyCollectionWork } from "./community/notify-collection";
import { FAN_OUT_CHUNKS } from "./community/chunked-fan-out";
import { fanOutNotifications } from "./community/pending-fan-outs";
import { notifyComment } from "./community/notify";
import { invalidateAuthorPremiumViews } from "./reading/author-premium";
import { invalidateAuthorViews } from "./read-cache/author-views";
import { linkedWorksOf, worksNamingUser } from "./gifts/views";
import type { EventBus } from "./events/bus";
import { deliverRecorded, type RecordedEvent } from "./events/outbox";
import type { Db } from "./db/client";
import { seriesNeighboursOf } from "./stories/series-parts";

export function registerSubscribers(app: FastifyInstance, events: EventBus): void {
  readCacheSubscribers(app, events);
  const { deps } = app;
  const db = () => deps.database.db;

  // Story memory (a FicForge Plus perk) follows the text and the character notes; rebuilt in the background.
  events.on("story.saved", "story memory refresh", ({ storyId, author, textChanged }) => {
    if (!textChanged || !author.isPremium) return;
    app.background.run(app.log, "story memory refresh", async () => {
      await refreshStoryMemory(db(), storyId);
    });
  });

  // The chapters hook (issue 17) hears of chapters published for the first time; a failing listener is logged.
  events.on("chapters.published", "new chapters hook", ({ storyId, chapters }) =>
    deps.onNewChapters?.(storyId, chapters),
  );

  // Notifications: the outbox rows the command recorded, delivered now in the background; a process that dies first
  // leaves them to the drain. Whatever wrote notifications wakes this instance's email worker.
  const deliver = (...recorded: (RecordedEvent | null)[]) => {
    for (const one of recorded) {
      if (!one) continue;
      app.background.run(app.log, `${one.event.name} notifications`, async () => {
        const chunks = FAN_OUT_CHUNKS[deps.database.kind];
        if ((await deliverRecorded(db(), one, (d, r) => fanOutNotifications(d, r, chunks))) > 0) {
          deps.emailWake.notify();
        }
      });
    }
  };
  events.on("story.published", "notifications", ({ durable }) => deliver(...durable));
  events.on("chapters.published", "notifications", ({ durable }) => deliver(durable));
  events.on("story.marked", "notifications", ({ durable }) => deliver(durable));
  events.on("comment.created", "notifications", ({ durable }) => deliver(durable));
  events.on("user.followed", "notifications", ({ durable }) => deliver(durable));
  events.on("series.changed", "notifications", ({ durable }) => deliver(durable));
  events.on("collection.changed", "notifications", ({ durable }) => deliver(...durable));
  events.on("collection.revealed", "notifications", ({ durable }) => deliver(...durable));
  // A draft approved in collections and published later: their subscribers hear of it now (keyed per collection
  // and work, as the approval's own notice is, so a work approved after publishing is not told twice). NOTE: not in
  // the outbox: a crash before it runs loses these notices.
  events.on("story.published", "collection subscribers", ({ storyId }) => {
    app.background.run(app.log, "collection subscribers", async () => {
      let told = 0;
      for (const id of await approvedCollectionIds(db(), storyId))
        told += await notifyCollectionWork(db(), id, storyId);
      if (told > 0) deps.emailWake.notify();
    });
  });
  // The posters of prompts its works filled hear of them now (held back while the works were hidden). NOTE: not in
  // the outbox: each fill's notification is keyed, so a second reveal delivery is harmless; a crash before it runs
  // loses these notices (the fills stay listed on the prompts).
  events.on("collection.revealed", "prompt fills", ({ collectionId, storyIds }) => {
    app.background.run(app.log, "prompt fill notifications", async () => {
      if ((await notifyPromptFills(db(), collectionId, storyIds)) > 0) deps.emailWake.notify();
    });
  });
  // NOTE: an approval is not in the outbox (it never was): the comment's notification is keyed, so approving twice
  // is harmless, and a crash before it runs loses one notification the moderator can trigger again.
  events.on("moderation.applied", "notifications", ({ approvedCommentId }) => {
    if (approvedCommentId === null) return;
    app.background.run(app.log, "comment notifications", async () => {
      if ((await notifyComment(db(), approvedCommentId)) > 0) deps.emailWake.notify();
    });
  });
}

/** Above this many works a reveal drops the whole cache (one message) rather than each work's views. */
const REVEAL_DROPS_EACH = 200;

/** The read cache drops what an event changed, here and (its own bus) on every instance, before the answer leaves. */
function readCacheSubscribers(app: FastifyInstance, events: EventBus): void {
  const cache = () => app.readCache;
  const db = () => app.deps.database.db;
  const dropStory = ({ storyId }: { storyId: number }) => cache().invalidateStory(storyId);
  events.on("story.saved", "read cache", (e) => {
    if (e.published) dropStory(e);
  });
  events.on("story.published", "read cache", dropStory);
  // Issue 33: a reveal changes its works' bylines and visibility everywhere: their views, every list, author pages.
  events.on("collection.revealed", "read cache", ({ storyIds }) => {
    if (storyIds.length > REVEAL_DROPS_EACH) {
      cache().invalidateAll();
      return;
    }
    for (const id of storyIds) cache().invalidateStory(id);
    cache().invalidateAuthors();
  });
  events.on("story.unpublished", "read cache", dropStory);
  events.on("story.deleted", "read cache", dropStory);
  // Its cards and pages name its co-creators, and its co-creators' author pages list it.
  events.on("story.co_creators_changed", "read cache", (e) => {
    dropStory(e);
    cache().invalidateAuthors();
  });
  // A like or a bookmark changes the story's counts (its page says 'N bookmarks', issue 30) and Featured's order.
  events.on("story.marked", "read cache", (e) => {
    dropStory(e);
    if (e.mark === "bookmark") cache().invalidateDiscover();
  });
  events.on("comment.created", "read cache", dropStory);
  events.on("comment.deleted", "read cache", dropStory);
  // Author pages show follower counts (a block may remove a follow) and the bio.
  events.on("user.followed", "read cache", () => cache().invalidateAuthors());
  events.on("user.unfollowed", "read cache", () => cache().invalidateAuthors());
  events.on("user.blocked", "read cache", () => cache().invalidateAuthors());
  events.on("user.unblocked", "read cache", () => cache().invalidateAuthors());
  events.on("user.bio_changed", "read cache", () => cache().invalidateAuthors());
  // A name is built into every cached view of the author's published stories.
  events.on("user.renamed", "read cache", ({ userId }) => invalidateAuthorViews(cache(), db(), userId));
  events.on("user.deleted", "read cache", ({ storyIds }) => {
    for (const id of storyIds) cache().invalidateStory(id);
    cache().invalidateAuthors();
  });
  events.on("user.plan_changed", "read cache", ({ userIds }) => invalidateAuthorPremiumViews(cache(), db(), userIds));
  // Issue 30: the works linked to a work name its title while it is shown ('Inspired by …', 'Works inspired by this').
  // NOTE: a published work cannot be deleted (it is unpublished first, which drops them).
  const dropLinked = async ({ storyId }: { storyId: number }) => {
    for (const id of await linkedWorksOf(db(), storyId)) cache().invalidateStory(id);
  };
  events.on("story.saved", "linked works", (e) => (e.published ? dropLinked(e) : undefined));
  events.on("story.published", "linked works", dropLinked);
  events.on("story.unpublished", "linked works", dropLinked);
  events.on("moderation.applied", "linked works", async ({ storyIds }) => {
    for (const storyId of new Set(storyIds)) await dropLinked({ storyId });
  });
  events.on("user.renamed", "gift and link lines", async ({ userId }) => {
    for (const id of await worksNamingUser(db(), userId)) cache().invalidateStory(id);
  });
  events.on("moderation.applied", "read cache", async ({ storyIds, authorId }) => {
    for (const id of new Set(storyIds)) cache().invalidateStory(id);
    if (authorId !== null) await invalidateAuthorViews(cache(), db(), authorId);
  });
  seriesCacheSubscribers(events, cache, db);
}

/**
 * Issue 30: a work's 'Part N of' line is built into its cached views, and a series' page into the Discover scope
 * (series/page-routes.ts): a series' change drops its works (and with them Discover and the series pages); a work's
 * publication, unpublication, edit or moderation drops the other parts of its series, whose lines name it.
 */
function seriesCacheSubscribers(events: EventBus, cache: () => FastifyInstance["readCache"], db: () => Db): void {
  events.on("series.changed", "read cache", ({ storyIds }) => {
    if (storyIds.length === 0) cache().invalidateDiscover();
    for (const id of new Set(storyIds)) cache().invalidateStory(id);
  });
  // Issue 33: a work's collections decide whether its pages name its creator or show it at all; the author pages too.
  events.on("collection.changed", "read cache", ({ storyIds }) => {
    if (storyIds.length === 0) return;
    for (const id of new Set(storyIds)) cache().invalidateStory(id);
    cache().invalidateAuthors();
  });
  const dropParts = async (storyIds: number[]) => {
    for (const id of await seriesNeighboursOf(db(), storyIds)) {
      if (!storyIds.includes(id)) cache().invalidateStory(id);
    }
  };
  events.on("story.saved", "series parts", (e) => (e.published ? dropParts([e.storyId]) : undefined));
  events.on("story.published", "series parts", (e) => dropParts([e.storyId]));
  events.on("story.unpublished", "series parts", (e) => dropParts([e.storyId]));
  events.on("moderation.applied", "series parts", (e) => dropParts(e.storyIds));
  events.on("story.deleted", "series parts", ({ seriesParts = [] }) => {
    for (const id of seriesParts) cache().invalidateStory(id);
  });
}
