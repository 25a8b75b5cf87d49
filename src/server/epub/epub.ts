// An EPUB 3 writer (issue 18's data export; issue 20 reuses it): the book is streamed, never held whole. The OCF
// container's rules: `mimetype` first, stored (not deflated) and without extra fields; then META-INF/container.xml,
// the package document (OPF) with a navigation document, and one XHTML file per chapter.
import type { Readable } from "node:stream";
import { parseDocument } from "htmlparser2";
import render from "dom-serializer";
import { ZipFile } from "yazl";
import { escapeXml } from "../html/escape";

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
  /** Issue 30: the work's co-creators after `author`, in order: a dc:creator each. */
  coAuthors?: readonly string[];
  /** BCP 47, e.g. "en". */
  language: string;
  description?: string | null;
  modified: Date;
  /** Chapters, read lazily one at a time as the zip reaches them. */
  chapters: EpubChapter[] | (() => AsyncIterable<EpubChapter>);
  chapterCount: number;
  /** Issue 20: the cover image (its bytes and media type, e.g. image/jpeg), shown first and named in the OPF. */
  cover?: { bytes: Buffer; mediaType: string } | null;
  /** Tags, as dc:subject each and listed on the title page. */
  subjects?: string[];
  /** The audience rating's label (e.g. "Teen"), in the metadata and on the title page. */
  rating?: string | null;
  /** One line on the title page, e.g. "Written with Marin: about 40%". */
  provenance?: string | null;
  /**
   * Issue 29: the work's AI label ('none', 'assisted', 'generated') as `ficforge:ai-label` in the metadata, and its
   * badge text (e.g. "AI-assisted 34%"; none for human-written work) on the title page.
   */
  ai?: { label: string; badge: string | null } | null;
  /** Issue 30: the series the work is in and its place in each (EPUB 3 belongs-to-collection, group-position). */
  collections?: { title: string; position: number }[];
}

const xmlEscape = escapeXml;

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

const COVER_EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif" };
const coverFile = (book: EpubBook) => (book.cover ? `cover.${COVER_EXTENSIONS[book.cover.mediaType] ?? "img"}` : null);

function packageDocument(book: EpubBook): string {
  const items: string[] = [];
  const spine: string[] = [];
  const image = coverFile(book);
  if (book.cover && image) {
    items.push(
      `    <item id="cover-image" href="${image}" media-type="${xmlEscape(book.cover.mediaType)}" properties="cover-image"/>`,
    );
    items.push(`    <item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>`);
    spine.push(`    <itemref idref="cover"/>`);
  }
  items.push(`    <item id="title-page" href="title.xhtml" media-type="application/xhtml+xml"/>`);
  spine.push(`    <itemref idref="title-page"/>`);
  spine.push(`    <itemref idref="nav"/>`);
  for (let n = 1; n <= book.chapterCount; n++) {
    items.push(`    <item id="c${n}" href="${chapterFile(n)}" media-type="application/xhtml+xml"/>`);
    spine.push(`    <itemref idref="c${n}"/>`);
  }
  const meta: string[] = [];
  if (book.description) meta.push(`    <dc:description>${xmlEscape(book.description)}</dc:description>`);
  for (const subject of book.subjects ?? []) meta.push(`    <dc:subject>${xmlEscape(subject)}</dc:subject>`);
  if (book.rating) meta.push(`    <meta property="ficforge:rating">${xmlEscape(book.rating)}</meta>`);
  if (book.provenance) meta.push(`    <meta property="ficforge:provenance">${xmlEscape(book.provenance)}</meta>`);
  if (book.ai) meta.push(`    <meta property="ficforge:ai-label">${xmlEscape(book.ai.label)}</meta>`);
  (book.collections ?? []).forEach((collection, i) => {
    const id = `series-${i + 1}`;
    meta.push(`    <meta property="belongs-to-collection" id="${id}">${xmlEscape(collection.title)}</meta>`);
    meta.push(`    <meta refines="#${id}" property="collection-type">series</meta>`);
    meta.push(`    <meta refines="#${id}" property="group-position">${collection.position}</meta>`);
  });
  // EPUB 2 reading systems find the cover by this; EPUB 3 ones by properties="cover-image".
  if (book.cover) meta.push(`    <meta name="cover" content="cover-image"/>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${xmlEscape(book.language)}" prefix="ficforge: https://ficforge.app/ns/epub#">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">${xmlEscape(book.identifier)}</dc:identifier>
    <dc:title>${xmlEscape(book.title)}</dc:title>
${[book.author, ...(book.coAuthors ?? [])].map((name) => `    <dc:creator>${xmlEscape(name)}</dc:creator>\n`).join("")}    <dc:language>${xmlEscape(book.language)}</dc:language>
${meta.map((line) => `${line}\n`).join("")}    <meta property="dcterms:modified">${modifiedStamp(book.modified)}</meta>
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

const STYLE =
  "body{font-family:serif;line-height:1.5}h1,h2,h3{line-height:1.25}.title-page{text-align:center}.cover{text-align:center;margin:0;padding:0}.cover img{max-width:100%;max-height:100%}hr{border:0;text-align:center}hr::after{content:'* * *'}";

const xhtmlPage = (language: string, title: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${xmlEscape(language)}" lang="${xmlEscape(language)}">
<head><meta charset="UTF-8"/><title>${xmlEscape(title)}</title><style>${STYLE}</style></head>
<body>
${body}
</body>
</html>
`;

function navDocument(book: EpubBook, titles: string[]): string {
  const entries = titles.map((title, i) => `      <li><a href="${chapterFile(i + 1)}">${xmlEscape(title)}</a></li>`);
  const landmarks = [
    ...(book.cover ? [`      <li><a epub:type="cover" href="cover.xhtml">Cover</a></li>`] : []),
    `      <li><a epub:type="titlepage" href="title.xhtml">Title page</a></li>`,
    `      <li><a epub:type="toc" href="nav.xhtml#toc">Contents</a></li>`,
    ...(titles.length > 0
      ? [`      <li><a epub:type="bodymatter" href="${chapterFile(1)}">Start reading</a></li>`]
      : []),
  ];
  return xhtmlPage(
    book.language,
    "Contents",
    `<nav epub:type="toc" id="toc">\n    <h1>Contents</h1>\n    <ol>\n${entries.join("\n")}\n    </ol>\n  </nav>\n  <nav epub:type="landmarks" id="landmarks" hidden="hidden">\n    <h2>Landmarks</h2>\n    <ol>\n${landmarks.join("\n")}\n    </ol>\n  </nav>`,
  );
}

function titlePage(book: EpubBook): string {
  const lines = [
    `<h1>${xmlEscape(book.title)}</h1>`,
    `<p>by ${[book.author, ...(book.coAuthors ?? [])].map(xmlEscape).join(", ")}</p>`,
  ];
  if (book.description) lines.push(`<p><em>${xmlEscape(book.description)}</em></p>`);
  if (book.rating) lines.push(`<p>Rating: ${xmlEscape(book.rating)}</p>`);
  if (book.subjects && book.subjects.length > 0) lines.push(`<p>Tags: ${book.subjects.map(xmlEscape).join(", ")}</p>`);
  if (book.provenance) lines.push(`<p>${xmlEscape(book.provenance)}</p>`);
  if (book.ai?.badge) lines.push(`<p>${xmlEscape(book.ai.badge)}</p>`);
  return xhtmlPage(
    book.language,
    book.title,
    `<section class="title-page" epub:type="titlepage">\n${lines.join("\n")}\n</section>`,
  );
}

function coverPage(book: EpubBook, image: string): string {
  return xhtmlPage(
    book.language,
    "Cover",
    `<section class="cover" epub:type="cover">\n<img src="${image}" alt="${xmlEscape(`Cover of ${book.title}`)}"/>\n</section>`,
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
  const image = coverFile(book);
  if (book.cover && image) {
    // NOTE: a JPEG or PNG is compressed already: stored.
    zip.addBuffer(book.cover.bytes, `OEBPS/${image}`, { ...stamp, compress: false });
    zip.addBuffer(Buffer.from(coverPage(book, image), "utf8"), "OEBPS/cover.xhtml", stamp);
  }
  zip.addBuffer(Buffer.from(titlePage(book), "utf8"), "OEBPS/title.xhtml", stamp);
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
      const body = `<section epub:type="chapter">\n${heading}${htmlToXhtml(chapter.html)}\n</section>`;
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
