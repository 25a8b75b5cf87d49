// @vitest-environment jsdom
// The reader cuts a story into the chapters the server lists: same count, same titles, same text in each.
import { describe, expect, it } from "vitest";
// NOTE: a test may read the server's splitter (the client never ships it): the two must agree on every fixture.
import { splitChapters } from "../../../server/chapters/split-chapters";
import { splitReaderChapters } from "./reader-chapters";
import { prepareStoryBody } from "./story-body";

const FIXTURES = [
  "<p>An author's note.</p><h2>Chapter 1: The <em>Pass</em></h2><p>Snow.</p><h2>Chapter 2</h2><p>Ash.</p>",
  '<section class="chapter" data-chapter="1"><div class="generated-content"><p>Opening.</p></div></section>' +
    '<section class="chapter" data-chapter="2"><div class="generated-content"><h2>Chapter 2: Smoke</h2><p>More.</p></div></section>',
  "<p><strong>Chapter 1 - Home</strong><br>Rain fell.</p><p>## Chapter 2</p><p>Dry.</p><h1>**Epilogue**</h1><p>End.</p>",
  "<p>Once, without a heading.</p><h2>Chapter Two</h2><p>Twice.</p>",
  "<p>Just one scene.</p><hr><p>And its end.</p>",
];

const words = (html: string) => {
  const box = document.createElement("div");
  box.innerHTML = html;
  return (box.textContent ?? "").replace(/\s+/g, "");
};

describe("the reader's chapters", () => {
  it.each(FIXTURES)("match the server's for %s", (html) => {
    const server = splitChapters(html);
    const reader = splitReaderChapters(prepareStoryBody(html).html, "Story", []);
    expect(reader.map((c) => c.title)).toEqual(
      server.map((c, i) => c.title ?? (server.length === 1 ? "Story" : `Chapter ${i + 1}`)),
    );
    expect(reader.map((c) => words(c.html))).toEqual(server.map((c) => words(c.html)));
  });
});
