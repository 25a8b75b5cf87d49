// The editor's side of the assistant pane (marin/editor-bridge.ts): reading the story for a request, streaming an
// answer into place (ai-streaming.ts) and committing it inside its provenance wrapper as one undo step.
import { createNodeFromContent, type Editor } from "@tiptap/core";
import type { Fragment } from "@tiptap/pm/model";
import { closeHistory } from "@tiptap/pm/history";
import type { Transaction } from "@tiptap/pm/state";
import { proseToHtml } from "../../../shared/prose";
import type { EditorBridge, InsertedText, InsertionPlace, StreamingInsertion } from "../marin/editor-bridge";
import { aiWrapperHtml } from "./ai-wrapper";
import { aiStreamKey, type StreamTarget, streamMeta, targetRange } from "./ai-streaming";
import { EDITOR_PARSE_OPTIONS } from "./extensions";
import { normalizeEditorHtml } from "./html-text";
import { MarinActions, recordInsertion } from "./marin-undo";
import {
  chapterEnd,
  findInsertion,
  findLastInsertion,
  isStoryEmpty,
  nextChapterNumber,
  placeBlocks,
} from "./story-doc";

/** What the bridge needs of the story saver: a committed insertion is saved at once. */
export interface InsertionSaver {
  /** The save that carries the insertion tells the server, which keeps the text before it as a version. */
  markMarinInsertion(model: string): void;
  changed(): void;
  save(): Promise<boolean>;
}

/** How far (px) below the visible area the end of the streamed text may be and still count as followed. */
const FOLLOW_SLACK_PX = 120;
/** Room (px) kept under the streamed text while following it. */
const REVEAL_MARGIN_PX = 24;

function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === "auto" || overflowY === "scroll") return node;
  }
  return null;
}

/**
 * Keeps the end of the streamed text on screen while the writer follows it; once they scroll away from it (its
 * end is no longer near the visible area), it stops pulling them back.
 */
class StreamFollower {
  private scroller: HTMLElement | null | undefined;
  private started = false;

  constructor(private readonly element: HTMLElement) {}

  private viewBox(): { top: number; bottom: number } {
    if (this.scroller === undefined) this.scroller = scrollParent(this.element);
    return this.scroller?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
  }

  /** Call before the text grows: is the writer following it? */
  following(): boolean {
    if (!this.started) return true;
    const { bottom } = this.element.getBoundingClientRect();
    const view = this.viewBox();
    return bottom >= view.top && bottom <= view.bottom + FOLLOW_SLACK_PX;
  }

  /** Call after the text grew. */
  reveal(): void {
    if (!this.started) {
      this.started = true;
      // NOTE: jsdom has no scrollIntoView. The first lines are short, so 'nearest' moves the story the least.
      if (typeof this.element.scrollIntoView === "function") this.element.scrollIntoView({ block: "nearest" });
      return;
    }
    const by = this.element.getBoundingClientRect().bottom - this.viewBox().bottom + REVEAL_MARGIN_PX;
    if (by > 0) (this.scroller ?? window).scrollBy({ top: by });
  }
}

function startTarget(editor: Editor, place: InsertionPlace): StreamTarget {
  const { selection, doc } = editor.state;
  if (place === "append") return { kind: "append" };
  if (typeof place === "object") {
    if ("chapter" in place) {
      const at = chapterEnd(doc, place.chapter);
      return at === null ? { kind: "append" } : { kind: "range", from: at, to: at };
    }
    const shown = findInsertion(doc, place.replacing);
    return shown ? { kind: "range", from: shown.from, to: shown.to } : { kind: "append" };
  }
  if (place === "replace-last") {
    const last = findLastInsertion(doc);
    return last ? { kind: "range", from: last.from, to: last.to } : { kind: "append" };
  }
  if (place === "selection" && !selection.empty) return { kind: "range", from: selection.from, to: selection.to };
  return { kind: "range", from: selection.to, to: selection.to };
}

/** Dispatches one undoable change that never merges with the writer's typing before or after it. */
function dispatchAsOwnUndoStep(editor: Editor, tr: Transaction): void {
  editor.view.dispatch(closeHistory(tr));
  editor.view.dispatch(closeHistory(editor.state.tr));
}

/** One pane-Undo history per editor, so a bridge made again (a new saver) still knows Marin's earlier actions. */
const actionsByEditor = new WeakMap<Editor, MarinActions>();

function marinActions(editor: Editor): MarinActions {
  let actions = actionsByEditor.get(editor);
  if (!actions) {
    actions = new MarinActions();
    actionsByEditor.set(editor, actions);
  }
  return actions;
}

export interface AiInsertion extends EditorBridge {
  /** Drops an insertion still streaming (the page is going away). */
  dispose(): void;
}

export function createAiInsertion(editor: Editor, saver: InsertionSaver): AiInsertion {
  let nextId = 1;
  let active: StreamingInsertion | null = null;
  const actions = marinActions(editor);

  /** The answer's blocks for [from, to]; a regenerated chapter keeps the number of the one it replaces. */
  function wrapperBlocks(answer: InsertedText, tr: Transaction, from: number, to: number): Fragment {
    const replaced = from < to ? tr.doc.nodeAt(from) : null;
    const replacedChapter =
      replaced?.type.name === "chapterSection" && from + replaced.nodeSize === to ? Number(replaced.attrs.chapter) : 0;
    const html = aiWrapperHtml(answer, replacedChapter || nextChapterNumber(tr.doc));
    return createNodeFromContent(html, editor.schema, { parseOptions: EDITOR_PARSE_OPTIONS }) as Fragment;
  }

  function begin(place: InsertionPlace): StreamingInsertion {
    active?.cancel();
    const id = nextId++;
    const element = document.createElement("div");
    element.className = "ai-stream";
    element.contentEditable = "false";
    element.setAttribute("aria-busy", "true");
    editor.view.dispatch(streamMeta(editor.state.tr, { start: { id, target: startTarget(editor, place), element } }));
    let done = false;
    const follower = new StreamFollower(element);

    const finish = (): StreamingInsertion | null => {
      if (done || editor.isDestroyed) return null;
      done = true;
      if (active === insertion) active = null;
      return insertion;
    };

    const insertion: StreamingInsertion = {
      update(textSoFar) {
        if (done || editor.isDestroyed) return;
        const follow = follower.following();
        element.innerHTML = proseToHtml(textSoFar);
        if (follow) follower.reveal();
      },
      commit(answer) {
        if (!finish()) return;
        const stream = aiStreamKey.getState(editor.state);
        const tr = streamMeta(editor.state.tr, { stop: id }).setMeta("addToHistory", true);
        if (stream?.id === id) {
          const { from, to } = targetRange(stream.target, tr.doc);
          placeBlocks(tr, from, to, wrapperBlocks(answer, tr, from, to));
        }
        const before = editor.state.doc;
        dispatchAsOwnUndoStep(editor, tr);
        const replacing = typeof place === "object" && "replacing" in place ? place.replacing : null;
        if (!replacing || !actions.inherit(replacing, answer.generatedAt))
          actions.add(recordInsertion(before, editor.state.doc, answer.generatedAt));
        saver.markMarinInsertion(answer.model);
        saver.changed();
        void saver.save();
      },
      cancel() {
        if (!finish()) return;
        editor.view.dispatch(streamMeta(editor.state.tr, { stop: id }));
      },
    };
    active = insertion;
    return insertion;
  }

  return {
    currentContent: () => normalizeEditorHtml(editor.getHTML()),
    isEmpty: () => isStoryEmpty(editor.state.doc),
    selectedText() {
      const { from, to, empty } = editor.state.selection;
      return empty ? "" : editor.state.doc.textBetween(from, to, "\n\n");
    },
    textBeforeCursor(maxChars) {
      const { from } = editor.state.selection;
      // NOTE: a position is at least one character of text, so twice the span always holds enough text.
      return editor.state.doc.textBetween(Math.max(0, from - maxChars * 2), from, "\n\n").slice(-maxChars);
    },
    begin,
    swapInsertion(shownAt, next) {
      const shown = findInsertion(editor.state.doc, shownAt);
      if (!shown) return false;
      const tr = editor.state.tr.setMeta("addToHistory", true);
      placeBlocks(tr, shown.from, shown.to, wrapperBlocks(next, tr, shown.from, shown.to));
      dispatchAsOwnUndoStep(editor, tr);
      actions.inherit(shownAt, next.generatedAt);
      // NOTE: no network on a step: the autosave sends the kept version later, as it does for the writer's typing.
      saver.changed();
      return true;
    },
    onTextChange(listener) {
      editor.on("update", listener);
      return () => editor.off("update", listener);
    },
    lastInsertion() {
      const last = findLastInsertion(editor.state.doc);
      return last ? { generatedAt: last.node.attrs.generatedAt ?? "" } : null;
    },
    undoLastInsertion() {
      const tr = editor.state.tr;
      if (!actions.revertLatest(editor.state.doc, tr)) {
        // Marin's text from before this editor opened (the wizard's opening scene, an earlier visit): what it
        // replaced is unknown, so it is taken out.
        const last = findLastInsertion(editor.state.doc);
        if (!last) return false;
        tr.delete(last.from, last.to);
      }
      dispatchAsOwnUndoStep(editor, tr);
      return true;
    },
    dispose: () => active?.cancel(),
    subscribe(listener) {
      editor.on("update", listener);
      editor.on("selectionUpdate", listener);
      return () => {
        editor.off("update", listener);
        editor.off("selectionUpdate", listener);
      };
    },
  };
}
