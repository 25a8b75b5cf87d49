// The table of cases docs/ai-measurement.md shows: what a writer did with Marin's text, the share it should keep, and
// the share measured (provenance.test.ts checks each and prints the table). Pure: one writer's fingerprints, HTML in.
import { countStoryWords } from "../content/story-text";
import { measureAiWords } from "./provenance";
import { fingerprintOf, ShingleLookup } from "./provenance-shingles";

/** Marin's delivered text (two paragraphs, 154 words). */
export const MARIN_TEXT = [
  "The lantern flickered once, twice, and then the door at the end of the corridor opened without a sound. " +
    "Mira held her breath and counted the steps between herself and the stairs, the way her brother had taught her " +
    "when they were children hiding from the storms that rolled in off the grey northern sea. Nothing moved in the " +
    "dark beyond the threshold, but the air that came through it was cold and smelled of salt and old paper.",
  "She lifted the lantern higher. Shelves ran away from her into the shadows, row after row of them, crowded with " +
    "ledgers bound in cracked leather and boxes sealed with wax the colour of dried blood. Somewhere deep in the " +
    "archive a clock was ticking, slow and patient, as if it had been waiting a very long time for someone to come " +
    "back and wind it. Mira stepped inside, and the door swung shut behind her.",
];

/** The writer's own opening (61 words), never given by Marin. */
export const WRITER_TEXT =
  "Rain had followed Mira all the way from the harbour, soaking through the coat she had borrowed from Jonah and " +
  "turning the map in her pocket into a soft grey pulp. By the time she found the archive the streetlamps were " +
  "lit, and the old building looked less like a library than a ship run aground in the middle of town.";

/** The same scene as MARIN_TEXT, told again in the writer's own words. */
export const REWRITTEN_TEXT =
  "Her light wavered, and far down the hallway a door swung open with no noise at all. Mira froze, measuring the " +
  "distance back to the staircase as Tomas once showed her, back when storms from the ocean sent them both under " +
  "the kitchen table. Nothing stirred past the doorway; only a chill drifted out, briny and dusty. She raised the " +
  "lamp. Endless shelving vanished into the gloom, packed with crumbling account books and crates stamped shut " +
  "with dark red seals. Far inside, a slow clock kept time, like something left alone for years that still hoped " +
  "a person would return to wind it. She went in, and the door closed at her back.";

const p = (text: string) => `<p>${text}</p>`;
const wrapped = (html: string) =>
  `<div class="generated-content" data-model="Offline storyteller" data-generated-at="2026-11-28T10:00:00.000Z">${html}</div>`;
const marinHtml = MARIN_TEXT.map(p).join("");

/** Every `every`-th word of `text` replaced by a word of the writer's. */
function editEvery(text: string, every: number): string {
  return text
    .split(" ")
    .map((word, i) => (i % every === every - 1 ? "quietly" : word))
    .join(" ");
}

/** Splits each paragraph after every `size` words. */
function splitEvery(text: string, size: number): string {
  const words = text.split(" ");
  const parts: string[] = [];
  for (let i = 0; i < words.length; i += size) parts.push(words.slice(i, i + size).join(" "));
  return parts.map(p).join("");
}

const TYPED = "Jonah would have laughed at her for being this frightened of an empty room.";
// All of Marin's 154 words beside the writer's 61 are 71.6%.
const [FIRST = "", SECOND = ""] = MARIN_TEXT;
const half = Math.floor(FIRST.split(" ").length / 2);
const typedInside = `${FIRST.split(" ").slice(0, half).join(" ")} ${TYPED} ${FIRST.split(" ").slice(half).join(" ")}`;

export interface ProvenanceCase {
  name: string;
  /** The story's HTML as saved. */
  html: string;
  /** The share it should measure, inclusive range. */
  expected: [number, number];
  /** Measured against another writer's fingerprints (who never got this text). */
  otherWriter?: boolean;
}

export const PROVENANCE_CASES: ProvenanceCase[] = [
  {
    name: "Marin's text as delivered, in its wrapper",
    html: p(WRITER_TEXT) + wrapped(marinHtml),
    expected: [0.71, 0.72],
  },
  { name: "the same text, wrappers removed", html: p(WRITER_TEXT) + marinHtml, expected: [0.71, 0.72] },
  {
    name: "paragraphs split every 12 words",
    html: p(WRITER_TEXT) + MARIN_TEXT.map((t) => splitEvery(t, 12)).join(""),
    expected: [0.71, 0.72],
  },
  { name: "both paragraphs joined into one", html: p(WRITER_TEXT) + p(MARIN_TEXT.join(" ")), expected: [0.71, 0.72] },
  {
    name: "capitals and punctuation changed",
    html: p(WRITER_TEXT) + p(MARIN_TEXT.join(" ").toUpperCase().replaceAll(",", ";")),
    expected: [0.71, 0.72],
  },
  { name: "pasted before the writer's text", html: marinHtml + p(WRITER_TEXT), expected: [0.71, 0.72] },
  {
    name: "light edits: one word in 20 changed",
    html: p(WRITER_TEXT) + MARIN_TEXT.map((t) => p(editEvery(t, 20))).join(""),
    expected: [0.62, 0.72],
  },
  {
    name: "heavier edits: one word in 10 changed",
    html: p(WRITER_TEXT) + MARIN_TEXT.map((t) => p(editEvery(t, 10))).join(""),
    expected: [0.3, 0.72],
  },
  {
    name: "edited through: one word in 5 changed",
    html: p(WRITER_TEXT) + MARIN_TEXT.map((t) => p(editEvery(t, 5))).join(""),
    expected: [0, 0.1],
  },
  {
    name: "a 14-word sentence typed inside Marin's paragraph",
    html: p(WRITER_TEXT) + p(typedInside) + p(SECOND),
    expected: [0.66, 0.68],
  },
  { name: "the scene rewritten in the writer's own words", html: p(WRITER_TEXT) + p(REWRITTEN_TEXT), expected: [0, 0] },
  { name: "only the writer's own text", html: p(WRITER_TEXT), expected: [0, 0] },
  {
    name: "another writer saves the same text",
    html: p(WRITER_TEXT) + marinHtml,
    expected: [0, 0],
    otherWriter: true,
  },
];

export interface MeasuredCase extends ProvenanceCase {
  measured: number;
}

/** Each case measured with one writer's fingerprint of MARIN_TEXT (and an empty set for the other writer). */
export function measureCases(cases = PROVENANCE_CASES): MeasuredCase[] {
  const mine = new ShingleLookup([fingerprintOf(MARIN_TEXT.join("\n\n")).shingles]);
  const theirs = new ShingleLookup([fingerprintOf(REWRITTEN_TEXT).shingles]);
  return cases.map((c) => {
    const { wordCount } = countStoryWords(c.html);
    const ai = measureAiWords(c.html, wordCount, c.otherWriter ? theirs : mine);
    return { ...c, measured: wordCount > 0 ? ai / wordCount : 0 };
  });
}

/** The table as Markdown. */
export function casesTable(measured: readonly MeasuredCase[]): string {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const rows = measured.map(
    (c) => `| ${c.name} | ${pct(c.expected[0])}–${pct(c.expected[1])} | ${(c.measured * 100).toFixed(1)}% |`,
  );
  return ["| What was done | Expected share | Measured share |", "| --- | --- | --- |", ...rows].join("\n");
}
