// Rewrite: the selection transformed as the instruction asks (shorter, longer and more vivid, more dialogue, another
// tone or tense, fixed), keeping its people, its paragraphs and what happens in it.
import { MOOD_BEATS, THEME_TALK } from "./beats";
import { capitalizeSentences, VERBS, wordCount } from "./grammar";
import { render, type Stage, speech } from "./stage";
import { voiceOf } from "./voices";

type Kind =
  | "fix"
  | "shorter"
  | "dialogue"
  | "longer"
  | "darker"
  | "lighter"
  | "romantic"
  | "formal"
  | "casual"
  | "present"
  | "past"
  | "polish";

const KINDS: [Kind, RegExp][] = [
  ["present", /present tense/i],
  ["past", /past tense/i],
  ["fix", /\bfix|grammar|spelling|typo|proofread|correct/i],
  ["shorter", /short|concise|trim|tighten|\bcut\b|brief|condense|less wordy/i],
  ["dialogue", /dialog|conversation|talk|speech|banter/i],
  ["darker", /dark|grim|sinister|ominous|tense|angst|sad|serious|creepy/i],
  ["lighter", /light|funn|humou?r|playful|cheer|comed/i],
  ["romantic", /romantic|tender|sweet|flirt|swoon|steam/i],
  ["formal", /formal|elegant|old-fashioned|regency|period/i],
  ["casual", /casual|modern|simple|plain/i],
  ["longer", /long|expand|vivid|detail|descri|sensory|flesh|richer|more|show/i],
];

export function rewriteKind(instruction: string): Kind {
  return KINDS.find(([, pattern]) => pattern.test(instruction))?.[0] ?? "polish";
}

const QUOTED = /(“[^”]*”|"[^"]*")/;

/** Applies `change` to the narration only, never inside quotation marks. */
function narrationOnly(text: string, change: (part: string) => string): string {
  return text
    .split(QUOTED)
    .map((part, i) => (i % 2 === 1 ? part : change(part)))
    .join("");
}

const sentencesOf = (paragraph: string) =>
  paragraph.split(/(?<=[.!?…]["”’]?)\s+(?=["“]?[\p{Lu}])/u).filter((s) => s.trim() !== "");

function swapWords(text: string, swaps: Record<string, string>): string {
  // Longer phrases first, so 'looked around' wins over 'looked'.
  const keys = Object.keys(swaps).sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`\\b(${keys.join("|")})\\b`, "gi");
  return narrationOnly(text, (part) =>
    part.replace(pattern, (word) => {
      const swap = swaps[word.toLowerCase()]!;
      return /^\p{Lu}/u.test(word) ? swap.charAt(0).toUpperCase() + swap.slice(1) : swap;
    }),
  );
}

const TYPOS: Record<string, string> = {
  teh: "the",
  recieve: "receive",
  recieved: "received",
  seperate: "separate",
  definately: "definitely",
  alot: "a lot",
  wich: "which",
  untill: "until",
  becuase: "because",
  thier: "their",
  occured: "occurred",
  beleive: "believe",
  wierd: "weird",
  truely: "truly",
  accross: "across",
  begining: "beginning",
  freind: "friend",
  tommorow: "tomorrow",
  arguement: "argument",
  dissapear: "disappear",
  dissapeared: "disappeared",
  noticable: "noticeable",
  suprise: "surprise",
  suprised: "surprised",
  realy: "really",
  finaly: "finally",
  wanna: "want to",
  gonna: "going to",
  im: "I’m",
  dont: "don’t",
  cant: "can’t",
  wont: "won’t",
  didnt: "didn’t",
  doesnt: "doesn’t",
  isnt: "isn’t",
  wasnt: "wasn’t",
  couldnt: "couldn’t",
  shouldnt: "shouldn’t",
  wouldnt: "wouldn’t",
  lightening: "lightning",
  loose: "loose",
  breathe: "breathe",
};

export function fixText(text: string): string {
  let fixed = text
    .replace(new RegExp(`\\b(${Object.keys(TYPOS).join("|")})\\b`, "gi"), (w) => TYPOS[w.toLowerCase()] ?? w)
    .replace(/\b(could|would|should|must) of\b/gi, "$1 have")
    .replace(/\bi\b/g, "I")
    .replace(/\bi(['’](m|ve|ll|d))\b/g, "I$1")
    .replace(/\b(?!had\b|that\b)(\w+)\s+\1\b/gi, "$1")
    .replace(/\s+([,.!?;:])/g, "$1")
    .replace(/([,;:])(?=[A-Za-z])/g, "$1 ")
    .replace(/([.!?])(?=[A-Z][a-z])/g, "$1 ")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
  fixed = capitalizeSentences(fixed);
  return /[.!?…"”’*]$/.test(fixed) ? fixed : `${fixed}.`;
}

const FILLERS =
  /\s*\b(very|really|just|quite|rather|somewhat|actually|basically|literally|simply|totally|a bit|a little|kind of|sort of|suddenly)\b/gi;
const KEEP_LY =
  /^(only|early|family|lonely|holy|ugly|silly|friendly|likely|belly|lily|reply|supply|ally|jelly|daily|lovely|elderly|deadly|lively|jolly|curly|fly|rely|apply|july|italy|barely|nearly|hardly|finally|slowly)$/i;

function shorter(stage: Stage, paragraph: string): string {
  let sentences = sentencesOf(paragraph);
  if (sentences.length >= 3) {
    // Keep the first and last sentences, dialogue, and sentences about people; drop the rest first.
    const score = (s: string, i: number) =>
      (i === 0 || i === sentences.length - 1 ? 10 : 0) +
      (QUOTED.test(s) ? 3 : 0) +
      (stage.cast.some((c) => s.includes(c.name)) ? 1 : 0) -
      wordCount(s) / 40;
    const keep = Math.max(2, Math.ceil(sentences.length * 0.6));
    const ranked = sentences
      .map((s, i) => ({ i, score: score(s, i) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, keep);
    const kept = new Set(ranked.map((r) => r.i));
    sentences = sentences.filter((_, i) => kept.has(i));
  }
  const trimmed = narrationOnly(sentences.join(" "), (part) =>
    part
      .replace(FILLERS, "")
      .replace(/\s*\b(\p{Ll}{4,}ly)\b/gu, (whole, word: string) => (KEEP_LY.test(word) ? whole : ""))
      .replace(/\bin order to\b/gi, "to")
      .replace(/\bdue to the fact that\b/gi, "because")
      .replace(/\b(began|started) to (\w+)/gi, (_, __, verb: string) =>
        VERBS[`${verb}ed`] ? `${verb}ed` : `began to ${verb}`,
      ),
  )
    .replace(/ ,/g, ",")
    .replace(/,\s*,/g, ",")
    .replace(/\s{2,}/g, " ")
    .trim();
  if (wordCount(trimmed) < wordCount(paragraph) || QUOTED.test(trimmed)) return capitalizeSentences(trimmed);
  // One short sentence: drop its last clause.
  return trimmed.replace(/,[^,]*([.!?])$/, "$1");
}

const VIVID: Record<string, string> = {
  walked: "strode",
  walk: "stride",
  said: "murmured",
  looked: "gazed",
  went: "headed",
  ran: "sprinted",
  big: "vast",
  small: "slight",
  sat: "sank",
  nice: "lovely",
  good: "fine",
  bad: "grim",
  cold: "bitter",
  hot: "blistering",
  quickly: "swiftly",
  scared: "shaken",
  angry: "furious",
  happy: "glowing",
  sad: "hollow",
  very: "",
  really: "",
  touched: "brushed",
  took: "seized",
  put: "set",
  shook: "trembled",
  smiled: "smiled slowly",
  laughed: "laughed softly",
};

function longer(stage: Stage, paragraph: string): string {
  const out: string[] = [];
  for (const sentence of sentencesOf(swapWords(paragraph, VIVID).replace(/\s{2,}/g, " "))) {
    out.push(sentence);
    if (QUOTED.test(sentence)) continue;
    const who = stage.cast.find((c) => sentence.includes(c.name));
    if (who && !stage.used.has(`rewrite:${who.name}`)) {
      stage.used.add(`rewrite:${who.name}`);
      const role = who === stage.b ? "{gestureB}" : "{gestureA}";
      out.push(render(who === stage.b || who === stage.a ? stage : { ...stage, a: who }, role));
    } else {
      out.push(render(stage, stage.random.fresh(SENSORY, stage.used)));
    }
  }
  return out.join(" ");
}

const SENSORY = [
  "The air ~smelled of {smell}.",
  "From somewhere ~came {sound}.",
  "All around lay {sight}.",
  "For a heartbeat the whole world ~seemed to hold its breath.",
  "{sound} ~filled the silence that followed.",
];

function withDialogue(stage: Stage, paragraph: string, index: number): string {
  const talk = stage.themes.flatMap((t) => THEME_TALK[t].pairs);
  const [line, answer] = stage.random.pick(talk.length > 0 ? talk : THEME_TALK.default.pairs);
  const sentences = sentencesOf(paragraph);
  const cut = Math.max(1, Math.ceil(sentences.length / 2));
  const inserted =
    index === 0 ? [speech(stage, "A", line), speech(stage, "B", answer)] : [speech(stage, "B", ownLine(stage))];
  return [sentences.slice(0, cut).join(" "), ...inserted, sentences.slice(cut).join(" ")].filter(Boolean).join("\n\n");
}

function ownLine(stage: Stage): string {
  return stage.random.fresh(voiceOf(stage.b.archetype).lines, stage.used);
}

const TONES: Record<"darker" | "lighter" | "romantic", { swaps: Record<string, string>; beat: string[] }> = {
  darker: {
    swaps: {
      smiled: "smiled thinly",
      laughed: "laughed without humour",
      warm: "cold",
      bright: "pale",
      happy: "uneasy",
      gentle: "careful",
      soft: "hushed",
      sunlight: "thin grey light",
      light: "gloom",
      glowing: "guttering",
      "very dark": "black as pitch",
      dark: "shadowed",
      quietly: "silently",
      wanted: "ached",
      "looked around": "searched the shadows",
      looked: "stared",
      walked: "slipped",
      corner: "deepest shadow",
      "gone out": "died to ash",
    },
    beat: [
      "The silence ~had teeth.",
      "Somewhere beyond the walls, something ~waited, patient and hungry.",
      "A chill ~crept along {A:pos} spine that had nothing to do with the cold.",
    ],
  },
  lighter: {
    swaps: {
      frowned: "grinned",
      sighed: "snorted",
      scowled: "smirked",
      glared: "blinked",
      dark: "dim",
      grim: "wry",
      whispered: "stage-whispered",
    },
    beat: MOOD_BEATS.humor.general,
  },
  romantic: {
    swaps: { looked: "gazed", glanced: "gazed", touched: "brushed", said: "murmured" },
    beat: MOOD_BEATS.romance.general,
  },
};

const CONTRACTIONS: [string, string][] = [
  ["do not", "don’t"],
  ["does not", "doesn’t"],
  ["did not", "didn’t"],
  ["cannot", "can’t"],
  ["will not", "won’t"],
  ["it is", "it’s"],
  ["I am", "I’m"],
  ["you are", "you’re"],
  ["we are", "we’re"],
  ["they are", "they’re"],
  ["was not", "wasn’t"],
  ["is not", "isn’t"],
  ["could not", "couldn’t"],
  ["would not", "wouldn’t"],
  ["I have", "I’ve"],
];

function contract(text: string, formal: boolean): string {
  let result = text;
  for (const [full, short] of CONTRACTIONS) {
    const [from, to] = formal ? [short, full] : [full, short];
    result = result
      .replace(new RegExp(`\\b${from.replace("’", "['’]")}\\b`, "g"), to)
      .replace(
        new RegExp(`\\b${from.charAt(0).toUpperCase() + from.slice(1).replace("’", "['’]")}\\b`, "g"),
        to.charAt(0).toUpperCase() + to.slice(1),
      );
  }
  return result;
}

const PLURAL_SUBJECTS = /^(I|you|we|they)$/i;

/** Past ↔ present on the narration, for the verbs the storyteller knows. */
export function changeTense(text: string, tense: "present" | "past"): string {
  const present = new Map<string, string>();
  for (const [past, base] of Object.entries(VERBS)) {
    const third =
      base === "be"
        ? "is"
        : base === "have"
          ? "has"
          : /(s|sh|ch|x|z|o)$/.test(base)
            ? `${base}es`
            : /[^aeiou]y$/.test(base)
              ? `${base.slice(0, -1)}ies`
              : `${base}s`;
    present.set(past, third);
  }
  const pastOf = new Map<string, string>();
  for (const [past, third] of present) if (past !== "were") pastOf.set(third, past);
  for (const [past, base] of Object.entries(VERBS)) if (!pastOf.has(base) && base !== "be") pastOf.set(base, past);
  pastOf.set("am", "was").set("are", "were");
  const NEGATIVES: [string, string][] = [
    ["didn’t", "doesn’t"],
    ["wasn’t", "isn’t"],
    ["weren’t", "aren’t"],
    ["hadn’t", "hasn’t"],
    ["couldn’t", "can’t"],
    ["wouldn’t", "won’t"],
  ];
  return narrationOnly(text, (part) => {
    let prev = "";
    return part
      .split(/(\s+)/)
      .map((token) => {
        const match = /^([\p{L}’']+)(.*)$/u.exec(token);
        if (!match) return token;
        const [, word, rest] = match as unknown as [string, string, string];
        const before = prev;
        prev = word;
        const lower = word.toLowerCase();
        const negative = NEGATIVES.find(([p, q]) => (tense === "present" ? p : q) === lower.replace("'", "’"));
        if (negative) return (tense === "present" ? negative[1] : negative[0]) + rest;
        if (word !== lower) return token;
        if (tense === "present") {
          if (!VERBS[word] || /^(to|the|a|an|had|have|has|was|were)$/i.test(before)) return token;
          const base = VERBS[word]!;
          const plural = PLURAL_SUBJECTS.test(before) || word === "were";
          const form = plural ? (base === "be" ? (before === "I" ? "am" : "are") : base) : present.get(word)!;
          return form + rest;
        }
        const past = pastOf.get(word);
        if (!past || /^(to|the|a|an|will|would|can|could|must|should|may|might|did|do|does)$/i.test(before))
          return token;
        return past + rest;
      })
      .join("");
  });
}

export function rewriteSelection(stage: Stage, selection: string, instruction: string): string {
  const kind = rewriteKind(instruction);
  const paragraphs = selection
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);
  const each = (change: (p: string, i: number) => string) => paragraphs.map(change).join("\n\n");
  switch (kind) {
    case "fix":
      return each(fixText);
    case "shorter":
      return each((p) => shorter(stage, fixText(p)));
    case "longer":
      return each((p) => longer(stage, fixText(p)));
    case "dialogue":
      return each((p, i) => (i < 2 ? withDialogue(stage, p, i) : p));
    case "formal":
    case "casual":
      return each((p) =>
        swapWords(
          contract(p, kind === "formal"),
          kind === "formal"
            ? { okay: "very well", yeah: "yes", gonna: "going to", kids: "children", guy: "gentleman" }
            : { perhaps: "maybe", however: "but", therefore: "so", "very well": "okay" },
        ),
      );
    case "present":
    case "past":
      return each((p) => changeTense(fixText(p), kind));
    case "darker":
    case "lighter":
    case "romantic": {
      const tone = TONES[kind];
      const changed = paragraphs.map((p) => fixText(swapWords(p, tone.swaps)));
      const last = changed.length - 1;
      changed[last] = `${changed[last]} ${render(stage, stage.random.pick(tone.beat))}`;
      return changed.join("\n\n");
    }
    default:
      return each((p, i) => {
        const vivid = swapWords(fixText(p), {
          walked: "strode",
          looked: "glanced",
          went: "headed",
          very: "",
          really: "",
          got: "grew",
        }).replace(/\s{2,}/g, " ");
        return i === 0 ? `${vivid} ${render(stage, stage.random.fresh(SENSORY, stage.used))}` : vivid;
      });
  }
}
