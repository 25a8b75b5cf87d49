// Story text built from the word lists: titles, descriptions and a few paragraphs of HTML per story.
import type { Random } from "./random";
import { ACTIONS, ADJECTIVES, COMMENTS, FIRST_NAMES, NOUNS, PLACES, SENSES, STAKES, TRAITS, VERBS } from "./words";

const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const SMALL_WORDS = new Set(["a", "an", "and", "the", "of", "for", "from", "in", "on", "to"]);
const titleCase = (text: string) =>
  text
    .split(" ")
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : cap(word)))
    .join(" ");

const TITLES: ((r: Random) => string)[] = [
  (r) => `The ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}`,
  (r) => `${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}, ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}`,
  (r) => `What the ${r.pick(NOUNS)} remembers`,
  (r) => `${r.pick(FIRST_NAMES)} and the ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}`,
  (r) => `A ${r.pick(NOUNS)} for ${r.pick(FIRST_NAMES)}`,
  (r) => `Where the ${r.pick(NOUNS)}s sleep`,
  (r) => `Letters from ${r.pick(PLACES)}`,
  (r) => `${r.pick(NOUNS)} and ${r.pick(NOUNS)}`,
];

/** A title the story schema accepts: at most 50 characters of letters, spaces and basic punctuation. */
export function fakeTitle(r: Random): string {
  return titleCase(r.pick(TITLES)(r)).slice(0, 50).trim();
}

export interface Cast {
  lead: string;
  other: string;
  place: string;
}

export function fakeCast(r: Random): Cast {
  const [lead, other] = r.sample(FIRST_NAMES, 2) as [string, string];
  return { lead, other, place: r.pick(PLACES) };
}

export function fakeDescription(r: Random, c: Cast): string {
  const first = `${c.lead} ${r.pick(VERBS)} ${r.pick(STAKES)} in ${c.place}.`;
  const second = r.chance(0.7)
    ? ` Now ${c.other} wants it back, and neither of them is ready for what comes next.`
    : "";
  return first + second;
}

/** Long-text fields (setting, plot ideas, character description) allow no quotes or colons. */
export function fakeSetting(r: Random, c: Cast): string {
  return `${cap(c.place)}. ${r.pick(SENSES)}.`;
}

export function fakePlotIdeas(r: Random, c: Cast): string {
  return `${c.lead} ${r.pick(VERBS)} ${r.pick(STAKES)}. ${c.other} ${r.pick(VERBS)} ${r.pick(STAKES)}.`;
}

export function fakeCharacterDescription(r: Random, c: Cast): string {
  const [a, b] = r.sample(TRAITS, 2);
  return `${c.lead} is ${a} and stubborn. ${c.other} is ${b} and hides it well.`;
}

const LINES = [
  "We should not be here",
  "You kept it all this time?",
  "Tell me the truth, just once",
  "I never left, not really",
  "Then we run",
  "Trust me",
  "Is that a threat or a promise?",
  "It was always going to be you",
];

function sentence(r: Random, c: Cast): string {
  const [a, b] = r.chance(0.5) ? [c.lead, c.other] : [c.other, c.lead];
  switch (r.int(0, 5)) {
    case 0:
      return `${r.pick(SENSES)}.`;
    case 1:
      return `${a} ${r.pick(ACTIONS)} when ${b} mentioned ${r.pick(STAKES)}.`;
    case 2: {
      const line = r.pick(LINES);
      return `"${line}${/[?!]$/.test(line) ? "" : ","}" ${a} said, and ${b} ${r.pick(ACTIONS)}.`;
    }
    case 3:
      return `Neither of them had expected ${c.place} to feel so much like <em>home</em>.`;
    case 4:
      return `${a} thought about ${r.pick(STAKES)} and ${r.pick(ACTIONS)}.`;
    default:
      return `The ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)} was exactly where ${b} had left it.`;
  }
}

/** A paragraph of three to six sentences about the cast, in the editor's HTML. */
export function fakeParagraph(r: Random, c: Cast): string {
  const count = r.int(3, 6);
  return `<p>${Array.from({ length: count }, () => sentence(r, c)).join(" ")}</p>`;
}

/** One or two chapters of three to six paragraphs, in the editor's HTML. */
export function fakeContent(r: Random, c: Cast): string {
  const chapters = r.chance(0.3) ? 2 : 1;
  let html = "";
  for (let n = 1; n <= chapters; n++) {
    html += `<h2>Chapter ${n}</h2>`;
    for (let i = r.int(3, 6); i > 0; i--) html += fakeParagraph(r, c);
  }
  return html;
}

export const fakeComment = (r: Random) => r.pick(COMMENTS);
