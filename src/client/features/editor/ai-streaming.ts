// Where a streaming AI insertion shows while it arrives. NOTE: the streamed text is a widget decoration, not
// document content: it is never in the undo history, never in getHTML() (so neither autosave nor a conflict copy
// can pick up half an answer), and the writer keeps typing around it while its place is mapped through their edits.
// Only commit() (ai-insertion.ts) changes the document.
import { Extension } from "@tiptap/core";
import type { Node as PmNode } from "@tiptap/pm/model";
import { type EditorState, Plugin, PluginKey, type Transaction } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import { appendRange } from "./story-doc";

/**
 * What an insertion replaces: `append` is worked out from the document each time (its end moves as the writer
 * types); a range is mapped through every edit. An empty range is an insertion point (the cursor).
 */
export type StreamTarget = { kind: "append" } | { kind: "range"; from: number; to: number };

export interface StreamState {
  id: number;
  target: StreamTarget;
  /** The widget the text streams into (ai-insertion.ts fills it). */
  element: HTMLElement;
}

type StreamMeta = { start: StreamState } | { stop: number };

export const aiStreamKey = new PluginKey<StreamState | null>("aiStream");

export function targetRange(target: StreamTarget, doc: PmNode): { from: number; to: number } {
  return target.kind === "append" ? appendRange(doc) : { from: target.from, to: target.to };
}

function mapTarget(target: StreamTarget, tr: Transaction): StreamTarget {
  if (target.kind === "append") return target;
  if (target.from === target.to) {
    const at = tr.mapping.map(target.from, 1);
    return { kind: "range", from: at, to: at };
  }
  const from = tr.mapping.map(target.from, 1);
  return { kind: "range", from, to: Math.max(from, tr.mapping.map(target.to, -1)) };
}

function decorations(state: EditorState): DecorationSet {
  const stream = aiStreamKey.getState(state);
  if (!stream) return DecorationSet.empty;
  const { from, to } = targetRange(stream.target, state.doc);
  const found = [Decoration.widget(to, () => stream.element, { key: `ai-stream-${stream.id}`, ignoreSelection: true })];
  // What the answer will replace stays until commit, shown as being replaced.
  if (from < to) found.push(Decoration.inline(from, to, { class: "ai-replaced" }));
  return DecorationSet.create(state.doc, found);
}

export const AiStreaming = Extension.create({
  name: "aiStreaming",
  addProseMirrorPlugins() {
    return [
      new Plugin<StreamState | null>({
        key: aiStreamKey,
        state: {
          init: () => null,
          apply(tr, value) {
            const meta = tr.getMeta(aiStreamKey) as StreamMeta | undefined;
            if (meta && "start" in meta) return meta.start;
            if (meta && "stop" in meta) return value?.id === meta.stop ? null : value;
            return value && tr.docChanged ? { ...value, target: mapTarget(value.target, tr) } : value;
          },
        },
        props: {
          decorations,
          attributes: (state): Record<string, string> =>
            aiStreamKey.getState(state) ? { class: "ai-streaming-story" } : {},
        },
      }),
    ];
  },
});

/** A transaction that starts or stops a stream; it has no steps, so the history and autosave never see it. */
export function streamMeta(tr: Transaction, meta: StreamMeta): Transaction {
  return tr.setMeta(aiStreamKey, meta).setMeta("addToHistory", false);
}
