// Issue 31 section 5: the PDF as a reader gets it, read back with PDF.js (unpdf) and pdf-lib: the cover, the title
// page, the contents linking to each chapter, page numbers on every page after the cover, the fonts embedded, the
// metadata with the AI label; and the worst case (2 MB, 10,000 scene breaks) ends with a whole PDF.
import { buffer } from "node:stream/consumers";
import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { extractText, getDocumentProxy, getMeta } from "unpdf";
import { describe, expect, it } from "vitest";
import { STORY_CONTENT_MAX_BYTES } from "../../shared/limits";
import { solidImage } from "../test/images";
import { pdfStream } from "./export-pdf";
import { bookChapters, type StoryBook } from "./story-book";

const CONTENT = [
  "<p>An author's note before it all.</p>",
  "<h2>Chapter 1: Salt &amp; Rain</h2><p>Aria caught <strong>Kael</strong> on the <em>docks</em>.<br>Then she <strong><em>ran</em></strong>.</p>",
  "<hr><p>Dawn came — Ελληνικά, Русский.</p>",
  `<h2>Chapter 2: Tide</h2>${"<p>The tide turned and turned again, and the harbour lights went out one by one.</p>".repeat(60)}`,
  "<h2>Chapter 3: Home</h2><ul><li>one</li></ul><blockquote><p>quoted</p></blockquote>",
].join("");

const book = async (overrides: Partial<StoryBook> = {}): Promise<StoryBook> => ({
  identifier: "urn:ficforge:story:7",
  title: "Salt & Thorns: Ünïcode",
  authors: ["ink", "quill"],
  description: "A harbour <romance>.",
  rating: "Teen And Up Audiences",
  tags: ["harbour", "slow burn"],
  provenance: "Written with Marin: about 25%",
  ai: { label: "assisted", badge: "AI-assisted 25%" },
  chapters: bookChapters(CONTENT, "Salt & Thorns: Ünïcode"),
  cover: { bytes: await solidImage("jpeg", 300, 450), mediaType: "image/jpeg" },
  modified: new Date("2026-11-01T10:00:00Z"),
  ...overrides,
});

async function pages(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(pdf, { mergePages: false })).text;
}

describe("the story PDF", () => {
  it("has the cover, a title page, linked contents, numbered pages, embedded fonts and the AI label", async () => {
    const bytes = await buffer(pdfStream(await book()));
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await pages(bytes);
    expect(text.length).toBeGreaterThanOrEqual(6);
    expect(text[0]).toBe(""); // the cover: the picture alone
    expect(text[1]).toContain("Salt & Thorns: Ünïcode");
    expect(text[1]).toContain("by ink, quill");
    expect(text[1]).toContain("Rating: Teen And Up Audiences");
    expect(text[1]).toContain("Tags: harbour, slow burn");
    expect(text[1]).toContain("AI-assisted 25%");
    expect(text[1]).toContain("A harbour <romance>.");
    expect(text[2]).toMatch(/Contents\n1\. Chapter 1: Salt & Rain\n2\. Chapter 2: Tide\n3\. Chapter 3: Home/);
    // Every page after the cover carries its number.
    expect(text.slice(1).map((page) => page.split("\n")[0])).toEqual(text.slice(1).map((_, i) => String(i + 2)));
    const chapterOne = text.find((page) => page.includes("Aria caught"))!;
    expect(chapterOne).toContain("Chapter 1: Salt & Rain");
    expect(chapterOne).toContain("An author's note");
    expect(chapterOne).toContain("* * *");
    expect(chapterOne).toContain("Dawn came — Ελληνικά, Русский.");
    expect(text.some((page) => page.includes("• one"))).toBe(true);

    const meta = (await getMeta(await getDocumentProxy(new Uint8Array(bytes)))).info as Record<string, unknown>;
    expect(meta).toMatchObject({
      Title: "Salt & Thorns: Ünïcode",
      Author: "ink, quill",
      Subject: "A harbour <romance>.",
      Keywords: "harbour, slow burn, ai-label:assisted",
      Custom: { AILabel: "assisted" },
    });

    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(text.length);
    // The fonts: Literata's four faces, each embedded (a FontFile2), none of the 14 standard fonts left to the viewer.
    const fonts = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFDict => object instanceof PDFDict)
      .filter((dict) => dict.get(PDFName.of("Type")) === PDFName.of("FontDescriptor"));
    expect(fonts.map((f) => String(f.get(PDFName.of("FontName"))).replace(/^\/[A-Z]{6}\+/, "")).sort()).toEqual([
      "Literata-Bold",
      "Literata-BoldItalic",
      "Literata-Italic",
      "Literata-Regular",
    ]);
    for (const font of fonts) expect(font.get(PDFName.of("FontFile2"))).toBeDefined();
    // The contents link to the chapters: named destinations, one per chapter, and an outline entry each.
    const raw = bytes.toString("latin1");
    expect(raw.match(/\/S \/GoTo/g) ?? []).toHaveLength(3);
    expect(raw).toContain("/Outlines");
  });

  it("sets a story without a cover or chapter headings under its own title, and an empty story as one page", async () => {
    const text = await pages(
      await buffer(pdfStream(await book({ cover: null, chapters: bookChapters("<p>Only this.</p>", "Alone") }))),
    );
    expect(text[0]).toContain("Salt & Thorns");
    expect(text[2]).toMatch(/^3\nAlone\nOnly this\.$/);
    const empty = await pages(
      await buffer(pdfStream(await book({ cover: null, chapters: bookChapters("", "Blank") }))),
    );
    expect(empty).toHaveLength(3);
  });

  it("ends a story of 2 MB with 10,000 scene breaks with a whole PDF", { timeout: 120_000 }, async () => {
    const scene = "<p>She looked back once, and the road was gone behind her.</p><hr>";
    const words = Math.floor(((STORY_CONTENT_MAX_BYTES - 64 * 1024) / 10_000 - scene.length - 7) / 5);
    const pad = `<p>${"word ".repeat(words)}</p>`;
    const html = `<h2>Chapter 1</h2>${`${pad}${scene}`.repeat(10_000)}`;
    expect(html.length).toBeGreaterThan(1.9 * 1024 * 1024);
    const bytes = await buffer(pdfStream(await book({ cover: null, chapters: bookChapters(html, "Long") })));
    // Read as bytes, not parsed again: the pages are counted by their objects, the end by its marker.
    const raw = bytes.toString("latin1");
    expect(raw.match(/\/Type \/Page\n/g)?.length ?? 0).toBeGreaterThan(1000);
    expect(raw.slice(-6)).toContain("%%EOF");
  });
});
