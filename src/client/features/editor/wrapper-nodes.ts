// Block wrappers that AI generation adds to a story (through chat routing) and that the server's
// sanitizer keeps: without these nodes TipTap would unwrap them on load and the next save would drop them.
import { mergeAttributes, Node } from "@tiptap/core";
import type { Node as ProseMirrorNode, NodeType } from "@tiptap/pm/model";
import { Plugin, PluginKey, TextSelection } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";

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

  // NOTE: only the editor's DOM carries the label (editor.css shows it); getHTML() uses renderHTML above. It is a node
  // decoration, not a node view: TipTap hands ProseMirror new node-view functions when the editor mounts, which
  // redraws the whole document a second time (207 ms for a 100,000-word story on a cold load, decision 0047).
  addProseMirrorPlugins() {
    return [provenanceLabels(this.type)];
  },
});

/** Labels every wrapper of `type` with `data-marin-label`; recomputed only when the document changes. */
function provenanceLabels(type: NodeType): Plugin {
  let labelled: ProseMirrorNode | undefined;
  let decorations = DecorationSet.empty;
  return new Plugin({
    key: new PluginKey("marinProvenanceLabels"),
    props: {
      decorations(state) {
        if (state.doc === labelled) return decorations;
        const found: Decoration[] = [];
        state.doc.descendants((node, pos) => {
          if (node.type === type) {
            const label = provenanceLabel(node.attrs.model, node.attrs.generatedAt);
            found.push(Decoration.node(pos, pos + node.nodeSize, { "data-marin-label": label }));
          }
          // Wrappers hold blocks, never inline content: paragraphs and headings are not searched.
          return !node.isTextblock;
        });
        labelled = state.doc;
        decorations = DecorationSet.create(state.doc, found);
        return decorations;
      },
    },
  });
}
