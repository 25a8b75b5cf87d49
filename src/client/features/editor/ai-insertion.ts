// The editor's side of the assistant pane (marin/editor-bridge.ts): reading the story for a request, streaming an
// answer into place (ai-streaming.ts) and committing it inside its provenance wrapper as one undo step.
import { createNodeFromContent, type Editor } from "@tiptap/core";
import type { Fragment } from "@tiptap/pm/model";
import { closeHistory } from "@tiptap/pm/history";
import type { Transaction } from "@tiptap/pm/state";
import type { GenerateAnswer } from "../../../shared/schemas/marin";
import { proseToHtml } from "../../../shared/prose";
import type { EditorBridge, InsertionPlace, StreamingInsertion } from "../marin/editor-bridge";
import { aiWrapperHtml } from "./ai-wrapper";
import { aiStreamKey, type StreamTarget, streamMeta, targetRange } from "./ai-streaming";
import { EDITOR_PARSE_OPTIONS } from "./extensions";
import { normalizeEditorHtml } from "./html-text";
import { findLastInsertion, isStoryEmpty, nextChapterNumber, placeBlocks } from "./story-doc";

/** What the bridge needs of the story saver: a committed insertion is saved at once. */
export interface InsertionSaver {
  changed(): void;
  save(): Promise<boolean>;
}

/** Slack (px) under the visible area within which the streamed text still counts as followed. */
const FOLLOW_SLACK_PX = 48;

function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === "auto" || overflowY === "scroll") return node;
  }
  return null;
}

/** Whether the end of the streamed text is on screen (or just below it): the writer is following it. */
function isFollowed(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  const view = scrollParent(element)?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
  return box.bottom >= view.top && box.bottom <= view.bottom + FOLLOW_SLACK_PX;
}

function scrollToEnd(element: HTMLElement, smooth: boolean): void {
  // NOTE: jsdom has no scrollIntoView.
  if (typeof element.scrollIntoView === "function") {
    element.scrollIntoView({ block: "nearest", behavior: smooth ? "smooth" : "auto" });
  }
}

function startTarget(editor: Editor, place: InsertionPlace): StreamTarget {
  const { selection, doc } = editor.state;
  if (place === "append") return { kind: "append" };
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

export interface AiInsertion extends EditorBridge {
  /** Drops an insertion still streaming (the page is going away). */
  dispose(): void;
}

export function createAiInsertion(editor: Editor, saver: InsertionSaver): AiInsertion {
  let nextId = 1;
  let active: StreamingInsertion | null = null;

  const wrapperBlocks = (answer: GenerateAnswer, tr: Transaction): Fragment =>
    createNodeFromContent(aiWrapperHtml(answer, nextChapterNumber(tr.doc)), editor.schema, {
      parseOptions: EDITOR_PARSE_OPTIONS,
    }) as Fragment;

  function begin(place: InsertionPlace): StreamingInsertion {
    active?.cancel();
    const id = nextId++;
    const element = document.createElement("div");
    element.className = "ai-stream";
    element.contentEditable = "false";
    element.setAttribute("aria-busy", "true");
    editor.view.dispatch(streamMeta(editor.state.tr, { start: { id, target: startTarget(editor, place), element } }));
    let done = false;
    let updates = 0;

    const finish = (): StreamingInsertion | null => {
      if (done || editor.isDestroyed) return null;
      done = true;
      if (active === insertion) active = null;
      return insertion;
    };

    const insertion: StreamingInsertion = {
      update(textSoFar) {
        if (done || editor.isDestroyed) return;
        const follow = updates++ === 0 || isFollowed(element);
        element.innerHTML = proseToHtml(textSoFar);
        if (follow) scrollToEnd(element, updates === 1);
      },
      commit(answer) {
        if (!finish()) return;
        const stream = aiStreamKey.getState(editor.state);
        const tr = streamMeta(editor.state.tr, { stop: id }).setMeta("addToHistory", true);
        if (stream?.id === id) {
          const { from, to } = targetRange(stream.target, tr.doc);
          placeBlocks(tr, from, to, wrapperBlocks(answer, tr));
        }
        dispatchAsOwnUndoStep(editor, tr);
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
    lastInsertion() {
      const last = findLastInsertion(editor.state.doc);
      return last ? { generatedAt: last.node.attrs.generatedAt ?? "" } : null;
    },
    undoLastInsertion() {
      const last = findLastInsertion(editor.state.doc);
      if (!last) return false;
      dispatchAsOwnUndoStep(editor, editor.state.tr.delete(last.from, last.to));
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
