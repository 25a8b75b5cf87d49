// @vitest-environment jsdom
import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { EDITOR_PARSE_OPTIONS, editorExtensions } from "./extensions";
import { countWords, countWordsInText, formatWordCount } from "./word-count";

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

function load(content: string): Editor {
  editor = new Editor({ extensions: editorExtensions(), content, parseOptions: EDITOR_PARSE_OPTIONS });
  return editor;
}

describe("word count", () => {
  it.each([
    ["", 0],
    ["   ", 0],
    ["One", 1],
    ["Don't stop — well-known words, 42 of them.", 7],
    ["* * *", 0],
    ["Émilie und Ōkami", 3],
  ])("'%s' has %i words", (text, words) => {
    expect(countWordsInText(text)).toBe(words);
  });

  it("counts across blocks, chapters and line breaks, not joining words at block edges", () => {
    const e = load(
      '<section class="chapter" data-chapter="1"><h2>Chapter 1</h2><p>The bells rang.</p></section>' +
        "<hr><p>Line<br>break</p><ul><li><p>one item</p></li></ul>",
    );
    expect(countWords(e.state.doc)).toBe(9);
  });

  it("says word or words", () => {
    expect(formatWordCount(1)).toBe("1 word");
    expect(formatWordCount(12345)).toBe("12,345 words");
  });

  it("recounts only the changed paragraph of a 2 MB story", () => {
    const paragraph = `<p>${"Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(8)}</p>`;
    const e = load(paragraph.repeat(Math.ceil((2 * 1024 * 1024) / paragraph.length)));
    let started = performance.now();
    const full = countWords(e.state.doc);
    const firstMs = performance.now() - started;
    e.commands.setTextSelection(3);
    e.commands.insertContent("new ");
    started = performance.now();
    const next = countWords(e.state.doc);
    const nextMs = performance.now() - started;
    expect(next).toBe(full + 1);
    // Printed for the record (measure, do not guess); the bound is loose so a busy machine does not fail it.
    process.stdout.write(
      `word count, 2 MB story: first ${firstMs.toFixed(1)} ms, after a keystroke ${nextMs.toFixed(2)} ms\n`,
    );
    expect(nextMs).toBeLessThan(Math.max(10, firstMs / 5));
  });
});
