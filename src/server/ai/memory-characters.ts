// Who is in the story, without a model: names from the writer's character notes and names that recur in the text
// (capitalised words that are neither a sentence's first word nor a common word), traits from the archetypes, the
// notes and nearby adjectives, relationships from explicit phrases ('her brother Ren', "Ren's rival") and from
// names that keep sharing sentences ('often with Ren').
import { ARCHETYPES } from "../../shared/catalogues";
import { normalizeStoryFields } from "../../shared/story-fields";
import type { MemoryCharacter } from "./context-block";
import { type Sentence, splitSentences, type Word } from "./memory-text";
import { ADJECTIVES, COMMON_CAPITALISED, PLACE_SUFFIXES, PLACE_WORDS, RELATION_WORDS, TITLES } from "./memory-words";

export const MEMORY_LIMITS = { characters: 12, traits: 4, relationships: 4, textLength: 60 } as const;
/** A name found only in the text must recur this often to count. */
const MIN_MENTIONS = 2;
const OBJECTS = new Set([
  "me",
  "us",
  "it",
  "him",
  "her",
  "them",
  "the",
  "a",
  "an",
  "my",
  "your",
  "our",
  "this",
  "that",
  "up",
  "out",
  "down",
  "away",
  "back",
]);
/** A name only ever seen opening sentences must do so this often. */
const MIN_START_MENTIONS = 3;
/** Paragraphs two characters must share before they are 'often with' each other. */
const MIN_SHARED_PARAGRAPHS = 2;

export interface CharacterSources {
  /** The story's characters field: archetypes and the writer's description, or a plain description. */
  characters: unknown;
  paragraphs: Sentence[][];
}

interface Candidate {
  name: string;
  mentions: number;
  /** Mentions after a word that introduces a place ('in', 'the' …). */
  placeLike: number;
  fromNotes: boolean;
  surname: string | null;
  traits: Map<string, number>;
  relationships: Map<string, number>;
}

const NOTE_VERBS = new Set(["is", "was", "has", "and", "wants", "loves", "hates", "who", "must", "can"]);
const NAME_SHAPE = /^\p{Lu}(?=.*\p{Ll})[\p{L}'’-]*$/u;
const isNameShaped = (word: Word) =>
  NAME_SHAPE.test(word.text) && word.text.length > 1 && !COMMON_CAPITALISED.has(word.lower) && !TITLES.has(word.lower);

function notesOf(stored: unknown): { text: string; lead: string[]; supporting: string[] } {
  // NOTE: tolerant on purpose: a row may be from before the shapes were normalized on write.
  const characters = normalizeStoryFields({ characters: stored }).characters;
  return {
    text: characters?.description ?? "",
    lead: characters?.lead ?? [],
    supporting: characters?.supporting ?? [],
  };
}

const clean = (text: string) =>
  text
    .replace(/[;|()]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MEMORY_LIMITS.textLength);
const bump = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

class Cast {
  readonly byName = new Map<string, Candidate>();

  get(name: string): Candidate {
    let found = this.byName.get(name);
    if (!found) {
      found = {
        name,
        mentions: 0,
        placeLike: 0,
        fromNotes: false,
        surname: null,
        traits: new Map(),
        relationships: new Map(),
      };
      this.byName.set(name, found);
    }
    return found;
  }

  /** Counts name-shaped words; a sentence's first word counts only for names seen elsewhere. */
  count(sentences: Sentence[], confirmed: Set<string>): void {
    for (const { words } of sentences) {
      words.forEach((word, i) => {
        if (!isNameShaped(word) || (word.start && !confirmed.has(word.text))) return;
        const candidate = this.get(word.text);
        candidate.mentions += 1;
        if (i > 0 && PLACE_WORDS.has(words[i - 1]!.lower)) candidate.placeLike += 1;
      });
    }
  }
}

/**
 * Names written mid-sentence somewhere (a capital there is no accident of position), and words that keep opening
 * sentences but are never written in lower case ('Cy slept. Cy woke. Cy ate.').
 */
function confirmedNames(sentences: Sentence[]): Set<string> {
  const names = new Set<string>();
  const lower = new Set<string>();
  const starts = new Map<string, number>();
  const imperative = new Set<string>();
  for (const { words } of sentences) {
    words.forEach((w, i) => {
      if (w.text === w.lower) lower.add(w.lower);
      else if (isNameShaped(w)) {
        if (!w.start) names.add(w.text);
        else bump(starts, w.text);
        // 'Bring me …', 'Meet the …': a verb opening an order, not a name.
        if (w.start && w.after === "" && OBJECTS.has(words[i + 1]?.lower ?? "")) imperative.add(w.text);
      }
    });
  }
  for (const word of imperative) starts.delete(word);
  for (const [word, n] of starts) {
    if (n >= MIN_START_MENTIONS && !lower.has(word.toLowerCase()) && !/ly$/.test(word)) names.add(word);
  }
  return names;
}

const isArchetypeWord = (word: Word) =>
  ARCHETYPES.some((a) =>
    a
      .toLowerCase()
      .split(/[\s()-]+/)
      .includes(word.lower),
  );

export function extractCharacters({ characters, paragraphs }: CharacterSources): MemoryCharacter[] {
  const notes = notesOf(characters);
  const noteSentences = splitSentences(notes.text);
  const storySentences = paragraphs.flat();
  const confirmed = confirmedNames([...storySentences, ...noteSentences]);
  // In the notes, a capitalised word leading a clause is usually a name ('Ren is a stoic swordsman', 'Mika, his …').
  for (const { words } of noteSentences) {
    words.forEach((w, i) => {
      const leads = /^[,:—-]$/.test(w.after) || NOTE_VERBS.has(words[i + 1]?.lower ?? "");
      if (isNameShaped(w) && !isArchetypeWord(w) && leads) confirmed.add(w.text);
    });
  }

  const cast = new Cast();
  cast.count(noteSentences, confirmed);
  for (const c of cast.byName.values()) c.fromNotes = true;
  cast.count(storySentences, confirmed);
  mergeSurnames(cast, [...noteSentences, ...storySentences]);

  const isCharacter = (c: Candidate) => c.fromNotes || (c.mentions >= MIN_MENTIONS && c.placeLike * 2 < c.mentions);
  const names = new Set([...cast.byName.values()].filter(isCharacter).map((c) => c.name));

  for (const sentence of [...noteSentences, ...storySentences]) {
    readTraits(cast, names, sentence.words);
    readRelationships(cast, names, sentence.words);
  }
  readArchetypes(cast, names, noteSentences, notes);
  for (const text of [noteSentences, storySentences]) resolvePronounRelations(cast, names, text);
  readCompanions(cast, names, paragraphs);

  return [...names]
    .map((name) => cast.get(name))
    .sort((a, b) => Number(b.fromNotes) - Number(a.fromNotes) || b.mentions - a.mentions)
    .slice(0, MEMORY_LIMITS.characters)
    .map((c) => ({
      name: c.surname ? `${c.name} ${c.surname}` : c.name,
      traits: top(c.traits, MEMORY_LIMITS.traits),
      relationships: top(c.relationships, MEMORY_LIMITS.relationships),
    }));
}

const top = (map: Map<string, number>, n: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([text]) => text);

/** 'Lio Varr' then 'Lio': one character with a surname, not two. */
function mergeSurnames(cast: Cast, sentences: Sentence[]): void {
  const pairs = new Map<string, Map<string, number>>();
  for (const { words } of sentences) {
    for (let i = 0; i + 1 < words.length; i++) {
      const [a, b] = [words[i]!, words[i + 1]!];
      if (a.after === "" && !a.possessive && cast.byName.has(a.text) && isNameShaped(b) && !b.start) {
        const followers = pairs.get(a.text) ?? new Map<string, number>();
        bump(followers, b.text);
        pairs.set(a.text, followers);
      }
    }
  }
  for (const [first, followers] of pairs) {
    const [surname, together] = [...followers.entries()].sort((x, y) => y[1] - x[1])[0]!;
    const second = cast.byName.get(surname);
    if (PLACE_SUFFIXES.has(surname.toLowerCase())) {
      cast.byName.delete(first);
      cast.byName.delete(surname);
      continue;
    }
    // Only when the second name never goes about alone.
    if (second && second !== cast.byName.get(first) && second.mentions <= together) {
      cast.get(first).surname = surname;
      cast.byName.delete(surname);
    }
  }
}

/** 'Ren, a stoic swordsman,' · 'Ren was stubborn' · 'stubborn Ren' · 'Captain Lio'. */
function readTraits(cast: Cast, names: Set<string>, words: Word[]): void {
  words.forEach((word, i) => {
    if (!names.has(word.text) || word.possessive) return;
    const traits = cast.get(word.text).traits;
    const before = words[i - 1];
    if (before && TITLES.has(before.lower) && /^\p{Lu}/u.test(before.text)) bump(traits, before.lower);
    if (before && ADJECTIVES.has(before.lower) && before.after === "") bump(traits, before.lower);
    if (word.after === "," && ["a", "an", "the"].includes(words[i + 1]?.lower ?? "")) {
      const phrase = appositive(words, i + 2);
      if (phrase) bump(traits, phrase, 2);
    }
    const verb = words[i + 1];
    const article = words[i + 2];
    if (
      word.after === "" &&
      verb &&
      ["is", "was"].includes(verb.lower) &&
      article &&
      ["a", "an"].includes(article.lower)
    ) {
      const phrase = appositive(words, i + 3);
      if (phrase) bump(traits, phrase, 2);
    } else if (word.after === "" && verb && ["is", "was", "seemed", "looked", "felt"].includes(verb.lower)) {
      let j = i + 2;
      if (["so", "very", "always", "too", "still", "quite"].includes(words[j]?.lower ?? "")) j++;
      const adjective = words[j];
      if (adjective && ADJECTIVES.has(adjective.lower) && !names.has(words[j + 1]?.text ?? "")) {
        bump(traits, adjective.lower);
      }
    }
  });
}

/** The words of 'a stoic swordsman' up to the next punctuation, when short and not a relationship. */
function appositive(words: Word[], from: number): string | null {
  const phrase: string[] = [];
  for (let j = from; j < words.length && phrase.length < 4; j++) {
    const w = words[j]!;
    if (w.possessive || RELATION_WORDS.has(w.lower)) return null;
    if (["of", "with", "to", "who", "and", "that", "whose", "from", "in"].includes(w.lower)) {
      return phrase.length > 0 ? clean(phrase.join(" ")) : null;
    }
    phrase.push(w.lower);
    if (w.after !== "") return clean(phrase.join(" "));
  }
  return null;
}

const relation = (cast: Cast, who: string, word: string, other: string, weight = 3) => {
  if (who !== other) bump(cast.get(who).relationships, clean(`${word} of ${other}`), weight);
};

/** "Ren's rival, Kai" · "Kai, Ren's rival" · "Kai is Ren's rival" · "Ren's sister Mika". */
function readRelationships(cast: Cast, names: Set<string>, words: Word[]): void {
  words.forEach((owner, i) => {
    if (!owner.possessive || !names.has(owner.text)) return;
    let j = i + 1;
    if (
      ["best", "old", "older", "younger", "little", "big", "twin", "childhood", "former"].includes(
        words[j]?.lower ?? "",
      )
    ) {
      j++;
    }
    const role = words[j];
    if (!role || !RELATION_WORDS.has(role.lower)) return;
    const word = words
      .slice(i + 1, j + 1)
      .map((w) => w.lower)
      .join(" ");
    const next = words[j + 1];
    const before = words[i - 1];
    const beforeTwo = words[i - 2];
    if (next && names.has(next.text) && (role.after === "" || role.after === ","))
      relation(cast, next.text, word, owner.text);
    else if (before && names.has(before.text) && before.after === ",") relation(cast, before.text, word, owner.text);
    else if (before && ["is", "was"].includes(before.lower) && beforeTwo && names.has(beforeTwo.text)) {
      relation(cast, beforeTwo.text, word, owner.text);
    }
  });
}

const RECENT_NAMES = 8;
const POSSESSIVE_PRONOUNS = new Set(["her", "his", "their"]);
const SUBJECT_PRONOUNS = new Set(["she", "he", "they"]);

/**
 * 'her brother Ren' and 'Mika, his sister,': whose? When the sentence opens with a pronoun, the last character
 * named before the sentence ('She found Corvin …, and her brother Ren' is Mika's brother); otherwise the last
 * one named before the phrase.
 */
function resolvePronounRelations(cast: Cast, names: Set<string>, sentences: Sentence[]): void {
  const seen: string[] = [];
  for (const { words } of sentences) {
    const before = [...seen];
    const pronounSubject = SUBJECT_PRONOUNS.has(words[0]?.lower ?? "");
    const ownerOf = (name: string, inSentence: string[]) =>
      (pronounSubject ? before : [...before, ...inSentence]).reverse().find((n) => n !== name);
    const inSentence: string[] = [];
    words.forEach((word, i) => {
      if (!names.has(word.text)) return;
      const [pronoun, role] = [words[i - 2], words[i - 1]];
      if (role && pronoun && RELATION_WORDS.has(role.lower) && POSSESSIVE_PRONOUNS.has(pronoun.lower)) {
        const owner = ownerOf(word.text, inSentence);
        if (owner) relation(cast, word.text, role.lower, owner);
      }
      // 'Mika, his sister,'
      const [next, nextRole] = [words[i + 1], words[i + 2]];
      if (
        word.after === "," &&
        next &&
        nextRole &&
        POSSESSIVE_PRONOUNS.has(next.lower) &&
        RELATION_WORDS.has(nextRole.lower)
      ) {
        const owner = [...before, ...inSentence].reverse().find((n) => n !== word.text);
        if (owner) relation(cast, word.text, nextRole.lower, owner);
      }
      inSentence.push(word.text);
    });
    // Only the last few names can be a pronoun's antecedent.
    seen.push(...inSentence);
    seen.splice(0, Math.max(0, seen.length - RECENT_NAMES));
  }
}

/** Archetypes: one named in the notes beside a name goes to that name ('Ren, the stoic one'). */
function readArchetypes(
  cast: Cast,
  names: Set<string>,
  noteSentences: Sentence[],
  notes: { lead: string[]; supporting: string[] },
): void {
  for (const archetype of [...notes.lead, ...notes.supporting]) {
    const key = archetype.toLowerCase().split(/[\s(]/)[0]!;
    for (const { words } of noteSentences) {
      const at = words.findIndex((w) => w.lower === key || w.lower === `${key}s`);
      if (at < 0) continue;
      // The nearest name before it in the sentence, or after it when none comes before.
      const before = words
        .slice(0, at)
        .reverse()
        .find((w) => names.has(w.text));
      const after = words.slice(at + 1).find((w) => names.has(w.text));
      const owner = before ?? after;
      if (owner) bump(cast.get(owner.text).traits, archetype, 3);
    }
  }
}

/** Names that keep sharing paragraphs: 'often with Ren', unless something closer already ties them. */
function readCompanions(cast: Cast, names: Set<string>, paragraphs: Sentence[][]): void {
  const shared = new Map<string, number>();
  for (const paragraph of paragraphs) {
    const words = paragraph.flatMap((sentence) => sentence.words);
    const present = [...new Set(words.filter((w) => names.has(w.text)).map((w) => w.text))].sort();
    for (let a = 0; a < present.length; a++) {
      for (let b = a + 1; b < present.length; b++) bump(shared, `${present[a]}\u0000${present[b]}`);
    }
  }
  for (const [pair, n] of shared) {
    if (n < MIN_SHARED_PARAGRAPHS) continue;
    const [a, b] = pair.split("\u0000") as [string, string];
    const relationsOf = (x: string) => [...cast.get(x).relationships.keys()];
    if (relationsOf(a).some((r) => r.endsWith(` of ${b}`)) || relationsOf(b).some((r) => r.endsWith(` of ${a}`)))
      continue;
    bump(cast.get(a).relationships, `often with ${b}`, n / 100);
    bump(cast.get(b).relationships, `often with ${a}`, n / 100);
  }
}
