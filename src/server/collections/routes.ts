// The collections API (issue 33 section 1). Writes run in one transaction each; after the commit they announce
// collection.changed, which drops the cached views of the works whose anonymity may have changed and delivers the
// subscribers' notifications of works newly in the collection.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CollectionCreate,
  CollectionItemAdd,
  CollectionItemAnswer,
  CollectionMaintainerAdd,
  CollectionQueue,
  CollectionQueueQuery,
  CollectionSubscriptionState,
  CollectionUpdate,
  CollectionView,
  MyCollectionsList,
} from "../../shared/schemas/collections";
import { errors, OPTIONAL_SIGN_IN, SIGNED_IN } from "../http/api-doc";
import { requireUser, requireUserHook } from "../accounts/guards";
import { parseReadableStoryId } from "../policies/visibility";
import { addMaintainer, createCollection, removeMaintainer, updateCollection } from "./commands";
import { addCollectionItem, answerInvitation, decideItem, type ItemChange, removeItem } from "./items";
import {
  listMyCollections,
  loadCollectionView,
  loadQueue,
  subscribeToCollection,
  unsubscribeFromCollection,
} from "./queries";
import { collectionItems } from "../db/schema";
import { eq } from "drizzle-orm";

const NameParams = z.object({ name: z.string().max(100) });
const ItemParams = z.object({ name: z.string().max(100), storyId: z.string() });
const MaintainerParams = z.object({ name: z.string().max(100), username: z.string().max(100) });
const signedIn = { onRequest: requireUserHook };

export async function collectionRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const now = () => root.deps.now();
  const announce = (change: ItemChange): CollectionItemAnswer => {
    root.deps.events.emit("collection.changed", {
      collectionId: change.collectionId,
      storyIds: [change.storyId],
      durable: change.durable ? [change.durable] : [],
    });
    return { storyId: change.storyId, state: change.state };
  };

  app.post(
    "/api/collections",
    {
      ...signedIn,
      schema: {
        summary: "Create a collection (you own it)",
        security: SIGNED_IN,
        body: CollectionCreate,
        response: { 201: CollectionView, ...errors(409) },
      },
    },
    async (request, reply) => {
      const name = await createCollection(request.db, requireUser(request).id, request.body, now());
      return reply.status(201).send(await loadCollectionView(request.db, name, requireUser(request).id));
    },
  );

  app.get(
    "/api/me/collections",
    {
      ...signedIn,
      schema: {
        summary: "List the collections you own or maintain, and your works' invitations",
        security: SIGNED_IN,
        response: { 200: MyCollectionsList },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return (await listMyCollections(request.db, requireUser(request).id)) satisfies MyCollectionsList;
    },
  );

  app.get(
    "/api/collections/:name",
    {
      schema: {
        summary: "Show a collection: its settings, maintainers and counts",
        security: OPTIONAL_SIGN_IN,
        params: NameParams,
        response: { 200: CollectionView },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return loadCollectionView(request.db, request.params.name, request.user?.id ?? null);
    },
  );

  app.patch(
    "/api/collections/:name",
    {
      ...signedIn,
      schema: {
        summary: "Change a collection's settings (maintainers)",
        security: SIGNED_IN,
        params: NameParams,
        body: CollectionUpdate,
        response: { 200: CollectionView, ...errors(409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const id = await updateCollection(request.db, request.params.name, user.id, request.body, now());
      if (request.body.anonymous !== undefined || request.body.unrevealed !== undefined) {
        const works = await request.db
          .select({ storyId: collectionItems.storyId })
          .from(collectionItems)
          .where(eq(collectionItems.collectionId, id));
        root.deps.events.emit("collection.changed", {
          collectionId: id,
          storyIds: works.map((w) => w.storyId),
          durable: [],
        });
      }
      return loadCollectionView(request.db, request.params.name, user.id);
    },
  );

  app.post(
    "/api/collections/:name/maintainers",
    {
      ...signedIn,
      schema: {
        summary: "Add a maintainer to a collection (its owner)",
        security: SIGNED_IN,
        params: NameParams,
        body: CollectionMaintainerAdd,
        response: { 201: CollectionView, ...errors(409) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await addMaintainer(request.db, request.params.name, user.id, request.body.username, now());
      return reply.status(201).send(await loadCollectionView(request.db, request.params.name, user.id));
    },
  );
  app.delete(
    "/api/collections/:name/maintainers/:username",
    {
      ...signedIn,
      schema: {
        summary: "Remove a maintainer from a collection (its owner, or the maintainer themselves)",
        security: SIGNED_IN,
        params: MaintainerParams,
        response: { 200: CollectionView, ...errors(409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await removeMaintainer(request.db, request.params.name, user.id, request.params.username);
      return loadCollectionView(request.db, request.params.name, user.id);
    },
  );

  app.post(
    "/api/collections/:name/items",
    {
      ...signedIn,
      schema: {
        summary: "Add your work to a collection, or invite another writer's work (maintainers)",
        security: SIGNED_IN,
        params: NameParams,
        body: CollectionItemAdd,
        response: { 201: CollectionItemAnswer, ...errors(409) },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const change = await addCollectionItem(request.db, name, requireUser(request).id, request.body.storyId, now());
      return reply.status(201).send(announce(change));
    },
  );
  app.get(
    "/api/collections/:name/items",
    {
      ...signedIn,
      schema: {
        summary: "List the works waiting for the maintainers' approval or for their authors' consent",
        security: SIGNED_IN,
        params: NameParams,
        querystring: CollectionQueueQuery,
        response: { 200: CollectionQueue },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return loadQueue(request.db, request.params.name, requireUser(request).id, request.query.state);
    },
  );

  const byItem = (summary: string, conflicts: boolean) => ({
    ...signedIn,
    schema: {
      summary,
      security: SIGNED_IN,
      params: ItemParams,
      response: { 200: CollectionItemAnswer, ...(conflicts ? errors(409) : {}) },
    },
  });
  const item = (params: { name: string; storyId: string }) => ({
    name: params.name,
    storyId: parseReadableStoryId(params.storyId),
  });
  for (const [verb, summary, run] of [
    [
      "accept",
      "Accept a collection's invitation for your work",
      (db, n, u, s, t) => answerInvitation(db, n, u, s, true, t),
    ],
    [
      "decline",
      "Decline a collection's invitation for your work",
      (db, n, u, s, t) => answerInvitation(db, n, u, s, false, t),
    ],
    [
      "approve",
      "Approve a work waiting in a moderated collection (maintainers)",
      (db, n, u, s, t) => decideItem(db, n, u, s, true, t),
    ],
    [
      "reject",
      "Reject a work waiting in a moderated collection (maintainers)",
      (db, n, u, s, t) => decideItem(db, n, u, s, false, t),
    ],
  ] as const satisfies readonly (readonly [string, string, typeof removeItem])[]) {
    app.post(`/api/collections/:name/items/:storyId/${verb}`, byItem(summary, true), async (request) => {
      const { name, storyId } = item(request.params);
      return announce(await run(request.db, name, requireUser(request).id, storyId, now()));
    });
  }
  app.delete(
    "/api/collections/:name/items/:storyId",
    byItem("Take a work out of a collection (its author or a maintainer)", false),
    async (request) => {
      const { name, storyId } = item(request.params);
      return announce(await removeItem(request.db, name, requireUser(request).id, storyId, now()));
    },
  );

  const byName = (summary: string) => ({
    ...signedIn,
    schema: { summary, security: SIGNED_IN, params: NameParams, response: { 200: CollectionSubscriptionState } },
  });
  app.put("/api/collections/:name/subscription", byName("Subscribe to a collection's new works"), async (request) => {
    await subscribeToCollection(request.db, request.params.name, requireUser(request).id, now());
    return { subscribed: true } satisfies CollectionSubscriptionState;
  });
  app.delete("/api/collections/:name/subscription", byName("Unsubscribe from a collection"), async (request) => {
    await unsubscribeFromCollection(request.db, request.params.name, requireUser(request).id);
    return { subscribed: false } satisfies CollectionSubscriptionState;
  });
}
