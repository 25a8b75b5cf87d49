// A version against the current text, word by word (jsdiff), bounded by the change rather than the story: the
// paragraphs are aligned first, only changed paragraphs are diffed by word, and unchanged ones collapse to a line
// of context each side of a change.
import { diffArrays, diffWords } from "diff";
import type { DiffPart } from "../../shared/schemas/versions";
import { countWordsInText } from "../../shared/word-count";
import { storyBlocks } from "../stories/story-text";

/** Past this many changed paragraphs, the changed stretch is shown removed then added, without aligning. */
const MAX_PARAGRAPH_EDITS = 2000;
/** Past this many changed words in one stretch, the same. */
const MAX_WORD_EDITS = 4000;
/** Changed text shown at most (characters); the rest is cut and `truncated` says so. */
const MAX_CHANGED_CHARS = 200_000;
/** Unchanged context kept each side of a change (characters of its nearest paragraph). */
const CONTEXT_CHARS = 280;

export interface VersionDiff {
  parts: DiffPart[];
  added: number;
  removed: number;
  truncated: boolean;
}

const paragraphs = (html: string): string[] => storyBlocks(html).flatMap((b) => (b.text === "" ? [] : [b.text]));

class DiffBuilder {
  parts: DiffPart[] = [];
  added = 0;
  removed = 0;
  truncated = false;
  private changedChars = 0;

  private push(kind: "same" | "added" | "removed", text: string) {
    if (text === "") return;
    const last = this.parts.at(-1);
    if (last && last.kind === kind) last.text += text;
    else this.parts.push({ kind, text });
  }

  /** Unchanged paragraphs: the one next to each change is kept (cut to CONTEXT_CHARS), the rest is a gap. */
  same(paras: string[], isFirst: boolean, isLast: boolean) {
    if (paras.length === 0) return;
    const lead = isFirst ? null : paras[0]!;
    const tail = isLast || (lead !== null && paras.length === 1) ? null : paras.at(-1)!;
    const shown = (lead === null ? 0 : 1) + (tail === null ? 0 : 1);
    if (lead !== null) this.push("same", `${cutEnd(lead)}\n`);
    if (paras.length > shown) this.parts.push({ kind: "gap", paragraphs: paras.length - shown });
    if (tail !== null) this.push("same", `${cutStart(tail)}\n`);
  }

  changed(removed: string[], added: string[]) {
    if (this.truncated) return;
    const before = removed.join("\n");
    const after = added.join("\n");
    this.changedChars += before.length + after.length;
    if (this.changedChars > MAX_CHANGED_CHARS) {
      this.truncated = true;
      return;
    }
    this.removed += countWordsInText(before);
    this.added += countWordsInText(after);
    const words = before && after ? diffWords(before, after, { maxEditLength: MAX_WORD_EDITS }) : undefined;
    if (!words) {
      this.push("removed", before && `${before}\n`);
      this.push("added", after && `${after}\n`);
      return;
    }
    for (const w of words) this.push(w.added ? "added" : w.removed ? "removed" : "same", w.value);
    this.push("same", "\n");
    // NOTE: the counts above are whole paragraphs; with a word diff, count what it marked.
    this.removed -= countWordsInText(before);
    this.added -= countWordsInText(after);
    for (const w of words) {
      if (w.added) this.added += countWordsInText(w.value);
      else if (w.removed) this.removed += countWordsInText(w.value);
    }
  }
}

const cutEnd = (text: string) => (text.length > CONTEXT_CHARS ? `${text.slice(0, CONTEXT_CHARS)}…` : text);
const cutStart = (text: string) => (text.length > CONTEXT_CHARS ? `…${text.slice(-CONTEXT_CHARS)}` : text);

/** The words of `versionHtml` against `currentHtml`: 'added' is in the current text only, 'removed' in the version. */
export function diffVersion(versionHtml: string, currentHtml: string): VersionDiff {
  const before = paragraphs(versionHtml);
  const after = paragraphs(currentHtml);
  const out = new DiffBuilder();
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endB = before.length;
  let endA = after.length;
  while (endB > start && endA > start && before[endB - 1] === after[endA - 1]) {
    endB--;
    endA--;
  }
  const middle = diffArrays(before.slice(start, endB), after.slice(start, endA), {
    maxEditLength: MAX_PARAGRAPH_EDITS,
  }) ?? [
    { value: before.slice(start, endB), removed: true, added: false, count: endB - start },
    { value: after.slice(start, endA), added: true, removed: false, count: endA - start },
  ];
  const sequence: ({ same: string[] } | { removed: string[]; added: string[] })[] = [];
  if (start > 0) sequence.push({ same: before.slice(0, start) });
  for (const change of middle) {
    const last = sequence.at(-1);
    if (!change.added && !change.removed) sequence.push({ same: change.value });
    else if (last && "removed" in last) (change.added ? last.added : last.removed).push(...change.value);
    else sequence.push(change.added ? { removed: [], added: change.value } : { removed: change.value, added: [] });
  }
  if (endB < before.length) sequence.push({ same: before.slice(endB) });
  sequence.forEach((run, i) => {
    if ("same" in run) out.same(run.same, i === 0, i === sequence.length - 1);
    else out.changed(run.removed, run.added);
  });
  return { parts: out.parts, added: out.added, removed: out.removed, truncated: out.truncated };
}
