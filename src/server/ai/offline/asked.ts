// What the writer's instruction names: places ('the island of Vel'), names ('Orrin'), a time of day ('at dawn').
// A written scene says each of them, so asking for the island of Vel at dawn gives an island and a dawn.
import { render, type Stage } from "./stage";

export interface Asked {
  places: string[];
  names: string[];
  /** 'at dawn', 'before midnight'. */
  when: string | null;
}

const NAME = "\\p{Lu}[\\p{L}'’-]*(?:\\s+\\p{Lu}[\\p{L}'’-]*)*";
const PLACE = new RegExp(`\\b(?:the\\s+)?(\\p{Ll}+)\\s+of\\s+(${NAME})`, "gu");
const TIME =
  /\b(?:(at|by|before|after|until|toward|towards|near|around)\s+)?(dawn|dusk|sunrise|sunset|midnight|noon|nightfall|daybreak|twilight)\b/i;
/** Capitalised words that are not names: the start of a request, pronouns, the story's own terms. */
const NOT_NAMES = new Set(["I", "I’m", "I'm", "The", "A", "An", "Chapter", "Scene", "Marin", "Write", "Continue"]);

export function askedFor(request: string): Asked {
  const places = [...request.matchAll(PLACE)].map((m) => `the ${m[1]} of ${m[2]}`);
  const inPlaces = new Set(places.flatMap((p) => p.split(/\s+/)));
  const names: string[] = [];
  // NOTE: a word after the start or after '.', '!' or '?' is capitalised as a sentence start, not as a name; after
  // a colon it is a name ('the next chapter: Thane sails…').
  for (const m of request.matchAll(new RegExp(NAME, "gu"))) {
    const before = request.slice(0, m.index).trimEnd();
    if (before === "" || /[.!?]$/.test(before)) continue;
    for (const word of m[0].split(/\s+/)) if (!NOT_NAMES.has(word) && !inPlaces.has(word)) names.push(word);
  }
  const time = TIME.exec(request);
  const when = time ? `${(time[1] ?? "at").toLowerCase()} ${time[2]!.toLowerCase()}` : null;
  return { places: [...new Set(places)], names: [...new Set(names)], when };
}

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

/** A paragraph that brings in what the instruction names, or nothing when it names nothing. */
export function askedBeat(stage: Stage, asked: Asked): string[] {
  const sentences: string[] = [];
  const where = list(asked.places);
  if (where && asked.when)
    sentences.push(render(stage, "{when}, {pairSub} ~came at last to {where}.", { when: asked.when, where }));
  else if (where)
    sentences.push(
      render(stage, "Before long {pairSub} ~came to {where}, and {A} ~took in every detail of it.", { where }),
    );
  else if (asked.when)
    sentences.push(render(stage, "{when}, the light ~changed, and {A} ~noticed it first.", { when: asked.when }));
  const names = asked.names.filter((n) => n !== stage.a.name && n !== stage.b.name);
  if (names.length > 0)
    sentences.push(render(stage, "{A} ~thought about {names} more than {A:sub} would admit.", { names: list(names) }));
  return sentences.length > 0 ? [sentences.join(" ")] : [];
}
