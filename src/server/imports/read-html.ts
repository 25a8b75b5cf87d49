// Small pieces the import converters share: bytes as text, a document's body, text as HTML.
import render from "dom-serializer";
import { DomUtils, parseDocument } from "htmlparser2";
import { stripControlChars } from "../content/sanitize-content";

export function decodeText(bytes: Buffer): string {
  return stripControlChars(new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, ""));
}

/** The inner HTML of a document's body (or of the whole fragment when it has none). */
export function bodyOf(html: string, xml = false): string {
  return bodyOfDocument(parseDocument(html, { xmlMode: xml, decodeEntities: true }));
}

export function bodyOfDocument(document: ReturnType<typeof parseDocument>): string {
  const body = DomUtils.findOne((e) => e.name === "body", document.children, true);
  return render(body ? body.children : document.children, { encodeEntities: "utf8", decodeEntities: true });
}

export { escapeText } from "../html/escape";

export const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
