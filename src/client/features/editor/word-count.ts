// Words in the story, counted per block and remembered per ProseMirror node: a keystroke changes one
// paragraph (and the wrappers around it), and every other block is a node the last count already saw.
import type { Node as PmNode } from "@tiptap/pm/model";
import { countWordsInText } from "../../../shared/word-count";

// The word rule lives in src/shared, so the server counts stored stories the same way.
export { countWordsInText };

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
