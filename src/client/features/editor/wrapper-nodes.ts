// Block wrappers that AI generation adds to a story (SPEC.md section 4, chat routing) and that the server's
// sanitizer keeps: without these nodes TipTap would unwrap them on load and the next save would drop them.
import { mergeAttributes, Node } from "@tiptap/core";
import { TextSelection } from "@tiptap/pm/state";

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

/** The small label the editor shows on AI text: 'Written with Marin · <model> · <time>'. */
export function provenanceLabel(model: string | null, generatedAt: string | null): string {
  const time = generatedAt ? new Date(generatedAt) : null;
  const when =
    time && !Number.isNaN(time.getTime())
      ? time.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
      : null;
  return ["Written with Marin", model, when].filter(Boolean).join(" · ");
}

/**
 * `<div class="generated-content" data-model="…" data-generated-at="…">`: one AI insertion, with who wrote it and
 * when (the provenance the server counts for `aiShare`). Older stories have the wrapper without the attributes.
 */
export const GeneratedContent = Node.create({
  name: "generatedContent",
  group: "block",
  content: "block+",
  defining: true,

  addAttributes() {
    return {
      model: {
        default: null,
        parseHTML: (element) => element.getAttribute("data-model"),
        renderHTML: (attributes) => (attributes.model ? { "data-model": attributes.model } : {}),
      },
      generatedAt: {
        default: null,
        parseHTML: (element) => element.getAttribute("data-generated-at"),
        renderHTML: (attributes) => (attributes.generatedAt ? { "data-generated-at": attributes.generatedAt } : {}),
      },
    };
  },

  parseHTML() {
    return [{ tag: "div.generated-content" }];
  },

  renderHTML({ HTMLAttributes }) {
    return ["div", mergeAttributes({ class: "generated-content" }, HTMLAttributes), 0];
  },

  addKeyboardShortcuts() {
    return {
      // Enter at the very end of Marin's text starts the writer's own paragraph after the wrapper, not inside it.
      Enter: () =>
        this.editor.commands.command(({ state, tr, dispatch }) => {
          const { $from, empty } = state.selection;
          if (!empty || !$from.parent.isTextblock || $from.depth < 2) return false;
          const wrapper = $from.node(-1);
          const atEnd = $from.parentOffset === $from.parent.content.size && $from.index(-1) === wrapper.childCount - 1;
          if (wrapper.type !== this.type || !atEnd) return false;
          if (dispatch) {
            const after = $from.after(-1);
            tr.insert(after, state.schema.nodes.paragraph!.create());
            tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView();
          }
          return true;
        }),
    };
  },

  // NOTE: only the editor's DOM carries the label (editor.css shows it); getHTML() uses renderHTML above.
  addNodeView() {
    return ({ node, HTMLAttributes }) => {
      const dom = document.createElement("div");
      for (const [name, value] of Object.entries(mergeAttributes({ class: "generated-content" }, HTMLAttributes))) {
        dom.setAttribute(name, String(value));
      }
      dom.setAttribute("data-marin-label", provenanceLabel(node.attrs.model, node.attrs.generatedAt));
      return {
        dom,
        contentDOM: dom,
        update: (next) =>
          next.type === node.type &&
          next.attrs.model === node.attrs.model &&
          next.attrs.generatedAt === node.attrs.generatedAt,
      };
    };
  },
});
