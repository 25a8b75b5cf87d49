// The pane's Undo of a Marin action: put back exactly what the action changed, even after autosaves and after the
// writer typed elsewhere. NOTE: Ctrl+Z goes through the history and needs none of this; the pane's button cannot,
// because the writer's later typing sits on top of the history, so each committed insertion keeps what it replaced
// and where, anchored on its wrapper's provenance (its time), which survives edits, saves, Ctrl+Z and redo.
import type { Node as PmNode, Slice } from "@tiptap/pm/model";
import type { Transaction } from "@tiptap/pm/state";

/** What one Marin action changed: the wrapper it put in, and what stood there before. */
export interface InsertionRecord {
  generatedAt: string;
  /** What the action replaced (empty for a plain insertion). */
  replaced: Slice;
  /** How far the change reached before the wrapper's start and after its end (a split paragraph, a section). */
  lead: number;
  trail: number;
}

/** Only the latest few actions can be undone from the pane; Ctrl+Z reaches further back. */
const KEPT_RECORDS = 20;

function findWrapper(doc: PmNode, generatedAt: string): { from: number; to: number } | null {
  let found: { from: number; to: number } | null = null;
  doc.descendants((node, pos) => {
    if (found || node.isTextblock) return false;
    if (node.type.name === "generatedContent" && node.attrs.generatedAt === generatedAt) {
      found = { from: pos, to: pos + node.nodeSize };
      return false;
    }
    return true;
  });
  return found;
}

/** The smallest range that differs between two documents: [from, toA) in `a` became [from, toB) in `b`. */
function changedRange(a: PmNode, b: PmNode): { from: number; toA: number; toB: number } | null {
  const from = a.content.findDiffStart(b.content);
  if (from === null) return null;
  const end = a.content.findDiffEnd(b.content);
  if (!end) return null;
  let { a: toA, b: toB } = end;
  // NOTE: with repeated content the two scans can cross; push both ends past the start by the same amount.
  const overlap = from - Math.min(toA, toB);
  if (overlap > 0) {
    toA += overlap;
    toB += overlap;
  }
  return { from, toA, toB };
}

export function recordInsertion(before: PmNode, after: PmNode, generatedAt: string): InsertionRecord | null {
  const range = changedRange(before, after);
  const wrapper = findWrapper(after, generatedAt);
  if (!range || !wrapper) return null;
  const lead = wrapper.from - range.from;
  const trail = range.toB - wrapper.to;
  if (lead < 0 || trail < 0) return null;
  return { generatedAt, replaced: before.slice(range.from, range.toA), lead, trail };
}

/** The undo history of Marin's actions in one editor. */
export class MarinActions {
  private records: InsertionRecord[] = [];

  add(record: InsertionRecord | null): void {
    if (!record) return;
    this.records = [...this.records.filter((r) => r.generatedAt !== record.generatedAt), record].slice(-KEPT_RECORDS);
  }

  /**
   * Another version took the place of the one shown (issue 32): it answers for what the first version replaced, so
   * the pane's Undo takes an accepted alternative out like any insertion. False when the shown one has no record.
   */
  inherit(shownAt: string, nextAt: string): boolean {
    const record = this.records.find((r) => r.generatedAt === shownAt);
    if (!record) return false;
    this.add({ ...record, generatedAt: nextAt });
    this.records = this.records.filter((r) => r.generatedAt !== shownAt);
    return true;
  }

  /**
   * Puts back what the latest action still in the story replaced; false when none is (they were undone with
   * Ctrl+Z, or deleted by hand). An action Ctrl+Z took out and redo brought back counts again.
   */
  revertLatest(doc: PmNode, tr: Transaction): boolean {
    for (let i = this.records.length - 1; i >= 0; i--) {
      const record = this.records[i]!;
      const wrapper = findWrapper(doc, record.generatedAt);
      if (!wrapper) continue;
      const from = wrapper.from - record.lead;
      const to = wrapper.to + record.trail;
      if (from < 0 || to > doc.content.size) continue;
      tr.replace(from, to, record.replaced);
      return true;
    }
    return false;
  }
}
