// Paragraphs as the reader counts them (issue 31, paragraph comments): within one chapter's HTML, every `p` with
// text, and every `li` with text and no `p` of its own, in document order, 0-based; headings, scene breaks and blank
// lines are not paragraphs. The server (its parsed HTML) and the reader (the DOM) both walk their tree through this
// one rule, so an anchor's number means the same paragraph on both sides. An anchor keeps the paragraph's first
// words (its quote), by which it finds the paragraph again after the author edits the chapter.

/** How a side reads its tree: an element's lowercase name (null otherwise), its children, a text node's text. */
export interface ParagraphTree<N> {
  tag(node: N): string | null;
  children(node: N): readonly N[];
  /** A text node's own text; null for anything else (elements, comments). */
  data(node: N): string | null;
}

/** A node's text as both sides read it: a line break (`br`) is a space, so 'Then<br>rain' reads 'Then rain'. */
export function textOf<N>(node: N, tree: ParagraphTree<N>): string {
  const own = tree.data(node);
  if (own !== null) return own;
  if (tree.tag(node) === "br") return " ";
  return tree
    .children(node)
    .map((child) => textOf(child, tree))
    .join("");
}

/** Words an anchor quotes, and the most characters it keeps (a quote is never longer than this). */
export const QUOTE_WORDS = 12;
export const QUOTE_MAX_CHARS = 120;
/** The longest quote a client may send: longer is a 400, before anything is compared. */
export const QUOTE_INPUT_MAX_CHARS = 400;

/** Spaces (any run of white space, non-breaking ones too) as one, trimmed: how both sides compare text. */
export const plainParagraphText = (text: string) => text.replace(/\s+/g, " ").trim();

function hasParagraphInside<N>(node: N, tree: ParagraphTree<N>): boolean {
  return tree.children(node).some((child) => tree.tag(child) === "p" || hasParagraphInside(child, tree));
}

/** The paragraphs under `root`, in order. */
export function paragraphsOf<N>(root: N, tree: ParagraphTree<N>): N[] {
  const found: N[] = [];
  const walk = (node: N) => {
    for (const child of tree.children(node)) {
      const tag = tree.tag(child);
      if (tag === null) continue;
      const counted = tag === "p" || (tag === "li" && !hasParagraphInside(child, tree));
      if (counted) {
        if (plainParagraphText(textOf(child, tree))) found.push(child);
      } else walk(child);
    }
  };
  walk(root);
  return found;
}

/** A paragraph's first words as an anchor keeps them: up to QUOTE_WORDS words and QUOTE_MAX_CHARS characters. */
export function quoteOf(text: string): string {
  const words = plainParagraphText(text).split(" ").slice(0, QUOTE_WORDS).join(" ");
  if (words.length <= QUOTE_MAX_CHARS) return words;
  // NOTE: cut on a code point, so a quote never ends in half of a surrogate pair.
  return Array.from(words).slice(0, QUOTE_MAX_CHARS).join("").trimEnd();
}

/**
 * Where an anchor's paragraph is now, among a chapter's paragraph texts (as plainParagraphText gives them): its stored place while that paragraph still
 * starts with the quote, else the nearest paragraph that does (the earlier of two as near), else null: the passage
 * changed.
 */
export function findAnchoredParagraph(texts: readonly string[], stored: number, quote: string): number | null {
  const matches = (i: number) => i >= 0 && i < texts.length && texts[i]!.startsWith(quote);
  if (!quote) return null;
  if (matches(stored)) return stored;
  for (let distance = 1; distance <= Math.max(stored, texts.length - 1 - stored); distance++) {
    if (matches(stored - distance)) return stored - distance;
    if (matches(stored + distance)) return stored + distance;
  }
  return null;
}
