// Lorebook import and export, and 'Find characters and places' (issue 32, section 2; decision 0100). Its own plugin,
// so the import's multipart parser and its 10 MB limit apply to the one route that takes a file.
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { LORE_MESSAGES } from "../../shared/schemas/lore";
import {
  LORE_IMPORT_LIMITS,
  LORE_IMPORT_MESSAGES,
  LoreFindAnswer,
  LoreImportAnswer,
  LoreExportQuery,
} from "../../shared/schemas/lore-io";
import { createThrottle } from "../accounts/throttle";
import { requireUser, requireUserHook } from "../accounts/guards";
import { requirePremium } from "../billing/premium";
import { AppError } from "../errors";
import { file, SIGNED_IN } from "../http/api-doc";
import { getOwnStoryOrThrow, parseStoryId } from "../stories/story-queries";
import { exportLorebook } from "./lore-export";
import { findCharactersAndPlaces } from "./lore-find";
import { readLorebookFile } from "./lore-formats";
import { importLorebook } from "./lore-import";

const StoryParams = z.object({ id: z.string() });
const HOUR_MS = 60 * 60 * 1000;
const tooLarge = () => new AppError(413, "LORE_IMPORT_TOO_LARGE", LORE_IMPORT_MESSAGES.tooLarge);
const noFile = () => new AppError(400, "LORE_IMPORT_NO_FILE", LORE_IMPORT_MESSAGES.noFile);

/** The one file in the field `file`, read within the size limit. */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw noFile();
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.files()) {
      if (part.fieldname !== "file" || bytes) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    throw noFile();
  }
  if (!bytes || bytes.length === 0) throw noFile();
  return bytes;
}

export async function loreIoRoutes(root: FastifyInstance): Promise<void> {
  await root.register(multipart, {
    limits: { fileSize: LORE_IMPORT_LIMITS.fileBytes, files: 1, fields: 0, parts: 1 },
  });
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireUserHook);

  app.post(
    "/api/stories/:id/lore/import",
    {
      schema: {
        summary: "Import a lorebook file (SillyTavern, NovelAI or a character card) into a story's lorebook",
        description:
          "A multipart form with the file in the field `file`. 201 when entries were imported, 200 when none were.",
        security: SIGNED_IN,
        "x-rate-limit": `${LORE_IMPORT_LIMITS.importsPerHour} imports per hour per user`,
        consumes: ["multipart/form-data"],
        params: StoryParams,
        response: { 200: LoreImportAnswer, 201: LoreImportAnswer },
      },
      bodyLimit: LORE_IMPORT_LIMITS.fileBytes + 64 * 1024,
    },
    async (request, reply): Promise<LoreImportAnswer> => {
      const user = requireUser(request);
      const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), user.id);
      const now = root.deps.now();
      const throttle = createThrottle(request.db, "lore-import", LORE_IMPORT_LIMITS.importsPerHour, HOUR_MS, () => now);
      if (!(await throttle.take(String(user.id))))
        throw new AppError(429, "TOO_MANY_IMPORTS", LORE_IMPORT_MESSAGES.tooMany);
      const book = readLorebookFile(await readUpload(request));
      const answer = await importLorebook(request.db, story.id, book);
      return reply.status(answer.imported > 0 ? 201 : 200).send(answer);
    },
  );

  app.get(
    "/api/stories/:id/lore/export",
    {
      schema: {
        summary: "Download a story's lorebook as a SillyTavern or NovelAI file",
        security: SIGNED_IN,
        params: StoryParams,
        querystring: LoreExportQuery,
        response: { 200: file("application/json") },
      },
    },
    async (request, reply) => {
      const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), requireUser(request).id);
      const file = await exportLorebook(request.db, story, request.query.format, root.deps.now());
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", file.disposition)
        .header("cache-control", "no-store")
        .header("x-content-type-options", "nosniff")
        .send(file.body);
    },
  );

  app.post(
    "/api/stories/:id/lore/find",
    {
      schema: {
        summary: "Have Marin find characters and places in a story for its lorebook",
        security: SIGNED_IN,
        params: StoryParams,
        response: { 200: LoreFindAnswer },
      },
    },
    async (request): Promise<LoreFindAnswer> => {
      const user = requireUser(request);
      const story = await getOwnStoryOrThrow(request.db, parseStoryId(request.params.id), user.id);
      requirePremium(user, LORE_MESSAGES.plusOnly);
      return { proposals: await findCharactersAndPlaces(request.db, story) };
    },
  );
}
