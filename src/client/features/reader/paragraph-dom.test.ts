// @vitest-environment jsdom
// The reader and the server number a chapter's paragraphs alike (issue 31): an anchor means one paragraph on both.
import { describe, expect, it } from "vitest";
// NOTE: a test may read the server's side (the client never ships it): the two must agree on every fixture.
import { chapterParagraphs } from "../../../server/reading/paragraph-anchors";
import { findAnchoredParagraph, QUOTE_MAX_CHARS, quoteOf } from "../../../shared/paragraphs";
import { readerParagraphs } from "./paragraph-dom";
import { splitReaderChapters } from "./reader-chapters";
import { prepareStoryBody } from "./story-body";

const FIXTURES = [
  "<p>An author's note.</p><h2>Chapter 1: The <em>Pass</em></h2><p>Snow &amp; ice.</p><p> </p><p>Wind.</p><h2>Chapter 2</h2><p>Ash.</p>",
  '<section class="chapter" data-chapter="1"><div class="generated-content"><p>Opening.</p></div></section>' +
    '<section class="chapter" data-chapter="2"><div class="generated-content"><h2>Chapter 2: Smoke</h2><p>More.</p></div></section>',
  "<p><strong>Chapter 1 - Home</strong><br>Rain fell.</p><p>Then<br>more rain.</p><p>## Chapter 2</p><p>Dry.</p><h1>**Epilogue**</h1><p>End.</p>",
  "<p>Once, without a heading.</p><h2>Chapter Two</h2><blockquote><p>Quoted.</p></blockquote><p>Twice.</p>",
  "<p>Just one scene.</p><hr><ul><li>a list item</li><li><p>with a paragraph</p></li></ul><ol><li></li></ol><p>And its end.</p>",
  "Plain text of an older story.\n\nIts second paragraph.",
];

const inDom = (html: string) => {
  const article = document.createElement("article");
  article.innerHTML = html;
  return readerParagraphs(article).map((p) => p.quote);
};

describe("paragraphs as the reader counts them", () => {
  it.each(FIXTURES)("match the server's for %s", (html) => {
    const server = chapterParagraphs(html, 99).map((chapter) => chapter.map(quoteOf));
    const reader = splitReaderChapters(prepareStoryBody(html).html, "Story", []).map((c) => inDom(c.html));
    expect(reader).toEqual(server);
    expect(server.flat().length).toBeGreaterThan(0);
    if (html.includes("Then<br>")) expect(server[0]).toContain("Then more rain.");
  });

  it("quotes a paragraph's first twelve words, bounded in characters", () => {
    expect(quoteOf("  One two  three four five six seven eight nine ten eleven twelve thirteen ")).toBe(
      "One two three four five six seven eight nine ten eleven twelve",
    );
    expect(quoteOf("😀".repeat(500))).toHaveLength(QUOTE_MAX_CHARS * 2);
  });

  it("finds an anchor at its place, else the nearest paragraph starting with its quote, else nowhere", () => {
    const texts = ["Echo.", "A.", "Echo.", "B.", "C.", "Echo."];
    expect(findAnchoredParagraph(texts, 2, "Echo.")).toBe(2);
    expect(findAnchoredParagraph(texts, 3, "Echo.")).toBe(2);
    expect(findAnchoredParagraph(texts, 4, "Echo.")).toBe(5);
    expect(findAnchoredParagraph(texts, 40, "Echo.")).toBe(5);
    expect(findAnchoredParagraph(texts, 1, "Gone.")).toBeNull();
    expect(findAnchoredParagraph(texts, 1, "")).toBeNull();
  });
});
