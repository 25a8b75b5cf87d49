// POST /api/imports (issue 20 section 3): one or more files (multipart, 20 MB in all), each made a new private draft
// of the writer's; answers the drafts' ids. Every file is read and converted before anything is saved, so a bad file
// saves nothing and its 4xx names it. Ten imports an hour per writer. The files are converted in a worker thread
// with a heap of its own (convert-files.ts), so no file, however crafted, can exhaust the server's memory.
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { IMPORT_MAX_BYTES, IMPORT_MAX_FILES, ImportResult } from "../../shared/schemas/imports";
import { SIGNED_IN } from "../http/api-doc";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { StoryCreate } from "../../shared/schemas/story";
import { createThrottle } from "../accounts/throttle";
import { requireUser, requireUserHook } from "../accounts/guards";
import { AppError } from "../errors";
import { createStory } from "../stories/create-story";
import { convertFiles, type Upload } from "./convert-files";
import { importKind } from "./import-kind";
import { recordImportVersion } from "../stories/record-version";

export const IMPORTS_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;
const TOO_LARGE = `Your files are too large to import together. The limit is ${IMPORT_MAX_BYTES / 1024 / 1024} MB in all.`;
const NO_FILES = "Choose one or more files to import.";

async function readUploads(request: FastifyRequest): Promise<Upload[]> {
  if (!request.isMultipart()) throw new AppError(400, "IMPORT_NO_FILES", NO_FILES);
  const uploads: Upload[] = [];
  let total = 0;
  try {
    for await (const part of request.files()) {
      const bytes = await part.toBuffer();
      total += bytes.length;
      if (total > IMPORT_MAX_BYTES) throw new AppError(413, "IMPORT_TOO_LARGE", TOO_LARGE);
      uploads.push({ name: part.filename || "Untitled", bytes });
      importKind(part.filename || "Untitled"); // a 415 before the worker starts
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError(413, "IMPORT_TOO_LARGE", TOO_LARGE);
    if (code === "FST_FILES_LIMIT") {
      throw new AppError(413, "IMPORT_TOO_MANY", `You can import at most ${IMPORT_MAX_FILES} files at once.`);
    }
    throw new AppError(400, "IMPORT_NO_FILES", NO_FILES);
  }
  if (uploads.length === 0) throw new AppError(400, "IMPORT_NO_FILES", NO_FILES);
  return uploads;
}

export async function importRoutes(root: FastifyInstance): Promise<void> {
  // NOTE: in this plugin's scope only, with the import's own limits (images/routes.ts keeps the cover's).
  await root.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: IMPORT_MAX_FILES, fields: 0, parts: IMPORT_MAX_FILES },
  });

  const importSchema = {
    summary: "Import files (.docx, .epub, .md, .html, .txt) as new private drafts",
    security: SIGNED_IN,
    consumes: ["multipart/form-data"],
    response: { 201: ImportResult },
    "x-rate-limit": `${IMPORTS_PER_HOUR} imports per hour per account`,
  };
  root
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/api/imports",
      { onRequest: requireUserHook, bodyLimit: IMPORT_MAX_BYTES + 1024 * 1024, schema: importSchema },
      async (request, reply) => {
        const user = requireUser(request);
        const now = root.deps.now();
        const throttle = createThrottle(request.db, "import", IMPORTS_PER_HOUR, HOUR_MS, () => now);
        if (!(await throttle.take(String(user.id)))) {
          throw new AppError(
            429,
            "TOO_MANY_IMPORTS",
            `You can import at most ${IMPORTS_PER_HOUR} times an hour. Please try again later.`,
          );
        }
        const converted = await convertFiles(await readUploads(request));
        const ids = await request.db.transaction(async (tx) => {
          const created: number[] = [];
          for (const text of converted) {
            const input = StoryCreate.parse({ title: text.title, content: text.html });
            const story = await createStory(tx, root.deps.imageStorage, user, input, now);
            await recordImportVersion(tx, story, now);
            created.push(story.id);
          }
          return created;
        });
        // The drafts are new text: like any save, they reach story memory (a premium writer's) and whatever listens.
        for (const storyId of ids) {
          await root.deps.events.emit("story.saved", { storyId, author: user, published: false, textChanged: true });
        }
        return reply.status(201).send({ ids });
      },
    );
}
