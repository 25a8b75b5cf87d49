// Follows, subscriptions, notifications, their settings and the Following feed (issue 17, section 2). All need a
// signed-in user. Fan-outs run after the write has committed, in the background: the request never waits for them.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  FollowingPage,
  FollowingQuery,
  FollowState,
  NOTIFICATION_NOT_FOUND,
  NotificationPage,
  NotificationSettings,
  NotificationSettingsUpdate,
  NotificationsQuery,
  SubscriptionState,
  UnreadCount,
} from "../../shared/schemas/community";
import { NoContent, SIGNED_IN } from "../http/api-doc";
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

  const byName = (summary: string) => ({
    ...signedIn,
    schema: { summary, security: SIGNED_IN, params: NameParams, response: { 200: FollowState } },
  });
  app.get(
    "/api/authors/:name/follow",
    byName("Whether you follow an author, and their follower count"),
    async (request) => {
      const author = await getAuthorByNameOrThrow(request.db, request.params.name);
      return followState(request.db, author.id, requireUser(request).id);
    },
  );
  app.post("/api/authors/:name/follow", byName("Follow an author"), async (request) =>
    changeFollow(request, request.params.name, true),
  );
  app.delete("/api/authors/:name/follow", byName("Unfollow an author"), async (request) =>
    changeFollow(request, request.params.name, false),
  );

  const byStory = (summary: string) => ({
    ...signedIn,
    schema: { summary, security: SIGNED_IN, params: IdParams, response: { 200: SubscriptionState } },
  });
  app.get(
    "/api/stories/:id/subscription",
    byStory("Whether you subscribe to a work's new chapters"),
    async (request) => {
      const id = parseReadableStoryId(request.params.id);
      return { subscribed: await isSubscribed(request.db, id, requireUser(request).id) } satisfies SubscriptionState;
    },
  );
  app.post("/api/stories/:id/subscription", byStory("Subscribe to a work's new chapters"), async (request) => {
    await subscribe(request.db, parseReadableStoryId(request.params.id), requireUser(request));
    return { subscribed: true } satisfies SubscriptionState;
  });
  app.delete("/api/stories/:id/subscription", byStory("Unsubscribe from a work"), async (request) => {
    await unsubscribe(request.db, parseReadableStoryId(request.params.id), requireUser(request).id);
    return { subscribed: false } satisfies SubscriptionState;
  });

  app.get(
    "/api/notifications",
    {
      ...signedIn,
      schema: {
        summary: "List your notifications, newest first",
        security: SIGNED_IN,
        querystring: NotificationsQuery,
        response: { 200: NotificationPage },
      },
    },
    async (request) => listNotifications(request.db, requireUser(request), request.query),
  );
  app.get(
    "/api/notifications/unread-count",
    {
      ...signedIn,
      schema: { summary: "Count your unread notifications", security: SIGNED_IN, response: { 200: UnreadCount } },
    },
    async (request) => {
      return { unread: await unreadCount(request.db, requireUser(request).id) } satisfies UnreadCount;
    },
  );
  app.post(
    "/api/notifications/:id/read",
    {
      ...signedIn,
      schema: {
        summary: "Mark a notification as read",
        security: SIGNED_IN,
        params: IdParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await markRead(request.db, requireUser(request).id, parseNotificationId(request.params.id), now());
      return reply.status(204).send(null);
    },
  );
  app.post(
    "/api/notifications/read-all",
    {
      ...signedIn,
      schema: { summary: "Mark all your notifications as read", security: SIGNED_IN, response: { 204: NoContent } },
    },
    async (request, reply) => {
      await markAllRead(request.db, requireUser(request).id, now());
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/notification-settings",
    {
      ...signedIn,
      schema: {
        summary: "Where each type of notification goes: in the app, by email, or off",
        security: SIGNED_IN,
        response: { 200: NotificationSettings },
      },
    },
    async (request) => getNotificationSettings(request.db, requireUser(request).id),
  );
  app.patch(
    "/api/notification-settings",
    {
      ...signedIn,
      schema: {
        summary: "Change where some types of notification go",
        security: SIGNED_IN,
        body: NotificationSettingsUpdate,
        response: { 200: NotificationSettings },
      },
    },
    async (request) => updateNotificationSettings(request.db, requireUser(request).id, request.body),
  );

  app.get(
    "/api/following",
    {
      ...signedIn,
      schema: {
        summary: "The Following feed: new works and chapters from the authors, works and series you follow",
        security: SIGNED_IN,
        querystring: FollowingQuery,
        response: { 200: FollowingPage },
      },
    },
    async (request) =>
      listFollowing(
        request.readDb,
        requireUser(request),
        request.query,
        effectiveAiFilter(request.query.ai, request.user),
      ),
  );
}
