// Story HTML read as text blocks with a real parser: the stored word counts and the story memory both read stories
// through it. Marin's share of the words is measured from the words alone (provenance/provenance.ts); the generated-content
// wrappers it also reports only label the editor, and stand for Marin's words in rows from before fingerprints.
import { Parser } from "htmlparser2";
import { countWordsInText } from "../../shared/word-count";

export interface StoryBlock {
  /** The block element the text sits in ('p', 'h2', 'li' …), or 'section' for a chapter wrapper's start. */
  tag: string;
  text: string;
  /** Inside a div.generated-content (an AI insertion). */
  generated: boolean;
}

// Elements that end a run of text, as the editor's blocks do; inline marks (strong, em …) do not.
const BLOCKS = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "li",
  "ul",
  "ol",
  "blockquote",
  "div",
  "section",
  "hr",
]);

const hasClass = (attribs: Record<string, string>, name: string) => (attribs.class ?? "").split(/\s+/).includes(name);

/** The text blocks in document order; a `<br>` separates words as a space does (the editor counts it so). */
export function storyBlocks(html: string): StoryBlock[] {
  const blocks: StoryBlock[] = [];
  // Per open block element: whether it is a generated-content wrapper.
  const open: { tag: string; generated: boolean }[] = [];
  let generatedDepth = 0;
  let text = "";
  let tag = "p";
  const flush = () => {
    if (text.trim() !== "") blocks.push({ tag, text: text.replace(/\s+/g, " ").trim(), generated: generatedDepth > 0 });
    text = "";
  };
  const parser = new Parser({
    onopentag(name, attribs) {
      if (name === "br") {
        text += " ";
        return;
      }
      if (!BLOCKS.has(name)) return;
      flush();
      const generated = name === "div" && hasClass(attribs, "generated-content");
      if (generated) generatedDepth += 1;
      open.push({ tag: name, generated });
      tag = name;
      if (name === "section" && hasClass(attribs, "chapter"))
        blocks.push({ tag: "section", text: "", generated: false });
    },
    ontext(data) {
      text += data;
    },
    onclosetag(name) {
      if (!BLOCKS.has(name)) return;
      flush();
      // NOTE: htmlparser2 closes implied elements itself, so the stack pops in order.
      const index = open.map((o) => o.tag).lastIndexOf(name);
      if (index < 0) return;
      for (const closed of open.splice(index)) if (closed.generated) generatedDepth -= 1;
      tag = open.at(-1)?.tag ?? "p";
    },
  });
  parser.write(html);
  parser.end();
  flush();
  return blocks;
}

export interface WordCounts {
  wordCount: number;
  aiWordCount: number;
}

/**
 * All words, and those inside generated-content wrappers, by the editor's word rule. The wrapped count is what rows
 * from before fingerprints stored; every write now stores Marin's words as measured (provenance/provenance.ts) instead.
 */
export function countStoryWords(html: string): WordCounts {
  let wordCount = 0;
  let aiWordCount = 0;
  for (const block of storyBlocks(html)) {
    const words = countWordsInText(block.text);
    wordCount += words;
    if (block.generated) aiWordCount += words;
  }
  return { wordCount, aiWordCount };
}

/** Marin's share of the words, 0–1; 0 for an empty story. */
export function aiShareOf({ wordCount, aiWordCount }: WordCounts): number {
  return wordCount > 0 ? Math.min(1, aiWordCount / wordCount) : 0;
}
