// Who is in the story: names from the character notes, the story memory and the story text, the archetypes the
// writer picked, and (when nobody is named) fitting names invented from the seed.
import type { StoryBrief } from "../context-block";
import type { Random } from "./random";

export type ArchetypeKey =
  | "stoic"
  | "sunbeam"
  | "mastermind"
  | "broody"
  | "seductress"
  | "tsundere"
  | "chaos"
  | "bookworm"
  | "wildcard"
  | "grey"
  | "cinnamon";

export type Pronoun = "she" | "he" | "they";

export interface Character {
  name: string;
  /** The name as first given ('Aria Blackwood'); prose uses `name` ('Aria'). */
  fullName: string;
  archetype: ArchetypeKey | null;
  /** The archetype as the writer picked it ('Tsundere (Hot-Cold)'), for chat answers. */
  archetypeLabel: string | null;
  traits: string[];
  relationships: string[];
  pronoun: Pronoun;
  invented: boolean;
}

const ARCHETYPE_WORDS: [ArchetypeKey, RegExp][] = [
  ["tsundere", /tsundere|hot-cold|prickly|grumpy|standoffish/i],
  ["chaos", /agent of chaos|chaotic|reckless|prankster|troublemaker/i],
  ["cinnamon", /cinnamon|protective|gentle|soft-hearted|kind-hearted/i],
  ["grey", /morally gr[ae]y|ruthless|assassin|mercenary|smuggler|thief|rogue/i],
  ["mastermind", /mastermind|cunning|schem|strategist|calculating|genius/i],
  ["broody", /brood|haunted|moody|melancholy|tortured/i],
  ["seductress", /seduct|flirt|charming|alluring|silver-tongued/i],
  ["bookworm", /bookworm|bookish|scholar|librarian|studious|nerd/i],
  ["wildcard", /wildcard|wild card|unpredictable|impulsive/i],
  ["sunbeam", /sunbeam|sunny|cheerful|optimis|bubbly|bright-eyed/i],
  ["stoic", /stoic|reserved|taciturn|quiet|impassive|cold|calm/i],
];

const TEMPERAMENTS: ArchetypeKey[] = [
  "stoic",
  "sunbeam",
  "broody",
  "bookworm",
  "cinnamon",
  "mastermind",
  "tsundere",
  "wildcard",
];

export function archetypeOf(text: string): ArchetypeKey | null {
  return ARCHETYPE_WORDS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

// Capitalized words that are not names: sentence starters, pronouns, titles, archetype and calendar words.
const NOT_NAMES = new Set(
  (
    "The A An And But Or So If When While Then There Here This That These Those It Its He She They We You I His Her " +
    "Their Our Your My Him Them Me Us One Two Three Chapter Prologue Epilogue Part Book Act Scene Mr Mrs Ms Miss Dr " +
    "Sir Lady Lord King Queen Prince Princess Captain Professor Doctor Master Mistress Stoic Sunbeam Mastermind " +
    "Broody Seductress Tsundere Hot Cold Agent Chaos Bookworm Wildcard Morally Grey Gray Protective Cinnamon Roll " +
    "Lead Supporting Characters Character Main Setting Plot Ideas Theme Themes Mood Moods Enemies Lovers Friends " +
    "Slow Burn Adventure Action Romance Humor Angst Spice Alternate Universe Monday Tuesday Wednesday Thursday " +
    "Friday Saturday Sunday January February March April May June July August September October November December " +
    "What Why How Who Where Yes No Not Now Just Still After Before Once Maybe Perhaps Oh Ah Well Okay OK God Hey " +
    "Something Nothing Everything Someone Everyone Nobody Somewhere For With Without From Into Of In On At To By " +
    "As All Some Every Each Both Neither Either Even Only Also Because Until Though Although Since Later Soon " +
    "Finally Suddenly Instead Meanwhile Tonight Today Tomorrow Yesterday Marin FicForge English"
  ).split(" "),
);

const NAME_RUN = /(?:^|[^\p{L}'’-])((?:\p{Lu}[\p{Ll}'’-]+)(?:\s+\p{Lu}[\p{Ll}'’-]+)*)/gu;

/** Runs of capitalized words that look like names, in order of first appearance, with counts. */
function nameRuns(text: string): Map<string, { count: number; midSentence: boolean }> {
  const found = new Map<string, { count: number; midSentence: boolean }>();
  for (const match of text.matchAll(NAME_RUN)) {
    const start = match.index + match[0].length - match[1]!.length;
    const before = text.slice(Math.max(0, start - 5), start);
    // 'the Silver Order' is a place or a group, not a person.
    if (/\bthe\s+$/i.test(before)) continue;
    const words = match[1]!.split(/\s+/).filter((w) => !NOT_NAMES.has(w.replace(/['’]s$/, "")));
    if (words.length === 0 || words.length > 3) continue;
    const name = words.join(" ").replace(/['’]s$/, "");
    if (name.length < 2) continue;
    const midSentence = !startsSentence(text, start);
    const entry = found.get(name) ?? { count: 0, midSentence: false };
    entry.count++;
    entry.midSentence ||= midSentence;
    found.set(name, entry);
  }
  return found;
}

/**
 * She, he or they. Only clear cues count, in sentences that name this person and nobody else of the cast: 'Aria
 * guards the docks; she trusts no one', a next sentence starting 'She …', or .himself. / .herself.; never .his. or .her.: they often belong to someone else.
 */
function pronounFor(name: string, others: string[], texts: string[]): Pronoun {
  let she = 0;
  let he = 0;
  const count = (word: string) => {
    if (/^(she|herself)$/i.test(word)) she++;
    else if (/^(he|his|himself)$/i.test(word)) he++;
  };
  const namesOthers = (sentence: string) => others.some((other) => sentence.includes(other));
  for (const text of texts) {
    const sentences = text.split(/(?<=[.!?])\s+/);
    sentences.forEach((sentence, i) => {
      if (!sentence.includes(name) || namesOthers(sentence)) return;
      const after = sentence.slice(sentence.indexOf(name));
      for (const m of after.matchAll(/[,;]\s+(she|he)\b|\b(himself|herself)\b/gi)) count(m[1] ?? m[2]!);
      const next = sentences[i + 1];
      if (next && !next.includes(name) && !namesOthers(next)) count(/^["“]?(She|He)\b/.exec(next)?.[1] ?? "");
    });
  }
  return she > he ? "she" : he > she ? "he" : "they";
}

const INVENTED: Record<"fantasy" | "modern" | "future", [string, Pronoun][]> = {
  fantasy: [
    ["Aelin", "she"],
    ["Kael", "he"],
    ["Seren", "she"],
    ["Rowan", "he"],
    ["Isolde", "she"],
    ["Thorne", "he"],
    ["Lyra", "she"],
    ["Cassian", "he"],
    ["Wren", "she"],
    ["Dorian", "he"],
    ["Elara", "she"],
    ["Corin", "he"],
  ],
  modern: [
    ["Maya", "she"],
    ["Theo", "he"],
    ["Nadia", "she"],
    ["Jonah", "he"],
    ["Iris", "she"],
    ["Eli", "he"],
    ["Priya", "she"],
    ["Leo", "he"],
    ["Sasha", "she"],
    ["Noah", "he"],
    ["Juniper", "she"],
    ["Felix", "he"],
  ],
  future: [
    ["Nova", "she"],
    ["Orin", "he"],
    ["Zara", "she"],
    ["Rook", "he"],
    ["Juno", "she"],
    ["Ezra", "he"],
    ["Sable", "she"],
    ["Vex", "he"],
    ["Kestrel", "she"],
    ["Ash", "he"],
    ["Lumi", "she"],
    ["Dax", "he"],
  ],
};

/** True when `at` starts the text, a line, or a sentence (after '.', '!', '?', '…', a quote or a colon). */
// NOTE: a backward scan, not a regex anchored at the end of the text so far: that was quadratic in the story's length.
function startsSentence(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && /\s/.test(text[i]!)) {
    if (text[i] === "\n") return true;
    i--;
  }
  return i < 0 || /[.!?…"“”:]/.test(text[i]!);
}

export function nameStyle(brief: StoryBrief): keyof typeof INVENTED {
  const world = `${brief.setting ?? ""} ${brief.fandoms.join(" ")} ${brief.title ?? ""}`.toLowerCase();
  // NOTE: whole words only, so a friendship, a starlit reef or a mechanic do not make a story science fiction.
  if (
    /\b(space\w*|star ?ships?|stations?|planets?|cyber\w*|androids?|neon|galax\w*|orbit\w*|mechs?|future|futuristic|dystop\w*|expanse|trek|dune)\b/.test(
      world,
    )
  )
    return "future";
  if (
    /school|college|university|office|café|cafe|coffee shop|apartment|london|new york|tokyo|modern|suburb|subway|hospital|\bbar\b|\bclub\b/.test(
      world,
    )
  )
    return "modern";
  return "fantasy";
}

const archetypeLabels = (brief: StoryBrief) => [...brief.leads, ...brief.supporting];

/** The story's cast, leads first. Always at least two people, so a scene can have a conversation. */
export function buildCast(brief: StoryBrief, random: Random): Character[] {
  const texts = [brief.characterNotes ?? "", brief.memory?.summary ?? "", brief.beginning, brief.latest];
  const cast: Character[] = [];
  const has = (name: string) => cast.some((c) => c.name === name.split(" ")[0] || c.fullName === name);
  const add = (fullName: string, details: Partial<Character> = {}) => {
    if (has(fullName)) return;
    const notes = sentencesAbout(fullName, texts[0]!);
    cast.push({
      name: fullName.split(" ")[0]!,
      fullName,
      archetype: archetypeOf([...(details.traits ?? []), notes].join(" ")),
      archetypeLabel: null,
      traits: details.traits ?? [],
      relationships: details.relationships ?? [],
      pronoun: "they",
      invented: false,
    });
  };
  for (const c of brief.memory?.characters ?? []) add(c.name, { traits: c.traits, relationships: c.relationships });
  for (const name of nameRuns(texts[0]!).keys()) add(name);
  const story = `${brief.beginning}\n${brief.latest}`;
  for (const [name, seen] of nameRuns(story)) if (seen.count >= 2 && seen.midSentence) add(name);
  for (const c of cast) {
    c.pronoun = pronounFor(
      c.name,
      cast.filter((o) => o !== c).map((o) => o.name),
      texts,
    );
  }
  // The writer's archetype picks go to the named people in order (leads first), then to invented people.
  const labels = archetypeLabels(brief);
  const pool = random.shuffle(INVENTED[nameStyle(brief)]);
  labels.forEach((label, i) => {
    if (!cast[i]) {
      const [name, pronoun] = pool.find(([n]) => !has(n))!;
      cast.push({
        name,
        fullName: name,
        archetype: null,
        archetypeLabel: null,
        traits: [],
        relationships: [],
        pronoun,
        invented: true,
      });
    }
    cast[i]!.archetype = archetypeOf(label) ?? cast[i]!.archetype;
    cast[i]!.archetypeLabel = label;
  });
  while (cast.length < 2) {
    const [name, pronoun] = pool.find(([n]) => !has(n))!;
    cast.push({
      name,
      fullName: name,
      archetype: null,
      archetypeLabel: null,
      traits: [],
      relationships: [],
      pronoun,
      invented: true,
    });
  }
  // Nobody is a blank: people without an archetype get a temperament from the seed (not shown as the writer's pick).
  const temperaments = random.shuffle(TEMPERAMENTS).filter((t) => !cast.some((c) => c.archetype === t));
  for (const c of cast) if (!c.archetype) c.archetype = temperaments.shift() ?? "stoic";
  return cast;
}

function sentencesAbout(name: string, text: string): string {
  return text
    .split(/(?<=[.!?;])\s+/)
    .filter((s) => s.includes(name))
    .join(" ");
}

/** What the character notes say about one person (for chat answers), or null. */
export function notesAbout(character: Character, brief: StoryBrief): string | null {
  const about = sentencesAbout(character.fullName, brief.characterNotes ?? "").trim();
  return about === "" ? null : about;
}
