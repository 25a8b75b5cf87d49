// Covers: upload as a multipart file (POST /api/images), serve with immutable caching (GET /api/images/{id}) from the
// image storage (decision 0036), or from the row for images not yet moved out of the database.
import multipart from "@fastify/multipart";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { COVER_UPLOAD_MAX_BYTES } from "../../shared/limits";
import { ImageParams, ImageQuery, UploadedImage } from "../../shared/schemas/images";
import { requireUser, requireUserHook } from "../accounts/guards";
import { images } from "../db/schema";
import { AppError, notFound } from "../errors";
import { file, NoContent, PUBLIC, SIGNED_IN } from "../http/api-doc";
import { IMAGE_BAD_TYPE, IMAGE_TOO_LARGE, imageUrl, processImage } from "./process-image";
import { StorageUnavailableError } from "./storage/driver";
import { fullObject, IMAGE_STORAGE_DOWN_SERVE, storeImage, thumbObject } from "./store-image";
import { takeUploadOrThrow, UPLOADS_PER_HOUR } from "./upload-throttle";

export const IMMUTABLE = "public, max-age=31536000, immutable";
const IMAGE_ID = /^[0-9a-f]{32}$/;

export async function imageRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // NOTE: registered in this plugin's scope only; the rest of the API keeps taking JSON alone.
  await app.register(multipart, { limits: { fileSize: COVER_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 } });

  const uploadSchema = {
    summary: "Upload a cover image (multipart, one file)",
    security: SIGNED_IN,
    consumes: ["multipart/form-data"],
    response: { 201: UploadedImage },
    "x-rate-limit": `${UPLOADS_PER_HOUR} uploads per hour per account`,
  };
  app.post("/api/images", { onRequest: requireUserHook, schema: uploadSchema }, async (request, reply) => {
    const user = requireUser(request);
    // NOTE: counted before the file is read, so a user over the allowance costs no decoding.
    await takeUploadOrThrow(request.db, user.id, root.deps.now());
    const image = await processImage(await readUploadedFile(request));
    const id = await storeImage(request.db, root.deps.imageStorage, image, user.id);
    return reply.status(201).send({ id, url: imageUrl(id), thumbnailUrl: imageUrl(id, "thumb") });
  });

  const imageSchema = {
    summary: "An image or its thumbnail (cached for good: the id is the hash of the bytes)",
    security: PUBLIC,
    params: ImageParams,
    querystring: ImageQuery,
    response: { 200: file("image/jpeg", "image/png", "image/webp"), 304: NoContent },
  };
  app.get("/api/images/:id", { schema: imageSchema }, async (request, reply) => {
    const { id } = request.params;
    if (!IMAGE_ID.test(id)) throw notFound("Image not found");
    const thumb = request.query.size === "thumb";
    // Ids are content hashes, so the id (and size) is a strong validator of the bytes.
    const etag = `"${id}${thumb ? "-thumb" : ""}"`;
    // NOTE: a revalidation needs neither the database nor the storage: the id is the hash of the bytes.
    // NOTE: the bytes are sent as they are (a Buffer or a stream); the document's `file()` types them as text.
    if (matchesEtag(request.headers["if-none-match"], etag)) {
      return reply.status(304).header("cache-control", IMMUTABLE).header("etag", etag).send(null);
    }
    const [row] = await request.db
      .select({
        mimeType: images.mimeType,
        storageKey: images.storageKey,
        // NOTE: the bytea columns are read only for rows not yet moved out (npm run images:migrate).
        bytes: sql<Buffer | null>`case when ${images.storageKey} is null then ${thumb ? images.thumbnail : images.data} end`,
      })
      .from(images)
      .where(eq(images.id, id))
      .limit(1);
    if (!row) throw notFound("Image not found");
    // NOTE: thumbnails are always JPEG; the full image keeps the type it was re-encoded to.
    const type = thumb ? "image/jpeg" : row.mimeType;
    if (row.storageKey === null) {
      if (!row.bytes) throw notFound("Image not found");
      return reply
        .header("cache-control", IMMUTABLE)
        .header("etag", etag)
        .header("content-type", type)
        .send(row.bytes as unknown as string);
    }
    let object: Awaited<ReturnType<typeof root.deps.imageStorage.stream>>;
    try {
      object = await root.deps.imageStorage.stream((thumb ? thumbObject : fullObject)(row.storageKey));
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error;
      request.log.warn({ err: error }, "image storage unavailable");
      // NOTE: not cached by the browser or a proxy, so the cover comes back as soon as the storage does.
      reply.header("cache-control", "no-store").header("retry-after", "30");
      throw new AppError(503, "IMAGE_STORAGE_UNAVAILABLE", IMAGE_STORAGE_DOWN_SERVE);
    }
    if (!object) throw notFound("Image not found");
    return reply
      .header("cache-control", IMMUTABLE)
      .header("etag", etag)
      .header("content-type", type)
      .header("content-length", object.size)
      .send(object.body as unknown as string);
  });
}

async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(400, "IMAGE_TYPE", IMAGE_BAD_TYPE);
  try {
    const file = await request.file();
    if (!file) throw new AppError(400, "IMAGE_TYPE", IMAGE_BAD_TYPE);
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError(413, "IMAGE_TOO_LARGE", IMAGE_TOO_LARGE);
    }
    throw new AppError(400, "IMAGE_TYPE", IMAGE_BAD_TYPE);
  }
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
