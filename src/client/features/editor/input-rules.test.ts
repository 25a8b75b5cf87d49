// @vitest-environment jsdom
// What typing does in the editor: scene breaks become dividers, '- ' starts a list but '* ' does not, and
// Backspace right after any automatic formatting gives back what was typed.
import { Editor } from "@tiptap/core";
import { DOMParser as PmDOMParser, Slice } from "@tiptap/pm/model";
import { afterEach, describe, expect, it } from "vitest";
import { EDITOR_PARSE_OPTIONS, editorExtensions } from "./extensions";
import { convertPastedSlice, isSceneBreak } from "./scene-break";

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

function load(content = "<p></p>"): Editor {
  editor = new Editor({ extensions: editorExtensions(), content, parseOptions: EDITOR_PARSE_OPTIONS });
  editor.commands.focus("end");
  return editor;
}

/** Types as the browser does: each character goes through the editor's text-input handlers first. */
function type(e: Editor, text: string) {
  const { view } = e;
  for (const ch of text) {
    const { from, to } = view.state.selection;
    const insert = () => view.state.tr.insertText(ch, from, to);
    if (!view.someProp("handleTextInput", (f) => f(view, from, to, ch, insert))) view.dispatch(insert());
  }
}

/** A key the editor handles itself; Backspace that nobody handles deletes the character before the caret. */
function press(e: Editor, key: "Enter" | "Backspace") {
  const { view } = e;
  const handled = view.someProp("handleKeyDown", (f) => f(view, new KeyboardEvent("keydown", { key })));
  if (!handled && key === "Backspace") {
    const { from } = view.state.selection;
    view.dispatch(view.state.tr.delete(from - 1, from));
  }
}

describe("scene breaks", () => {
  it.each(["* * *", "***", "#", "~~~", "  * * *  ", "~ ~ ~", "*****"])(
    "'%s' alone on a line is a scene break",
    (text) => {
      expect(isSceneBreak(text)).toBe(true);
    },
  );

  it.each(["* * * and then", "**", "#hashtag", "~~", "Chapter #1", ""])("'%s' is not", (text) => {
    expect(isSceneBreak(text)).toBe(false);
  });

  it.each(["* * *", "***", "#", "~~~"])(
    "typing '%s' then Enter gives a divider and a new line to write on",
    (typed) => {
      const e = load("<p>The door closed.</p>");
      press(e, "Enter");
      type(e, typed);
      press(e, "Enter");
      type(e, "Morning.");
      expect(e.getHTML()).toBe("<p>The door closed.</p><hr><p>Morning.</p>");
    },
  );

  it("typing '* * *' never makes a bullet list on the way", () => {
    const e = load();
    type(e, "* ");
    expect(e.getHTML()).toBe("<p>* </p>");
    type(e, "* *");
    expect(e.getHTML()).toBe("<p>* * *</p>");
  });

  it("Backspace right after the divider gives the typed line back, with the caret on the next line", () => {
    const e = load("<p>The door closed.</p>");
    press(e, "Enter");
    type(e, "* * *");
    press(e, "Enter");
    press(e, "Backspace");
    expect(e.getHTML()).toBe("<p>The door closed.</p><p>* * *</p><p></p>");
    type(e, "x");
    expect(e.getHTML()).toBe("<p>The door closed.</p><p>* * *</p><p>x</p>");
  });

  it("works inside a chapter and leaves list items alone", () => {
    const e = load('<section class="chapter" data-chapter="1"><p>One.</p><p>#</p></section>');
    e.commands.setTextSelection(9); // section(0) p(1) 'One.' 2..6 p(7) '#' 8..9
    press(e, "Enter");
    expect(e.getHTML()).toContain('<section class="chapter" data-chapter="1"><p>One.</p><hr><p></p></section>');
    const list = load("<ul><li><p>***</p></li></ul>");
    list.commands.setTextSelection(6);
    press(list, "Enter");
    expect(list.getHTML()).not.toContain("<hr>");
  });

  it("pasted text turns its scene-break lines into dividers", () => {
    const e = load();
    const { schema } = e;
    const hr = schema.nodes.horizontalRule!;
    const parse = (html: string) => {
      const dom = document.createElement("div");
      dom.innerHTML = html;
      return PmDOMParser.fromSchema(schema).parseSlice(dom);
    };
    const pasted = convertPastedSlice(parse("<p>Night.</p><p>* * *</p><p>~~~</p><p>Day.</p>"), hr);
    e.commands.setContent("<p></p>");
    e.view.dispatch(e.state.tr.replaceSelection(pasted));
    expect(e.getHTML()).toBe("<p>Night.</p><hr><hr><p>Day.</p>");
    // A lone scene-break line pasted on its own is a divider too; other text is left as it was.
    const lone = convertPastedSlice(new Slice(parse("<p>***</p>").content, 1, 1), hr);
    expect(lone.content.firstChild?.type.name).toBe("horizontalRule");
    expect(lone.openStart).toBe(0);
    const plain = parse("<p>No break * * * here.</p>");
    expect(convertPastedSlice(plain, hr).content.eq(plain.content)).toBe(true);
  });
});

describe("automatic formatting and Backspace", () => {
  it.each([
    ["- ", "<ul><li><p></p></li></ul>"],
    ["+ ", "<ul><li><p></p></li></ul>"],
    ["1. ", "<ol><li><p></p></li></ol>"],
    ["# ", "<h1></h1>"],
    ["## ", "<h2></h2>"],
    ["> ", "<blockquote><p></p></blockquote>"],
    ["---", "<hr>"],
    ["*** ", "<hr>"],
  ])("'%s' formats at the end of the story, and Backspace restores what was typed", (typed, formatted) => {
    const e = load("<p>Before.</p><p></p>");
    type(e, typed);
    expect(e.getHTML().startsWith(`<p>Before.</p>${formatted}`)).toBe(true);
    press(e, "Backspace");
    expect(e.getHTML()).toBe(`<p>Before.</p><p>${typed.replace(">", "&gt;")}</p>`);
  });

  it("restores marks made from typed asterisks", () => {
    const e = load();
    type(e, "**bold**");
    expect(e.getHTML()).toBe("<p><strong>bold</strong></p>");
    press(e, "Backspace");
    expect(e.getHTML()).toBe("<p>**bold**</p>");
  });

  it("Backspace after typing on does not undo a formatting from earlier", () => {
    const e = load();
    type(e, "- a");
    press(e, "Backspace");
    expect(e.getHTML()).toBe("<ul><li><p></p></li></ul><p></p>");
  });
});
