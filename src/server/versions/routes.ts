// A story's history (issue 20 §1, decision 0041): the list, one version (with a word diff against the current
// text and, for a published story, the chapters readers would lose), and restore. Only the author's own stories;
// anybody else's story or version is 404.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { StoryView } from "../../shared/schemas/story";
import { RestoreBody, VersionDetail, VersionList, VersionListQuery, VersionQuery } from "../../shared/schemas/versions";
import { requireUser, requireUserHook } from "../accounts/guards";
import { errors, SIGNED_IN } from "../http/api-doc";
import { presentOwnStory } from "../stories/present";
import { getOwnStoryOrThrow, parseStoryId } from "../stories/story-queries";
import { chaptersLost } from "./chapters-lost";
import { restoreVersion } from "./restore-version";
import { diffVersion } from "./version-diff";
import { getVersionOrThrow, listVersions, parseVersionId, presentVersion } from "./version-queries";
import { readVersionText } from "./version-store";

const StoryParams = z.object({ id: z.string() });
const VersionParams = z.object({ id: z.string(), v: z.string() });

export async function versionRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireUserHook);

  app.get(
    "/api/stories/:id/versions",
    {
      schema: {
        summary: "List your story's kept versions, newest first",
        security: SIGNED_IN,
        params: StoryParams,
        querystring: VersionListQuery,
        response: { 200: VersionList },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), user.id);
      const { rows, nextBefore } = await listVersions(request.db, story.id, request.query);
      return { versions: rows.map(presentVersion), nextBefore, limitedHistory: !user.isPremium };
    },
  );

  app.get(
    "/api/stories/:id/versions/:v",
    {
      schema: {
        summary: "Open one version of your story (with a diff against the current text on request)",
        security: SIGNED_IN,
        params: VersionParams,
        querystring: VersionQuery,
        response: { 200: VersionDetail },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), user.id);
      const version = await getVersionOrThrow(request.db, story.id, parseVersionId(request.params.v));
      const { text } = await readVersionText(request.db, story.id, version.id);
      const readers = story.published
        ? { chaptersLost: chaptersLost(story, { text, sanitizedWith: version.sanitizedWith }) }
        : null;
      const detail: VersionDetail = { ...presentVersion(version), content: text, readers };
      if (request.query.diff === "current") detail.diff = diffVersion(text, story.content);
      return detail;
    },
  );

  app.post(
    "/api/stories/:id/versions/:v/restore",
    {
      schema: {
        summary: "Restore a version of your story",
        description:
          "A published story's restore needs `readersSeeIt: true`; without it the answer is 409 RESTORE_IS_PUBLIC.",
        security: SIGNED_IN,
        params: VersionParams,
        body: RestoreBody,
        response: { 200: StoryView, ...errors(409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const id = parseStoryId(request.params.id);
      const story = await restoreVersion(
        request.db,
        user,
        id,
        parseVersionId(request.params.v),
        root.deps.now(),
        request.body?.readersSeeIt === true,
        (chapters, durable) => root.deps.events.emit("chapters.published", { storyId: id, chapters, durable }),
      );
      await root.deps.events.emit("story.saved", {
        storyId: id,
        author: user,
        published: story.published,
        textChanged: true,
      });
      return presentOwnStory(story);
    },
  );
}
