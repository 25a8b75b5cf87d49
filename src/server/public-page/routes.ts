// GET /s/{id}-{slug}: a published, general-rated story's public page, rendered here as HTML with no script.
// Mature and unpublished stories (and unknown ids) get the app's own 404 page; a wrong slug a 301 to the right one.
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { publicChapterPath, storyEpubPath, storyFeedPath } from "../../shared/chapters";
import { publicStoryPath } from "../../shared/schemas/reading";
import { lastChapterAt } from "../chapters/present";
import { loadChapters } from "../chapters/sync-chapters";
import type { Db } from "../db/client";
import { type Encoding, negotiateEncoding } from "../http/encoding";
import { imageUrl } from "../images/process-image";
import { countRead } from "../reading-stats/read-counter";
import { aiShareOf, countStoryWords } from "../stories/story-text";
import { toLabels } from "../tags/story-labels";
import { renderTagging } from "../tags/tag-html";
import { varyOnCookie } from "../community/author-follow";
import { publicBody } from "./content";
import { loadPublicStory } from "./query";
import { sendSignedInStoryPage } from "./signed-in-slot";
import { PAGE_CSP, renderPublicPage } from "./template";

export const WORDS_PER_MINUTE = 230;
/** Short: an edit shows within a minute even where the read cache cannot reach (browsers, shared caches). */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=60";

const MAX_ID = 2_147_483_647;

/** A rendered page, ready to send: its canonical path, bytes in each coding and ETag. Independent of the viewer. */
export interface PublicPage {
  path: string;
  etag: string;
  identity: Buffer;
  encoded: Record<Encoding, Buffer>;
}

/** The story id in a /s/ path segment (`12-some-title` or `12`), or undefined. */
export function publicStoryId(ref: string): number | undefined {
  const match = /^(\d{1,10})(?:-|$)/.exec(ref);
  const id = match ? Number(match[1]) : Number.NaN;
  return id >= 1 && id <= MAX_ID ? id : undefined;
}

/**
 * Renders story `id`'s public page, or undefined when it has none (missing, unpublished or mature). The read cache
 * can keep the answer under the story's key: it depends on nothing but the story and APP_URL.
 */
export async function buildPublicPage(db: Db, appUrl: string, id: number): Promise<PublicPage | undefined> {
  const story = await loadPublicStory(db, id);
  if (!story) return undefined;
  const path = publicStoryPath(story.id, story.title);
  const body = publicBody(story.content, story.sanitizedWith);
  const counts =
    story.wordCount === null || story.aiWordCount === null
      ? countStoryWords(body.html)
      : { wordCount: story.wordCount, aiWordCount: story.aiWordCount };
  const cover = story.cover && {
    url: imageUrl(story.cover.id)!,
    thumbUrl: imageUrl(story.cover.id, "thumb")!,
    width: story.cover.width,
    height: story.cover.height,
  };
  const html = renderPublicPage({
    id: story.id,
    title: story.title,
    description: story.description,
    authorName: story.authorName,
    canonicalUrl: appUrl + encodeURI(path),
    appUrl,
    cover,
    wordCount: counts.wordCount,
    readingMinutes: Math.max(1, Math.round(counts.wordCount / WORDS_PER_MINUTE)),
    aiPercent: Math.round(aiShareOf(counts) * 100),
    chapters: body.chapters,
    bodyHtml: body.html,
    publishedAt: story.publishedAt,
    taggingHtml: renderTagging({ ...story, ...toLabels(story.labels) }),
    lastChapterAt: lastChapterAt(await loadChapters(db, id)),
    firstChapterPath: publicChapterPath(story.id, story.title, 1),
    feedPath: storyFeedPath(story.id, story.title),
    downloadPath: storyEpubPath(story.id, story.title),
  });
  return packPage(path, html);
}

/** A page's bytes in each coding, with its ETag, for `path` (the canonical one). */
export function packPage(path: string, html: string): PublicPage {
  const identity = Buffer.from(html, "utf8");
  return {
    path,
    // NOTE: weak: the br, gzip and identity forms share it (a strong ETag would have to differ between them).
    etag: `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
    identity,
    encoded: {
      // NOTE: quality 5 compresses a long story in a few milliseconds, most of what 11 would give.
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip: gzipSync(identity, { level: 6 }),
    },
  };
}

/** Bytes a page holds in the read cache. */
export const pageSize = (page: PublicPage | undefined) =>
  page ? page.identity.length + page.encoded.br.length + page.encoded.gzip.length : 0;

const matchesEtag = (header: string | undefined, etag: string) =>
  header?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag.replace(/^W\//, "")) ?? false;

/**
 * Answers a request for `requested` (/s/{ref}, /u/{name}) with `page`: 404 without one, 301 when `requested` is not
 * its canonical path, 304 on a matching If-None-Match, else the page in the best coding the client accepts.
 */
export function sendPublicPage(
  request: FastifyRequest,
  reply: FastifyReply,
  requested: string,
  page: PublicPage | undefined,
  contentType = "text/html; charset=utf-8",
): FastifyReply {
  if (!page) {
    reply.callNotFound();
    return reply;
  }
  if (requested !== page.path) {
    return reply.header("cache-control", PUBLIC_PAGE_CACHE_CONTROL).redirect(encodeURI(page.path), 301);
  }
  reply
    .header("content-security-policy", PAGE_CSP)
    .header("cache-control", PUBLIC_PAGE_CACHE_CONTROL)
    .header("etag", page.etag)
    .header("vary", "Accept-Encoding");
  if (matchesEtag(request.headers["if-none-match"], page.etag)) return reply.status(304).send();
  const encoding = negotiateEncoding(request.headers["accept-encoding"], ["br", "gzip"]);
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.type(contentType).send(encoding === "identity" ? page.identity : page.encoded[encoding]);
}

export async function publicPageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { ref: string } }>("/s/:ref", { onSend: varyOnCookie }, async (request, reply) => {
    const id = publicStoryId(request.params.ref);
    if (id === undefined) {
      reply.callNotFound();
      return reply;
    }
    // Kept with the story's read view in the read cache, dropped with it on every write that changes the story.
    const page = await app.readCache.remember(
      `page:${id}`,
      () => buildPublicPage(request.db, app.deps.config.APP_URL, id),
      pageSize,
    );
    if (page?.path === `/s/${request.params.ref}`) {
      countRead({ storyId: id, request });
      if (await sendSignedInStoryPage(request, reply, page, id)) return reply;
    }
    return sendPublicPage(request, reply, `/s/${request.params.ref}`, page);
  });
}
