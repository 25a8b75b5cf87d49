// Chat: useful, specific answers from the story context (what to write next, a character, names, titles, pacing,
// mood, a summary), how to use Marin, and an honest answer about what this storyteller is; chat-voice.ts then fits
// the answer to the response length and chat style.
import type { Character } from "./cast";
import { nameStyle, notesAbout } from "./cast";
import { type ChatIntent, shapeAnswer } from "./chat-voice";
import { chapterCount, lastSentence, nounPhrases } from "./facts";
import { wordCount } from "./grammar";
import { render, type Stage } from "./stage";
import { voiceOf } from "./voices";
import { chapterTitle } from "./world";

const INTENTS: [ChatIntent, RegExp][] = [
  [
    "identity",
    /who are you|what are you|are you (an? )?(ai|bot|robot|real|human|person|model|gpt|chatgpt|claude|llm|offline)|which model|what model|how do you work|are you (smart|alive)|offline/i,
  ],
  [
    "help",
    /how (do|can|should) i use|what can you do|how does (this|marin) work|commands|^help\b|what do i (type|say)|can you help me use/i,
  ],
  [
    "summary",
    /summar|recap|so far|what happened|remind me|catch me up|what(’|')?s (my|the|this) story about|what is (my|the|this) story about/i,
  ],
  ["setting", /setting|world ?building|\bworld\b|location|\bplaces?\b|describe (the|this) (city|town|place)/i],
  ["title", /\btitles?\b/i],
  ["names", /\bnames?\b|call (him|her|them|it)/i],
  ["pacing", /pac(e|ing)|too (slow|fast)|rushed|drag|how long should/i],
  ["mood", /\bmood|\btone\b|romance|romantic|angst|funn|humou?r|spic|darker|lighter/i],
  ["next", /next|idea|happen|plot|stuck|suggest|twist|where should|what should|continue|conflict/i],
  ["character", /character|motivation|backstory|personality|relationship|arc\b/i],
  ["greeting", /^(hi|hello|hey|good (morning|afternoon|evening)|yo)\b/i],
  ["thanks", /thank|cheers|great job|love it/i],
];

const bullet = (lines: string[]) => lines.map((line, i) => `${i + 1}. ${line}`).join("\n");
const both = (stage: Stage) => `${stage.a.name} and ${stage.b.name}`;
const leads = (stage: Stage) => stage.cast.filter((c) => c.name !== "\u0000narrator").slice(0, 4);

function identity(): string {
  return [
    "I’m Marin, running here as FicForge’s built-in offline storyteller. I’m not a large language model and I don’t call any AI service: I read your story’s details (characters and archetypes, setting, plot ideas, themes, mood readings, fandoms and the text so far) and compose scenes and suggestions from them. The same request with the same seed gives the same words, so it works anywhere, even without internet.",
    "That makes me quick and private, but simpler than a real model: I follow your story’s details rather than truly understanding them. For richer writing, connect a real model; the README explains how (AI_PROVIDER=openai-compatible for Ollama, llama.cpp or OpenRouter, or openai / anthropic with an API key). Everything else in the editor works the same either way.",
  ].join("\n\n");
}

function help(stage: Stage): string {
  return [
    "Here’s how to work with me:",
    bullet([
      "Say “write the next chapter” (any message with ‘write’, ‘generate’ or ‘create’) and I’ll add new text to the end of your story. Mention a chapter and it starts with a chapter heading.",
      "Ask anything else (what happens next, a question about a character, names, titles, pacing, mood) and I’ll answer here without touching your text.",
      "Continue writes on from your cursor, in the story’s own tense and voice.",
      "Rewrite changes a selection following a short instruction: ‘shorter’, ‘more vivid’, ‘more dialogue’, ‘darker’, ‘funnier’, ‘present tense’ or ‘fix the grammar’.",
      "Every insertion undoes in one step, and Regenerate gives you another version.",
    ]),
    `Right now I can see ${contextLine(stage)}.`,
  ].join("\n\n");
}

function contextLine(stage: Stage): string {
  const parts = [
    `${leads(stage)
      .map((c) => c.name)
      .join(", ")} as your cast`,
  ];
  if (stage.brief.setting) parts.push(`${stage.world.place} as the setting`);
  if (stage.moods.length > 0) parts.push(`mood readings led by ${stage.moods[0]!.label}`);
  const words = wordCount(stage.story);
  parts.push(words > 0 ? `${words.toLocaleString("en-US")} words of story` : "an empty page");
  return parts.join(", ");
}

function chapters(stage: Stage): { title: string; opening: string }[] {
  const found: { title: string; opening: string }[] = [];
  const pieces = stage.story.split(/^##\s+/m);
  for (const piece of pieces.slice(1)) {
    const [heading, ...body] = piece.split("\n");
    const opening =
      body
        .join(" ")
        .trim()
        .split(/(?<=[.!?])\s+/)[0] ?? "";
    found.push({ title: heading!.trim(), opening });
  }
  return found;
}

const clip = (text: string, words: number) => {
  const all = text.split(/\s+/);
  return all.length <= words ? text : `${all.slice(0, words).join(" ")}…`;
};

function summary(stage: Stage): string {
  const words = wordCount(stage.story);
  if (words === 0 && !stage.brief.memory?.summary) {
    return `Nothing is written yet, so there’s nothing to sum up. Say “write the opening scene” and I’ll start with ${both(stage)} in ${stage.world.place}.`;
  }
  const lines = [
    `So far: ${words.toLocaleString("en-US")} words${chapterCount(stage.story) > 0 ? ` across ${chapterCount(stage.story)} chapter${chapterCount(stage.story) === 1 ? "" : "s"}` : ""}.`,
  ];
  if (stage.brief.memory?.summary) lines.push(`Earlier chapters: ${stage.brief.memory.summary}`);
  const list = chapters(stage);
  if (list.length > 0) lines.push(bullet(list.map((c) => `${c.title}: ${clip(c.opening, 28)}`)));
  const named = leads(stage).filter((c) => stage.story.includes(c.name));
  if (named.length > 0) lines.push(`Who’s on the page: ${named.map((c) => c.name).join(", ")}.`);
  if (stage.brief.omittedWords > 0)
    lines.push(
      `(I can see the beginning and the latest part; about ${stage.brief.omittedWords.toLocaleString("en-US")} words in between were left out of what I was sent.)`,
    );
  const last = lastSentence(stage.story);
  if (last) lines.push(`It currently ends on: “${clip(last.replace(/^["“]|["”]$/g, ""), 30)}”`);
  return lines.join("\n\n");
}

const NAME_NOTES: Record<"fantasy" | "modern" | "future", [string, string][]> = {
  fantasy: [
    ["Seren", "soft-sounding, with a blade’s edge"],
    ["Corvin", "a raven’s name for someone who watches"],
    ["Isolde", "old, tragic, romantic"],
    ["Thane", "short and stern, a soldier’s name"],
    ["Maelis", "strange enough to feel foreign, easy to say"],
    ["Rook", "a thief’s nickname that stuck"],
    ["Elowen", "gentle, of the woods"],
    ["Dain", "plain and sturdy"],
  ],
  modern: [
    ["Juniper", "quirky, goes by June"],
    ["Cal", "easygoing, hides a lot"],
    ["Marisol", "warm, with a temper"],
    ["Everett", "old money, trying not to be"],
    ["Tess", "quick and sharp"],
    ["Rafe", "charm first, questions later"],
    ["Noor", "means light; fits a sunbeam"],
    ["Hollis", "quiet, watchful"],
  ],
  future: [
    ["Vesper", "an evening-star name for a night-shift pilot"],
    ["Kit-7", "a callsign that became a name"],
    ["Oriel", "clean and bright, station-born"],
    ["Sol", "short enough to shout over the engines"],
    ["Ines Varga", "a captain’s name"],
    ["Dex", "a mechanic who talks to machines"],
    ["Calla", "grown in the hydroponics bay"],
    ["Ren Okafor", "a diplomat with secrets"],
  ],
};

function names(stage: Stage): string {
  const style = nameStyle(stage.brief);
  const taken = new Set(stage.cast.map((c) => c.name));
  const picks = stage.random
    .shuffle(NAME_NOTES[style])
    .filter(([n]) => !taken.has(n))
    .slice(0, 5);
  return [
    `A few names that would sit well next to ${both(stage)}${stage.brief.setting ? ` in ${stage.world.place}` : ""}:`,
    bullet(picks.map(([name, note]) => `${name}: ${note}`)),
    "A tip: give each main character a different first letter and a different number of syllables, so readers never mix them up.",
  ].join("\n\n");
}

function titles(stage: Stage): string {
  const things = nounPhrases(`${stage.brief.plotIdeas ?? ""} ${stage.brief.setting ?? ""}`).map((t) =>
    t.replace(/^the /, ""),
  );
  const moods = stage.moods.map((m) => m.key);
  const ideas = new Set<string>();
  for (const thing of things.slice(0, 2)) ideas.add(`The ${thing.replace(/(^|\s)\p{Ll}/gu, (c) => c.toUpperCase())}`);
  while (ideas.size < 5) ideas.add(chapterTitle(moods, stage.random));
  return [
    `Some title ideas for this story${stage.brief.title ? ` (now “${stage.brief.title}”)` : ""}:`,
    bullet([...ideas]),
    "Short titles with one concrete image tend to stick; a title that changes meaning by the last chapter is even better.",
  ].join("\n\n");
}

function setting(stage: Stage): string {
  if (!stage.brief.setting) {
    return `The story has no setting yet, so I’ve been using ${stage.world.place}. Add one on the story’s details (a place, an era, a feeling) and every scene will use it: its sounds, its smells, its weather.`;
  }
  const { senses } = stage.world;
  const lines = [
    `Your setting: ${stage.brief.setting}. In scenes I lean on details like ${senses.sight[0]}, ${senses.sound[0]}, and the smell of ${senses.smell[0]}.`,
  ];
  if (stage.brief.fandoms.length > 0)
    lines.push(
      `Since it’s set in the world of ${stage.brief.fandoms.join(" and ")}, a familiar landmark or custom now and then will ground fans without slowing the story.`,
    );
  lines.push(
    bullet([
      `Give ${stage.world.placeAgain} one rule or custom that causes trouble for ${both(stage)}.`,
      "Pick three places the story keeps returning to, and let each one change a little every time.",
      "Let the weather or the time of day mirror (or contradict) what the characters feel.",
    ]),
  );
  return lines.join("\n\n");
}

function pacing(stage: Stage): string {
  const words = wordCount(stage.story);
  const count = chapterCount(stage.story);
  const tips: string[] = [];
  if (stage.themes.includes("slowburn"))
    tips.push(
      `It’s a slow burn, so ration the big moments: let ${both(stage)} almost touch, almost confess, and get interrupted. A real step forward every two or three chapters is plenty.`,
    );
  if (stage.themes.includes("enemies"))
    tips.push(
      `Enemies to lovers lives on the turn: give ${stage.a.name} and ${stage.b.name} one scene where they must rely on each other before either admits anything has changed.`,
    );
  if (count > 0 && words / count > 4000)
    tips.push(
      `Your chapters average about ${Math.round(words / count).toLocaleString("en-US")} words; splitting the longest at a cliffhanger keeps readers clicking ‘next’.`,
    );
  else if (count > 0 && words / count < 800)
    tips.push("Your chapters are short; that reads fast, but make sure each one changes something, or merge two.");
  tips.push(
    "Alternate scene and sequel: an action or confrontation, then a quieter beat where a character reacts and decides. It keeps tension without exhausting the reader.",
  );
  if (stage.moods.some((m) => m.key === "action" && m.value >= 60))
    tips.push(
      "With action running high, use short sentences in the fights and longer ones in the aftermath; the rhythm does half the work.",
    );
  return [
    `On pacing for ${stage.brief.title ? `“${stage.brief.title}”` : "your story"}:`,
    bullet(tips.slice(0, 4)),
  ].join("\n\n");
}

const MOOD_ADVICE: Record<string, string> = {
  romance: "lingering looks, small kindnesses, a touch that lasts a second too long",
  angst: "a memory that hurts, a thing left unsaid, a choice with a cost",
  humor: "banter, a mishap at the worst moment, a character who is far too calm",
  spice: "tension and closeness, kept suggestive rather than explicit",
  chaos: "plans going sideways, interruptions, a wild card doing something unforgivable",
  adventure: "a map, a road, a locked door and the key nobody should have",
  action: "a chase, a fight, a ticking clock",
};

function mood(stage: Stage): string {
  if (stage.moods.length === 0)
    return "This story has no mood readings yet. Set them on the story’s details (romance, angst, humor, action …) and I’ll lean every scene toward the strongest ones.";
  const readings = stage.moods.map((m) => `${m.label} ${m.value}`).join(", ");
  const [top, second] = stage.moods;
  const lines = [`Your mood readings: ${readings}. Scenes lean on the strongest first.`];
  const scene: Record<string, string> = {
    romance: `notices something about ${stage.a.name} no one else does`,
    spice: `notices something about ${stage.a.name} no one else does`,
    humor: "tries to look dignified and fails spectacularly",
    angst: "finally says the thing that breaks the silence",
  };
  const idea = scene[top!.key] ?? `drags ${stage.a.name} into trouble neither of them planned for`;
  lines.push(
    `For ${top!.label.toLowerCase()}, reach for ${MOOD_ADVICE[top!.key]}. With ${both(stage)} that might be a scene where ${stage.b.name} ${idea}.`,
  );
  if (second) lines.push(`Let ${second.label.toLowerCase()} colour the edges: ${MOOD_ADVICE[second.key]}.`);
  lines.push(
    "To shift the tone of a passage you’ve written, select it and use Rewrite with ‘darker’, ‘funnier’ or ‘more romantic’.",
  );
  return lines.join("\n\n");
}

function character(stage: Stage, who: Character): string {
  const other = who === stage.a ? stage.b : stage.a;
  const voice = voiceOf(who.archetype);
  const lines: string[] = [];
  // A gesture of theirs, told in the past tense and the third person whatever the story's voice.
  const gestureStage: Stage = { ...stage, a: who, b: other, voice: { tense: "past", person: "third" }, narrator: null };
  const habit = render(
    gestureStage,
    stage.random.pick(voice.gestures).replaceAll("{X", "{A").replaceAll("{Y", "{B"),
  ).replace(/\.$/, "");
  const label = who.archetypeLabel ? ` (${who.archetypeLabel})` : "";
  const notes = notesAbout(who, stage.brief);
  lines.push(
    `${who.fullName}${label}${notes ? `: your notes say “${clip(notes, 40).replace(/[.]$/, "")}”` : who.invented ? ": a name I gave this character, since the notes don’t name one; rename freely" : ""}.`,
  );
  if (who.traits.length + who.relationships.length > 0)
    lines.push(`What I remember: ${[...who.traits, ...who.relationships].join("; ")}.`);
  lines.push(`In a scene, ${who.name} ${voice.advice}. A line in their voice: “${stage.random.pick(voice.lines)}”`);
  lines.push(
    bullet([
      `Give ${who.name} a want that pulls against ${other.name}’s, so every scene between them has friction.`,
      `Show one habit (${habit}) early, then break it when it matters.`,
      `Ask what ${who.name} would never do, and put that choice in front of them by the middle of the story.`,
    ]),
  );
  return lines.join("\n\n");
}

function ideas(stage: Stage, turns: ChatTurn[]): string {
  const things = nounPhrases(stage.brief.plotIdeas ?? "");
  const thing = things[0] ?? "the one thing they both need";
  const twists: Record<string, string> = {
    enemies: "the rivalry cracks when one of them saves the other and refuses to explain why",
    slowburn: "an almost-kiss, interrupted at the worst possible moment",
    friends: "a flash of jealousy neither can explain away",
    au: "a memory from another life surfaces at the wrong time",
  };
  const twist = stage.themes.map((t) => twists[t]).find(Boolean) ?? "a secret comes out at the worst possible moment";
  const top = stage.moods[0];
  const options = stage.random.shuffle([
    `${both(stage)} are forced to work together to find ${thing}, and ${twist}.`,
    `Something goes wrong in ${stage.world.placeAgain}: ${top?.key === "action" ? "an ambush" : top?.key === "humor" ? "a disastrous misunderstanding" : "an unexpected arrival"} scatters everyone, and ${stage.b.name} has to choose who to go after.`,
    things[0]
      ? `${stage.a.name} learns something about ${stage.b.name}’s past that changes what ${thing} means to both of them.`
      : `${stage.a.name} learns something about ${stage.b.name}’s past that changes everything between them.`,
    `A quiet chapter: ${both(stage)} stuck waiting somewhere small, with nothing to do but talk. ${top ? `Lean into the ${top.label.toLowerCase()}.` : ""}`.trim(),
  ]);
  options.push(
    ...stage.random.shuffle([
      `Someone new arrives in ${stage.world.placeAgain} wanting ${thing} too, and ${stage.a.name} has to decide whose side to be on.`,
      `${stage.b.name} gets hurt, or nearly does, and ${stage.a.name}’s reaction gives away far more than intended.`,
      `A flashback chapter: the first time ${both(stage)} met, told so the reader sees what both of them missed.`,
      `A festival or a crowded public place throws ${both(stage)} together where neither can say what they mean.`,
    ]),
  );
  // Ideas given earlier in this chat go to the back, so asking again brings new ones.
  const earlier = turns
    .filter((t) => t.role === "assistant")
    .map((t) => t.text)
    .join("\n");
  const fresh = [...options.filter((o) => !earlier.includes(o)), ...options.filter((o) => earlier.includes(o))];
  const last = lastSentence(stage.story);
  const lead = last
    ? `Picking up from where you left off (“${clip(last.replace(/^["“]|["”]$/g, ""), 18)}”), here are a few directions:`
    : "Here are a few directions for what happens next:";
  return [
    lead,
    bullet(fresh.slice(0, 3)),
    "Say “write the next chapter” and I’ll draft it, or tell me which one you like and I’ll build on it.",
  ].join("\n\n");
}

function greeting(stage: Stage): string {
  const words = wordCount(stage.story);
  return words > 0
    ? `Hi! I’ve read your story so far (${words.toLocaleString("en-US")} words). Want ideas for what ${stage.a.name} does next, a summary, or shall I write the next chapter?`
    : `Hi! I’m Marin. Your page is empty, and I have ${both(stage)} ready in ${stage.world.place}. Say “write the opening scene” to begin, or ask me anything about the story.`;
}

/** The character the question is about: named in it, or (for a character question) the lead. */
function characterIn(stage: Stage, request: string): Character | null {
  return leads(stage).find((c) => new RegExp(`\\b${c.name}\\b`, "i").test(request)) ?? null;
}

/** The answer chat.ts's intents give, in Marin's own voice at medium length. */
function plainAnswer(stage: Stage, intent: ChatIntent, named: Character | null, turns: ChatTurn[]): string {
  switch (intent) {
    case "identity":
      return identity();
    case "help":
      return help(stage);
    case "summary":
      return summary(stage);
    case "names":
      return names(stage);
    case "title":
      return titles(stage);
    case "pacing":
      return pacing(stage);
    case "setting":
      return setting(stage);
    case "mood":
      return mood(stage);
    case "character":
      return character(stage, named ?? stage.a);
    case "greeting":
      return greeting(stage);
    case "thanks":
      return `Glad it helps! When you’re ready, say “write the next chapter”, or select a passage and use Rewrite to reshape it.`;
    default:
      return ideas(stage, turns);
  }
}

export interface ChatTurn {
  role: "user" | "assistant";
  text: string;
}

export function answerChat(stage: Stage, request: string, turns: ChatTurn[]): string {
  const named = characterIn(stage, request);
  const found = INTENTS.find(([, pattern]) => pattern.test(request))?.[0];
  // A question naming a character (and nothing else it recognizes) is about that character; anything else, ideas.
  const intent: ChatIntent = named && (found === undefined || found === "character") ? "character" : (found ?? "next");
  return shapeAnswer(stage, intent, plainAnswer(stage, intent, named, turns));
}
