// The provenance wrapper around every AI insertion, built in one place for the editor's commit and the wizard's
// opening scene: `<div class="generated-content" data-model data-generated-at>`, inside a chapter section when the
// answer starts a chapter. The attribute order is the editor's own (wrapper-nodes.ts), so a load and save keep it.
import type { GenerateAnswer } from "../../../shared/schemas/marin";
import { chapterNumber, escapeHtml } from "../../../shared/prose";

export type WrappedAnswer = Pick<GenerateAnswer, "content" | "text" | "model" | "generatedAt" | "chapter">;

/** The chapter an answer's section gets: the number in its heading, else the one after the story's last. */
export function chapterFor(answer: Pick<GenerateAnswer, "text">, nextChapter: number): number {
  return chapterNumber(answer.text) ?? nextChapter;
}

/** `nextChapter` is used when the answer is a chapter without a numbered heading. */
export function aiWrapperHtml(answer: WrappedAnswer, nextChapter: number): string {
  const div =
    `<div class="generated-content" data-model="${escapeHtml(answer.model)}" ` +
    `data-generated-at="${escapeHtml(answer.generatedAt)}">${answer.content}</div>`;
  if (!answer.chapter) return div;
  return `<section class="chapter" data-chapter="${chapterFor(answer, nextChapter)}">${div}</section>`;
}
