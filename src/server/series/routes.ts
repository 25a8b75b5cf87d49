// The series API (issue 30 section 1). Writes are the owner's; each announces series.changed after its commit, which
// drops the cached views whose 'Part N of' line changed and delivers a new work's notifications.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  MySeriesList,
  SeriesCreate,
  SeriesCreated,
  SeriesSubscriptionState,
  SeriesUpdate,
  SeriesView,
  SeriesWorkAdd,
} from "../../shared/schemas/series";
import { errors, NoContent, OPTIONAL_SIGN_IN, SIGNED_IN } from "../http/api-doc";
import { requireUser, requireUserHook } from "../accounts/guards";
import type { RecordedEvent } from "../events/outbox";
import { parseReadableStoryId } from "../policies/visibility";
import { addSeriesWork, createSeries, deleteSeries, parseSeriesId, removeSeriesWork, updateSeries } from "./commands";
import { isSubscribedToSeries, listMySeries, loadSeriesView } from "./queries";
import { subscribeToSeries, unsubscribeFromSeries } from "./subscriptions";

const IdParams = z.object({ id: z.string() });
const WorkParams = z.object({ id: z.string(), storyId: z.string() });
const signedIn = { onRequest: requireUserHook };

export async function seriesRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const now = () => root.deps.now();
  const changed = (seriesId: number, storyIds: number[], durable: RecordedEvent | null = null) =>
    root.deps.events.emit("series.changed", { seriesId, storyIds, durable });

  app.post(
    "/api/series",
    {
      ...signedIn,
      schema: { summary: "Start a series", security: SIGNED_IN, body: SeriesCreate, response: { 201: SeriesCreated } },
    },
    async (request, reply) => {
      const id = await createSeries(request.db, requireUser(request).id, request.body, now());
      return reply.status(201).send({ id } satisfies SeriesCreated);
    },
  );

  app.get(
    "/api/me/series",
    {
      ...signedIn,
      schema: {
        summary: "List your series, most recently changed first",
        security: SIGNED_IN,
        response: { 200: MySeriesList },
      },
    },
    async (request) => {
      return { series: await listMySeries(request.db, requireUser(request).id) } satisfies MySeriesList;
    },
  );

  app.get(
    "/api/series/:id",
    {
      schema: {
        summary: "A series and the works in it you may read, in order",
        security: OPTIONAL_SIGN_IN,
        params: IdParams,
        response: { 200: SeriesView },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return loadSeriesView(request.db, parseSeriesId(request.params.id), request.user);
    },
  );

  const ownSeries = { security: SIGNED_IN, params: IdParams, response: { 200: SeriesView } };
  app.patch(
    "/api/series/:id",
    {
      ...signedIn,
      schema: { summary: "Rename, describe, complete or reorder your series", ...ownSeries, body: SeriesUpdate },
    },
    async (request) => {
      const id = parseSeriesId(request.params.id);
      const user = requireUser(request);
      await changed(id, await updateSeries(request.db, id, user.id, request.body, now()));
      return loadSeriesView(request.db, id, user);
    },
  );

  app.delete(
    "/api/series/:id",
    {
      ...signedIn,
      schema: { summary: "Delete your series", security: SIGNED_IN, params: IdParams, response: { 204: NoContent } },
    },
    async (request, reply) => {
      const id = parseSeriesId(request.params.id);
      await changed(id, await deleteSeries(request.db, id, requireUser(request).id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/series/:id/works",
    {
      ...signedIn,
      schema: {
        summary: "Add one of your published works to your series",
        security: SIGNED_IN,
        params: IdParams,
        body: SeriesWorkAdd,
        response: { 201: SeriesView, ...errors(409) },
      },
    },
    async (request, reply) => {
      const id = parseSeriesId(request.params.id);
      const user = requireUser(request);
      const { works, durable } = await addSeriesWork(request.db, id, user.id, request.body, now());
      await changed(id, works, durable);
      return reply.status(201).send(await loadSeriesView(request.db, id, user));
    },
  );

  app.delete(
    "/api/series/:id/works/:storyId",
    {
      ...signedIn,
      schema: {
        summary: "Take a work out of your series",
        security: SIGNED_IN,
        params: WorkParams,
        response: { 200: SeriesView },
      },
    },
    async (request) => {
      const id = parseSeriesId(request.params.id);
      const user = requireUser(request);
      const storyId = parseReadableStoryId(request.params.storyId);
      await changed(id, await removeSeriesWork(request.db, id, user.id, storyId, now()));
      return loadSeriesView(request.db, id, user);
    },
  );

  const bySeries = (summary: string) => ({
    ...signedIn,
    schema: { summary, security: SIGNED_IN, params: IdParams, response: { 200: SeriesSubscriptionState } },
  });
  app.get("/api/series/:id/subscription", bySeries("Whether you subscribe to a series"), async (request) => {
    const id = parseSeriesId(request.params.id);
    return {
      subscribed: await isSubscribedToSeries(request.db, id, requireUser(request).id),
    } satisfies SeriesSubscriptionState;
  });
  app.put("/api/series/:id/subscription", bySeries("Subscribe to a series' new works"), async (request) => {
    await subscribeToSeries(request.db, parseSeriesId(request.params.id), requireUser(request).id, now());
    return { subscribed: true } satisfies SeriesSubscriptionState;
  });
  app.delete("/api/series/:id/subscription", bySeries("Unsubscribe from a series"), async (request) => {
    await unsubscribeFromSeries(request.db, parseSeriesId(request.params.id), requireUser(request).id);
    return { subscribed: false } satisfies SeriesSubscriptionState;
  });
}
