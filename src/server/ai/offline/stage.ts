// A stage: everything a scene needs (cast, world, moods, themes, voice) and the one way templates become text.
import type { StoryBrief } from "../context-block";
import { SMALL_ACTIONS } from "./beats";
import { buildCast, type Character } from "./cast";
import { detectVoice, type MoodKey, moodWeights, storyText, type ThemeKey, themeKeys } from "./facts";
import { fill, type Voice } from "./grammar";
import type { Random } from "./random";
import { Told } from "./told";
import { voiceOf } from "./voices";
import { buildWorld, type World } from "./world";

export interface Stage {
  brief: StoryBrief;
  random: Random;
  cast: Character[];
  /** The focus of the scene and the person across from them. */
  a: Character;
  b: Character;
  world: World;
  moods: { key: MoodKey; value: number; label: string }[];
  themes: ThemeKey[];
  voice: Voice;
  narrator: Character | null;
  /** The story text as prose (beginning and latest part). */
  story: string;
  used: Set<string>;
  /** The story's sentences and the scene's so far: none is written again. */
  told: Told;
}

const NARRATOR: Character = {
  name: "\u0000narrator",
  fullName: "",
  archetype: null,
  archetypeLabel: null,
  traits: [],
  relationships: [],
  pronoun: "they",
  invented: false,
};

/** Cast members in the order they were last mentioned in `text`, most recent first. */
function byLastMention(cast: Character[], text: string): Character[] {
  return cast
    .map((c) => ({ c, at: text.lastIndexOf(c.name) }))
    .filter((x) => x.at >= 0)
    .sort((x, y) => y.at - x.at)
    .map((x) => x.c);
}

/** `voiceText` is the text whose tense and person the scene follows (what comes just before the new text). */
export function setStage(brief: StoryBrief, random: Random, voiceText: string): Stage {
  const cast = buildCast(brief, random);
  const story = storyText(brief);
  const voice = voiceText.trim() === "" ? { tense: "past" as const, person: "third" as const } : detectVoice(voiceText);
  const recent = byLastMention(cast, voiceText.slice(-800));
  let narrator: Character | null = null;
  let a: Character;
  let b: Character;
  if (voice.person === "first") {
    // The narrator is whoever the text never names; named people are the ones 'I' talks to.
    narrator = cast.find((c) => !voiceText.includes(c.name)) ?? NARRATOR;
    a = narrator;
    b = recent.find((c) => c !== narrator) ?? cast.find((c) => c !== narrator)!;
  } else {
    a = recent[0] ?? cast[0]!;
    b = recent.find((c) => c !== a) ?? cast.find((c) => c !== a)!;
  }
  return {
    brief,
    random,
    cast,
    a,
    b,
    world: buildWorld(brief, random),
    moods: moodWeights(brief),
    themes: themeKeys(brief),
    voice,
    narrator,
    story,
    used: new Set(),
    told: new Told(`${story}\n${voiceText}`),
  };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Template → text on this stage: people, the world's details (never the same one twice when avoidable), values. */
export function render(stage: Stage, template: string, values: Record<string, string> = {}): string {
  const { random, used, world } = stage;
  // Gestures name their character {X} and the other person {Y}.
  // Once their own habits have all been shown, they fall back on small actions anyone might make.
  const gesture = (who: "A" | "B") => {
    const own = voiceOf((who === "A" ? stage.a : stage.b).archetype).gestures.filter((g) => !used.has(g));
    return random
      .fresh(own.length > 0 ? own : SMALL_ACTIONS, used)
      .replaceAll("{X", `{${who}`)
      .replaceAll("{Y", `{${who === "A" ? "B" : "A"}`);
  };
  const expanded = template
    .replace("{gestureA}", () => gesture("A"))
    .replace("{gestureB}", () => gesture("B"))
    .replace(/\{(sound|smell|sight)\}/g, (_, sense: "sound" | "smell" | "sight") =>
      random.fresh(world.senses[sense], used),
    )
    .replace("{task}", () => random.fresh(world.task, used))
    // The place in full the first time, then by its short name.
    .replace(/\{(P|p)lace\}/g, (_, p: string) => {
      const again = used.has("\u0000place");
      used.add("\u0000place");
      const name = again ? world.placeAgain : world.place;
      return p === "P" ? capitalize(name) : name;
    });
  return fill(
    expanded,
    { A: stage.a, B: stage.b },
    {
      Time: random.pick(["Night", "Dusk", "Evening", "Twilight"]),
      alarm: world.alarm,
      // The two of them: 'us' when the narrator is one of them.
      ...(stage.voice.person === "first" && stage.narrator === stage.a
        ? { pair: "us", Pair: "We", pairPos: "our", pairSub: "we" }
        : { pair: "them", Pair: "They", pairPos: "their", pairSub: "they" }),
      touch: world.fandomTouch ?? "",
      ...values,
    },
    stage.voice,
    stage.narrator,
  );
}

/** A line of dialogue with its speaker's tag: “You’re late,” Kael said flatly. */
export function speech(stage: Stage, who: "A" | "B", line: string): string {
  let tag = stage.random.fresh(voiceOf((who === "A" ? stage.a : stage.b).archetype).tags, stage.used);
  // A question is asked, whatever the speaker's usual way of saying things.
  if (line.endsWith("?")) tag = tag.replace(/^~(said|answered|muttered|snapped|announced|pointed out)\b/, "~asked");
  const spoken = line.replace(/\.$/, ",");
  const ends = /[,?!]$/.test(spoken) ? spoken : `${spoken},`;
  return render(stage, `\u201c{line}\u201d {${who}} ${tag}.`, { line: ends });
}
