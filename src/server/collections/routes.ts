// The collections API (issue 33 section 1). Writes run in one transaction each; after the commit they announce
// collection.changed, which drops the cached views of the works whose anonymity may have changed and delivers the
// subscribers' notifications of works newly in the collection.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CollectionCreate,
  type CollectionItemAnswer,
  CollectionItemAdd,
  CollectionMaintainerAdd,
  CollectionQueueQuery,
  type CollectionSubscriptionState,
  CollectionUpdate,
  type MyCollectionsList,
} from "../../shared/schemas/collections";
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

  app.post("/api/collections", { ...signedIn, schema: { body: CollectionCreate } }, async (request, reply) => {
    const name = await createCollection(request.db, requireUser(request).id, request.body, now());
    return reply.status(201).send(await loadCollectionView(request.db, name, requireUser(request).id));
  });

  app.get("/api/me/collections", signedIn, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return (await listMyCollections(request.db, requireUser(request).id)) satisfies MyCollectionsList;
  });

  app.get("/api/collections/:name", { schema: { params: NameParams } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return loadCollectionView(request.db, request.params.name, request.user?.id ?? null);
  });

  app.patch(
    "/api/collections/:name",
    { ...signedIn, schema: { params: NameParams, body: CollectionUpdate } },
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
    { ...signedIn, schema: { params: NameParams, body: CollectionMaintainerAdd } },
    async (request, reply) => {
      const user = requireUser(request);
      await addMaintainer(request.db, request.params.name, user.id, request.body.username, now());
      return reply.status(201).send(await loadCollectionView(request.db, request.params.name, user.id));
    },
  );
  app.delete(
    "/api/collections/:name/maintainers/:username",
    { ...signedIn, schema: { params: MaintainerParams } },
    async (request) => {
      const user = requireUser(request);
      await removeMaintainer(request.db, request.params.name, user.id, request.params.username);
      return loadCollectionView(request.db, request.params.name, user.id);
    },
  );

  app.post(
    "/api/collections/:name/items",
    { ...signedIn, schema: { params: NameParams, body: CollectionItemAdd } },
    async (request, reply) => {
      const { name } = request.params;
      const change = await addCollectionItem(request.db, name, requireUser(request).id, request.body.storyId, now());
      return reply.status(201).send(announce(change));
    },
  );
  app.get(
    "/api/collections/:name/items",
    { ...signedIn, schema: { params: NameParams, querystring: CollectionQueueQuery } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return loadQueue(request.db, request.params.name, requireUser(request).id, request.query.state);
    },
  );

  const byItem = { ...signedIn, schema: { params: ItemParams } };
  const item = (params: { name: string; storyId: string }) => ({
    name: params.name,
    storyId: parseReadableStoryId(params.storyId),
  });
  for (const [verb, run] of [
    ["accept", (db, n, u, s, t) => answerInvitation(db, n, u, s, true, t)],
    ["decline", (db, n, u, s, t) => answerInvitation(db, n, u, s, false, t)],
    ["approve", (db, n, u, s, t) => decideItem(db, n, u, s, true, t)],
    ["reject", (db, n, u, s, t) => decideItem(db, n, u, s, false, t)],
  ] as const satisfies readonly (readonly [string, typeof removeItem])[]) {
    app.post(`/api/collections/:name/items/:storyId/${verb}`, byItem, async (request) => {
      const { name, storyId } = item(request.params);
      return announce(await run(request.db, name, requireUser(request).id, storyId, now()));
    });
  }
  app.delete("/api/collections/:name/items/:storyId", byItem, async (request) => {
    const { name, storyId } = item(request.params);
    return announce(await removeItem(request.db, name, requireUser(request).id, storyId, now()));
  });

  const byName = { ...signedIn, schema: { params: NameParams } };
  app.put("/api/collections/:name/subscription", byName, async (request) => {
    await subscribeToCollection(request.db, request.params.name, requireUser(request).id, now());
    return { subscribed: true } satisfies CollectionSubscriptionState;
  });
  app.delete("/api/collections/:name/subscription", byName, async (request) => {
    await unsubscribeFromCollection(request.db, request.params.name, requireUser(request).id);
    return { subscribed: false } satisfies CollectionSubscriptionState;
  });
}
