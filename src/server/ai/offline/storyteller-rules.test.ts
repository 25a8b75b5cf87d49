// The offline storyteller's four rules, checked over 1,000 seeds, settings and instructions (decision 0052): the names,
// places and times an instruction gives appear in the text; no sentence of the story is written again; no sentence
// ends on a word that cannot end one ('…closes the.'); the setting decides the vocabulary (no status lights in an
// archipelago). Each run writes chapter 1 and the next scene; every other run also a continuation from a cut-off
// sentence and a rewrite.
import { beforeAll, describe, expect, it } from "vitest";
import { Random } from "./random";
import { tellStory } from "./storyteller";
import { promptFor, storyBrief } from "../../test/offline-prompt";

const RUNS = 1000;

/** Each kind of world with settings of that kind, and words only that kind of world may use. */
const WORLDS = {
  sea: {
    settings: [
      "An archipelago of fishing islands",
      "A chain of islands bound by old friendship and older feuds",
      "Starlit reefs off a rocky coast",
      "A lighthouse on the last island before open sea",
    ],
    only: [],
  },
  fantasy: {
    settings: [
      "A walled mountain kingdom",
      "An enchanted forest ruled by a witch queen",
      "A castle at the edge of the world",
    ],
    only: ["torches", "banners", "flagstones", "cloak", "warning bell", "horses"],
  },
  modern: {
    settings: ["A small coffee shop in London", "A university campus in Tokyo", "A hospital in a rainy suburb"],
    only: ["refrigerator", "siren", "pizza", "asphalt", "phone", "essay", "fire alarm", "fairy lights"],
  },
  future: {
    settings: [
      "A mining station orbiting Jupiter",
      "A generation starship between galaxies",
      "A neon cyberpunk megacity",
    ],
    only: [
      "status lights",
      "synthetic",
      "holo",
      "viewport",
      "recycled air",
      "circuitry",
      "console",
      "diagnostic",
      "proximity alarm",
      "engines",
    ],
  },
} as const;
type WorldKind = keyof typeof WORLDS;
const KINDS = Object.keys(WORLDS) as WorldKind[];

const NAMES = ["Vel", "Orrin", "Tamsin", "Ysolde", "Brask", "Quill", "Maren", "Corvo", "Isra", "Thane", "Lio", "Sefa"];
const PLACE_KINDS = ["island", "city", "bay", "tower", "valley", "harbour", "ruins", "market"];
const TIMES = ["dawn", "dusk", "midnight", "noon", "sunrise", "nightfall"];
const INSTRUCTIONS = [
  "Write the next scene: they find the {kind} of {N1} at {time}",
  "Write what happens when {N1} reaches the {kind} of {N2} at {time}",
  "Write a scene where {N1} meets {N2} at {time}",
  "Write the next chapter: {N1} sails to the {kind} of {N2}",
  "write the next scene where they arrive at the {kind} of {N1} before {time}",
];

/** Words no sentence can end on (articles, possessives, conjunctions, a preposition left hanging). */
const DANGLING =
  /\b(the|a|an|my|your|our|their|its|of|into|onto|and|or|nor|but|than|with|from|to|at|in|on|was|were|is|are)\s*[.!?…—]["”’]?$/i;

/** The sentences of a text, headings left out, compared without case or spacing differences. */
function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .filter((p) => p.trim() !== "" && !p.startsWith("#"))
    .flatMap((p) => p.split(/(?<=[.!?…]["”’]?)\s+(?=["“]?[A-Z])/))
    .map((s) => s.trim())
    .filter((s) => s !== "");
}
const same = (s: string) => s.toLowerCase().replace(/\s+/g, " ");

interface Run {
  seed: number;
  kind: WorldKind;
  setting: string;
  instruction: string;
  named: string[];
  chapterOne: string;
  next: string;
  continued: string;
  before: string;
  rewritten: string;
}

function run(seed: number): Run {
  const random = new Random(seed);
  const kind = KINDS[seed % KINDS.length]!;
  const setting = random.pick(WORLDS[kind].settings);
  const [n1, n2] = random.shuffle(NAMES);
  const time = random.pick(TIMES);
  const placeKind = random.pick(PLACE_KINDS);
  const template = random.pick(INSTRUCTIONS);
  const instruction = template
    .replace("{N1}", n1!)
    .replace("{N2}", n2!)
    .replace("{kind}", placeKind)
    .replace("{time}", time);
  const named = [
    ...(template.includes("{N1}") ? [n1!] : []),
    ...(template.includes("{N2}") ? [n2!] : []),
    ...(template.includes("{time}") ? [time] : []),
    ...(/\{kind\} of \{N1\}/.test(template) ? [`${placeKind} of ${n1}`] : []),
    ...(/\{kind\} of \{N2\}/.test(template) ? [`${placeKind} of ${n2}`] : []),
  ];
  const base = { setting, title: "Tides", length: "medium" as const };
  const chapterOne = tellStory(promptFor(storyBrief(base), "Write the opening scene of this story."), seed);
  const next = tellStory(promptFor(storyBrief({ ...base, latest: chapterOne }), instruction), seed + 1);
  // The writer's cursor after a cut-off sentence of chapter 1 (it may end on 'the', 'and', 'to' …).
  const words = chapterOne.split(/\n\n/).at(-1)!.split(" ");
  const before = `${chapterOne.split(/\n\n/).slice(0, -1).join("\n\n")}\n\n${words.slice(0, 1 + random.int(words.length - 1)).join(" ")}`;
  // NOTE: a continuation and a rewrite on every other seed (500 of each) keep the suite's share under 5 s.
  const other = seed % 2 === 0;
  const continued = !other
    ? ""
    : tellStory(
        promptFor(
          storyBrief({ ...base, task: "continue", latest: chapterOne, before }),
          "Continue the story from the cursor.",
        ),
        seed + 2,
      );
  const selection =
    chapterOne
      .split(/\n\n/)
      .filter((p) => !p.startsWith("#"))
      .at(-2) ?? "";
  const rewriteAsk = random.pick(["shorter", "more vivid", "darker", "add dialogue", "fix the grammar", "funnier"]);
  const rewritten = !other
    ? ""
    : tellStory(
        promptFor(
          storyBrief({ ...base, task: "rewrite", latest: chapterOne, selection, instruction: rewriteAsk }),
          `Rewrite the selected text: ${rewriteAsk}`,
        ),
        seed + 3,
      );
  return { seed, kind, setting, instruction, named, chapterOne, next, continued, before, rewritten };
}

describe("the offline storyteller's rules, over 1,000 seeds and instructions", () => {
  let runs: Run[] = [];
  beforeAll(() => {
    runs = Array.from({ length: RUNS }, (_, i) => run(i + 1));
  });
  const broken = (check: (r: Run) => string | null) =>
    runs.flatMap((r) => {
      const problem = check(r);
      return problem ? [`seed ${r.seed} (${r.setting} / ${r.instruction}): ${problem}`] : [];
    });

  it("writes the names, places and times the instruction gives", () => {
    const missing = broken((r) => {
      const absent = r.named.filter((thing) => !r.next.toLowerCase().includes(thing.toLowerCase()));
      return absent.length > 0 ? `missing ${absent.join(", ")}` : null;
    });
    expect(missing.slice(0, 5)).toEqual([]);
  });

  it("never writes a sentence of the story again", () => {
    const repeated = broken((r) => {
      const told = new Set(sentences(r.chapterOne).map(same));
      const again = [...sentences(r.next), ...sentences(r.continued)].filter((s) => told.has(same(s)));
      return again.length > 0 ? `repeats “${again[0]}”` : null;
    });
    expect(repeated.slice(0, 5)).toEqual([]);
  });

  it("ends no sentence on a fragment", () => {
    const fragments = broken((r) => {
      const texts = [r.chapterOne, r.next, `${r.before}${r.continued}`, r.rewritten];
      const bad = texts.flatMap(sentences).filter((s) => DANGLING.test(s));
      return bad.length > 0 ? `fragment “${bad[0]}”` : null;
    });
    expect(fragments.slice(0, 5)).toEqual([]);
  });

  it("uses only the vocabulary of the story's own kind of world", () => {
    const foreign = broken((r) => {
      const text = [r.chapterOne, r.next, r.continued].join("\n").toLowerCase();
      const words = KINDS.filter((k) => k !== r.kind).flatMap((k) => WORLDS[k].only);
      const found = words.filter((w) => new RegExp(`\\b${w}`).test(text) && !r.setting.toLowerCase().includes(w));
      return found.length > 0 ? `uses ${found.join(", ")}` : null;
    });
    expect(foreign.slice(0, 5)).toEqual([]);
  });

  it("stays deterministic per seed", () => {
    expect(run(17)).toEqual(run(17));
  });
});
