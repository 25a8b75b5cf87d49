// The editor's schema: exactly what the server's sanitizer keeps (p, br, h1–h3, strong, em, u, s, lists,
// blockquote, hr, text-align, the chapter and generated-content wrappers), so nothing typed is lost on save.
import { Extension, wrappingInputRule } from "@tiptap/core";
import { BulletList } from "@tiptap/extension-list";
import TextAlign from "@tiptap/extension-text-align";
import { Placeholder } from "@tiptap/extensions";
import StarterKit from "@tiptap/starter-kit";
import { EDITOR_TAB_SPACES } from "../../../shared/limits";
import { SceneBreak } from "./scene-break";
import { STORY_PLACEHOLDER } from "./story-doc";
import { UndoAutoFormat } from "./undo-auto-format";
import { AiStreaming } from "./ai-streaming";
import { ChapterSection, GeneratedContent } from "./wrapper-nodes";

export { STORY_PLACEHOLDER };

const TAB_TEXT = " ".repeat(EDITOR_TAB_SPACES);

/** Tab types four spaces instead of moving focus out of the editor. */
export const TabSpaces = Extension.create({
  name: "tabSpaces",
  // NOTE: above the list item's Tab (sink) so the spec's "Tab inserts four spaces" holds everywhere.
  priority: 1000,
  addKeyboardShortcuts() {
    return {
      // NOTE: inserted as a raw text step; insertContent would parse the string as HTML and collapse the spaces.
      Tab: () =>
        this.editor.commands.command(({ tr }) => {
          tr.insertText(TAB_TEXT);
          return true;
        }),
    };
  },
});

/**
 * Bullets start with '- ' or '+ ' only. NOTE: '* ' is left as typed, because writers type '* * *' for a
 * scene break and a bullet list appearing after the first '* ' broke it.
 */
const DashBulletList = BulletList.extend({
  addInputRules() {
    return [wrappingInputRule({ find: /^\s*([-+])\s$/, type: this.type })];
  },
});

export function editorExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      // Code, code blocks and links are not on the sanitizer's allowlist; offering them would lose text.
      code: false,
      codeBlock: false,
      link: false,
      bulletList: false,
    }),
    DashBulletList,
    TextAlign.configure({ types: ["heading", "paragraph"], alignments: ["left", "center", "right", "justify"] }),
    ChapterSection,
    GeneratedContent,
    TabSpaces,
    SceneBreak,
    UndoAutoFormat,
    AiStreaming,
    Placeholder.configure({ placeholder: STORY_PLACEHOLDER }),
  ];
}

/** Runs of spaces (the Tab's four) survive a reload only if the parser keeps whitespace inside text. */
export const EDITOR_PARSE_OPTIONS = { preserveWhitespace: true } as const;
