// @vitest-environment jsdom
import { Editor } from "@tiptap/core";
import { undoDepth } from "@tiptap/pm/history";
import { TextSelection } from "@tiptap/pm/state";
import { afterEach, describe, expect, it } from "vitest";
import type { GenerateAnswer } from "../../../shared/schemas/marin";
import { proseToHtml } from "../../../shared/prose";
import { type AiInsertion, createAiInsertion } from "./ai-insertion";
import { EDITOR_PARSE_OPTIONS, editorExtensions } from "./extensions";

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const AT = "2026-11-22T10:30:00.000Z";

function answer(text: string, extra: Partial<GenerateAnswer> = {}): GenerateAnswer {
  return {
    text,
    content: proseToHtml(text),
    model: "Offline storyteller",
    generatedAt: AT,
    chapter: false,
    showPromptCount: true,
    promptsLeft: 2,
    ...extra,
  };
}

const wrapped = (html: string, at = AT) =>
  `<div class="generated-content" data-model="Offline storyteller" data-generated-at="${at}">${html}</div>`;

function setup(content: string) {
  editor = new Editor({ extensions: editorExtensions(), content, parseOptions: EDITOR_PARSE_OPTIONS });
  const calls = { changed: 0, saved: 0, updates: 0, marin: [] as string[] };
  editor.on("update", () => calls.updates++);
  const bridge: AiInsertion = createAiInsertion(editor, {
    markMarinInsertion: (model) => void calls.marin.push(model),
    changed: () => void calls.changed++,
    save: async () => {
      calls.saved++;
      return true;
    },
  });
  return { e: editor, bridge, calls };
}

const streamed = (e: Editor) => e.view.dom.querySelector(".ai-stream");
const html = (e: Editor) => e.getHTML().replace(/(<p><\/p>)+$/, "");
const undo = (e: Editor) => e.commands.undo();
const type = (e: Editor, text: string, at: number) => e.view.dispatch(e.state.tr.insertText(text, at));

describe("streaming an answer into the editor", () => {
  it("shows the text so far in place, outside the document, the undo history and autosave", () => {
    const { e, bridge, calls } = setup("<p>Once.</p>");
    const insertion = bridge.begin("append");
    insertion.update("The rain");
    insertion.update("The rain fell.\n\nThen *thunder*");
    expect(streamed(e)?.innerHTML).toBe("<p>The rain fell.</p><p>Then <em>thunder</em></p>");
    expect(e.getHTML()).toBe("<p>Once.</p>");
    expect(undoDepth(e.state)).toBe(0);
    expect(calls).toEqual({ changed: 0, saved: 0, updates: 0, marin: [] });
  });

  it("commits the answer in its provenance wrapper as one undo step and saves", () => {
    const { e, bridge, calls } = setup("<p>Once.</p>");
    const insertion = bridge.begin("append");
    insertion.update("The rain fell.");
    insertion.commit(answer("The rain fell.\n\nThunder."));
    expect(html(e)).toBe(`<p>Once.</p>${wrapped("<p>The rain fell.</p><p>Thunder.</p>")}`);
    expect(streamed(e)).toBeNull();
    expect(calls.saved).toBe(1);
    expect(calls.changed).toBeGreaterThan(0);
    // The save tells the server it carries Marin's words, so the text before them is kept (decision 0041).
    expect(calls.marin).toEqual(["Offline storyteller"]);
    expect(bridge.lastInsertion()).toEqual({ generatedAt: AT });
    undo(e);
    expect(html(e)).toBe("<p>Once.</p>");
    expect(bridge.lastInsertion()).toBeNull();
  });

  it("stays its own undo step when the writer types right beside it just before and into it just after", () => {
    const { e, bridge } = setup("<p>Once. Twice.</p>");
    e.commands.setTextSelection(6); // after 'Once.'
    const insertion = bridge.begin("cursor");
    type(e, " Upon", 6);
    insertion.commit(answer("More."));
    type(e, "!", 19); // the end of 'More.'
    const more = wrapped("<p>More.</p>");
    expect(html(e)).toBe(`<p>Once. Upon</p>${wrapped("<p>More.!</p>")}<p> Twice.</p>`);
    undo(e);
    expect(html(e)).toBe(`<p>Once. Upon</p>${more}<p> Twice.</p>`);
    undo(e);
    expect(html(e)).toBe("<p>Once. Upon Twice.</p>");
    undo(e);
    expect(html(e)).toBe("<p>Once. Twice.</p>");
  });

  it("maps its place through what the writer types elsewhere meanwhile", () => {
    const { e, bridge } = setup("<p>First.</p><p>Second.</p>");
    e.commands.setTextSelection(7); // the end of 'First.'
    const insertion = bridge.begin("cursor");
    insertion.update("Middle");
    type(e, "Before. ", 1);
    type(e, " After.", e.state.doc.content.size - 1);
    insertion.commit(answer("Middle."));
    expect(html(e)).toBe(`<p>Before. First.</p>${wrapped("<p>Middle.</p>")}<p>Second. After.</p>`);
  });

  it("wraps a chapter in a section numbered by its heading, else the one after the story's last", () => {
    const { e, bridge } = setup('<section class="chapter" data-chapter="2"><h2>Chapter 2</h2><p>x</p></section>');
    bridge.begin("append").commit(answer("## Chapter 7: Storm\n\nRain.", { chapter: true }));
    expect(html(e)).toContain(
      `<section class="chapter" data-chapter="7">${wrapped("<h2>Chapter 7: Storm</h2><p>Rain.</p>")}</section>`,
    );
    bridge.begin("append").commit(answer("Dawn.", { chapter: true }));
    expect(html(e)).toMatch(/<section class="chapter" data-chapter="8"><div class="generated-content"[^>]*><p>Dawn/);
  });

  it("replaces an empty or placeholder story entirely", () => {
    const { e, bridge } = setup("<p>Start writing your story here...</p>");
    expect(bridge.isEmpty()).toBe(true);
    bridge.begin("append").commit(answer("## Chapter 1\n\nIt began.", { chapter: true }));
    expect(html(e)).toBe(
      `<section class="chapter" data-chapter="1">${wrapped("<h2>Chapter 1</h2><p>It began.</p>")}</section>`,
    );
    expect(bridge.isEmpty()).toBe(false);
  });

  it("cancel removes what streamed and leaves the story and the selection as they were", () => {
    const { e, bridge, calls } = setup("<p>Keep this text.</p>");
    e.commands.setTextSelection({ from: 6, to: 10 });
    const insertion = bridge.begin("selection");
    insertion.update("Changed");
    expect(e.view.dom.querySelector(".ai-replaced")?.textContent).toBe("this");
    insertion.cancel();
    insertion.commit(answer("Too late."));
    expect(streamed(e)).toBeNull();
    expect(e.view.dom.querySelector(".ai-replaced")).toBeNull();
    expect(e.getHTML()).toBe("<p>Keep this text.</p>");
    expect(bridge.selectedText()).toBe("this");
    expect(undoDepth(e.state)).toBe(0);
    expect(calls.saved).toBe(0);
  });
});

describe("the writing tools", () => {
  it("Continue writes on from the cursor, splitting the paragraph there", () => {
    const { e, bridge } = setup("<p>She opened the door and gasped.</p>");
    e.commands.setTextSelection(21); // after 'door '
    expect(bridge.textBeforeCursor(9)).toBe("the door ");
    const insertion = bridge.begin("cursor");
    insertion.update("A dragon");
    expect(streamed(e)?.parentElement?.tagName).toBe("P");
    insertion.commit(answer("A dragon."));
    expect(html(e)).toBe(`<p>She opened the door </p>${wrapped("<p>A dragon.</p>")}<p>and gasped.</p>`);
    undo(e);
    expect(html(e)).toBe("<p>She opened the door and gasped.</p>");
  });

  it("Rewrite replaces the selection, and one undo brings the original back", () => {
    const { e, bridge } = setup("<p>One.</p><p>Two is dull.</p><p>Three.</p>");
    e.commands.setTextSelection({ from: 7, to: 19 }); // all of 'Two is dull.'
    expect(bridge.selectedText()).toBe("Two is dull.");
    bridge.begin("selection").commit(answer("Two sparkles."));
    expect(html(e)).toBe(`<p>One.</p>${wrapped("<p>Two sparkles.</p>")}<p>Three.</p>`);
    undo(e);
    expect(html(e)).toBe("<p>One.</p><p>Two is dull.</p><p>Three.</p>");
  });

  it("Regenerate replaces the last insertion (its chapter section too) in one step", () => {
    const first = `<section class="chapter" data-chapter="1">${wrapped("<p>Old.</p>", "2026-11-22T09:00:00.000Z")}</section>`;
    const later = wrapped("<p>Latest.</p>", "2026-11-22T10:00:00.000Z");
    const { e, bridge } = setup(`${later}<p>Mine.</p>${first}`);
    expect(bridge.lastInsertion()).toEqual({ generatedAt: "2026-11-22T10:00:00.000Z" });
    const insertion = bridge.begin("replace-last");
    insertion.update("New");
    expect(e.view.dom.querySelector(".ai-replaced")?.textContent).toBe("Latest.");
    insertion.commit(answer("New."));
    expect(html(e)).toBe(`${wrapped("<p>New.</p>")}<p>Mine.</p>${first}`);
    undo(e);
    expect(html(e)).toBe(`${later}<p>Mine.</p>${first}`);
  });

  it("Regenerate of a chapter keeps its number when the new heading names none", () => {
    const chapter = (n: number, body: string) =>
      `<section class="chapter" data-chapter="${n}">${wrapped(`<h2>Chapter ${n}</h2>${body}`)}</section>`;
    const { e, bridge } = setup(`<p>Prologue.</p>${chapter(2, "<p>Old.</p>")}`);
    bridge.begin("replace-last").commit(answer("New.", { chapter: true }));
    expect(html(e)).toBe(
      `<p>Prologue.</p><section class="chapter" data-chapter="2">${wrapped("<p>New.</p>")}</section>`,
    );
  });

  it("undoLastInsertion removes Marin's text from before this editor opened (nothing to put back)", () => {
    const { e, bridge } = setup(
      `<p>Mine.</p><section class="chapter" data-chapter="2">${wrapped("<p>Old.</p>")}</section>`,
    );
    expect(bridge.undoLastInsertion()).toBe(true);
    expect(html(e)).toBe("<p>Mine.</p>");
    expect(bridge.undoLastInsertion()).toBe(false);
    undo(e);
    expect(html(e)).toContain("Old.");
  });

  it("tells the pane about selection and content changes until unsubscribed", () => {
    const { e, bridge } = setup("<p>Words here.</p>");
    let heard = 0;
    const stop = bridge.subscribe(() => heard++);
    e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, 2, 5)));
    expect(heard).toBe(1);
    type(e, "x", 1);
    const heardBefore = heard;
    expect(heardBefore).toBeGreaterThan(1);
    stop();
    type(e, "y", 1);
    expect(heard).toBe(heardBefore);
  });
});

describe("provenance", () => {
  it("keeps the model and the time through getHTML and setContent, and labels AI text in the editor", () => {
    const content = `<p>Mine.</p>${wrapped("<p>Theirs.</p>")}`;
    const { e } = setup(content);
    e.commands.setContent(e.getHTML(), { parseOptions: EDITOR_PARSE_OPTIONS });
    expect(html(e)).toBe(content);
    const label = e.view.dom.querySelector(".generated-content")?.getAttribute("data-marin-label");
    expect(label).toMatch(/^Written with Marin · Offline storyteller · .+2026/);
  });

  it("keeps a wrapper without provenance (older stories) as it was", () => {
    const { e } = setup('<div class="generated-content"><p>Old.</p></div>');
    expect(e.getHTML()).toBe('<div class="generated-content"><p>Old.</p></div>');
  });
});

describe("undoing a Marin action restores exactly the story before it", () => {
  const ctrlZ = (e: Editor) =>
    e.view.dom.dispatchEvent(
      new KeyboardEvent("keydown", { key: "z", ctrlKey: true, bubbles: true, cancelable: true }),
    );
  /** Each action as the pane runs it: the story, where the cursor or selection is, the place and the answer. */
  const actions = {
    "opening scene": {
      content: "<p>Start writing your story here...</p>",
      select: () => {},
      place: "append",
      answer: answer("## Chapter 1\n\nIt began.", { chapter: true }),
    },
    write: {
      content: "<p>First.</p><p>Second one.</p>",
      select: () => {},
      place: "append",
      answer: answer("More.\n\nAnd more."),
    },
    continue: {
      content: "<p>First.</p><p>Second one.</p>",
      select: (e: Editor) => e.commands.setTextSelection(14), // after 'Second'
      place: "cursor",
      answer: answer("Then."),
    },
    rewrite: {
      content: "<p>First.</p><p>Two is dull.</p><p>Three.</p>",
      select: (e: Editor) => e.commands.setTextSelection({ from: 14, to: 19 }), // 'dull.'
      place: "selection",
      answer: answer("Short."),
    },
    "rewrite of a whole paragraph": {
      content: "<p>First.</p><p>Two is dull.</p><p>Three.</p>",
      // What a triple click gives: the paragraph and the start of the next one.
      select: (e: Editor) => e.commands.setTextSelection({ from: 9, to: 23 }),
      place: "selection",
      answer: answer("Two."),
    },
    regenerate: {
      content: `<p>First.</p>${wrapped("<p>Old version.</p>", "2026-11-22T09:00:00.000Z")}<p>Mine.</p>`,
      select: () => {},
      place: "replace-last",
      answer: answer("New version."),
    },
  } as const;
  /** The writer's own typing somewhere else: at the start of the story, or after an opening scene. */
  function typeElsewhere(e: Editor, name: string) {
    if (name === "opening scene") e.commands.insertContentAt(e.state.doc.content.size, "<p>My words.</p>");
    else type(e, "My ", 1);
  }

  for (const [name, action] of Object.entries(actions)) {
    for (const how of ["the pane's Undo", "Ctrl+Z"] as const) {
      for (const when of ["at once", "after an autosave", "after typing elsewhere"] as const) {
        it(`${name}: ${how}, ${when}`, async () => {
          const { e, bridge, calls } = setup(action.content);
          action.select(e);
          const before = html(e);
          bridge.begin(action.place).commit(action.answer);
          expect(html(e)).not.toBe(before);
          let expected = before;
          if (when === "after an autosave") {
            await Promise.resolve();
            expect(calls.saved).toBe(1);
          }
          if (when === "after typing elsewhere") {
            typeElsewhere(e, name);
            // The same typing on the story as it was: what the pane's Undo must leave.
            const { e: other } = setup(action.content);
            typeElsewhere(other, name);
            expected = html(other);
            other.destroy();
            editor = e;
          }
          if (how === "Ctrl+Z") {
            // The history is linear: the typing goes first, then Marin's text, each with one press.
            ctrlZ(e);
            if (when === "after typing elsewhere") ctrlZ(e);
            expect(html(e)).toBe(before);
          } else {
            expect(bridge.undoLastInsertion()).toBe(true);
            expect(html(e)).toBe(expected);
            // And the pane's Undo is itself one step the writer can take back.
            undo(e);
            expect(html(e)).toContain(action.answer.text.split("\n").at(-1));
          }
        });
      }
    }
  }

  it("the pane's Undo walks back through Marin's actions, skipping one Ctrl+Z already took out", () => {
    const { e, bridge } = setup("<p>Mine.</p>");
    const before = html(e);
    bridge.begin("append").commit(answer("One.", { generatedAt: "2026-11-22T10:00:00.000Z" }));
    const afterOne = html(e);
    bridge.begin("replace-last").commit(answer("Two.", { generatedAt: "2026-11-22T10:01:00.000Z" }));
    bridge.begin("append").commit(answer("Three.", { generatedAt: "2026-11-22T10:02:00.000Z" }));
    undo(e); // Ctrl+Z takes 'Three.' out
    expect(bridge.undoLastInsertion()).toBe(true); // 'Two.' goes, 'One.' comes back
    expect(html(e)).toBe(afterOne);
    expect(bridge.undoLastInsertion()).toBe(true);
    expect(html(e)).toBe(before);
    expect(bridge.undoLastInsertion()).toBe(false);
  });
});

describe("Enter after Marin's text", () => {
  const enter = (e: Editor) =>
    e.view.dom.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
  const typeHere = (e: Editor, text: string) => e.view.dispatch(e.state.tr.insertText(text));

  it("starts the writer's own paragraph after the wrapper, not an empty one inside it", () => {
    const { e, bridge } = setup("<p>Mine.</p><p>Later.</p>");
    e.commands.setTextSelection(7); // the end of 'Mine.'
    bridge.begin("cursor").commit(answer("One.\n\nTwo."));
    const end = e.state.doc.child(1).nodeSize + 7; // the end of 'Two.'
    e.commands.setTextSelection(end - 2);
    expect(e.state.selection.$from.parent.textContent).toBe("Two.");
    expect(e.state.selection.$from.parentOffset).toBe(4);
    enter(e);
    typeHere(e, "My own.");
    expect(html(e)).toBe(`<p>Mine.</p>${wrapped("<p>One.</p><p>Two.</p>")}<p>My own.</p><p>Later.</p>`);
  });

  it("inside a chapter the writer's paragraph stays in the chapter", () => {
    const chapter = `<section class="chapter" data-chapter="2">${wrapped("<h2>Chapter 2</h2><p>Rain.</p>")}</section>`;
    const { e } = setup(`<p>Mine.</p>${chapter}`);
    e.commands.setTextSelection(e.state.doc.content.size - 3); // the end of 'Rain.'
    enter(e);
    typeHere(e, "My own.");
    expect(html(e)).toBe(
      `<p>Mine.</p><section class="chapter" data-chapter="2">${wrapped("<h2>Chapter 2</h2><p>Rain.</p>")}<p>My own.</p></section>`,
    );
  });

  it("still splits Marin's paragraph in the middle", () => {
    const { e } = setup(`<p>Mine.</p>${wrapped("<p>Rain fell.</p>")}`);
    e.commands.setTextSelection(13); // after 'Rain'
    enter(e);
    expect(html(e)).toBe(`<p>Mine.</p>${wrapped("<p>Rain</p><p> fell.</p>")}`);
  });
});
