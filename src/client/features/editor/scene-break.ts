// Writers' scene breaks ('* * *', '***', '#', '~~~' alone on a line) become a divider (<hr>): on Enter at the
// end of such a line, and in pasted text. Backspace right after the Enter gives the line back.
import { Extension } from "@tiptap/core";
import { Fragment, type Node as PmNode, type NodeType, Slice } from "@tiptap/pm/model";
import { Plugin, TextSelection } from "@tiptap/pm/state";
import { recordAutoFormat } from "./undo-auto-format";

const SCENE_BREAK = /^\s*(?:\*(?:\s*\*){2,}|#{1,3}|~{3,}|~(?:\s+~){2,})\s*$/;

export function isSceneBreak(text: string): boolean {
  return SCENE_BREAK.test(text);
}

const LIST_NODES = new Set(["bulletList", "orderedList", "listItem"]);

const isBreakParagraph = (node: PmNode) => node.type.name === "paragraph" && isSceneBreak(node.textContent);

/** Paragraphs that are scene breaks become dividers; lists are left alone (a '***' item stays an item). */
function convertClosed(fragment: Fragment, hr: NodeType): Fragment {
  const nodes: PmNode[] = [];
  fragment.forEach((node) => {
    if (isBreakParagraph(node)) nodes.push(hr.create());
    else if (node.isTextblock || node.isLeaf || LIST_NODES.has(node.type.name)) nodes.push(node);
    else nodes.push(node.copy(convertClosed(node.content, hr)));
  });
  return Fragment.from(nodes);
}

/**
 * The pasted slice with its scene breaks as dividers. Nodes on an open edge are merged into the text around
 * the caret, so only a paragraph that is itself the edge (open depth 1) may turn into a divider, closing it.
 */
export function convertPastedSlice(slice: Slice, hr: NodeType): Slice {
  let { openStart, openEnd } = slice;
  const count = slice.content.childCount;
  const nodes: PmNode[] = [];
  slice.content.forEach((node, _offset, index) => {
    const first = index === 0 && openStart > 0;
    const last = index === count - 1 && openEnd > 0;
    if (isBreakParagraph(node) && (!first || openStart === 1) && (!last || openEnd === 1)) {
      nodes.push(hr.create());
      if (first) openStart = 0;
      if (last) openEnd = 0;
    } else if (first || last || node.isTextblock || node.isLeaf || LIST_NODES.has(node.type.name)) {
      nodes.push(node);
    } else {
      nodes.push(node.copy(convertClosed(node.content, hr)));
    }
  });
  return new Slice(Fragment.from(nodes), openStart, openEnd);
}

export const SceneBreak = Extension.create({
  name: "sceneBreak",
  priority: 1001,
  addKeyboardShortcuts() {
    return {
      Enter: () =>
        this.editor.commands.command(({ state, tr, dispatch }) => {
          const { $from, empty } = state.selection;
          const { horizontalRule: hr, paragraph } = state.schema.nodes;
          if (!empty || !hr || !paragraph || !isBreakParagraph($from.parent)) return false;
          if ($from.parentOffset !== $from.parent.content.size) return false;
          for (let depth = $from.depth - 1; depth > 0; depth -= 1) {
            if (LIST_NODES.has($from.node(depth).type.name)) return false;
          }
          if (dispatch) {
            const start = $from.before();
            // The Enter itself (a new paragraph) stays; only the line's turning into a divider is undoable.
            tr.insert($from.after(), paragraph.create());
            const firstStep = tr.steps.length;
            tr.replaceWith(start, start + $from.parent.nodeSize, hr.create());
            tr.setSelection(TextSelection.create(tr.doc, start + 2));
            recordAutoFormat(tr, firstStep, { from: 0, to: 0, text: "" });
          }
          return true;
        }),
    };
  },
  addProseMirrorPlugins() {
    const hr = this.editor.schema.nodes.horizontalRule;
    if (!hr) return [];
    return [new Plugin({ props: { transformPasted: (slice) => convertPastedSlice(slice, hr) } })];
  },
});
