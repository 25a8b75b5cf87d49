// Issue 20 section 3: one uploaded file (.docx, .epub, .md, .html, .txt) as story HTML. Whatever the format, the
// result goes through the same sanitizer as typed text and carries no Marin provenance (generated-content wrappers
// are unwrapped): imported words are the writer's own. Chapters come from headings (h1/h2, or a paragraph that is
// only a chapter line such as 'Chapter 3: Storm'), made the editor's chapter headings (h2).
import { posix } from "node:path";
import render from "dom-serializer";
import { DomUtils, parseDocument } from "htmlparser2";
import MarkdownIt from "markdown-it";
import { chapterHeadingOf } from "../../shared/chapters";
import { proseToHtml } from "../../shared/prose";
import { AppError } from "../errors";
import { sanitizeContent, sanitizeImported, stripControlChars } from "../content/sanitize-content";
import { badFile, readZip } from "./safe-zip";
import { escapeText } from "../html/escape";

export type ImportKind = "docx" | "epub" | "md" | "html" | "txt";

const EXTENSIONS: Record<string, ImportKind> = {
  docx: "docx",
  epub: "epub",
  md: "md",
  markdown: "md",
  html: "html",
  htm: "html",
  xhtml: "html",
  txt: "txt",
  text: "txt",
};

export const IMPORT_TYPES_MESSAGE = "We can import .docx, .epub, .md, .html and .txt files.";

export function importKind(fileName: string): ImportKind {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const kind = extension ? EXTENSIONS[extension] : undefined;
  if (!kind)
    throw new AppError(415, "IMPORT_TYPE", `"${fileName}" is not a file we can import. ${IMPORT_TYPES_MESSAGE}`);
  return kind;
}

export interface ImportedText {
  title: string;
  /** Sanitized story HTML, chapters as h2. */
  html: string;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
// An encrypted Office file (and an old .doc) is an OLE compound file, not a zip.
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

function decodeText(bytes: Buffer): string {
  return stripControlChars(new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, ""));
}

/** The inner HTML of a document's body (or of the whole fragment when it has none). */
function bodyOf(html: string, xml = false): string {
  const document = parseDocument(html, { xmlMode: xml, decodeEntities: true });
  const body = DomUtils.findOne((e) => e.name === "body", document.children, true);
  return render(body ? body.children : document.children, { encodeEntities: "utf8", decodeEntities: true });
}

async function docxToHtml(name: string, bytes: Buffer): Promise<string> {
  if (bytes.subarray(0, 4).equals(OLE_MAGIC)) {
    throw badFile(
      name,
      "it is password-protected or an old Word (.doc) file. Save it as .docx without a password and try again.",
    );
  }
  if (!bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw badFile(name, "it is not a Word (.docx) document.");
  // NOTE: the zip is unpacked under the caps first; mammoth unpacks it again, now known to be small enough.
  const parts = await readZip(name, bytes, (entry) => entry === "word/document.xml" || entry === "[Content_Types].xml");
  if (!parts.has("word/document.xml")) throw badFile(name, "it is not a Word (.docx) document.");
  const mammoth = await import("mammoth");
  try {
    const result = await mammoth.default.convertToHtml({ buffer: bytes });
    return result.value;
  } catch {
    throw badFile(name, "the document is damaged.");
  }
}

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

async function epubToHtml(name: string, bytes: Buffer): Promise<{ title: string | null; html: string }> {
  if (!bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw badFile(name, "it is not an EPUB book.");
  const files = await readZip(name, bytes);
  const text = (path: string) => {
    const file = files.get(path);
    return file ? decodeText(file) : undefined;
  };
  const container = text("META-INF/container.xml");
  const opfPath = container
    ? DomUtils.findOne((e) => e.name === "rootfile", parseDocument(container, { xmlMode: true }).children, true)
        ?.attribs["full-path"]
    : undefined;
  const opf = opfPath ? text(opfPath) : undefined;
  if (!opfPath || !opf) throw badFile(name, "it is not an EPUB book (no package document).");
  const pkg = parseDocument(opf, { xmlMode: true });
  const all = (tag: string) => DomUtils.findAll((e) => e.name === tag || e.name.endsWith(`:${tag}`), pkg.children);
  const title = all("title")[0];
  const manifest = new Map(all("item").map((item) => [item.attribs.id, item.attribs] as const));
  const base = posix.dirname(opfPath);
  const chapters: string[] = [];
  for (const ref of all("itemref")) {
    if (ref.attribs.linear === "no") continue;
    const item = manifest.get(ref.attribs.idref);
    if (!item?.href || (item.properties ?? "").split(/\s+/).includes("nav")) continue;
    if (!/html/.test(item["media-type"] ?? "")) continue;
    let href: string;
    try {
      href = decodeURIComponent(item.href.split("#")[0]!);
    } catch {
      continue;
    }
    const page = text(posix.normalize(posix.join(base, href)));
    if (!page) continue;
    const document = parseDocument(page, { xmlMode: true, decodeEntities: true });
    // A cover, title page or contents page is the book's furniture, not its text.
    const furniture = DomUtils.findOne(
      (e) => /\b(cover|titlepage|toc|landmarks)\b/.test(e.attribs["epub:type"] ?? ""),
      document.children,
      true,
    );
    if (furniture) continue;
    let body = bodyOf(page, true);
    if (!/<h[12][\s>]/i.test(body)) {
      const pageTitle = DomUtils.textContent(
        DomUtils.findOne((e) => e.name === "title", document.children, true) ?? [],
      );
      body = `<h2>${escapeText(pageTitle.trim() || `Chapter ${chapters.length + 1}`)}</h2>${body}`;
    }
    chapters.push(body);
  }
  if (chapters.length === 0) throw badFile(name, "the book has no chapters we could read.");
  return { title: title ? DomUtils.textContent(title).trim() || null : null, html: chapters.join("") };
}

/** A story title the schema accepts (letters, numbers, spaces, basic punctuation; 50 characters), or a fallback. */
export function importTitle(candidate: string | null | undefined, fileName: string): string {
  const clean = (value: string) =>
    value
      .replace(/[^\p{L}\p{N} \-_.,'!?]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 50)
      .trim();
  return clean(candidate ?? "") || clean(fileName.replace(/\.[a-z]+$/i, "").replace(/[_]+/g, " ")) || "Imported story";
}

/**
 * The sanitized HTML's headings as the editor's: a lone h1 opening the document is the title (taken out), other h1s
 * become h2 chapter headings, and a paragraph that is only a chapter line ('Chapter 2', '**Chapter 3: Storm**')
 * becomes one too.
 */
function chapterHeadings(html: string): { title: string | null; html: string } {
  let title: string | null = null;
  let body = html;
  const h1s = body.match(/<h1[\s>]/g)?.length ?? 0;
  const lead = /^\s*<h1(?:\s[^>]*)?>([\s\S]*?)<\/h1>/.exec(body);
  if (h1s === 1 && lead) {
    title = DomUtils.textContent(parseDocument(lead[1]!).children).trim() || null;
    body = body.slice(lead[0].length);
  }
  body = body.replace(/<(\/?)h1\b/g, "<$1h2");
  body = body.replace(/<p(?:\s[^>]*)?>([^<]*|<(strong|b|em|i)>[^<]*<\/\2>)<\/p>/g, (paragraph, inner: string) => {
    const text = DomUtils.textContent(parseDocument(inner).children);
    const heading = chapterHeadingOf(text);
    return heading && !/^#/.test(text.trim()) ? `<h2>${escapeText(heading)}</h2>` : paragraph;
  });
  return { title, html: body };
}

export async function convertFile(fileName: string, bytes: Buffer): Promise<ImportedText> {
  const kind = importKind(fileName);
  let raw: string;
  let bookTitle: string | null = null;
  switch (kind) {
    case "docx":
      raw = await docxToHtml(fileName, bytes);
      break;
    case "epub": {
      const book = await epubToHtml(fileName, bytes);
      raw = book.html;
      bookTitle = book.title;
      break;
    }
    case "md":
      raw = markdown.render(decodeText(bytes));
      break;
    case "html":
      raw = bodyOf(decodeText(bytes));
      break;
    case "txt":
      raw = proseToHtml(decodeText(bytes));
      break;
  }
  const headed = chapterHeadings(sanitizeImported(raw));
  const html = sanitizeContent(headed.html);
  if (!/\S/.test(DomUtils.textContent(parseDocument(html).children))) {
    throw badFile(fileName, "we found no text in it.");
  }
  return { title: importTitle(bookTitle ?? headed.title, fileName), html };
}
