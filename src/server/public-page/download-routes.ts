// GET /s/{id}-{slug}/download.epub (issue 20 section 3): a published, general-rated story as an EPUB for any reader,
// signed in or not, no script needed. Built once and kept in the read cache beside the public page, dropped with it
// on every write that changes the story; mature stories, drafts and unknown ids are the app's 404 page.
// Issue 31: download.html (one self-contained file, cached as the EPUB is) and download.pdf (typeset on each request
// that its ETag does not answer, streamed, at most PDF_BUILDS_AT_ONCE at a time) under the same rules, from the same
// source.
import { type MembersOnly, membersOnly, sendMembersGate } from "./members-gate";
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
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
import type { EpubSource } from "../stories/export-epub";
import { publicStoryPath } from "../../shared/routes";
import { storyBook } from "../stories/story-book";
import { HTML_BOOK_TYPE, htmlBook } from "../stories/export-html-book";
import { PDF_LAYOUT_VERSION, PDF_TYPE, pdfStream } from "../stories/export-pdf";
import { attachmentDisposition } from "../stories/export-story";
import { bookTitle } from "../stories/story-book";

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

/** A work's downloads are made from this, and only for a work with a public page (published, general, not hidden). */
interface PublicBookSource {
  /** The public page's path; each download's is beside it. */
  base: string;
  source: EpubSource;
  membersOnly?: MembersOnly;
}

async function loadBookSource(db: Db, id: number): Promise<PublicBookSource | undefined> {
  const story = await loadPublicStory(db, id);
  if (!story) return undefined;
  const clean = story.sanitizedWith >= SANITIZER_VERSION ? story.content : sanitizeContent(story.content);
  const source: EpubSource = {
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
  };
  return {
    base: publicStoryPath(story.id, story.title),
    source,
    ...(story.audience === "members" ? { membersOnly: membersOnly(story) } : {}),
  };
}

const etagOf = (bytes: Buffer | string) => `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;

export async function buildPublicEpub(db: Db, storage: ImageStorage, id: number): Promise<PublicEpub | undefined> {
  const book = await loadBookSource(db, id);
  if (!book) return undefined;
  const { stream, disposition } = await storyEpub(db, storage, book.source);
  // NOTE: the cache keeps bytes, so the book is gathered here; it is the size of the story, compressed.
  const bytes = await collect(stream);
  return {
    path: storyEpubPath(book.source.id, book.source.title),
    etag: etagOf(bytes),
    bytes,
    disposition,
    ...(book.membersOnly ? { membersOnly: book.membersOnly } : {}),
  };
}

/** The HTML file, whole (the story's size, and the cover's in base64): kept in the read cache as the EPUB is. */
async function buildPublicHtml(db: Db, storage: ImageStorage, id: number): Promise<PublicEpub | undefined> {
  const book = await loadBookSource(db, id);
  if (!book) return undefined;
  const bytes = Buffer.from(htmlBook(await storyBook(db, storage, book.source)), "utf8");
  return {
    path: `${book.base}/download.html`,
    etag: etagOf(bytes),
    bytes,
    disposition: attachmentDisposition(bookTitle(book.source.title), "html"),
    ...(book.membersOnly ? { membersOnly: book.membersOnly } : {}),
  };
}

/** The PDF's source and its ETag (of everything the PDF is made from), kept so a 304 costs no typesetting. */
async function loadPdfSource(
  db: Db,
  id: number,
): Promise<(PublicBookSource & { path: string; etag: string }) | undefined> {
  const book = await loadBookSource(db, id);
  if (!book) return undefined;
  return {
    ...book,
    path: `${book.base}/download.pdf`,
    etag: etagOf(`${PDF_LAYOUT_VERSION}\n${JSON.stringify(book.source)}`),
  };
}

/**
 * Typesetting is CPU work (a 100,000-word PDF takes seconds): an instance sets at most this many at once, and answers
 * the next with 503 and Retry-After rather than queueing work it cannot finish soon (docs/decisions/0095).
 */
export const PDF_BUILDS_AT_ONCE = 2;
export const PDF_RETRY_AFTER_SECONDS = 10;
export const PDF_BUSY = "Too many PDFs are being made right now. Try again in a few seconds.";

type Cached = { path: string; etag: string; membersOnly?: MembersOnly };

/**
 * The rules every download shares: a ref that names no public work is the 404 page, another slug is a 301 to the
 * right one, a members-only work's download is the gate for visitors; then the caching headers and a 304 for a
 * matching ETag. Returns true when it has answered.
 */
async function answeredBeforeBody(
  request: FastifyRequest<{ Params: { ref: string } }>,
  reply: FastifyReply,
  file: Cached | undefined,
  name: string,
): Promise<boolean> {
  if (!file) {
    reply.callNotFound();
    return true;
  }
  const requested = `/s/${request.params.ref}/${name}`;
  if (requested !== file.path) {
    reply.redirect(encodeURI(file.path), 301);
    return true;
  }
  // A members-only work's book goes to members: a visitor gets the gate (a page, not the book).
  if (await sendMembersGate(request, reply, file.membersOnly)) return true;
  reply
    .header("cache-control", file.membersOnly ? "private, no-store" : PUBLIC_PAGE_CACHE_CONTROL)
    .header("etag", file.etag);
  if (file.membersOnly) reply.header("vary", "Cookie");
  if (request.headers["if-none-match"] === file.etag) {
    reply.status(304).send();
    return true;
  }
  return false;
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
    if (await answeredBeforeBody(request, reply, book, "download.epub")) return reply;
    return reply
      .header("content-type", EPUB_TYPE)
      .header("content-disposition", book!.disposition)
      .header("x-content-type-options", "nosniff")
      .send(book!.bytes);
  });

  app.get<{ Params: { ref: string } }>("/s/:ref/download.html", async (request, reply) => {
    const id = publicStoryId(request.params.ref);
    const file =
      id === undefined
        ? undefined
        : await app.readCache.remember(
            readCacheKey.story(id, "html"),
            () => buildPublicHtml(request.db, app.deps.imageStorage, id),
            (value) => value?.bytes.length ?? 0,
          );
    if (await answeredBeforeBody(request, reply, file, "download.html")) return reply;
    return (
      reply
        .header("content-type", HTML_BOOK_TYPE)
        .header("content-disposition", file!.disposition)
        .header("x-content-type-options", "nosniff")
        // Opened in place rather than saved, the file still runs nothing and loads nothing.
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
        .send(file!.bytes)
    );
  });

  let building = 0;
  app.get<{ Params: { ref: string } }>("/s/:ref/download.pdf", async (request, reply) => {
    const id = publicStoryId(request.params.ref);
    const source =
      id === undefined
        ? undefined
        : await app.readCache.remember(
            readCacheKey.story(id, "pdf-source"),
            () => loadPdfSource(request.db, id),
            (value) => value?.source.html.length ?? 0,
          );
    if (await answeredBeforeBody(request, reply, source, "download.pdf")) return reply;
    if (request.method === "HEAD") {
      // Fastify answers HEAD with the GET route: the headers are known without typesetting anything.
      return reply
        .header("content-type", PDF_TYPE)
        .header("content-disposition", attachmentDisposition(bookTitle(source!.source.title), "pdf"))
        .send();
    }
    if (building >= PDF_BUILDS_AT_ONCE) {
      return reply
        .code(503)
        .header("retry-after", String(PDF_RETRY_AFTER_SECONDS))
        .header("cache-control", "no-store")
        .type("text/plain; charset=utf-8")
        .send(PDF_BUSY);
    }
    building++;
    let released = false;
    const release = () => {
      if (!released) building--;
      released = true;
    };
    try {
      const book = await storyBook(request.db, app.deps.imageStorage, source!.source);
      const stream = pdfStream(book);
      stream.once("close", release);
      stream.once("error", (error) => request.log.error({ err: error }, "the PDF stopped"));
      return reply
        .header("content-type", PDF_TYPE)
        .header("content-disposition", attachmentDisposition(book.title, "pdf"))
        .header("x-content-type-options", "nosniff")
        .send(stream);
    } catch (error) {
      release();
      throw error;
    }
  });
}
