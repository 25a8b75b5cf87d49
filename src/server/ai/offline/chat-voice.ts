// A chat answer in the writer's chosen response length and Marin's chat style (FicForge Plus options, read from the
// prompt's context block): short keeps the gist, long adds a 'going further' part; muse adds what-ifs, editor leads
// with candid notes, mentor explains the why. Classic at medium length is the answer as chat.ts wrote it.
import { chapterCount, nounPhrases } from "./facts";
import { wordCount } from "./grammar";
import type { Stage } from "./stage";

/** What the question was about (chat.ts's intents); only craft questions get a style's extras. */
export type ChatIntent =
  | "setting"
  | "identity"
  | "help"
  | "summary"
  | "names"
  | "title"
  | "pacing"
  | "mood"
  | "character"
  | "next"
  | "greeting"
  | "thanks";

const NO_STYLE_EXTRAS = new Set<ChatIntent>(["identity", "help", "greeting", "thanks"]);

/** About how many words a short answer keeps (its first paragraph, or a lead-in and two list items). */
const SHORT_ANSWER_WORDS = 60;
/** Extras each style adds, by length. */
const EXTRAS: Record<string, number> = { short: 1, medium: 3, long: 5 };

const bullet = (lines: string[]) => lines.map((line, i) => `${i + 1}. ${line}`).join("\n");
const isList = (paragraph: string) => /^1\. /.test(paragraph);
const both = (stage: Stage) => `${stage.a.name} and ${stage.b.name}`;

/** Sentences from the start of `text` until about `words` words. */
function firstSentences(text: string, words: number): string {
  const sentences = text.split(/(?<=[.!?…”])\s+/);
  const kept: string[] = [];
  for (const sentence of sentences) {
    if (kept.length > 0 && wordCount([...kept, sentence].join(" ")) > words) break;
    kept.push(sentence);
  }
  return kept.join(" ");
}

/** The gist: the first paragraph (cut to a few sentences), with two items of the list it introduces. */
export function shorten(answer: string): string {
  const [first = "", second] = answer.split("\n\n");
  if (isList(first)) return first.split("\n").slice(0, 2).join("\n");
  const lead = firstSentences(first, SHORT_ANSWER_WORDS);
  if (lead.endsWith(":") && second && isList(second)) return `${lead}\n\n${second.split("\n").slice(0, 2).join("\n")}`;
  return lead;
}

function whatIfs(stage: Stage): string[] {
  const thing = nounPhrases(stage.brief.plotIdeas ?? "")[0] ?? "the thing they both want";
  const mood = stage.moods[0]?.label.toLowerCase() ?? "tension";
  const { a, b } = stage;
  return stage.random.shuffle([
    `What if ${a.name} has been lying about ${thing} from the very first chapter?`,
    `What if ${b.name} is the only one who remembers how all this started, and ${a.name} finds out why?`,
    `What if the ${mood} tips over: the quiet scene you planned becomes the loudest of the story?`,
    `What if ${stage.world.placeAgain} itself turns against ${both(stage)} for one night?`,
    `What if a minor character walks in and wants ${thing} more than either of them?`,
    `What if ${a.name} and ${b.name} swap roles for a chapter: the careful one acts, the reckless one waits?`,
    `What if the next chapter starts at the end and runs backwards to how it got there?`,
  ]);
}

const OPENERS = [
  "Ooh, let’s play with this!",
  "I love where this could go. Let’s get a little wild.",
  "Okay, muse hat on.",
];

function muse(stage: Stage, answer: string, extras: number): string {
  const ideas = whatIfs(stage).slice(0, extras);
  return [stage.random.pick(OPENERS), answer, "And some what-ifs to play with:", bullet(ideas)].join("\n\n");
}

/** Candid notes from what the story shows: its length and chapters, dialogue, sentences, setting and moods. */
function editorNotes(stage: Stage): string[] {
  const story = stage.story;
  const words = wordCount(story);
  if (words === 0)
    return [
      "There’s no story text yet, so these notes can only be about the plan: write a first scene and I’ll be much more useful.",
      stage.brief.setting
        ? "The setting is specific, which is good: use it in the first paragraph, not the third."
        : "Missing: a setting. Scenes without a place float; pin the opening to one room, street or ship.",
      stage.moods.length > 0
        ? `Your strongest mood is ${stage.moods[0]!.label.toLowerCase()}: the first page should prove it.`
        : "Missing: mood readings. Without them the tone is anyone’s guess, mine included.",
    ];
  const paragraphs = story.split(/\n\n+/).filter((p) => p.trim() !== "" && !p.startsWith("#"));
  const talk = paragraphs.filter((p) => /[“"]/.test(p)).length / Math.max(1, paragraphs.length);
  const sentences = story.split(/[.!?…]+\s/).filter((s) => s.trim() !== "");
  const perSentence = Math.round(words / Math.max(1, sentences.length));
  const chapters = chapterCount(story);
  const notes = [
    talk < 0.2
      ? `Dialogue is thin (about ${Math.round(talk * 100)}% of paragraphs): let ${both(stage)} talk; it’s where readers fall for them.`
      : `Works: dialogue carries about ${Math.round(talk * 100)}% of the paragraphs, so the scenes move.`,
    perSentence > 22
      ? `Sentences average ${perSentence} words: break the longest ones, especially in action.`
      : `Works: sentences average ${perSentence} words, easy to read; vary them a little so the rhythm doesn’t flatten.`,
    chapters > 0
      ? `${chapters} chapter${chapters === 1 ? "" : "s"} over ${words.toLocaleString("en-US")} words: make sure each one ends on a change, not just a pause.`
      : `${words.toLocaleString("en-US")} words and no chapter headings yet: decide where chapter 1 ends.`,
    stage.brief.setting
      ? `The setting is named in the details; check it shows up on the page (a sound, a smell), not just in your notes.`
      : "No setting in the story’s details: the scenes risk happening nowhere.",
    stage.moods.length > 0
      ? `${stage.moods[0]!.label} is your strongest mood reading (${stage.moods[0]!.value}); if a chapter has none of it, cut or rework that chapter.`
      : "No mood readings: decide what readers should feel, then cut what doesn’t serve it.",
  ];
  return notes;
}

function editor(stage: Stage, answer: string, extras: number): string {
  return ["Editor’s notes, candidly:", bullet(editorNotes(stage).slice(0, extras)), `On your question: ${answer}`].join(
    "\n\n",
  );
}

/** The principle behind each kind of advice. */
const WHY: Record<ChatIntent, string[]> = {
  next: [
    "Readers keep turning pages when every scene changes something: a relationship, a plan, a secret.",
    "Forcing characters to choose shows who they are faster than any description.",
    "A direction that makes both leads want something opposite creates conflict without a villain.",
  ],
  character: [
    "A want that pulls against another character’s is what makes scenes between them crackle.",
    "Habits are a promise to the reader; breaking one at the right moment is the payoff.",
    "What a character refuses to do defines them more than what they do.",
  ],
  names: [
    "Distinct first letters and syllable counts stop readers mixing characters up.",
    "A name’s sound sets expectations before the character says a word.",
  ],
  title: [
    "A concrete image is easier to remember than an abstract word.",
    "A title that changes meaning by the end rewards the reader for finishing.",
  ],
  pacing: [
    "Alternating action and reaction gives readers room to feel what just happened.",
    "Tension is a rubber band: it needs slack moments to snap back.",
  ],
  mood: [
    "Mood comes from concrete detail, not labels: readers feel a cold room, not the word ‘sad’.",
    "A secondary mood at the edges keeps the main one from going flat.",
  ],
  setting: [
    "Setting works hardest when it causes problems for the characters.",
    "Returning to the same places lets readers measure how much the characters have changed.",
  ],
  summary: ["Knowing where the story has been tells you which promises it still has to keep."],
  identity: [],
  help: [],
  greeting: [],
  thanks: [],
};

function mentor(stage: Stage, intent: ChatIntent, answer: string, extras: number): string {
  const reasons = stage.random.shuffle(WHY[intent]).slice(0, Math.max(1, Math.ceil(extras / 2)));
  return [answer, `Why this works: ${reasons.join(" ")}`].join("\n\n");
}

function goingFurther(stage: Stage): string {
  const exercises = stage.random.shuffle([
    `Write one page of the next scene from ${stage.b.name}’s point of view, even if you never use it: you’ll learn what ${stage.b.name} hides.`,
    `List three things ${stage.a.name} would never say to ${stage.b.name}, then find the scene where one of them slips out.`,
    "Read the last chapter aloud; wherever you stumble, a reader will too.",
    "Cut the first paragraph of your next chapter and see if it starts better without it.",
    `Give ${stage.world.placeAgain} one detail that only appears when ${both(stage)} are alone together.`,
  ]);
  return ["Going further:", bullet(exercises.slice(0, 3))].join("\n\n");
}

/** The answer in the brief's response length and chat style. */
export function shapeAnswer(stage: Stage, intent: ChatIntent, answer: string): string {
  const length = stage.brief.length;
  const extras = EXTRAS[length] ?? EXTRAS.medium!;
  const body = length === "short" ? shorten(answer) : answer;
  const style = NO_STYLE_EXTRAS.has(intent) ? "classic" : (stage.brief.chatStyle ?? "classic");
  const styled =
    style === "muse"
      ? muse(stage, body, extras)
      : style === "editor"
        ? editor(stage, body, extras)
        : style === "mentor"
          ? mentor(stage, intent, body, extras)
          : body;
  return length === "long" ? `${styled}\n\n${goingFurther(stage)}` : styled;
}
