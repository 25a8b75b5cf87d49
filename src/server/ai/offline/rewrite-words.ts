// Word-level edits a rewrite is built from: narration apart from dialogue, word swaps, typo and grammar fixes,
// contractions, and past ↔ present tense.
import { capitalizeSentences, VERBS } from "./grammar";

export const QUOTED = /(“[^”]*”|"[^"]*")/;

/** Applies `change` to the narration only, never inside quotation marks. */
export function narrationOnly(text: string, change: (part: string) => string): string {
  return text
    .split(QUOTED)
    .map((part, i) => (i % 2 === 1 ? part : change(part)))
    .join("");
}

export const sentencesOf = (paragraph: string) =>
  paragraph.split(/(?<=[.!?…]["”’]?)\s+(?=["“]?[\p{Lu}])/u).filter((s) => s.trim() !== "");

export function swapWords(text: string, swaps: Record<string, string>): string {
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

export function contract(text: string, formal: boolean): string {
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
