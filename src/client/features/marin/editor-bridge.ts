// What the assistant pane may do to the story in the editor. The editor implements it (editor/use-ai-insertion.ts);
// the pane (marin/*) uses it and never touches TipTap itself.
import type { GenerateAnswer } from "../../../shared/schemas/marin";

/** Where an insertion goes. */
export type InsertionPlace =
  /** After the story's last block (a plain generation). */
  | "append"
  /** At the cursor (Continue). */
  | "cursor"
  /** Replacing the selection (Rewrite). */
  | "selection"
  /** Replacing the last AI insertion (Regenerate). */
  | "replace-last"
  /** At the end of chapter N, or where a new chapter N belongs ('Write chapter N from its beats'). */
  | { chapter: number }
  /** Replacing the version of a generation shown in the story ('Another version', issue 32). */
  | { replacing: string };

/** What an insertion puts in the story: a finished answer, or the part of one that arrived before Stop. */
export type InsertedText = Pick<GenerateAnswer, "content" | "text" | "model" | "generatedAt" | "chapter">;

/** One insertion in progress: text streams in, then the final answer replaces it as one undoable step. */
export interface StreamingInsertion {
  /** Shows the text received so far (model text; rendered with shared/prose.ts). Not in undo history, not saved. */
  update(textSoFar: string): void;
  /** Puts the content in place inside the provenance wrapper, as one undo step, and saves. */
  commit(answer: InsertedText): void;
  /** Removes what was streamed and leaves the story as it was (a failure, or the page going away). */
  cancel(): void;
}

export interface EditorBridge {
  /** The story's current HTML, for storyContext.currentContent. */
  currentContent(): string;
  /** True when the story is empty or only the placeholder text (the editor then writes an opening scene). */
  isEmpty(): boolean;
  /** The selected text ('' when nothing is selected). */
  selectedText(): string;
  /** Up to `maxChars` of text before the cursor. */
  textBeforeCursor(maxChars: number): string;
  /** Starts an insertion. Only one runs at a time; the editor stays editable around it. */
  begin(place: InsertionPlace): StreamingInsertion;
  /**
   * Puts another version of a generation in place of the one shown (`shownAt`, its time), with no network: one undo
   * step, and the pane's Undo still takes the version out and brings back what the first one replaced. False when the
   * shown version is no longer in the story.
   */
  swapInsertion(shownAt: string, next: InsertedText): boolean;
  /** Subscribes to changes of the story's text only (not the selection); returns unsubscribe. */
  onTextChange(listener: () => void): () => void;
  /** The last AI insertion still in the story, or null. */
  lastInsertion(): { generatedAt: string } | null;
  /**
   * Undoes Marin's latest action still in the story as one undo step: what it replaced comes back exactly, the
   * writer's edits elsewhere stay. False when there is nothing of Marin's to undo.
   */
  undoLastInsertion(): boolean;
  /** Subscribes to selection and content changes (for enabling Rewrite and the context line); returns unsubscribe. */
  subscribe(listener: () => void): () => void;
}
