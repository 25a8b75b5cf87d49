// Rewrite: the selection transformed as the instruction asks (shorter, longer and more vivid, more dialogue, another
// tone or tense, fixed), keeping its people, its paragraphs and what happens in it.
import { MOOD_BEATS, THEME_TALK } from "./beats";
import { capitalizeSentences, VERBS, wordCount } from "./grammar";
import { changeTense, contract, fixText, narrationOnly, QUOTED, sentencesOf, swapWords } from "./rewrite-words";
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
      // NOTE: not after an article or a preposition, where it is a noun ('the assembly'), not an adverb.
      .replace(
        /(?<!\b(?:the|a|an|my|your|his|her|our|their|its|this|that|of|to|in|on|at|for|from|into|with)\s*)\s*\b(\p{Ll}{4,}ly)\b/giu,
        (whole, word: string) => (KEEP_LY.test(word) ? whole : ""),
      )
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
