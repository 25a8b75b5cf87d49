// Story routes: the author's own stories. Every route needs a signed-in user.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  PublishBody,
  STORY_TOO_LONG,
  StoryCreate,
  StoryListItem,
  StoryUpdate,
  StoryView,
} from "../../shared/schemas/story";
import { StoryExportFormat } from "../../shared/schemas/story-export";
import { requireUser, requireUserHook } from "../accounts/guards";
import { authorizeOrThrow } from "../policies/authorize";
import { canDownload } from "../policies/story";
import { AppError } from "../errors";
import { errors, file, NoContent, SIGNED_IN } from "../http/api-doc";
import { bodyTooLargeAs, PUBLISH_BODY_LIMIT, STORY_BODY_LIMIT } from "../http/json-body";
import { IMAGE_TOO_LARGE } from "../images/process-image";
import { UPLOADS_PER_HOUR } from "../images/upload-throttle";
import { createStory } from "./create-story";
import { deleteStory } from "./delete-story";
import { EPUB_TYPE, storyEpub } from "./export-epub";
import { exportStory, storyExportHtml } from "./export-story";
import { presentOwnStory, presentStoryListItem } from "./present";
import { publishStory, unpublishStory } from "./publish-story";
import { getOwnStoryOrThrow, listOwnStories, parseStoryId } from "./story-queries";
import { updateStory } from "./update-story";
import { storyByline } from "../policies/creator-names";
import { seriesNeighboursOf } from "./series-parts";
import { giftFieldsStep } from "../gifts/story-fields";
import { afterFill } from "../collections/prompt-routes";

const IdParams = z.object({ id: z.string() });
const ExportQuery = z.object({ format: StoryExportFormat.default("md") });
// A body over the route's limit answers as its biggest field would have: too much story, or too big a cover.
const storyBody = {
  bodyLimit: STORY_BODY_LIMIT,
  errorHandler: bodyTooLargeAs(() => new AppError(413, "CONTENT_TOO_LARGE", STORY_TOO_LONG)),
};
// A new cover or reader background (a data URL) counts as an image upload.
const UPLOAD_LIMIT = `${UPLOADS_PER_HOUR} new images per hour per user (shared with image uploads)`;
const publishBody = {
  bodyLimit: PUBLISH_BODY_LIMIT,
  errorHandler: bodyTooLargeAs(() => new AppError(413, "IMAGE_TOO_LARGE", IMAGE_TOO_LARGE)),
};

export async function storyRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // NOTE: on request, so a signed-out request gets 401 before its body is parsed or validated.
  app.addHook("onRequest", requireUserHook);
  const now = () => root.deps.now();
  const { events } = root.deps;

  app.get(
    "/api/stories",
    { schema: { summary: "List your stories", security: SIGNED_IN, response: { 200: z.array(StoryListItem) } } },
    async (request) => {
      const rows = await listOwnStories(request.db, requireUser(request).id);
      return rows.map(presentStoryListItem);
    },
  );

  app.post(
    "/api/stories",
    {
      ...storyBody,
      schema: {
        summary: "Start a story",
        "x-rate-limit": UPLOAD_LIMIT,
        security: SIGNED_IN,
        body: StoryCreate,
        response: { 201: StoryView },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const story = await createStory(request.db, root.deps.imageStorage, user, request.body, now());
      const textChanged = Boolean(request.body.content);
      await events.emit("story.saved", { storyId: story.id, author: user, published: false, textChanged });
      return reply.status(201).send(presentOwnStory(story));
    },
  );

  app.get(
    "/api/stories/:id",
    { schema: { summary: "Open your story", security: SIGNED_IN, params: IdParams, response: { 200: StoryView } } },
    async (request) => {
      const id = parseStoryId(request.params.id);
      return presentOwnStory(await getOwnStoryOrThrow(request.db, id, requireUser(request).id));
    },
  );

  app.patch(
    "/api/stories/:id",
    {
      ...storyBody,
      schema: {
        summary: "Save your story (any of its fields)",
        "x-rate-limit": UPLOAD_LIMIT,
        description: "A stale `version` answers 409 STALE_VERSION with `currentVersion` and the current `story`.",
        security: SIGNED_IN,
        params: IdParams,
        body: StoryUpdate,
        response: { 200: StoryView, ...errors(409) },
      },
    },
    async (request) => {
      const id = parseStoryId(request.params.id);
      const user = requireUser(request);
      const gifts = await giftFieldsStep(root, request.db, user, id, request.body, now);
      const story = await updateStory(
        request.db,
        root.deps.imageStorage,
        user,
        id,
        request.body,
        now(),
        (ns, durable) => events.emit("chapters.published", { storyId: id, chapters: ns, durable }),
        gifts.during,
      );
      if (gifts.during) await gifts.after(story.published);
      // Each generation is saved into the story: the premium story memory follows it (and the character notes).
      const textChanged = request.body.content !== undefined || request.body.characters !== undefined;
      await events.emit("story.saved", { storyId: id, author: user, published: story.published, textChanged });
      return presentOwnStory(story);
    },
  );

  app.get(
    "/api/stories/:id/export",
    {
      schema: {
        summary: "Download your story as a file (EPUB, Markdown, plain text or a web page)",
        security: SIGNED_IN,
        params: IdParams,
        querystring: ExportQuery,
        response: {
          200: file(EPUB_TYPE, "text/markdown; charset=utf-8", "text/plain; charset=utf-8", "text/html; charset=utf-8"),
        },
      },
    },
    async (request, reply) => {
      // NOTE: a writer's own story downloads in every format on every plan (docs/decisions/0051-writer-side-fixes.md).
      const user = requireUser(request);
      authorizeOrThrow(canDownload(user, null, "export"), {});
      const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), user.id);
      // A co-written work names its creator and co-creators, whoever of them exports it.
      const byline = await storyByline(request.db, story.id);
      if (request.query.format === "epub") {
        const { stream, disposition } = await storyEpub(request.db, request.server.deps.imageStorage, {
          ...story,
          author: byline.author,
          coAuthors: byline.coCreators,
          html: storyExportHtml(story),
          modified: story.updatedAt,
        });
        return reply
          .header("content-type", EPUB_TYPE)
          .header("content-disposition", disposition)
          .header("cache-control", "no-store")
          .header("x-content-type-options", "nosniff")
          .send(stream as unknown as string);
      }
      const file = exportStory(story, [byline.author, ...byline.coCreators].join(", "), request.query.format);
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", file.disposition)
        .header("cache-control", "no-store")
        .header("x-content-type-options", "nosniff")
        .send(file.body);
    },
  );

  app.delete(
    "/api/stories/:id",
    {
      schema: {
        summary: "Delete your draft",
        security: SIGNED_IN,
        params: IdParams,
        response: { 204: NoContent, ...errors(409) },
      },
    },
    async (request, reply) => {
      const id = parseStoryId(request.params.id);
      const user = requireUser(request);
      // NOTE: read first: the delete takes the story's series rows with it, and its series' other parts renumber.
      const seriesParts = (await seriesNeighboursOf(request.db, [id])).filter((other) => other !== id);
      await deleteStory(request.db, user, id);
      await events.emit("story.deleted", { storyId: id, authorId: user.id, seriesParts });
      return reply.status(204).send(null);
    },
  );

  const publish = {
    ...publishBody,
    schema: {
      summary: "Publish your story",
      "x-rate-limit": UPLOAD_LIMIT,
      security: SIGNED_IN,
      params: IdParams,
      body: PublishBody,
      response: { 200: StoryView, ...errors(409) },
    },
  };
  app.post("/api/stories/:id/publish", publish, async (request) => {
    const id = parseStoryId(request.params.id);
    const user = requireUser(request);
    const gifts = await giftFieldsStep(root, request.db, user, id, request.body, now);
    const committed = await publishStory(
      request.db,
      root.deps.imageStorage,
      user,
      id,
      request.body,
      now(),
      gifts.during,
    );
    await gifts.after(true);
    if (committed.fill) afterFill(root, committed.fill);
    await events.emit("story.published", { storyId: id, authorId: user.id, durable: [committed.newStory] });
    if (committed.newChapters.length > 0) {
      const { newChapters: chapters, chaptersFanOut: durable } = committed;
      await events.emit("chapters.published", { storyId: id, chapters, durable });
    }
    const story = committed.story;
    return presentOwnStory(story);
  });

  app.post(
    "/api/stories/:id/unpublish",
    {
      schema: { summary: "Unpublish your story", security: SIGNED_IN, params: IdParams, response: { 200: StoryView } },
    },
    async (request) => {
      const id = parseStoryId(request.params.id);
      const user = requireUser(request);
      const story = await unpublishStory(request.db, user, id);
      await events.emit("story.unpublished", { storyId: id, authorId: user.id });
      return presentOwnStory(story);
    },
  );
}
