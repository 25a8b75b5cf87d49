// Places in a story's text, without a model (issue 32, section 2): capitalised names after a word that introduces a
// place ('in Ravenhold', 'to the Salt Market', 'from Thorn Keep'), or ending in a word that makes one ('Ember
// Academy'). A name must recur, unless its last word says it is a place; the story's characters are left out.
// Read from the same chapters and sentences as the story memory, so a novel-length story costs a bounded time.
import type { LoreProposal } from "../../shared/schemas/lore";
import { COMMON_CAPITALISED, PLACE_SUFFIXES, TITLES } from "../ai/memory-words";
import { type Sentence, storyChapters, type Word } from "../ai/memory-text";

export const PLACE_LIMITS = { places: 12, nameWords: 3, descriptionChars: 300 } as const;
/** Words before a place's name; narrower than story memory's list ('of', 'on', 'the' alone say little). */
const BEFORE_PLACE = new Set(
  "in at to from into across through toward towards near inside outside beyond within around past reached left visited".split(
    " ",
  ),
);
const NAME_SHAPE = /^\p{Lu}(?=.*\p{Ll})[\p{L}'’-]*$/u;
const isNameWord = (word: Word | undefined): word is Word =>
  !!word && NAME_SHAPE.test(word.text) && !COMMON_CAPITALISED.has(word.lower) && !TITLES.has(word.lower);

interface Found {
  name: string;
  mentions: number;
  suffixed: boolean;
  sentence: string;
}

/** The run of name words from `start` ('Salt Market'), stopping at punctuation or a possessive. */
function nameAt(words: Word[], start: number): string | null {
  const parts: string[] = [];
  for (let i = start; i < words.length && parts.length < PLACE_LIMITS.nameWords; i++) {
    const word = words[i];
    if (!isNameWord(word) || word.possessive) break;
    parts.push(word.text);
    if (word.after !== "") break;
  }
  return parts.length > 0 ? parts.join(" ") : null;
}

function placesIn(sentence: Sentence, found: Map<string, Found>): void {
  const { words } = sentence;
  words.forEach((word, i) => {
    if (!BEFORE_PLACE.has(word.lower) || word.after !== "") return;
    const start = words[i + 1]?.lower === "the" && words[i + 1]!.after === "" ? i + 2 : i + 1;
    const name = nameAt(words, start);
    if (!name) return;
    const hit = found.get(name) ?? {
      name,
      mentions: 0,
      suffixed: PLACE_SUFFIXES.has(name.split(" ").at(-1)!.toLowerCase()) && name.includes(" "),
      sentence: sentence.text,
    };
    hit.mentions += 1;
    found.set(name, hit);
  });
}

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** Places the story names, most mentioned first, minus the names given (characters, known entries, answered). */
export function findPlaces(html: string, excluded: (name: string) => boolean): LoreProposal[] {
  const found = new Map<string, Found>();
  for (const chapter of storyChapters(html)) {
    for (const paragraph of chapter.paragraphs) for (const sentence of paragraph) placesIn(sentence, found);
  }
  return [...found.values()]
    .filter((place) => (place.mentions >= 2 || place.suffixed) && !excluded(place.name))
    .sort((a, b) => b.mentions - a.mentions)
    .slice(0, PLACE_LIMITS.places)
    .map((place) => ({
      name: place.name,
      kind: "place" as const,
      keys: [],
      description: cut(`A place in this story: “${place.sentence}”`, PLACE_LIMITS.descriptionChars),
    }));
}
