// Block wrappers that AI generation adds to a story (SPEC.md section 4, chat routing) and that the server's
// sanitizer keeps: without these nodes TipTap would unwrap them on load and the next save would drop them.
import { mergeAttributes, Node } from "@tiptap/core";

/** `<section class="chapter" data-chapter="N">`: a chapter separator around a generated chapter. */
export const ChapterSection = Node.create({
  name: "chapterSection",
  group: "block",
  content: "block+",
  defining: true,

  addAttributes() {
    return {
      chapter: {
        default: null,
        parseHTML: (element) => element.getAttribute("data-chapter"),
        renderHTML: (attributes) => (attributes.chapter ? { "data-chapter": attributes.chapter } : {}),
      },
    };
  },

  parseHTML() {
    return [{ tag: "section.chapter" }];
  },

  renderHTML({ HTMLAttributes }) {
    return ["section", mergeAttributes({ class: "chapter" }, HTMLAttributes), 0];
  },
});

/** `<div class="generated-content">`: a block of appended AI output. */
export const GeneratedContent = Node.create({
  name: "generatedContent",
  group: "block",
  content: "block+",
  defining: true,

  parseHTML() {
    return [{ tag: "div.generated-content" }];
  },

  renderHTML({ HTMLAttributes }) {
    return ["div", mergeAttributes({ class: "generated-content" }, HTMLAttributes), 0];
  },
});
