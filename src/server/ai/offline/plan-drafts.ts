// The offline storyteller's planning board (issue 32, section 3): a synopsis paragraph from the braindump, N chapter
// lines ('N. Title: what happens') along a story's arc, 4–8 beats for one chapter, and a chapter written from its
// beats. Deterministic for a prompt and seed, and always in the shape the task line asks for.
import type { ParsedPlanRequest } from "../plan-prompt";
import { nounPhrases } from "./facts";
import type { Random } from "./random";
import type { Stage } from "./stage";

type Arc = "opening" | "inciting" | "rising" | "midpoint" | "complication" | "crisis" | "climax" | "resolution";

/** Titles and one-line summaries per stage of the arc; {A}, {B}, {thing}, {place} are filled in. */
const ARC: Record<Arc, { titles: string[]; lines: string[] }> = {
  opening: {
    titles: ["First Light", "Ordinary Days", "Before the Storm", "Where It Starts"],
    lines: [
      "{A}'s ordinary life in {place}, and the first hint of {thing}.",
      "We meet {A} and {B}, and what each wants.",
    ],
  },
  inciting: {
    titles: ["The Letter", "A Door Left Open", "No Going Back", "The Knock"],
    lines: [
      "{thing} forces {A} and {B} into each other's path.",
      "{A} makes a choice about {thing} that cannot be undone.",
    ],
  },
  rising: {
    titles: ["Crossed Paths", "Borrowed Time", "Small Mercies", "Uneasy Allies", "Old Debts", "Fault Lines"],
    lines: [
      "{A} and {B} work together for the first time, badly.",
      "A lead about {thing} takes them deeper into {place}.",
      "{B} keeps a secret, and {A} notices.",
      "A small win, and the price it costs {A}.",
    ],
  },
  midpoint: {
    titles: ["The Turn", "Everything Changes", "Under the Same Sky"],
    lines: [
      "The truth about {thing} comes out and turns the story around.",
      "{A} and {B} stop pretending, for one night.",
    ],
  },
  complication: {
    titles: ["Cracks", "The Long Way Round", "What We Owe", "Almost", "The Quiet Before"],
    lines: [
      "Trust between {A} and {B} breaks over {thing}.",
      "The stakes rise: {place} is no longer safe.",
      "{A} tries to fix it alone and makes it worse.",
    ],
  },
  crisis: {
    titles: ["Lowest Point", "Alone", "Fault Lines"],
    lines: ["{A} loses what mattered most and has to decide who to be.", "{B} walks away, and {A} lets them."],
  },
  climax: {
    titles: ["The Reckoning", "All In", "Last Stand", "Face to Face"],
    lines: ["{A} and {B} face {thing} together, on their own terms.", "Everything comes to a head in {place}."],
  },
  resolution: {
    titles: ["After", "Home", "A New Morning", "What Remains"],
    lines: ["What {A} and {B} have become, and what comes next.", "The dust settles; a promise is kept."],
  },
};

function arcAt(i: number, count: number): Arc {
  if (count === 1) return "climax";
  const at = i / (count - 1);
  if (i === 0) return "opening";
  if (i === count - 1) return "resolution";
  if (at < 0.2) return "inciting";
  if (at < 0.45) return "rising";
  if (at < 0.55) return "midpoint";
  if (at < 0.75) return "complication";
  if (at < 0.85) return "crisis";
  return "climax";
}

interface Fill {
  A: string;
  B: string;
  thing: string;
  place: string;
}

const fill = (template: string, f: Fill) =>
  template
    .replace(/\{(A|B|thing|place)\}/g, (_, key: keyof Fill) => f[key])
    .replace(/^\p{Ll}/u, (c) => c.toUpperCase());

const NOT_NAMES = new Set(
  "The A An And But When Then After Before While Chapter Synopsis Outline Braindump Beat Beats It He She They We You In On At Of For With This That There What Who".split(
    " ",
  ),
);

/** Names the writer used: capitalized words never written in lower case, not after 'the' or 'Chapter'; most used first. */
function namesIn(text: string): string[] {
  const counts = new Map<string, number>();
  for (const match of text.matchAll(/(?<!\b[Tt]he\s|Chapter\s)\b(\p{Lu}\p{Ll}{2,})\b/gu)) {
    const word = match[1]!;
    if (NOT_NAMES.has(word) || new RegExp(`\\b${word.toLowerCase()}\\b`).test(text)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([name]) => name);
}

/** The writer's own names first (the story's characters, then those in the board), the stage's cast otherwise. */
function fillOf(stage: Stage, source: string): Fill {
  const things = nounPhrases(source);
  const named = stage.brief.leads.length > 0 ? [] : namesIn(source);
  return {
    A: named[0] ?? stage.a.name,
    B: named[1] ?? stage.b.name,
    // NOTE: the phrase's first word only: 'the thief steals a' would read badly in a template.
    thing: things[0]?.split(" ").slice(0, 2).join(" ") ?? "the secret",
    place: stage.world.placeAgain,
  };
}

/** The braindump's ideas as sentences (lines and sentences; a trailing period added). */
function ideas(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((idea) => idea.replace(/^[-*•\d.)\s]+/, "").trim())
    .filter((idea) => idea.split(/\s+/).length >= 3)
    .map((idea) => (/[.!?]$/.test(idea) ? idea : `${idea}.`).replace(/^\p{Ll}/u, (c) => c.toUpperCase()));
}

const TURNS = [
  "When the truth about {thing} comes out, {A} has to choose between what they wanted and who they have become.",
  "Halfway through, {thing} turns everything around, and {A} and {B} are forced onto the same side.",
  "The closer they get to {thing}, the more it costs them both.",
];
const ENDINGS = [
  "By the end, {A} and {B} have found a way forward together, changed by what it cost them.",
  "It ends with {A} choosing {B} over the easy way out, and {place} never quite the same.",
  "In the end {A} keeps the promise that matters, and lets go of the one that did not.",
];

function synopsis(stage: Stage, random: Random, braindump: string): string {
  const f = fillOf(stage, braindump);
  const title = stage.brief.title ? `${stage.brief.title} follows` : "The story follows";
  const opening = `${title} ${f.A} and ${f.B} in ${stage.world.place}.`;
  return [opening, ...ideas(braindump).slice(0, 4), fill(random.pick(TURNS), f), fill(random.pick(ENDINGS), f)].join(
    " ",
  );
}

function outline(stage: Stage, random: Random, synopsisText: string, count: number): string {
  const f = fillOf(stage, synopsisText);
  const usedTitles = new Set<string>();
  const usedLines = new Set<string>();
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const arc = ARC[arcAt(i, count)];
    let title = random.fresh(arc.titles, usedTitles);
    if (lines.some((line) => line.includes(`. ${title}:`))) title = `${title} (${i + 1})`;
    lines.push(`${i + 1}. ${title}: ${fill(random.fresh(arc.lines, usedLines), f)}`);
  }
  return lines.join("\n");
}

const BEATS = {
  open: ["{A} starts the chapter at a disadvantage in {place}.", "The chapter opens on {A} and {B}, not speaking."],
  middle: [
    "{B} brings news about {thing} that changes the plan.",
    "An argument between {A} and {B} says more than either meant.",
    "{A} finds a clue about {thing} nobody else noticed.",
    "A stranger in {place} wants something from {A}.",
    "{A} and {B} share a quiet moment that neither mentions later.",
  ],
  close: ["The chapter ends on a choice {A} cannot take back.", "It ends with {B} keeping one secret back."],
};

function beats(stage: Stage, random: Random, request: ParsedPlanRequest): string {
  const outlineText = request.parts.get("Outline") ?? "";
  const line = outlineText.split("\n").find((l) => l.startsWith(`${request.chapter ?? 1}. `)) ?? "";
  const what = line.replace(/^\d+\.\s*/, "");
  const f = fillOf(stage, `${request.parts.get("Synopsis") ?? ""} ${what}`);
  const used = new Set<string>();
  const middle = [random.fresh(BEATS.middle, used), random.fresh(BEATS.middle, used), random.fresh(BEATS.middle, used)];
  const summary = what.includes(": ") ? what.slice(what.indexOf(": ") + 2) : "";
  const list = [random.pick(BEATS.open), ...(summary ? [summary] : []), ...middle, random.pick(BEATS.close)];
  return list.map((beat) => `- ${fill(beat, f)}`).join("\n");
}

/** A planning draft in the shape its level asks for. */
export function draftPlan(stage: Stage, random: Random, request: ParsedPlanRequest): string {
  if (request.level === "synopsis") return synopsis(stage, random, request.parts.get("Braindump") ?? "");
  if (request.level === "outline")
    return outline(stage, random, request.parts.get("Synopsis") ?? "", Math.max(1, request.count ?? 12));
  return beats(stage, random, request);
}

/**
 * 'Write chapter N from its beats': each beat told, in order, with a paragraph of the scene after it; the heading
 * first when the chapter is new.
 */
export function chapterFromBeats(heading: string | null, beatList: string[], sceneText: string): string {
  const scene = sceneText.split("\n\n").filter((p) => !p.startsWith("## "));
  const paragraphs: string[] = heading ? [heading] : [];
  beatList.forEach((beat, i) => {
    paragraphs.push(/[.!?]$/.test(beat) ? beat : `${beat}.`);
    if (scene[i]) paragraphs.push(scene[i]!);
  });
  paragraphs.push(...scene.slice(beatList.length, beatList.length + 1));
  return paragraphs.join("\n\n");
}

/** The task line of 'Write chapter N from its beats' (plan-prompt.ts), read back: the heading when it asks for one. */
export function chapterTask(system: string): { heading: string | null } | null {
  if (!/(?:^|\n)Task: write (?:more of )?chapter \d+/.test(system)) return null;
  const heading = /Start with the heading '(## Chapter \d+:[^']*)'/.exec(system)?.[1]?.trim() ?? null;
  return { heading: heading?.endsWith(":") ? heading.slice(0, -1) : heading };
}
