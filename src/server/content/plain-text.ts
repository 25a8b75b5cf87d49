// The story text a prompt carries: story HTML as plain prose (chapter headings as '## ', the way models write them),
// cut to a budget by keeping its beginning and its latest part at paragraph boundaries, never by a blind cut.

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Story HTML (or plain text) as prose: one paragraph per block, blank lines between. */
export function storyHtmlToText(html: string): string {
  if (!/<[a-z/!]/i.test(html)) return html.replace(/\r\n?/g, "\n").trim();
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<h([1-3])\b[^>]*>/gi, (_m, level: string) => `\n\n${"#".repeat(Math.max(2, Number(level)))} `)
    .replace(/<hr\b[^>]*>/gi, "\n\n* * *\n\n")
    .replace(/<br\b[^>]*>/gi, "\n")
    .replace(/<li\b[^>]*>/gi, "\n- ")
    .replace(/<\/?(p|div|section|h[1-6]|blockquote|ul|ol|li)\b[^>]*>/gi, "\n\n")
    .replace(/<[^>]*>/g, "");
  return decodeEntities(text)
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Words: runs of non-space holding a letter or a digit ('##' and '* * *' are not words). */
export function countWords(text: string): number {
  return text.match(/[^\s\p{L}\p{N}]*[\p{L}\p{N}]\S*/gu)?.length ?? 0;
}

export interface StoryExcerpt {
  beginning: string;
  latest: string;
  /** Words left out between the two parts. */
  omittedWords: number;
  /** Words the prompt carries. */
  keptWords: number;
}

/** The share of the budget that goes to the story's beginning; the rest keeps the latest part. */
const BEGINNING_SHARE = 0.2;

/** The longest head of `text` within `max` characters that ends at a sentence end, else at a word end. */
function headWithin(text: string, max: number): string {
  if (text.length <= max) return text;
  const slice = text.slice(0, max);
  const sentence = slice.search(/[.!?…]["'”’)]?\s[^.!?…]*$/);
  if (sentence > max / 2) return slice.slice(0, sentence + 1).trimEnd();
  const space = slice.lastIndexOf(" ");
  return space > 0 ? slice.slice(0, space) : "";
}

/** The longest tail of `text` within `max` characters that starts at a sentence start, else at a word start. */
function tailWithin(text: string, max: number): string {
  if (text.length <= max) return text;
  const slice = text.slice(text.length - max);
  const sentence = /[.!?…]["'”’)]?\s+(?=\S)/.exec(slice);
  if (sentence && sentence.index < max / 2) return slice.slice(sentence.index + sentence[0].length);
  const space = slice.indexOf(" ");
  return space >= 0 ? slice.slice(space + 1) : "";
}

/**
 * The story text within `budget` characters: all of it when it fits; otherwise whole paragraphs from the start
 * (about a fifth of the budget) and whole paragraphs from the end (the rest). A single paragraph longer than its
 * share is cut at a sentence (or word) boundary.
 */
export function excerptStory(text: string, budget: number): StoryExcerpt {
  const total = text.trim();
  if (total.length <= budget) return { beginning: "", latest: total, omittedWords: 0, keptWords: countWords(total) };
  const paragraphs = total.split(/\n{2,}/);
  const gap = 2;
  const beginningBudget = Math.floor(budget * BEGINNING_SHARE);

  let head = 0;
  let headChars = 0;
  while (head < paragraphs.length && headChars + paragraphs[head]!.length + gap <= beginningBudget) {
    headChars += paragraphs[head]!.length + gap;
    head++;
  }
  let beginning = paragraphs.slice(0, head).join("\n\n");
  if (head === 0) {
    beginning = headWithin(paragraphs[0]!, beginningBudget);
    headChars = beginning.length;
  }

  const latestBudget = budget - headChars - gap;
  let tail = paragraphs.length;
  let tailChars = 0;
  while (tail > head + 1 && tailChars + paragraphs[tail - 1]!.length + gap <= latestBudget) {
    tailChars += paragraphs[tail - 1]!.length + gap;
    tail--;
  }
  let latest = paragraphs.slice(tail).join("\n\n");
  if (tail === paragraphs.length) latest = tailWithin(paragraphs.at(-1)!, latestBudget);

  const keptWords = countWords(beginning) + countWords(latest);
  return { beginning, latest, omittedWords: Math.max(0, countWords(total) - keptWords), keptWords };
}

/** The number the next chapter gets: one past the highest 'Chapter N' heading in the text, or 1. */
export function nextChapterNumber(text: string): number {
  let highest = 0;
  for (const match of text.matchAll(/^#{1,3} *chapter +(\d{1,4})\b/gim)) highest = Math.max(highest, Number(match[1]));
  return highest + 1;
}
