// Story prose: an opening scene, the next chapter, more of the current scene, or a continuation from the cursor.
import {
  ARRIVALS,
  CLOSINGS,
  MOOD_BEATS,
  OPEN_ENDS,
  OPENINGS,
  PLOT_BEATS,
  QUIET,
  SENTENCE_ENDS,
  THEME_TALK,
  TIME_SKIPS,
  TOUCH,
} from "./beats";
import { chapterCount, firstSentence, lastSentence, type MoodKey, nounPhrases, plainText, TARGET_WORDS } from "./facts";
import { askedBeat, askedFor } from "./asked";
import { wordCount } from "./grammar";
import { render, type Stage, speech } from "./stage";
import { voiceOf } from "./voices";
import { chapterTitle } from "./world";

type Beat = (stage: Stage) => string[];

/** The exchanges the story's themes suggest, each with the theme's narration. */
function themeTalk(stage: Stage): { pair: [string, string]; narration: string[] }[] {
  const themes = stage.themes.filter((t) => THEME_TALK[t].pairs.length > 0);
  return (themes.length > 0 ? themes : (["default"] as const)).flatMap((t) =>
    THEME_TALK[t].pairs.map((pair) => ({
      pair,
      narration: THEME_TALK[t].narration.length > 0 ? THEME_TALK[t].narration : THEME_TALK.default.narration,
    })),
  );
}

/** A line in a character's own voice (their archetype's way of talking). */
function ownLine(stage: Stage, who: "A" | "B"): string {
  return stage.random.fresh(voiceOf((who === "A" ? stage.a : stage.b).archetype).lines, stage.used);
}

/** A short conversation: a line and its answer, a line of narration the theme suggests, maybe one more remark. */
const exchange: Beat = (stage) => {
  // Each exchange once; after that the two talk in their own voices.
  const unused = themeTalk(stage).filter((talk) => !stage.used.has(talk.pair[0]));
  const talk = unused.length > 0 ? stage.random.pick(unused) : null;
  const [line, answer] = talk?.pair ?? [ownLine(stage, "A"), ownLine(stage, "B")];
  stage.used.add(line);
  const paragraphs = [speech(stage, "A", line), speech(stage, "B", answer)];
  // The narration belongs to the same theme as the words, so a tender exchange is not called an old argument.
  const narration = (talk?.narration ?? []).filter((n) => !stage.used.has(n));
  if (narration.length > 0) paragraphs[1] += ` ${render(stage, stage.random.fresh(narration, stage.used))}`;
  else paragraphs[1] += ` ${render(stage, "{gestureB}")}`;
  if (stage.brief.length !== "short" && stage.random.chance(0.5))
    paragraphs.push(`${render(stage, "{gestureA}")} ${speech(stage, "A", ownLine(stage, "A"))}`);
  return paragraphs;
};

function moodBeat(stage: Stage, key: Stage["moods"][number]["key"], strong: boolean): string[] {
  const beats = MOOD_BEATS[key];
  const pool = stage.brief.mature && strong && beats.mature ? [...beats.mature, ...beats.general] : beats.general;
  return [render(stage, stage.random.fresh(pool, stage.used))];
}

const plotBeat: Beat = (stage) => {
  const plot = firstSentence(stage.brief.plotIdeas ?? stage.brief.memory?.summary ?? null);
  if (!plot) return [];
  const things = nounPhrases(plot).slice(0, 3);
  if (things.length === 0) return [render(stage, PLOT_BEATS.fallback, { plot })];
  const list = things.length === 1 ? things[0]! : `${things.slice(0, -1).join(", ")} and ${things[things.length - 1]}`;
  return [render(stage, stage.random.fresh(PLOT_BEATS.things, stage.used), { things: list })];
};

/** The story's moods; with none set, two from the seed, so an unspecified story still has a flavour. */
function sceneMoods(stage: Stage): { key: MoodKey; value: number }[] {
  if (stage.moods.length > 0) return stage.moods;
  const [one, two] = stage.random.shuffle<MoodKey>(["romance", "humor", "adventure", "angst", "action"]);
  return [
    { key: one!, value: 55 },
    { key: two!, value: 45 },
  ];
}

/** The middle of a scene: the strongest moods first (a strong one twice), the plot, more talk. */
function middleBeats(stage: Stage): Beat[] {
  const beats: Beat[] = [];
  // Light moods (under 40) only colour a long scene.
  const long = stage.brief.length === "long";
  const [first, ...rest] = sceneMoods(stage).filter((m) => long || m.value >= 40);
  if (first) beats.push((s) => moodBeat(s, first.key, first.value >= 70));
  beats.push(exchange, plotBeat);
  for (const mood of rest) beats.push((s) => moodBeat(s, mood.key, mood.value >= 70));
  if (first && first.value >= 70) beats.push((s) => moodBeat(s, first.key, true));
  beats.push(exchange, (s) => [render(s, "{gestureA} {gestureB}")], exchange);
  // A long scene keeps going: more talk, each mood again, a quiet moment between.
  const moods = sceneMoods(stage);
  for (let round = 0; round < 4; round++) {
    const mood = moods[round % moods.length]!;
    beats.push(
      (s) => moodBeat(s, mood.key, mood.value >= 70),
      exchange,
      (s) => [render(s, s.random.fresh(QUIET, s.used))],
    );
  }
  return beats;
}

/** Adds a beat's paragraphs unless every try repeats a sentence the story has told (then the beat is left out). */
function add(stage: Stage, paragraphs: string[], beat: () => string[]): void {
  paragraphs.push(...(stage.told.fresh(beat) ?? []));
}

function fillTo(stage: Stage, paragraphs: string[], beats: Beat[], target: number): string[] {
  const words = () => wordCount(paragraphs.join(" "));
  for (const beat of beats) {
    // Leave room for the closing paragraph.
    if (words() >= target - 35) break;
    add(stage, paragraphs, () => beat(stage));
  }
  add(stage, paragraphs, () => [render(stage, stage.random.fresh(CLOSINGS, stage.used))]);
  return paragraphs;
}

/** `write`: the opening scene (story empty), the next chapter (asked for), or more of the current scene. */
export function writeScene(stage: Stage, request: string): string {
  const target = TARGET_WORDS[stage.brief.length] ?? TARGET_WORDS.medium!;
  const storyEmpty = wordCount(stage.story) === 0;
  const newChapter = storyEmpty || /\bchapter\b/i.test(request);
  const paragraphs: string[] = [];
  if (newChapter) {
    const n = chapterCount(`${stage.story}\n${stage.brief.memory?.summary ?? ""}`) + 1;
    paragraphs.push(
      `## Chapter ${n}: ${chapterTitle(
        stage.moods.map((m) => m.key),
        stage.random,
      )}`,
    );
    if (!storyEmpty) add(stage, paragraphs, () => [render(stage, stage.random.fresh(TIME_SKIPS, stage.used))]);
  }
  if (newChapter) {
    add(stage, paragraphs, () => {
      const opening = render(stage, stage.random.fresh(OPENINGS, stage.used));
      return [stage.world.fandomTouch ? `${opening} ${render(stage, TOUCH)}` : opening];
    });
    if (stage.brief.length !== "short")
      add(stage, paragraphs, () => [render(stage, stage.random.fresh(ARRIVALS, stage.used))]);
  }
  // What the instruction names comes early, so the scene is the one asked for.
  paragraphs.push(...askedBeat(stage, askedFor(request)));
  return fillTo(stage, paragraphs, middleBeats(stage), target + (newChapter ? 10 : 0)).join("\n\n");
}

const ENDS_SENTENCE = /[.!?…]["”’)]?\s*$/;

/** `continue`: writes on from the text before the cursor, in its tense and person. */
export function continueScene(stage: Stage, before: string): string {
  const text = plainText(before);
  const target = TARGET_WORDS[stage.brief.length] ?? TARGET_WORDS.medium!;
  let opening = "";
  if (text !== "" && !ENDS_SENTENCE.test(text)) {
    const lastWord = (/(\p{L}+)\W*$/u.exec(text)?.[1] ?? "").toLowerCase();
    const ends = OPEN_ENDS.find(([words]) => words.test(lastWord))?.[1] ?? SENTENCE_ENDS;
    opening = render(stage, stage.random.pick(ends));
    opening = /^[,.;\u2014]/.test(opening) ? opening : ` ${opening.trim()}`;
    opening = opening.replace(/^( ?)(\p{Lu})/u, (_, space: string, c: string) => space + c.toLowerCase());
  }
  const beats = middleBeats(stage);
  // Dialogue just before the cursor gets an answer first.
  if (/[”"]\s*[^”"]*$/.test(lastSentence(text)) || /[”"]$/.test(text.trim())) {
    beats.unshift((s) => [speech(s, "B", ownLine(s, "B"))]);
  }
  const paragraphs = fillTo(stage, [], beats, target);
  return opening === "" ? paragraphs.join("\n\n") : `${opening}\n\n${paragraphs.join("\n\n")}`;
}
