// Backspace right after an automatic formatting (a list, heading, quote or divider made from what was typed)
// gives back exactly what was typed.
//
// NOTE: TipTap's own undoInputRule forgets the rule as soon as any later transaction changes the document,
// and the trailing-node plugin appends one (an empty paragraph after a new list or heading at the end of the
// story), so Backspace there removed the list instead of restoring '- '. This plugin remembers the rule's
// steps together with the steps appended to it, and undoes all of them.
import { Extension } from "@tiptap/core";
import type { Node as PmNode } from "@tiptap/pm/model";
import { type EditorState, Plugin, PluginKey, type Transaction } from "@tiptap/pm/state";
import type { Step } from "@tiptap/pm/transform";

export interface AutoFormat {
  steps: readonly Step[];
  /** The document before each step, to invert it. */
  docs: readonly PmNode[];
  /** After inverting: where the typed text was, and the text to put back there ('' for none). */
  from: number;
  to: number;
  text: string;
}

export const autoFormatKey = new PluginKey<AutoFormat | null>("undoAutoFormat");

interface TipTapRuleMeta {
  transform: { steps: Step[]; docs: PmNode[] };
  from: number;
  to: number;
  text: string;
}

/** TipTap's input-rule plugins put what they did in a meta keyed by the plugin itself. */
function tiptapRuleMeta(tr: Transaction, state: EditorState): TipTapRuleMeta | undefined {
  for (const plugin of state.plugins) {
    if ((plugin.spec as { isInputRules?: boolean }).isInputRules) {
      const meta = tr.getMeta(plugin) as TipTapRuleMeta | undefined;
      if (meta?.transform) return meta;
    }
  }
  return undefined;
}

/** Marks `tr` as an automatic formatting whose steps from `firstStep` on Backspace may undo. */
export function recordAutoFormat(tr: Transaction, firstStep: number, at: { from: number; to: number; text: string }) {
  const record: AutoFormat = { steps: tr.steps.slice(firstStep), docs: tr.docs.slice(firstStep), ...at };
  return tr.setMeta(autoFormatKey, record);
}

function nextRecord(tr: Transaction, prev: AutoFormat | null, state: EditorState): AutoFormat | null {
  const own = tr.getMeta(autoFormatKey) as AutoFormat | undefined;
  if (own) return own;
  const rule = tiptapRuleMeta(tr, state);
  if (rule)
    return { steps: rule.transform.steps, docs: rule.transform.docs, from: rule.from, to: rule.to, text: rule.text };
  if (prev && tr.getMeta("appendedTransaction") && tr.docChanged) {
    return { ...prev, steps: [...prev.steps, ...tr.steps], docs: [...prev.docs, ...tr.docs] };
  }
  return tr.docChanged || tr.selectionSet ? null : prev;
}

export const UndoAutoFormat = Extension.create({
  name: "undoAutoFormat",
  // NOTE: above the list keymap's Backspace (which would lift the new list item instead).
  priority: 1001,
  addProseMirrorPlugins() {
    return [
      new Plugin<AutoFormat | null>({
        key: autoFormatKey,
        state: {
          init: () => null,
          apply: (tr, prev, _old, state) => nextRecord(tr, prev, state),
        },
      }),
    ];
  },
  addKeyboardShortcuts() {
    return {
      Backspace: () =>
        this.editor.commands.command(({ state, tr, dispatch }) => {
          const record = autoFormatKey.getState(state);
          if (!record) return false;
          if (dispatch) {
            for (let i = record.steps.length - 1; i >= 0; i -= 1) {
              const step = record.steps[i];
              const doc = record.docs[i];
              if (step && doc) tr.step(step.invert(doc));
            }
            if (record.text) {
              tr.replaceWith(
                record.from,
                record.to,
                state.schema.text(record.text, tr.doc.resolve(record.from).marks()),
              );
            } else if (record.to > record.from) {
              tr.delete(record.from, record.to);
            }
          }
          return true;
        }),
    };
  },
});
