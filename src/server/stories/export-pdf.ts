// Issue 31 section 5: a work as a PDF, typeset by pdfkit in Literata (its TrueType files from an npm package, embedded
// as subsets): the cover, a title page, the contents (each entry a link to its chapter, and the chapters in the
// outline), then every chapter from a new page, a page number at the foot of every page after the cover. Streamed:
// pdfkit writes each page out when the next one starts, and the writer yields to the event loop as it goes, so a long
// work neither holds its pages in memory nor stalls the server while it is set.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type { Readable } from "node:stream";
import { DomUtils, parseDocument } from "htmlparser2";
import PDFDocument from "pdfkit";
import type { StoryBook } from "./story-book";

export const PDF_TYPE = "application/pdf";

// NOTE: domhandler's node types and guards, through htmlparser2 (domhandler is its dependency, not ours).
type ChildNode = ReturnType<typeof parseDocument>["children"][number];
type Element = Extract<ChildNode, { name: string; attribs: Record<string, string> }>;
const { isTag, isText } = DomUtils;
/** Bumped when the layout changes, so the download's ETag changes with it. */
export const PDF_LAYOUT_VERSION = 1;

type Face = "regular" | "italic" | "bold" | "boldItalic";
const FACES: Record<Face, string> = {
  regular: "400Regular/Literata_400Regular.ttf",
  italic: "400Regular_Italic/Literata_400Regular_Italic.ttf",
  bold: "700Bold/Literata_700Bold.ttf",
  boldItalic: "700Bold_Italic/Literata_700Bold_Italic.ttf",
};
let fontFiles: Record<Face, Buffer> | undefined;
/** The four faces' bytes, read once per process (about 1 MB). */
function fonts(): Record<Face, Buffer> {
  if (fontFiles) return fontFiles;
  const require = createRequire(import.meta.url);
  const read = (file: string) => readFileSync(require.resolve(`@expo-google-fonts/literata/${file}`));
  fontFiles = {
    regular: read(FACES.regular),
    italic: read(FACES.italic),
    bold: read(FACES.bold),
    boldItalic: read(FACES.boldItalic),
  };
  return fontFiles;
}

// A5, the size of a paperback: 420 × 595 points.
const PAGE = { width: 419.53, height: 595.28 };
const MARGIN = { top: 54, bottom: 60, left: 54, right: 54 };
const BODY_SIZE = 10.5;
const LINE_GAP = 3;
const PARAGRAPH_GAP = 6;
const INK = "#1f1d1a";
const QUIET = "#6b655c";
/** Yield to the event loop after this many milliseconds of typesetting; wait while more than HIGH_WATER bytes are unread. */
const SLICE_MS = 20;
const HIGH_WATER = 4 * 1024 * 1024;

interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
}

const faceOf = (run: Pick<Run, "bold" | "italic">): Face =>
  run.bold ? (run.italic ? "boldItalic" : "bold") : run.italic ? "italic" : "regular";

/** The inline runs of a block: its text with the emphasis each piece has; <br> as a line break. */
function inlineRuns(nodes: ChildNode[], style: Omit<Run, "text"> = NO_STYLE, runs: Run[] = []): Run[] {
  for (const node of nodes) {
    if (isText(node)) {
      const text = node.data.replace(/\s+/g, " ");
      if (text) runs.push({ ...style, text });
    } else if (isTag(node)) {
      if (node.name === "br") runs.push({ ...style, text: "\n" });
      else inlineRuns(node.children, { ...style, ...EMPHASIS[node.name] }, runs);
    }
  }
  return runs;
}
const NO_STYLE = { bold: false, italic: false, underline: false, strike: false };
const EMPHASIS: Record<string, Partial<Run>> = {
  strong: { bold: true },
  b: { bold: true },
  em: { italic: true },
  i: { italic: true },
  u: { underline: true },
  s: { strike: true },
};

const sameStyle = (a: Run, b: Run) =>
  a.bold === b.bold && a.italic === b.italic && a.underline === b.underline && a.strike === b.strike;

/** Neighbours of one style as one run; the block's outer spaces dropped, and the spaces next to a line break. */
function trimRuns(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const run of runs) {
    const last = out[out.length - 1];
    if (last && (sameStyle(last, run) || run.text === "\n")) last.text += run.text;
    else out.push({ ...run });
  }
  for (const run of out) run.text = run.text.replace(/ *\n */g, "\n").replace(/ {2,}/g, " ");
  while (out.length > 0 && !out[0]!.text.trimStart()) out.shift();
  while (out.length > 0 && !out[out.length - 1]!.text.trimEnd()) out.pop();
  if (out.length === 0) return out;
  out[0]!.text = out[0]!.text.trimStart();
  out[out.length - 1]!.text = out[out.length - 1]!.text.trimEnd();
  return out;
}

/** The chapter's HTML opens with its heading (splitChapters keeps it), set as the chapter's title. */
const LEADING_HEADING = /^\s*(?:<(?:section|div)\b[^>]*>\s*)*<h[123]\b/;
/**
 * A run longer than this is set in pieces of this length, so one huge paragraph (a 2 MB story can be one) yields to
 * the event loop while it is set instead of holding it.
 */
const PIECE = 4096;
function inPieces(runs: Run[]): Run[] {
  if (runs.every((run) => run.text.length <= PIECE)) return runs;
  return runs.flatMap((run) => {
    const out: Run[] = [];
    let at = 0;
    while (at < run.text.length) {
      // Cut after a space where there is one, so no word is split between two pieces.
      const space = run.text.lastIndexOf(" ", at + PIECE);
      const end = run.text.length - at <= PIECE ? run.text.length : space > at ? space + 1 : at + PIECE;
      out.push({ ...run, text: run.text.slice(at, end) });
      at = end;
    }
    return out;
  });
}

const ALIGN = /text-align:\s*(left|center|right|justify)/;
const alignOf = (node: Element) =>
  (ALIGN.exec(node.attribs.style ?? "")?.[1] ?? "left") as PDFKit.Mixins.TextOptions["align"];

class BookWriter {
  private sliceStart = performance.now();
  private pageNumber = 0;
  private numbering = false;
  /** The next heading is the chapter's own, the first thing in it. */
  private headingIsTitle = false;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly book: StoryBook,
  ) {
    const files = fonts();
    for (const face of Object.keys(files) as Face[]) doc.registerFont(face, files[face]);
    doc.on("pageAdded", () => this.onPage());
  }

  /** The page's number at its foot (the cover has none), written before the page's text. */
  private onPage(): void {
    this.pageNumber++;
    if (!this.numbering) {
      this.doc.fillColor(INK);
      return;
    }
    const doc = this.doc;
    const state = doc as unknown as { _font: unknown; _fontSize: number };
    const [font, size, x, y] = [state._font, state._fontSize, doc.x, doc.y];
    const bottom = doc.page.margins.bottom;
    // NOTE: text below the bottom margin would start a page of its own: the margin is lifted while it is drawn.
    doc.page.margins.bottom = 0;
    doc
      .font("regular")
      .fontSize(8.5)
      .fillColor(QUIET)
      .text(String(this.pageNumber), 0, PAGE.height - MARGIN.bottom / 2 - 6, {
        width: PAGE.width,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
    state._font = font;
    state._fontSize = size;
    doc.fillColor(INK);
    doc.x = x;
    doc.y = y;
  }

  /** Yields to the event loop once a slice of SLICE_MS is used, and waits while the stream's reader is behind. */
  private async breathe(): Promise<void> {
    if (this.doc.destroyed) throw new Error("the PDF's reader went away");
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    do await new Promise((resolve) => setImmediate(resolve));
    while (this.doc.readableLength > HIGH_WATER && !this.doc.destroyed);
    if (this.doc.destroyed) throw new Error("the PDF's reader went away");
    this.sliceStart = performance.now();
  }

  async write(): Promise<void> {
    const { doc, book } = this;
    if (book.cover) this.coverPage(book.cover);
    this.numbering = true;
    this.titlePage();
    this.contents();
    for (const [i, chapter] of book.chapters.entries()) {
      doc.addPage();
      doc.addNamedDestination(`chapter-${i + 1}`);
      doc.outline.addItem(chapter.title);
      this.headingIsTitle = LEADING_HEADING.test(chapter.html);
      if (!this.headingIsTitle) this.chapterTitle(chapter.title);
      await this.blocksOf(parseDocument(chapter.html).children, 0);
    }
    doc.end();
  }

  private chapterTitle(title: string): void {
    const doc = this.doc;
    doc.moveDown(2);
    doc.font("bold").fontSize(17).text(title, MARGIN.left, doc.y, { align: "center", lineGap: 2 });
    doc.moveDown(1.5);
    doc.font("regular").fontSize(BODY_SIZE);
  }

  private coverPage(cover: { bytes: Buffer; mediaType: string }): void {
    if (cover.mediaType !== "image/jpeg" && cover.mediaType !== "image/png") return;
    this.doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
    this.doc.image(cover.bytes, 0, 0, { fit: [PAGE.width, PAGE.height], align: "center", valign: "center" });
  }

  private titlePage(): void {
    const { doc, book } = this;
    doc.addPage();
    doc.moveDown(6);
    doc.font("bold").fontSize(24).text(book.title, { align: "center", lineGap: 4 });
    doc.moveDown(0.8);
    doc
      .font("italic")
      .fontSize(13)
      .text(`by ${book.authors.join(", ")}`, { align: "center" });
    doc.moveDown(2);
    doc.font("regular").fontSize(9.5).fillColor(QUIET);
    const lines = [
      book.rating ? `Rating: ${book.rating}` : null,
      book.tags.length > 0 ? `Tags: ${book.tags.join(", ")}` : null,
      book.provenance,
      book.ai.badge,
    ];
    for (const line of lines) if (line) doc.text(line, { align: "center", lineGap: 2, paragraphGap: 4 });
    if (book.description) {
      doc.moveDown(1.5);
      doc.font("italic").fontSize(10.5).fillColor(INK).text(book.description, { align: "center", lineGap: 2 });
    }
    doc.fillColor(INK);
  }

  /** Each chapter's title, a link to its first page. */
  private contents(): void {
    const { doc, book } = this;
    doc.addPage();
    doc.moveDown(2);
    doc.font("bold").fontSize(17).text("Contents", { align: "center" });
    doc.moveDown(1.5);
    doc.font("regular").fontSize(BODY_SIZE);
    book.chapters.forEach((chapter, i) => {
      doc.text(`${i + 1}.  ${chapter.title}`, { goTo: `chapter-${i + 1}`, lineGap: LINE_GAP, paragraphGap: 4 });
    });
  }

  private async blocksOf(nodes: ChildNode[], indent: number): Promise<void> {
    let inline: ChildNode[] = [];
    const flush = async () => {
      if (inline.length > 0) await this.paragraph(inlineRuns(inline), indent, "left");
      inline = [];
    };
    for (const node of nodes) {
      if (!isTag(node)) {
        if (isText(node)) inline.push(node);
        continue;
      }
      if (EMPHASIS[node.name] || node.name === "br") {
        inline.push(node);
        continue;
      }
      await flush();
      await this.breathe();
      switch (node.name) {
        case "p":
          await this.paragraph(inlineRuns(node.children), indent, alignOf(node));
          break;
        case "h1":
        case "h2":
        case "h3":
          this.heading(inlineRuns(node.children, { ...NO_STYLE, bold: true }), indent, alignOf(node));
          break;
        case "hr":
          this.sceneBreak();
          break;
        case "blockquote":
          await this.blocksOf(node.children, indent + 18);
          break;
        case "ul":
        case "ol":
          await this.list(node, indent);
          break;
        default:
          await this.blocksOf(node.children, indent);
      }
    }
    await flush();
  }

  private async list(node: Element, indent: number): Promise<void> {
    let n = 0;
    for (const item of node.children) {
      if (!isTag(item) || item.name !== "li") continue;
      n++;
      const marker = node.name === "ol" ? `${n}.` : "•";
      const blocks = item.children.some((c) => isTag(c) && !EMPHASIS[c.name] && c.name !== "br");
      const runs = blocks ? [] : inlineRuns(item.children);
      await this.paragraph([{ ...NO_STYLE, text: `${marker} ` }, ...runs], indent + 12, "left");
      if (blocks) await this.blocksOf(item.children, indent + 24);
    }
  }

  private async paragraph(raw: Run[], indent: number, align: PDFKit.Mixins.TextOptions["align"]): Promise<void> {
    const whole = trimRuns(raw);
    const runs = inPieces(whole);
    const pieces = runs.length > whole.length;
    if (runs.length === 0) return;
    this.headingIsTitle = false;
    const doc = this.doc;
    const x = MARGIN.left + indent;
    const width = PAGE.width - MARGIN.right - x;
    doc.fontSize(BODY_SIZE);
    for (const [i, run] of runs.entries()) {
      if (pieces && i > 0) await this.breathe();
      const last = i === runs.length - 1;
      doc.font(faceOf(run));
      const options = {
        continued: !last,
        underline: run.underline,
        strike: run.strike,
        lineGap: LINE_GAP,
        paragraphGap: PARAGRAPH_GAP,
        align,
      };
      if (i === 0) doc.text(run.text, x, doc.y, { ...options, width });
      else doc.text(run.text, options);
    }
    doc.x = MARGIN.left;
  }

  private heading(runs: Run[], indent: number, align: PDFKit.Mixins.TextOptions["align"]): void {
    const text = trimRuns(runs)
      .map((run) => run.text)
      .join("");
    if (this.headingIsTitle) {
      this.headingIsTitle = false;
      if (text) {
        this.chapterTitle(text);
        return;
      }
    }
    this.doc.moveDown(0.5).fontSize(12.5);
    if (text) this.doc.font("bold").text(text, MARGIN.left + indent, this.doc.y, { align, paragraphGap: 6 });
    this.doc.x = MARGIN.left;
    this.doc.fontSize(BODY_SIZE);
  }

  private sceneBreak(): void {
    const doc = this.doc;
    doc.moveDown(0.4);
    doc.font("regular").fontSize(BODY_SIZE).fillColor(QUIET);
    doc.text("*   *   *", MARGIN.left, doc.y, { width: PAGE.width - MARGIN.left - MARGIN.right, align: "center" });
    doc.fillColor(INK).moveDown(0.6);
  }
}

/** The PDF's metadata: the work's title, creators, description, and its tags with its AI label as keywords. */
function documentInfo(book: StoryBook): PDFKit.DocumentInfo & Record<string, string | Date> {
  return {
    Title: book.title,
    Author: book.authors.join(", "),
    ...(book.description ? { Subject: book.description } : {}),
    Keywords: [...book.tags, `ai-label:${book.ai.label}`].join(", "),
    // NOTE: the EPUB's ficforge:ai-label; also a key of its own for tools that read the Info dictionary.
    AILabel: book.ai.label,
    Creator: "FicForge",
    Producer: "FicForge (pdfkit)",
    CreationDate: book.modified,
    ModDate: book.modified,
  };
}

/**
 * The work as a PDF stream. The pages are set as the stream is read; an error (or the reader going away) destroys it.
 */
export function pdfStream(book: StoryBook): Readable {
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margins: MARGIN,
    autoFirstPage: false,
    bufferPages: false,
    displayTitle: true,
    lang: "en",
    info: documentInfo(book),
  });
  // NOTE: started on the next turn, so the caller has piped the stream before the first bytes are pushed.
  setImmediate(() => {
    new BookWriter(doc, book).write().catch((error: unknown) => {
      if (!doc.destroyed) doc.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  return doc;
}
