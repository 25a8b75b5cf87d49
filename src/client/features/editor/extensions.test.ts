// @vitest-environment jsdom
import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { EDITOR_PARSE_OPTIONS, editorExtensions } from "./extensions";

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

function load(content: string): Editor {
  editor = new Editor({ extensions: editorExtensions(), content, parseOptions: EDITOR_PARSE_OPTIONS });
  return editor;
}

describe("the editor schema", () => {
  it("keeps the chapter wrapper and the generated-content wrapper through a load and save", () => {
    const html =
      '<section class="chapter" data-chapter="2"><h2>Chapter 2</h2><p>The storm broke.</p></section>' +
      '<div class="generated-content"><p>Marin wrote this.</p></div>';
    expect(load(html).getHTML()).toBe(html);
  });

  it("keeps the formatting the toolbar offers", () => {
    const html =
      "<h1>Title</h1><h2>Part</h2>" +
      '<p style="text-align: center"><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p>' +
      "<ol><li><p>one</p></li></ol><ul><li><p>two</p></li></ul><blockquote><p>q</p></blockquote><hr>";
    // ProseMirror writes the style with a trailing semicolon; the server's sanitizer accepts both.
    expect(load(html).getHTML()).toBe(html.replace("text-align: center", "text-align: center;"));
  });

  it("keeps runs of spaces (the Tab's four) when content is loaded again", () => {
    expect(load("<p>    Indented</p>").getHTML()).toBe("<p>    Indented</p>");
  });

  it("inserts four spaces on Tab, also inside a list", () => {
    const e = load("<p>Start</p>");
    e.commands.focus("end");
    e.view.someProp("handleKeyDown", (f) => f(e.view, new KeyboardEvent("keydown", { key: "Tab" })));
    expect(e.getHTML()).toBe("<p>Start    </p>");
    e.commands.setContent("<ul><li><p>item</p></li></ul>");
    e.commands.setTextSelection(7); // after "item": ul(0) li(1) p(2) text 3..7
    e.view.someProp("handleKeyDown", (f) => f(e.view, new KeyboardEvent("keydown", { key: "Tab" })));
    // StarterKit's trailing node adds an empty paragraph after a list so the writer can type below it.
    expect(e.getHTML()).toBe("<ul><li><p>item    </p></li></ul><p></p>");
  });

  it("drops what the server would strip anyway (links, code) as plain text rather than losing it", () => {
    expect(load('<p><a href="https://x.test">link</a> and <code>code</code></p>').getHTML()).toBe(
      "<p>link and code</p>",
    );
  });
});
