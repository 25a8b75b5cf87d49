// Story HTML as Markdown, for the story export. The input is the sanitizer's closed allowlist (sanitize-content.ts:
// p, br, h1–h3, strong/b, em/i, u, s, ol/ul/li, blockquote, hr, section, div), so a small converter over that set
// does the job; decision 'story export' says why not a general HTML-to-Markdown library.
import { Parser } from "htmlparser2";

const EMPHASIS: Record<string, string> = { strong: "**", b: "**", em: "*", i: "*", s: "~~" };
const BLOCKS = new Set(["p", "h1", "h2", "h3", "li", "blockquote", "ul", "ol", "section", "div", "hr"]);

/** Characters Markdown reads as syntax anywhere in a line. */
const escapeInline = (text: string) => text.replace(/([\\`*_[\]<>~|])/g, "\\$1");
/** What a line may not start with unescaped: a heading, a quote, a list item, a thematic break. */
const escapeLineStart = (line: string) =>
  line.replace(/^(\s*)([#>+-])/, "$1\\$2").replace(/^(\s*\d+)([.)])(\s)/, "$1\\$2$3");

interface ListState {
  ordered: boolean;
  next: number;
}

/** One block's Markdown prefix: a heading's hashes, a list item's marker, a quote's '>' (nested quotes add up). */
function prefixFor(tag: string, lists: ListState[], quoteDepth: number): string {
  const quote = "> ".repeat(quoteDepth);
  if (tag === "h1" || tag === "h2") return `${quote}## `;
  if (tag === "h3") return `${quote}### `;
  if (tag === "li") {
    const list = lists.at(-1);
    const indent = "   ".repeat(Math.max(0, lists.length - 1));
    if (!list) return `${quote}- `;
    return list.ordered ? `${quote}${indent}${list.next++}. ` : `${quote}${indent}- `;
  }
  return quote;
}

/**
 * Markdown for story HTML: chapters as '## ' headings (the story's title is the file's '# '), '* * *' scene breaks,
 * emphasis kept, underline dropped to plain text (Markdown has none), text escaped so it reads back as written.
 */
export function storyHtmlToMarkdown(html: string): string {
  const blocks: string[] = [];
  const lists: ListState[] = [];
  let quoteDepth = 0;
  let line = "";
  let prefix = "";
  // A list item's or heading's prefix waits for its text, which may sit in a <p> inside it (the editor's lists).
  let pending = false;
  const flush = () => {
    const text = line.replace(/[ \t]+/g, " ").trim();
    line = "";
    if (text === "") return;
    const lines = text.split("\n").map((l, i) => (i === 0 ? escapeLineStart(l.trim()) : l.trim()));
    blocks.push(prefix + lines.join(`  \n${"> ".repeat(quoteDepth)}`));
    prefix = "> ".repeat(quoteDepth);
    pending = false;
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === "br") line += "\n";
        else if (EMPHASIS[name]) line += EMPHASIS[name];
        if (!BLOCKS.has(name)) return;
        flush();
        if (name === "hr") blocks.push("* * *");
        else if (name === "ul" || name === "ol") lists.push({ ordered: name === "ol", next: 1 });
        else if (name === "blockquote") quoteDepth += 1;
        if (name === "li" || /^h[1-3]$/.test(name)) {
          prefix = prefixFor(name, lists, quoteDepth);
          pending = true;
        } else if (!pending) prefix = "> ".repeat(quoteDepth);
      },
      ontext(data) {
        line += escapeInline(data.replace(/\s+/g, " "));
      },
      onclosetag(name) {
        if (EMPHASIS[name]) line += EMPHASIS[name];
        if (!BLOCKS.has(name)) return;
        flush();
        if (name === "ul" || name === "ol") lists.pop();
        else if (name === "blockquote") quoteDepth = Math.max(0, quoteDepth - 1);
        if (name === "li" || /^h[1-3]$/.test(name)) pending = false;
        if (!pending) prefix = "> ".repeat(quoteDepth);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return joinBlocks(blocks);
}

/** Blank lines between blocks, except between items of one list (a loose list would double-space them). */
function joinBlocks(blocks: string[]): string {
  const isItem = (block: string) => /^(?:> )*\s*(?:-|\d+\.) /.test(block);
  return blocks.reduce(
    (out, block, i) => (i === 0 ? block : `${out}${isItem(block) && isItem(blocks[i - 1]!) ? "\n" : "\n\n"}${block}`),
    "",
  );
}
