// Issue 31: a server-rendered page as one reader asked to read it. The cached page is the same for everyone; a
// request whose reader cookie says otherwise gets those bytes with the choices written on <html> (data-font,
// data-size, data-width, data-spacing, data-theme, data-hide-tags), which the pages' one stylesheet reads
// (reader-css.ts): no script, and no flash of the wrong theme. 'system' writes nothing: the stylesheet follows
// prefers-color-scheme by itself.
import { createHash } from "node:crypto";
import { DEFAULT_READER_SETTINGS, encodeReaderCookie, type ReaderSettings } from "../../shared/schemas/reader-settings";
import { compressBody } from "../http/compress";
import type { PublicPage } from "./send-page";

/** ` data-theme="sepia" data-size="5"`: the attributes for what differs from the defaults ("" for nothing). */
export function readerAttributes(settings: ReaderSettings): string {
  const d = DEFAULT_READER_SETTINGS;
  return [
    settings.font !== d.font ? ` data-font="${settings.font}"` : "",
    settings.size !== d.size ? ` data-size="${settings.size}"` : "",
    settings.width !== d.width ? ` data-width="${settings.width}"` : "",
    settings.spacing !== d.spacing ? ` data-spacing="${settings.spacing}"` : "",
    settings.theme !== d.theme ? ` data-theme="${settings.theme}"` : "",
    settings.hideTags ? " data-hide-tags" : "",
  ].join("");
}

/** Looked for near the top only: the document's own <html>, never something in the text below it. */
const HTML_TAG = /<html(?=[\s>])/;
const HEAD_CHARS = 256;

/** `html` with the reader's attributes on its <html> element (unchanged when there is none to write). */
export function withReaderSettings(html: string, settings: ReaderSettings | null): string {
  const attributes = settings ? readerAttributes(settings) : "";
  if (!attributes) return html;
  const match = HTML_TAG.exec(html.slice(0, HEAD_CHARS));
  if (!match) return html;
  const at = match.index + "<html".length;
  return html.slice(0, at) + attributes + html.slice(at);
}

/**
 * Pages drawn for a reader's settings, keyed by the shared page's ETag and the settings: a page that changes gets a new
 * ETag, so nothing here can go stale, and entries nobody asks for leave first. Bounded by bytes.
 */
// NOTE: half the read cache's bound; an entry may take half of it, so the longest story (~1.9 MB of HTML, ~3 MB with
// its codings) is kept too and a reader of it pays the compression once (bench/reader-variant.ts).
const MAX_BYTES = 16 * 1024 * 1024;
const variants = new Map<string, PublicPage>();
let heldBytes = 0;

const sizeOf = (page: PublicPage) => page.identity.length + page.encoded.br.length + page.encoded.gzip.length;

/** `page` for a reader with `settings`, or `page` itself when they read with the defaults. */
export function pageForReader(page: PublicPage, settings: ReaderSettings | null): PublicPage {
  if (!settings || readerAttributes(settings) === "") return page;
  const code = encodeReaderCookie(settings);
  const key = `${page.etag}|${code}`;
  const held = variants.get(key);
  if (held) {
    // NOTE: re-inserted, so the Map's order is least recently used first.
    variants.delete(key);
    variants.set(key, held);
    return held;
  }
  const identity = Buffer.from(withReaderSettings(page.identity.toString("utf8"), settings), "utf8");
  const variant: PublicPage = {
    ...page,
    etag: `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
    identity,
    encoded: { br: compressBody(identity, "br"), gzip: compressBody(identity, "gzip") },
  };
  const bytes = sizeOf(variant);
  if (bytes > MAX_BYTES / 2) return variant;
  variants.set(key, variant);
  heldBytes += bytes;
  for (const [oldest, old] of variants) {
    if (heldBytes <= MAX_BYTES) break;
    variants.delete(oldest);
    heldBytes -= sizeOf(old);
  }
  return variant;
}

/** Entries and bytes held (tests). */
export const readerVariantStats = () => ({ entries: variants.size, bytes: heldBytes });
