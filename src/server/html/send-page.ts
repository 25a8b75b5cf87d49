// A server-rendered public page, packed once in every coding and sent with its ETag: the story, chapter, author and
// tag pages share it (and the read cache keeps what it packs).
import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { compressBody } from "../http/compress";
import { type Encoding, negotiateEncoding } from "../http/encoding";
import { readerCookieOf } from "../http/reader-cookie";
import { pageForReader } from "./reader-variant";
import { PAGE_CSP } from "./site";

/** Short: an edit shows within a minute even where the read cache cannot reach (browsers, shared caches). */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=60";

/** A page drawn for one reader's settings: their browser may keep it a minute, no shared cache may. */
export const READER_PAGE_CACHE_CONTROL = "private, max-age=60";
const HTML_TYPE = "text/html; charset=utf-8";

/** A rendered page, ready to send: its canonical path, bytes in each coding and ETag. Independent of the viewer. */
export interface PublicPage {
  path: string;
  etag: string;
  identity: Buffer;
  encoded: Record<Encoding, Buffer>;
  /** A members-only work's page: what its gate names for signed-out visitors (public-page/members-gate.ts). */
  membersOnly?: { title: string; author: string; path: string };
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
      br: compressBody(identity, "br"),
      gzip: compressBody(identity, "gzip"),
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
 * its canonical path, 304 on a matching If-None-Match, else the page in the best coding the client accepts. An HTML
 * page is drawn with the reader's settings (issue 31, reader-variant.ts): it varies on the cookie, and a page drawn
 * for one reader's settings is theirs alone (`private`), so no shared cache hands one reader's theme to another.
 */
export function sendPublicPage(
  request: FastifyRequest,
  reply: FastifyReply,
  requested: string,
  shared: PublicPage | undefined,
  contentType = HTML_TYPE,
): FastifyReply {
  if (!shared) {
    reply.callNotFound();
    return reply;
  }
  if (requested !== shared.path) {
    return reply.header("cache-control", PUBLIC_PAGE_CACHE_CONTROL).redirect(encodeURI(shared.path), 301);
  }
  const html = contentType === HTML_TYPE;
  const page = html ? pageForReader(shared, readerCookieOf(request)) : shared;
  reply
    .header("content-security-policy", PAGE_CSP)
    .header("cache-control", page === shared ? PUBLIC_PAGE_CACHE_CONTROL : READER_PAGE_CACHE_CONTROL)
    .header("etag", page.etag)
    .header("vary", html ? "Accept-Encoding, Cookie" : "Accept-Encoding");
  if (matchesEtag(request.headers["if-none-match"], page.etag)) return reply.status(304).send();
  const encoding = negotiateEncoding(request.headers["accept-encoding"], ["br", "gzip"]);
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.type(contentType).send(encoding === "identity" ? page.identity : page.encoded[encoding]);
}

/** The page differs for signed-in viewers: a browser must not answer one from the other's copy. */
export function varyOnCookie(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (e: null, p: unknown) => void,
) {
  reply.header("vary", "Accept-Encoding, Cookie");
  done(null, payload);
}
