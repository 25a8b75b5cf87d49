import { describe, expect, it } from "vitest";
import { splitChapters } from "./split-chapters";

describe("splitChapters", () => {
  it("cuts at headings, chapter lines and headingless chapter sections, keeping wrappers whole", () => {
    const html = [
      "<p>An author's note.</p>",
      "<h2>Chapter 1: The <em>Pass</em></h2><p>Snow had closed the pass.</p>",
      '<section class="chapter" data-chapter="2"><div class="generated-content" data-model="m">',
      "<p>Before the heading.</p><h2>Chapter 2: Ash &amp; Bone</h2><p>Corvin smiled.</p></div></section>",
      '<section class="chapter" data-chapter="3"><p>No heading here.</p></section>',
      "<p><strong>Chapter 4 - Home</strong><br>Rain fell on <em>the roof</em>.</p>",
      "<h1>**Epilogue**</h1><p>The end.</p>",
    ].join("");
    const chapters = splitChapters(html);
    expect(chapters.map((c) => c.title)).toEqual([
      "Chapter 1: The Pass",
      "Chapter 2: Ash & Bone",
      "Chapter 3",
      "Chapter 4 - Home",
      "Epilogue",
    ]);
    // The note before the first heading belongs to chapter 1; text before a section's heading to the chapter before.
    expect(chapters[0]!.html).toBe(
      "<p>An author's note.</p><h2>Chapter 1: The <em>Pass</em></h2><p>Snow had closed the pass.</p>" +
        '<section class="chapter" data-chapter="2"><div class="generated-content" data-model="m"><p>Before the heading.</p></div></section>',
    );
    expect(chapters[1]!.html).toBe(
      '<section class="chapter" data-chapter="2"><div class="generated-content" data-model="m"><h2>Chapter 2: Ash &amp; Bone</h2><p>Corvin smiled.</p></div></section>',
    );
    expect(chapters[2]!.html).toBe(
      '<section class="chapter" data-chapter="3"><h2>Chapter 3</h2><p>No heading here.</p></section>',
    );
    expect(chapters[3]!.html).toBe("<h2>Chapter 4 - Home</h2><p>Rain fell on <em>the roof</em>.</p>");
    expect(chapters.map((c) => c.words)).toEqual([15, 6, 5, 8, 3]);
  });

  it("text before a 'Chapter 2' heading was chapter 1, written without a heading", () => {
    expect(splitChapters("<p>Once.</p><h2>Chapter Two</h2><p>Twice.</p>").map((c) => [c.title, c.html])).toEqual([
      [null, "<p>Once.</p>"],
      ["Chapter Two", "<h2>Chapter Two</h2><p>Twice.</p>"],
    ]);
  });

  it("makes a document without chapter markers one untitled chapter", () => {
    expect(splitChapters("<p>Just one <strong>scene</strong>.</p><hr><p>And another.</p>")).toEqual([
      { title: null, html: "<p>Just one <strong>scene</strong>.</p><hr><p>And another.</p>", words: 5 },
    ]);
  });
});
