// Words in the story, counted per block and remembered per ProseMirror node: a keystroke changes one
// paragraph (and the wrappers around it), and every other block is a node the last count already saw.
import type { Node as PmNode } from "@tiptap/pm/model";

// A word is a run of non-space characters with at least one letter or digit, so '—', '* * *' or a lone
// quote mark are not counted, and "don't" or "well-known" count once.
const TOKEN = /\S+/g;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export function countWordsInText(text: string): number {
  let count = 0;
  for (const [token] of text.matchAll(TOKEN)) if (LETTER_OR_DIGIT.test(token)) count += 1;
  return count;
}

const counted = new WeakMap<PmNode, number>();

export function countWords(node: PmNode): number {
  const known = counted.get(node);
  if (known !== undefined) return known;
  let count = 0;
  if (node.isTextblock) {
    // A line break inside a paragraph separates words as a space would.
    count = countWordsInText(node.textBetween(0, node.content.size, " ", " "));
  } else {
    node.forEach((child) => {
      count += countWords(child);
    });
  }
  counted.set(node, count);
  return count;
}

export function formatWordCount(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "word" : "words"}`;
}
