// @vitest-environment jsdom
// Chapter headings in story HTML become headings, scene breaks stay, chapters are listed.
import { describe, expect, it } from "vitest";
import { chapterHeadingOf } from "../../../shared/chapters";
import { prepareStoryBody } from "./story-body";

describe("chapterHeadingOf", () => {
  it.each([
    ["Chapter 3: The Storm", "Chapter 3: The Storm"],
    ["**Chapter 3**", "Chapter 3"],
    ["CHAPTER IV", "CHAPTER IV"],
    ["Chapter Two - Home", "Chapter Two - Home"],
    ["## Chapter 2", "Chapter 2"],
    ["Prologue", "Prologue"],
    ["Epilogue: After", "Epilogue: After"],
  ])("reads %j as the heading %j", (line, heading) => {
    expect(chapterHeadingOf(line)).toBe(heading);
  });

  it.each([
    "Chapter 3 was the worst year of my life, she said.",
    "The chapter ended.",
    "",
    `Chapter 1: ${"x".repeat(130)}`,
  ])("leaves the sentence %j alone", (line) => {
    expect(chapterHeadingOf(line)).toBeNull();
  });
});

describe("prepareStoryBody", () => {
  it("turns chapter paragraphs into h2 headings with anchors and lists them", () => {
    const body = prepareStoryBody(
      "<p>Chapter 1: Rain</p><p>Mia ran.</p><p><strong>Chapter 2</strong></p><p>She stopped.</p>",
    );
    expect(body.html).toBe(
      '<h2 id="chapter-1-rain">Chapter 1: Rain</h2><p>Mia ran.</p><h2 id="chapter-2">Chapter 2</h2><p>She stopped.</p>',
    );
    expect(body.chapters).toEqual([
      { id: "chapter-1-rain", title: "Chapter 1: Rain" },
      { id: "chapter-2", title: "Chapter 2" },
    ]);
    expect(body.empty).toBe(false);
  });

  it("splits a heading line from the paragraph it opens", () => {
    const body = prepareStoryBody("<p>**Chapter 3**<br>Rain fell on <em>the</em> road.</p>");
    expect(body.html).toBe('<h2 id="chapter-3">Chapter 3</h2><p>Rain fell on <em>the</em> road.</p>');
  });

  it("makes an h1 in the story a chapter heading (the title is the page's h1) and strips Markdown markers", () => {
    const body = prepareStoryBody("<h1>Part One</h1><h2>**Chapter 2**</h2><p>Text</p>");
    expect(body.html).toBe('<h2 id="chapter-part-one">Part One</h2><h2 id="chapter-2">Chapter 2</h2><p>Text</p>');
  });

  it("gives a generated chapter section without a heading one, and keeps scene breaks", () => {
    const body = prepareStoryBody('<p>Start</p><hr><section class="chapter" data-chapter="2"><p>Later</p></section>');
    expect(body.html).toBe(
      '<p>Start</p><hr><section class="chapter" data-chapter="2"><h2 id="chapter-2">Chapter 2</h2><p>Later</p></section>',
    );
  });

  it("gives repeated headings distinct anchors", () => {
    const body = prepareStoryBody("<h2>Interlude</h2><p>a</p><h2>Interlude</h2><p>b</p>");
    expect(body.chapters.map((c) => c.id)).toEqual(["chapter-interlude", "chapter-interlude-2"]);
  });

  it("reads a plain-text story as prose: paragraphs, Markdown chapter headings and breaks", () => {
    const body = prepareStoryBody("## Chapter 1\n\nMia ran.\n\n* * *\n\nChapter 2: Home\n\nShe slept.");
    expect(body.html).toBe(
      '<h2 id="chapter-1">Chapter 1</h2><p>Mia ran.</p><hr><h2 id="chapter-2-home">Chapter 2: Home</h2><p>She slept.</p>',
    );
  });

  it.each(["", "<p></p>", "<p> </p><p><br></p>"])("calls %j empty", (content) => {
    expect(prepareStoryBody(content).empty).toBe(true);
  });

  it("does not call a story of only a scene break empty", () => {
    expect(prepareStoryBody("<hr>").empty).toBe(false);
  });
});

describe("scene breaks written as text", () => {
  it("shows a paragraph holding only '* * *' as a divider", () => {
    const body = prepareStoryBody("<p>Night fell.</p><p>* * *</p><p>Morning.</p>");
    expect(body.html).toBe("<p>Night fell.</p><hr><p>Morning.</p>");
  });
});
