// An EPUB 3 writer (issue 18's data export; issue 20 reuses it): the book is streamed, never held whole. The OCF
// container's rules: `mimetype` first, stored (not deflated) and without extra fields; then META-INF/container.xml,
// the package document (OPF) with a navigation document, and one XHTML file per chapter.
import type { Readable } from "node:stream";
import { parseDocument } from "htmlparser2";
import render from "dom-serializer";
import { ZipFile } from "yazl";

export interface EpubChapter {
  title: string;
  /** HTML of the chapter's body (sanitized story HTML); made well-formed XHTML here. */
  html: string;
}

export interface EpubBook {
  /** A stable identifier, e.g. `urn:ficforge:story:42`. */
  identifier: string;
  title: string;
  author: string;
  /** BCP 47, e.g. "en". */
  language: string;
  description?: string | null;
  modified: Date;
  /** Chapters, read lazily one at a time as the zip reaches them. */
  chapters: EpubChapter[] | (() => AsyncIterable<EpubChapter>);
  chapterCount: number;
}

const xmlEscape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** HTML as XHTML: void elements closed, attributes quoted, entities numeric (XML knows only five by name). */
export function htmlToXhtml(html: string): string {
  const document = parseDocument(html, { decodeEntities: true });
  return render(document, { xmlMode: true, selfClosingTags: true, encodeEntities: "utf8" });
}

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

const chapterFile = (n: number) => `chapter-${n}.xhtml`;

// A timestamp without milliseconds, as dcterms:modified requires (CCYY-MM-DDThh:mm:ssZ).
const modifiedStamp = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

function packageDocument(book: EpubBook): string {
  const items: string[] = [];
  const spine: string[] = [];
  for (let n = 1; n <= book.chapterCount; n++) {
    items.push(`    <item id="c${n}" href="${chapterFile(n)}" media-type="application/xhtml+xml"/>`);
    spine.push(`    <itemref idref="c${n}"/>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${xmlEscape(book.language)}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">${xmlEscape(book.identifier)}</dc:identifier>
    <dc:title>${xmlEscape(book.title)}</dc:title>
    <dc:creator>${xmlEscape(book.author)}</dc:creator>
    <dc:language>${xmlEscape(book.language)}</dc:language>
${book.description ? `    <dc:description>${xmlEscape(book.description)}</dc:description>\n` : ""}    <meta property="dcterms:modified">${modifiedStamp(book.modified)}</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
${items.join("\n")}
  </manifest>
  <spine>
${spine.join("\n")}
  </spine>
</package>
`;
}

const xhtmlPage = (language: string, title: string, body: string, extraNs = "") =>
  `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml"${extraNs} xml:lang="${xmlEscape(language)}" lang="${xmlEscape(language)}">
<head><meta charset="UTF-8"/><title>${xmlEscape(title)}</title></head>
<body>
${body}
</body>
</html>
`;

function navDocument(book: EpubBook, titles: string[]): string {
  const entries = titles.map((title, i) => `      <li><a href="${chapterFile(i + 1)}">${xmlEscape(title)}</a></li>`);
  return xhtmlPage(
    book.language,
    book.title,
    `<nav epub:type="toc" id="toc">\n    <h1>${xmlEscape(book.title)}</h1>\n    <ol>\n${entries.join("\n")}\n    </ol>\n  </nav>`,
    ' xmlns:epub="http://www.idpf.org/2007/ops"',
  );
}

/**
 * The EPUB as a stream. Chapters are turned into XHTML one by one as the archive reaches them; the navigation
 * document needs every title, so it is written last (the spine, not the zip order, sets the reading order).
 */
export function epubStream(book: EpubBook): Readable {
  const zip = new ZipFile();
  const stamp = { mtime: book.modified, forceDosTimestamp: true };
  zip.addBuffer(Buffer.from("application/epub+zip", "ascii"), "mimetype", { ...stamp, compress: false });
  zip.addBuffer(Buffer.from(CONTAINER, "utf8"), "META-INF/container.xml", stamp);
  zip.addBuffer(Buffer.from(packageDocument(book), "utf8"), "OEBPS/content.opf", stamp);
  void (async () => {
    const titles: string[] = [];
    let n = 0;
    const chapters = typeof book.chapters === "function" ? book.chapters() : book.chapters;
    for await (const chapter of chapters) {
      n++;
      if (n > book.chapterCount) throw new Error(`more chapters than the ${book.chapterCount} announced`);
      titles.push(chapter.title);
      // A chapter that opens with its own heading keeps it; one without gets its title as a heading.
      const heading = /^\s*<h[1-3][\s>]/i.test(chapter.html) ? "" : `<h1>${xmlEscape(chapter.title)}</h1>\n`;
      const body = `<section>\n${heading}${htmlToXhtml(chapter.html)}\n</section>`;
      zip.addBuffer(
        Buffer.from(xhtmlPage(book.language, chapter.title, body), "utf8"),
        `OEBPS/${chapterFile(n)}`,
        stamp,
      );
    }
    if (n !== book.chapterCount) throw new Error(`${n} chapters where ${book.chapterCount} were announced`);
    zip.addBuffer(Buffer.from(navDocument(book, titles), "utf8"), "OEBPS/nav.xhtml", stamp);
    zip.end();
  })().catch((error: unknown) => (zip.outputStream as Readable).destroy(error as Error));
  return zip.outputStream as Readable;
}
