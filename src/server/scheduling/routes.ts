// Scheduled releases (issue 31 section 3): schedule, list, Edit and Cancel. All need a signed-in user who may publish
// the story. A waiting release changes what readers see of the story at once (it holds chapters back), so every
// change drops the story's cached views on every instance.
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ScheduleCreate, ScheduledReleaseView, ScheduleEdit, SCHEDULE_MESSAGES } from "../../shared/schemas/scheduling";
import { requireUser, requireUserHook } from "../accounts/guards";
import { scheduledReleases } from "../db/schema";
import { AppError, notFound } from "../errors";
import { NoContent, SIGNED_IN } from "../http/api-doc";
import { bodyTooLargeAs, PUBLISH_BODY_LIMIT } from "../http/json-body";
import { IMAGE_TOO_LARGE } from "../images/process-image";
import { UPLOADS_PER_HOUR } from "../images/upload-throttle";
import { outboxServed } from "../mail/outbox-routes";
import { getOwnStoryOrThrow, parseStoryId } from "../stories/story-queries";
import { announceReleased, releaseDue } from "./release";
import { cancelRelease, editRelease, listReleases, scheduleRelease } from "./schedules";

const IdParams = z.object({ id: z.string() });
const ReleaseParams = z.object({ id: z.string(), releaseId: z.string() });
// NOTE: a whole publish carries the publish dialog's fields, a cover among them: the publish route's limit.
const scheduleBody = {
  bodyLimit: PUBLISH_BODY_LIMIT,
  errorHandler: bodyTooLargeAs(() => new AppError(413, "IMAGE_TOO_LARGE", IMAGE_TOO_LARGE)),
};

function parseReleaseId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(SCHEDULE_MESSAGES.notFound);
  return Number(raw);
}

export async function schedulingRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireUserHook);
  const now = () => root.deps.now();
  const dropViews = (storyId: number) => root.readCache.invalidateStory(storyId);

  const listSchema = {
    summary: "List your scheduled releases, soonest first",
    security: SIGNED_IN,
    response: { 200: z.array(ScheduledReleaseView) },
  };
  app.get("/api/schedules", { schema: listSchema }, async (request) =>
    listReleases(request.db, requireUser(request).id),
  );

  const storySchema = {
    summary: "List your story's scheduled releases",
    security: SIGNED_IN,
    params: IdParams,
    response: { 200: z.array(ScheduledReleaseView) },
  };
  app.get("/api/stories/:id/schedule", { schema: storySchema }, async (request) => {
    const user = requireUser(request);
    const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), user.id);
    return listReleases(request.db, user.id, story.id);
  });

  app.post(
    "/api/stories/:id/schedule",
    {
      ...scheduleBody,
      schema: {
        summary: "Schedule chapters of your story, or its publication",
        "x-rate-limit": `${UPLOADS_PER_HOUR} new images per hour per user (a new cover; shared with image uploads)`,
        security: SIGNED_IN,
        params: IdParams,
        body: ScheduleCreate,
        response: { 201: ScheduledReleaseView },
      },
    },
    async (request, reply) => {
      const id = parseStoryId(request.params.id);
      const user = requireUser(request);
      const view = await scheduleRelease(request.db, root.deps.imageStorage, user, id, request.body, now());
      dropViews(id);
      return reply.status(201).send(view);
    },
  );

  app.patch(
    "/api/stories/:id/schedule/:releaseId",
    {
      schema: {
        summary: "Move a scheduled release to another time",
        security: SIGNED_IN,
        params: ReleaseParams,
        body: ScheduleEdit,
        response: { 200: ScheduledReleaseView },
      },
    },
    async (request) => {
      const id = parseStoryId(request.params.id);
      const releaseId = parseReleaseId(request.params.releaseId);
      return editRelease(request.db, requireUser(request), id, releaseId, request.body, now());
    },
  );

  const cancelSchema = {
    summary: "Cancel a scheduled release",
    security: SIGNED_IN,
    params: ReleaseParams,
    response: { 204: NoContent },
  };
  app.delete("/api/stories/:id/schedule/:releaseId", { schema: cancelSchema }, async (request, reply) => {
    const id = parseStoryId(request.params.id);
    const releaseId = parseReleaseId(request.params.releaseId);
    const { newChapters, fanOut } = await cancelRelease(request.db, requireUser(request), id, releaseId, now());
    dropViews(id);
    if (fanOut)
      await root.deps.events.emit("chapters.published", { storyId: id, chapters: newChapters, durable: fanOut });
    return reply.status(204).send(null);
  });

  // Development and end-to-end journeys only (never in production, served as the dev outbox is): the story's waiting
  // releases come due now and the worker runs, instead of a journey waiting a minute and more for the clock.
  app.post("/api/dev/stories/:id/release-now", { schema: { params: IdParams } }, async (request) => {
    if (!outboxServed(root.deps.config)) throw notFound();
    const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), requireUser(request).id);
    const at = now();
    await request.db
      .update(scheduledReleases)
      .set({ at })
      .where(and(eq(scheduledReleases.storyId, story.id), eq(scheduledReleases.state, "scheduled")));
    const released = await releaseDue(request.db, root.deps.imageStorage, at);
    await announceReleased(root.deps, root.readCache, released);
    return { released: released.length };
  });
}
