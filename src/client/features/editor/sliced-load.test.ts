// @vitest-environment jsdom
import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { EDITOR_PARSE_OPTIONS, editorExtensions } from "./extensions";
import { loadInSlices } from "./sliced-load";

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

function editorWith(content: string): Editor {
  const editor = new Editor({ extensions: editorExtensions(), content, parseOptions: EDITOR_PARSE_OPTIONS });
  editors.push(editor);
  return editor;
}

/** Loads `html` in slices of `chars`, the later slices run when the returned `next` is called (one per call). */
function sliced(html: string, chars: number) {
  const editor = editorWith("");
  const queue: (() => void)[] = [];
  let done = 0;
  let updates = 0;
  editor.on("update", () => updates++);
  const stop = loadInSlices(editor, html, () => done++, { chars, later: (step) => queue.push(step) });
  const next = () => queue.shift()?.();
  const finish = () => {
    while (queue.length) next();
  };
  return { editor, next, finish, stop, done: () => done, updates: () => updates, pending: () => queue.length };
}

const chapter = (n: number) =>
  `<section class="chapter" data-chapter="${n}"><h2>Chapter ${n}</h2><p>The storm broke over chapter ${n}.</p></section>`;

// Every shape the sanitizer keeps, at the top level and next to each other, so cuts fall between all of them.
const SAMPLES: Record<string, string> = {
  paragraphs: Array.from({ length: 60 }, (_, i) => `<p>Paragraph ${i + 1}: the keeper counted the ships.</p>`).join(""),
  mixed:
    '<h1>Title</h1><p style="text-align: center">* * *</p><hr><h2>Part</h2>' +
    "<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s><br>line</p>" +
    "<ol><li><p>one</p></li><li><p>two</p></li></ol><ul><li><p>three</p></li></ul>" +
    "<blockquote><p>q</p><p>r</p></blockquote>" +
    chapter(1) +
    chapter(2) +
    '<div class="generated-content" data-model="m" data-generated-at="2026-01-01T00:00:00Z"><p>Marin wrote this.</p></div>' +
    "<p>tab:    four spaces   kept</p><h3>End</h3>",
  // Inline content and list items at the top level are wrapped by the parser: never cut next to them.
  loose:
    "text at the top<p>a</p><strong>bold</strong> and <em>more</em><p>b</p><li>stray item</li><li>another</li><p>c</p>",
  "ends with a heading": "<p>a</p><h2>b</h2><p>c</p><hr>",
  empty: "",
};

describe("loading a story in slices", () => {
  for (const [name, html] of Object.entries(SAMPLES)) {
    for (const chars of [1, 7, 40, 100_000]) {
      it(`gives the document one parse gives: ${name}, slices of ${chars} characters`, () => {
        const whole = editorWith(html).state.doc;
        const load = sliced(html, chars);
        load.finish();
        expect(load.done()).toBe(1);
        // NOTE: compared as JSON: each editor has a schema of its own, and eq() compares node types by identity.
        expect(load.editor.state.doc.toJSON()).toEqual(whole.toJSON());
      });
    }
  }

  it("cuts a long story into several slices, the first at once and one more per task", () => {
    const load = sliced(SAMPLES.paragraphs!, 400);
    // The first slice is in before anything else runs; the rest wait for their turn.
    expect(load.editor.state.doc.childCount).toBeGreaterThan(0);
    expect(load.editor.state.doc.childCount).toBeLessThan(60);
    expect(load.pending()).toBe(1);
    const first = load.editor.state.doc.childCount;
    load.next();
    expect(load.editor.state.doc.childCount).toBeGreaterThan(first);
    expect(load.done()).toBe(0);
    load.finish();
    expect(load.editor.state.doc.childCount).toBe(60);
    expect(load.done()).toBe(1);
  });

  it("is no edit: no update event (nothing to save) and nothing for Undo to take away", () => {
    const load = sliced(SAMPLES.mixed!, 10);
    load.finish();
    expect(load.updates()).toBe(0);
    const loaded = load.editor.state.doc.textContent;
    // NOTE: text compared: any first transaction (this undo's too) adds the trailing empty paragraph, as after a
    // whole load.
    expect(load.editor.commands.undo()).toBe(false);
    expect(load.editor.state.doc.textContent).toBe(loaded);
    // What is typed afterwards is undone on its own, back to the whole story.
    load.editor.commands.insertContentAt(1, "Typed. ");
    expect(load.editor.state.doc.textContent).toBe(`Typed. ${loaded}`);
    load.editor.commands.undo();
    expect(load.editor.state.doc.textContent).toBe(loaded);
  });

  it("stops when asked, and a new load starts over from the first slice", () => {
    const html = SAMPLES.paragraphs!;
    const editor = editorWith("");
    const queue: (() => void)[] = [];
    const stop = loadInSlices(editor, html, () => {}, { chars: 400, later: (step) => queue.push(step) });
    stop();
    queue.shift()?.();
    const partial = editor.state.doc.childCount;
    expect(partial).toBeLessThan(60);
    let done = false;
    loadInSlices(editor, html, () => (done = true), { chars: 400, later: (step) => step() });
    expect(done).toBe(true);
    expect(editor.state.doc.toJSON()).toEqual(editorWith(html).state.doc.toJSON());
  });
});
