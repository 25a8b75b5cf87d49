// Reading and placing blocks in the story document, for AI insertions: is the story empty, where its AI
// insertions are, which chapter comes next, and how a block lands at a position inside a paragraph.
import type { Fragment, Node as PmNode } from "@tiptap/pm/model";
import type { Transaction } from "@tiptap/pm/state";

/** The placeholder text of an empty story, shown while the story is empty. */
export const STORY_PLACEHOLDER = "Start writing your story here...";

const CHAPTER_HEADING = /\bchapter\s+(\d{1,4})\b/i;

/** True when the story is empty or only the placeholder text (the editor then writes an opening scene). */
export function isStoryEmpty(doc: PmNode): boolean {
  let text = "";
  // NOTE: stops collecting once the text is longer than the placeholder; a 2 MB story answers at once.
  doc.descendants((node) => {
    if (text.length > STORY_PLACEHOLDER.length) return false;
    if (node.isText) text += node.text;
    return true;
  });
  const trimmed = text.trim();
  return trimmed === "" || trimmed === STORY_PLACEHOLDER;
}

/** What an append replaces: an empty (or placeholder) story entirely, else a trailing empty paragraph, else nothing. */
export function appendRange(doc: PmNode): { from: number; to: number } {
  const end = doc.content.size;
  if (isStoryEmpty(doc)) return { from: 0, to: end };
  const last = doc.lastChild;
  if (last?.isTextblock && last.content.size === 0) return { from: end - last.nodeSize, to: end };
  return { from: end, to: end };
}

export interface FoundInsertion {
  node: PmNode;
  /** The wrapper, or the chapter section it alone fills: what removing or replacing the insertion removes. */
  from: number;
  to: number;
}

const timeOf = (node: PmNode) => Date.parse(node.attrs.generatedAt ?? "") || 0;

/** The latest AI insertion in the story (by its time; wrappers without one count as oldest), or null. */
export function findLastInsertion(doc: PmNode): FoundInsertion | null {
  let best: { node: PmNode; pos: number } | null = null;
  doc.descendants((node, pos) => {
    if (node.isTextblock) return false;
    if (node.type.name === "generatedContent" && (!best || timeOf(node) >= timeOf(best.node))) best = { node, pos };
    return true;
  });
  return best ? insertionAt(doc, best) : null;
}

/** The AI insertion made at `generatedAt` (the version of a generation shown in the story), or null. */
export function findInsertion(doc: PmNode, generatedAt: string): FoundInsertion | null {
  let found: { node: PmNode; pos: number } | null = null;
  doc.descendants((node, pos) => {
    if (found || node.isTextblock) return false;
    if (node.type.name === "generatedContent" && node.attrs.generatedAt === generatedAt) found = { node, pos };
    return !found;
  });
  return found ? insertionAt(doc, found) : null;
}

function insertionAt(doc: PmNode, { node, pos }: { node: PmNode; pos: number }): FoundInsertion {
  const $pos = doc.resolve(pos);
  if ($pos.depth > 0 && $pos.parent.type.name === "chapterSection" && $pos.parent.childCount === 1) {
    return { node, from: $pos.before(), to: $pos.after() };
  }
  return { node, from: pos, to: pos + node.nodeSize };
}

/**
 * The number a new chapter gets when its heading names none: one after the highest chapter in the story
 * (sections and 'Chapter N' headings); 1 for an empty story, 2 when the story has text but no chapters yet.
 */
export function nextChapterNumber(doc: PmNode): number {
  let highest = 0;
  doc.descendants((node) => {
    if (node.type.name === "chapterSection") highest = Math.max(highest, Number(node.attrs.chapter) || 0);
    if (node.type.name === "heading") {
      const match = CHAPTER_HEADING.exec(node.textContent);
      if (match) highest = Math.max(highest, Number(match[1]));
    }
    return !node.isTextblock;
  });
  if (highest > 0) return highest + 1;
  return isStoryEmpty(doc) ? 1 : 2;
}

/** The chapter a top-level block starts: a chapter section's number, or a 'Chapter N' heading's; else null. */
function chapterOfBlock(node: PmNode): number | null {
  if (node.type.name === "chapterSection") return Number(node.attrs.chapter) || null;
  if (node.type.name !== "heading") return null;
  const match = CHAPTER_HEADING.exec(node.textContent);
  return match ? Number(match[1]) : null;
}

/**
 * Where text for chapter `n` goes: inside the end of its chapter section, else before the first later chapter (the
 * end of a chapter begun by a heading, or the place of a new chapter n); null when that is the story's end.
 */
export function chapterEnd(doc: PmNode, n: number): number | null {
  let at: number | null = null;
  doc.forEach((node, offset) => {
    if (at !== null) return;
    const chapter = chapterOfBlock(node);
    if (chapter === n && node.type.name === "chapterSection") at = offset + node.nodeSize - 1;
    else if (chapter !== null && chapter > n) at = offset;
  });
  return at;
}

/** Inserts blocks at a position between blocks, moving out of parents that cannot hold them (a list item's start). */
function insertBetweenBlocks(tr: Transaction, pos: number, blocks: Fragment): void {
  let at = pos;
  for (let $at = tr.doc.resolve(at); $at.depth > 0; $at = tr.doc.resolve(at)) {
    if ($at.parent.canReplace($at.index(), $at.index(), blocks)) break;
    at = $at.index() === 0 ? $at.before() : $at.after();
  }
  tr.insert(at, blocks);
}

/**
 * Puts `blocks` in place of [from, to]. Between blocks they simply replace the range; inside a paragraph the text
 * is removed and the paragraph split around the blocks (an emptied paragraph is replaced by them).
 */
export function placeBlocks(tr: Transaction, from: number, to: number, blocks: Fragment): void {
  const $from = tr.doc.resolve(from);
  const $to = tr.doc.resolve(to);
  if (!$from.parent.isTextblock && !$to.parent.isTextblock) {
    tr.replaceWith(from, to, blocks);
    return;
  }
  const stepsBefore = tr.steps.length;
  if (from < to) tr.delete(from, to);
  const at = tr.mapping.slice(stepsBefore).map(from);
  const $at = tr.doc.resolve(at);
  if (!$at.parent.isTextblock) {
    insertBetweenBlocks(tr, at, blocks);
  } else if ($at.parent.content.size === 0 && $at.node(-1).canReplace($at.index(-1), $at.index(-1) + 1, blocks)) {
    tr.replaceWith($at.before(), $at.after(), blocks);
  } else if ($at.parentOffset === 0) {
    insertBetweenBlocks(tr, $at.before(), blocks);
  } else if ($at.parentOffset === $at.parent.content.size) {
    insertBetweenBlocks(tr, $at.after(), blocks);
  } else {
    tr.split(at);
    insertBetweenBlocks(tr, at + 1, blocks);
  }
}
