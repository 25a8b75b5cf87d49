// Follows, subscriptions, notifications, their settings and the Following feed (issue 17, section 2). All need a
// signed-in user. Fan-outs run after the write has committed, in the background: the request never waits for them.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  FollowingQuery,
  type FollowState,
  NOTIFICATION_NOT_FOUND,
  NotificationSettingsUpdate,
  NotificationsQuery,
  type SubscriptionState,
  type UnreadCount,
} from "../../shared/schemas/community";
import { requireUser, requireUserHook } from "../accounts/guards";
import { notFound } from "../errors";
import { parseReadableStoryId } from "../policies/visibility";
import { follow, followState, getAuthorByNameOrThrow, isSubscribed, subscribe, unfollow, unsubscribe } from "./follows";
import { listFollowing } from "./following-feed";
import { effectiveAiFilter } from "../visibility/ai-filter";
import { listNotifications, markAllRead, markRead, unreadCount } from "./notifications";
import { getNotificationSettings, updateNotificationSettings } from "./settings";

const NameParams = z.object({ name: z.string() });
const IdParams = z.object({ id: z.string() });
const signedIn = { onRequest: requireUserHook };

function parseNotificationId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(NOTIFICATION_NOT_FOUND);
  return Number(raw);
}

export async function communityRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const now = () => root.deps.now();

  /** Follows and unfollows change the follower count the cached author pages show. */
  async function changeFollow(request: FastifyRequest, name: string, on: boolean): Promise<FollowState> {
    const user = requireUser(request);
    const author = await getAuthorByNameOrThrow(request.db, name);
    const ids = { authorId: author.id, followerId: user.id };
    if (on) {
      const durable = await follow(request.db, author.id, user.id, now());
      await root.deps.events.emit("user.followed", { ...ids, durable });
    } else {
      await unfollow(request.db, author.id, user.id);
      await root.deps.events.emit("user.unfollowed", ids);
    }
    return followState(request.db, author.id, user.id);
  }

  const byName = { ...signedIn, schema: { params: NameParams } };
  app.get("/api/authors/:name/follow", byName, async (request) => {
    const author = await getAuthorByNameOrThrow(request.db, request.params.name);
    return followState(request.db, author.id, requireUser(request).id);
  });
  app.post("/api/authors/:name/follow", byName, async (request) => changeFollow(request, request.params.name, true));
  app.delete("/api/authors/:name/follow", byName, async (request) => changeFollow(request, request.params.name, false));

  const byStory = { ...signedIn, schema: { params: IdParams } };
  app.get("/api/stories/:id/subscription", byStory, async (request) => {
    const id = parseReadableStoryId(request.params.id);
    return { subscribed: await isSubscribed(request.db, id, requireUser(request).id) } satisfies SubscriptionState;
  });
  app.post("/api/stories/:id/subscription", byStory, async (request) => {
    await subscribe(request.db, parseReadableStoryId(request.params.id), requireUser(request));
    return { subscribed: true } satisfies SubscriptionState;
  });
  app.delete("/api/stories/:id/subscription", byStory, async (request) => {
    await unsubscribe(request.db, parseReadableStoryId(request.params.id), requireUser(request).id);
    return { subscribed: false } satisfies SubscriptionState;
  });

  app.get("/api/notifications", { ...signedIn, schema: { querystring: NotificationsQuery } }, async (request) =>
    listNotifications(request.db, requireUser(request), request.query),
  );
  app.get("/api/notifications/unread-count", signedIn, async (request) => {
    return { unread: await unreadCount(request.db, requireUser(request).id) } satisfies UnreadCount;
  });
  app.post("/api/notifications/:id/read", { ...signedIn, schema: { params: IdParams } }, async (request, reply) => {
    await markRead(request.db, requireUser(request).id, parseNotificationId(request.params.id), now());
    return reply.status(204).send();
  });
  app.post("/api/notifications/read-all", signedIn, async (request, reply) => {
    await markAllRead(request.db, requireUser(request).id, now());
    return reply.status(204).send();
  });

  app.get("/api/notification-settings", signedIn, async (request) =>
    getNotificationSettings(request.db, requireUser(request).id),
  );
  app.patch(
    "/api/notification-settings",
    { ...signedIn, schema: { body: NotificationSettingsUpdate } },
    async (request) => updateNotificationSettings(request.db, requireUser(request).id, request.body),
  );

  app.get("/api/following", { ...signedIn, schema: { querystring: FollowingQuery } }, async (request) =>
    listFollowing(
      request.readDb,
      requireUser(request),
      request.query,
      effectiveAiFilter(request.query.ai, request.user),
    ),
  );
}
