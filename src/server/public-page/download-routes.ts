// GET /s/{id}-{slug}/download.epub (issue 20 section 3): a published, general-rated story as an EPUB for any reader,
// signed in or not, no script needed. Built once and kept in the read cache beside the public page, dropped with it
// on every write that changes the story; mature stories, drafts and unknown ids are the app's 404 page.
import { type MembersOnly, membersOnly, sendMembersGate } from "./members-gate";
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { storyEpubPath } from "../../shared/chapters";
import type { Db } from "../db/client";
import type { ImageStorage } from "../images/storage/driver";
import { readCacheKey } from "../read-cache/read-cache";
import { EPUB_TYPE, storyEpub } from "../stories/export-epub";
import { SANITIZER_VERSION, sanitizeContent } from "../content/sanitize-content";
import { sceneBreaksAsDividers } from "../../shared/prose";
import { loadPublicStory } from "./query";
import { PUBLIC_PAGE_CACHE_CONTROL } from "../html/send-page";
import { publicStoryId } from "./routes";

interface PublicEpub {
  path: string;
  etag: string;
  bytes: Buffer;
  disposition: string;
  membersOnly?: MembersOnly;
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

export async function buildPublicEpub(db: Db, storage: ImageStorage, id: number): Promise<PublicEpub | undefined> {
  const story = await loadPublicStory(db, id);
  if (!story) return undefined;
  const clean = story.sanitizedWith >= SANITIZER_VERSION ? story.content : sanitizeContent(story.content);
  const { stream, disposition } = await storyEpub(db, storage, {
    id: story.id,
    title: story.title,
    description: story.description,
    author: story.authorName,
    coAuthors: story.coCreators.map((c) => c.username),
    contentRating: story.contentRating,
    tags: story.tags,
    html: sceneBreaksAsDividers(clean),
    coverImageId: story.cover?.id ?? null,
    wordCount: story.wordCount,
    aiWordCount: story.aiWordCount,
    aiLabel: story.aiLabel,
    modified: story.updatedAt,
  });
  // NOTE: the cache keeps bytes, so the book is gathered here; it is the size of the story, compressed.
  const bytes = await collect(stream);
  const etag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;
  return {
    path: storyEpubPath(story.id, story.title),
    etag,
    bytes,
    disposition,
    ...(story.audience === "members" ? { membersOnly: membersOnly(story) } : {}),
  };
}

export async function publicDownloadRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { ref: string } }>("/s/:ref/download.epub", async (request, reply) => {
    const id = publicStoryId(request.params.ref);
    const book =
      id === undefined
        ? undefined
        : await app.readCache.remember(
            readCacheKey.story(id, "epub"),
            () => buildPublicEpub(request.db, app.deps.imageStorage, id),
            (value) => value?.bytes.length ?? 0,
          );
    if (!book) {
      reply.callNotFound();
      return reply;
    }
    const requested = `/s/${request.params.ref}/download.epub`;
    if (requested !== book.path) return reply.redirect(encodeURI(book.path), 301);
    // A members-only work's book goes to members: a visitor gets the gate (a page, not the book).
    if (await sendMembersGate(request, reply, book.membersOnly)) return reply;
    reply
      .header("cache-control", book.membersOnly ? "private, no-store" : PUBLIC_PAGE_CACHE_CONTROL)
      .header("etag", book.etag);
    if (book.membersOnly) reply.header("vary", "Cookie");
    if (request.headers["if-none-match"] === book.etag) return reply.status(304).send();
    return reply
      .header("content-type", EPUB_TYPE)
      .header("content-disposition", book.disposition)
      .header("x-content-type-options", "nosniff")
      .send(book.bytes);
  });
}
