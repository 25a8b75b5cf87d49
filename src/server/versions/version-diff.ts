// A version against the current text, word by word (jsdiff), bounded by the change rather than the story: the
// paragraphs are aligned first, only changed paragraphs are diffed by word, and unchanged ones collapse to a line
// of context each side of a change.
import diffSequence from "@jest/diff-sequences";
import { diffWords } from "diff";
import type { DiffPart } from "../../shared/schemas/versions";
import { countWordsInText } from "../../shared/word-count";
import { storyBlocks } from "../content/story-text";

/** Past this many paragraphs in the stretch between the first and last change, it is shown removed then added. */
const MAX_ALIGNED_PARAGRAPHS = 12_000;
/** The same past this length × a lower bound of the edits; with the length's own bound, ~0.3 s of aligning at worst. */
const MAX_ALIGNMENT_WORK = 100_000_000;
/** Past this many changed words in one stretch, that stretch is shown removed then added. */
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
    // NOTE: as many paragraphs on each side (an edit in each, a name replaced throughout): each against its own,
    // which is what the writer did and far cheaper than one word diff of the whole stretch (~1 s for 2,000).
    if (removed.length === added.length) {
      for (const [i, paragraph] of removed.entries()) {
        if (!this.take(paragraph.length + added[i]!.length + 2)) return;
        this.words(paragraph, added[i]!);
      }
      return;
    }
    const before = removed.join("\n");
    const after = added.join("\n");
    // NOTE: not take(): past the limit the stretch is still shown as far as it goes, by replaced().
    const size = before.length + after.length + 2;
    if (this.changedChars + size > MAX_CHANGED_CHARS) return this.replaced(removed, added);
    this.changedChars += size;
    this.words(before, after);
  }

  /** A stretch shown removed then added, without a word diff: as much of each side as the rest of the limit holds. */
  replaced(removed: string[], added: string[]) {
    if (this.truncated) return;
    const room = (MAX_CHANGED_CHARS - this.changedChars) / 2;
    for (const [kind, side] of [
      ["removed", removed],
      ["added", added],
    ] as const) {
      let shown = 0;
      for (const paragraph of side) {
        if (shown + paragraph.length + 1 > room) {
          this.truncated = true;
          break;
        }
        shown += paragraph.length + 1;
        this.push(kind, `${paragraph}\n`);
        this[kind] += countWordsInText(paragraph);
      }
      this.changedChars += shown;
    }
  }

  /** Counts `chars` more changed text shown, or says the limit is reached (and the diff cut). */
  private take(chars: number): boolean {
    if (this.changedChars + chars > MAX_CHANGED_CHARS) {
      this.truncated = true;
      return false;
    }
    this.changedChars += chars;
    return true;
  }

  /** One changed stretch, word by word when jsdiff manages it within MAX_WORD_EDITS, else removed then added. */
  private words(before: string, after: string) {
    const words = before && after ? diffWords(before, after, { maxEditLength: MAX_WORD_EDITS }) : undefined;
    if (!words) {
      this.removed += countWordsInText(before);
      this.added += countWordsInText(after);
      this.push("removed", before && `${before}\n`);
      this.push("added", after && `${after}\n`);
      return;
    }
    for (const w of words) {
      this.push(w.added ? "added" : w.removed ? "removed" : "same", w.value);
      if (w.added) this.added += countWordsInText(w.value);
      else if (w.removed) this.removed += countWordsInText(w.value);
    }
    this.push("same", "\n");
  }
}

const cutEnd = (text: string) => (text.length > CONTEXT_CHARS ? `${text.slice(0, CONTEXT_CHARS)}…` : text);
const cutStart = (text: string) => (text.length > CONTEXT_CHARS ? `…${text.slice(-CONTEXT_CHARS)}` : text);

/** A stretch of paragraphs: unchanged, or changed (`unaligned` when too large to align: shown replaced whole). */
type Run = { same: string[] } | { removed: string[]; added: string[]; unaligned?: boolean };

/** Appends `run`, joining it to the last one when both are unchanged or both changed. */
function pushRun(runs: Run[], run: Run): void {
  const last = runs.at(-1);
  if ("same" in run) {
    if (run.same.length === 0) return;
    // NOTE: concat, not push(...): a run may hold more paragraphs than a call takes arguments.
    if (last && "same" in last) last.same = last.same.concat(run.same);
    else runs.push(run);
    return;
  }
  if (run.removed.length === 0 && run.added.length === 0) return;
  if (last && "removed" in last) {
    last.removed = last.removed.concat(run.removed);
    last.added = last.added.concat(run.added);
  } else runs.push(run);
}

/**
 * The paragraphs aligned (Myers' algorithm in linear space, Jest's diff-sequences), each paragraph compared as a
 * number, one per distinct text. jsdiff's diffArrays took 50–220 ms on a long history's old version and gave up
 * past 2,000 changed paragraphs, showing the whole story removed and added again.
 */
function alignParagraphs(before: string[], after: string[]): Run[] | undefined {
  const ids = new Map<string, number>();
  const idOf = (text: string) => {
    let id = ids.get(text);
    if (id === undefined) {
      id = ids.size;
      ids.set(text, id);
    }
    return id;
  };
  const a = Int32Array.from(before, idOf);
  const b = Int32Array.from(after, idOf);
  // NOTE: Myers' work grows with the length times the edits (D), and nothing stops it once started: a stretch too
  // long, or with more paragraphs on one side only (a lower bound of D) than the budget allows, is not aligned.
  const length = a.length + b.length;
  const inB = new Set(b);
  const inA = new Set(a);
  const oneSided =
    a.reduce((n, id) => n + (inB.has(id) ? 0 : 1), 0) + b.reduce((n, id) => n + (inA.has(id) ? 0 : 1), 0);
  if (length > MAX_ALIGNED_PARAGRAPHS || length * Math.max(oneSided, 1) > MAX_ALIGNMENT_WORK) return undefined;
  const runs: Run[] = [];
  let ai = 0;
  let bi = 0;
  diffSequence(
    a.length,
    b.length,
    (i, j) => a[i] === b[j],
    (count, aStart, bStart) => {
      pushRun(runs, { removed: before.slice(ai, aStart), added: after.slice(bi, bStart) });
      pushRun(runs, { same: before.slice(aStart, aStart + count) });
      ai = aStart + count;
      bi = bStart + count;
    },
  );
  pushRun(runs, { removed: before.slice(ai), added: after.slice(bi) });
  return runs;
}

/** The words of `versionHtml` against `currentHtml`: 'added' is in the current text only, 'removed' in the version. */
export function diffVersion(versionHtml: string, currentHtml: string): VersionDiff {
  const before = paragraphs(versionHtml);
  const after = paragraphs(currentHtml);
  const out = new DiffBuilder();
  // NOTE: paragraphs far apart from any change never reach the aligner: most versions differ in a few places.
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endB = before.length;
  let endA = after.length;
  while (endB > start && endA > start && before[endB - 1] === after[endA - 1]) {
    endB--;
    endA--;
  }
  const sequence: Run[] = [];
  pushRun(sequence, { same: before.slice(0, start) });
  const removed = before.slice(start, endB);
  const added = after.slice(start, endA);
  for (const run of alignParagraphs(removed, added) ?? [{ removed, added, unaligned: true }]) pushRun(sequence, run);
  pushRun(sequence, { same: before.slice(endB) });
  sequence.forEach((run, i) => {
    if ("same" in run) out.same(run.same, i === 0, i === sequence.length - 1);
    else if (run.unaligned) out.replaced(run.removed, run.added);
    else out.changed(run.removed, run.added);
  });
  return { parts: out.parts, added: out.added, removed: out.removed, truncated: out.truncated };
}
