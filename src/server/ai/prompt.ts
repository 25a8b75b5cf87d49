// Every prompt Marin sends is built here: the persona and its rules, the task, the story context block
// (context-block.ts, which the offline storyteller reads back), the story text within its budget, the chat history
// within its budget, and the request. Also what the pane previews: a one-line summary and the exact context text.
import {
  type ChatMessage,
  type ChatStyle,
  type ContextPreview,
  DEFAULT_CHAT_STYLE,
  DEFAULT_RESPONSE_LENGTH,
  type ResponseLength,
  type StoryContext,
} from "../../shared/schemas/marin";
import { type LoreCandidate, selectLore } from "../lore/select";
import { writingChapter } from "../lore/writing-chapter";
import { formatContextBlock, type MarinTask, type MemoryCharacter, type StoryBrief } from "./context-block";
import { type StoryFields, storyFacts } from "./story-brief";
import { countWords, excerptStory, nextChapterNumber, storyHtmlToText } from "../content/plain-text";
import type { WriterVoice } from "../voice/samples";
import { voiceSection } from "../voice/prompt-section";
import { type PlanDraftTask, type PlanExcerpt, planPromptParts } from "./plan-prompt";

/** Everything sent (system prompt plus messages) stays within this many characters (about 12,000 tokens). */
export const PROMPT_BUDGET_CHARS = 48_000;
/** The story text's share at most; less when the rest of the prompt is long. */
export const STORY_TEXT_BUDGET_CHARS = 16_000;
/** Earlier chat messages, newest first, up to this many characters. */
export const HISTORY_BUDGET_CHARS = 8_000;
/** The writer's new message or request. */
const REQUEST_MAX_CHARS = 4_000;
/** continue: the end of the text before the cursor. */
const BEFORE_CURSOR_CHARS = 3_000;
const FIELD_MAX_CHARS = 2_000;
const MEMORY_SUMMARY_CHARS = 3_000;
const MEMORY_CHARACTERS = 30;

export interface StoryMemory {
  characters: MemoryCharacter[];
  summary: string | null;
}

export interface PromptRequest {
  task: MarinTask;
  /** The saved story, when the request names one: its fields are the context, its content the fallback text. */
  story: (StoryFields & { content: string; rating: string }) | null;
  context: StoryContext;
  /** chat: the conversation; the last message is the writer's new one. */
  messages?: ChatMessage[];
  /** generate: the writer's request. */
  prompt?: string;
  before?: string;
  selection?: string;
  instruction?: string;
  length?: ResponseLength;
  /** chat: Marin's voice (FicForge Plus styles besides classic). */
  chatStyle?: ChatStyle;
  premium: boolean;
  /** Story memory (premium only; null for free users). */
  memory: StoryMemory | null;
  /** The story's lorebook (its own entries and its canon packs'); the prompt carries those the text mentions. */
  lore?: readonly LoreCandidate[];
  /** The writer's style sample (voice/samples.ts): its description always, the sample where the budget allows. */
  voice?: WriterVoice | null;
  /** The story's planning board (plan-prompt.ts): the synopsis and the current chapter's beats travel along. */
  plan?: PlanExcerpt | null;
  /** 'Write chapter N from its beats': the chapter; a planning draft: its level and source. */
  planChapter?: number;
  planDraft?: PlanDraftTask;
}

/** One message of the conversation sent to the model: Marin's prompts are text only. */
export interface PromptMessage {
  role: "user" | "assistant";
  content: string;
}

export interface BuiltPrompt {
  system: string;
  messages: PromptMessage[];
  maxOutputTokens: number;
  preview: ContextPreview;
}

const PERSONA = `You are Marin, the writing partner inside FicForge, a fan fiction app. You are warm, encouraging and practical: you know fandoms and tropes, you give concrete suggestions, and you respect the writer's voice and choices.

Rules:
- Write story text only when the writer asks you to write; otherwise talk with them about their story.
- Story text is plain prose: paragraphs separated by blank lines, dialogue in quotation marks. A new chapter starts with a heading line '## Chapter N: Title'. No other Markdown, no lists, no notes.
- When you write story text, answer with the story text alone: no preamble, no summary, no comments on what you wrote.
- Stay true to the story context: the characters, the setting, the themes, the mood readings (0-100: how strongly each mood should come through), the fandoms and what has already happened.`;

const MATURE =
  "- The writer allows mature content: adult themes and explicit romance are fine when the story calls for them, never involving minors.";
const GENERAL =
  "- Keep everything suitable for general audiences: no explicit sexual content and no graphic gore; handle intimate or violent moments tastefully, off the page.";

const WORDS: Record<"write" | "continue", Record<ResponseLength, number>> = {
  write: { short: 250, medium: 600, long: 1200 },
  continue: { short: 100, medium: 250, long: 500 },
};

/** How long a chat answer is, by the writer's response length. */
const CHAT_LENGTH: Record<ResponseLength, string> = {
  short:
    "Keep the answer short: two or three sentences (under about 70 words), or at most two list items; no preamble.",
  medium: "Answer in a few short paragraphs (about 150 words), or a short list when they ask for options.",
  long: "Give a thorough answer (about 300 words): a few paragraphs, and a list of four or five options when they ask for ideas, each with a sentence on how it would play out.",
};

/** What each chat style asks of Marin's voice (shared/schemas/marin.ts's CHAT_STYLES describe them to writers). */
export const CHAT_STYLE_INSTRUCTIONS: Record<ChatStyle, string> = {
  classic: "Chat style: classic. Marin's own friendly, balanced voice: encouraging, practical, concrete.",
  muse: "Chat style: muse. Be playful and inventive: after your answer, offer a few bold 'What if …?' questions that push the story somewhere unexpected, and favour surprising ideas over safe ones.",
  editor:
    "Chat style: editor. Be candid and precise, like a good developmental editor: give a numbered list of notes on what works and what doesn't (pacing, clarity, character, consistency), each note specific and actionable. Skip the praise padding.",
  mentor:
    "Chat style: mentor. Be warm and teach the craft: with every suggestion, explain why it works (the principle behind it), so the writer can use it again on their own.",
};
const MAX_OUTPUT_TOKENS: Record<Exclude<MarinTask, "rewrite">, Record<ResponseLength, number>> = {
  chat: { short: 400, medium: 800, long: 1500 },
  write: { short: 700, medium: 1500, long: 3000 },
  continue: { short: 300, medium: 600, long: 1200 },
};

const clip = (text: string | null | undefined, max: number) => (text ? text.slice(0, max) : null);
const tail = (text: string, max: number) => (text.length > max ? text.slice(text.length - max) : text);
const number = (n: number) => n.toLocaleString("en-US");

/** 'write' starts a new chapter on an empty story, or when the writer's request names one. */
const startsNewChapter = (request: PromptRequest, storyText: string) =>
  request.task === "write" && (storyText.trim() === "" || /\bchapter\b/i.test(request.prompt ?? ""));

function taskInstruction(request: PromptRequest, storyText: string): string {
  const length = request.length ?? DEFAULT_RESPONSE_LENGTH;
  switch (request.task) {
    case "chat":
      return [
        "Task: answer the writer's latest message as Marin. Use the story context; quote the story only briefly.",
        CHAT_LENGTH[length],
        CHAT_STYLE_INSTRUCTIONS[request.chatStyle ?? DEFAULT_CHAT_STYLE],
      ].join("\n");
    case "write": {
      const chapter = nextChapterNumber(storyText);
      const heading =
        storyText.trim() === ""
          ? "This is the opening of the story: start with the heading '## Chapter 1: ' and a title of your own."
          : startsNewChapter(request, storyText)
            ? `Start the new chapter with the heading '## Chapter ${chapter}: ' and a title of your own.`
            : `Go on with the current chapter unless the writer asks for a new one (a new one starts with '## Chapter ${chapter}: ' and a title).`;
      return `Task: write new story text that follows on from the end of the story so far, as the writer asks, about ${WORDS.write[length]} words. ${heading}`;
    }
    case "continue":
      return `Task: continue the story from the cursor; the text just before it is in <text_before_cursor>. Write about ${WORDS.continue[length]} words that read on seamlessly from it, without repeating it and without a heading.`;
    case "rewrite":
      return "Task: rewrite the text in <selection> following the writer's instruction. Keep its point of view and tense unless the instruction changes them, and about its length unless asked otherwise. Answer with the replacement text alone.";
  }
}

/** Earlier messages, newest first within the budget; the history starts with a writer's message. */
function boundedHistory(earlier: ChatMessage[]): PromptMessage[] {
  const kept: ChatMessage[] = [];
  let used = 0;
  for (let i = earlier.length - 1; i >= 0; i--) {
    const message = earlier[i]!;
    if (used + message.content.length > HISTORY_BUDGET_CHARS) break;
    used += message.content.length;
    kept.unshift(message);
  }
  while (kept[0]?.role === "assistant") kept.shift();
  return kept.map((m) => ({ role: m.role, content: m.content }));
}

function requestMessage(request: PromptRequest): string {
  if (request.task === "chat") return (request.messages?.at(-1)?.content ?? "").slice(0, REQUEST_MAX_CHARS);
  const prompt = (request.prompt ?? "").slice(0, REQUEST_MAX_CHARS);
  if (request.task === "rewrite") return `Rewrite the selection. Instruction: ${request.instruction?.trim() || prompt}`;
  return prompt;
}

function maxOutputTokens(request: PromptRequest): number {
  if (request.task === "rewrite")
    return Math.min(3000, Math.max(300, Math.ceil((request.selection ?? "").length / 2) + 200));
  return MAX_OUTPUT_TOKENS[request.task][request.length ?? DEFAULT_RESPONSE_LENGTH];
}

function summaryLine(brief: StoryBrief, keptWords: number, omittedWords: number): string {
  const parts: string[] = [];
  const people = brief.leads.length + brief.supporting.length;
  if (people > 0) parts.push(`${people} character${people === 1 ? "" : "s"}`);
  else if (brief.characterNotes) parts.push("character notes");
  if (brief.setting) parts.push("setting");
  if (brief.plotIdeas) parts.push("plot ideas");
  if (brief.themes.length > 0) parts.push("themes");
  if (brief.moods.length > 0) parts.push("moods");
  if (brief.fandoms.length > 0) parts.push("fandoms");
  if (brief.memory) parts.push("story memory");
  if (brief.lore.length > 0)
    parts.push(`${brief.lore.length} lorebook ${brief.lore.length === 1 ? "entry" : "entries"}`);
  if (keptWords === 0) parts.push("no story text yet");
  else if (omittedWords > 0) {
    const first = countWords(brief.beginning);
    parts.push(`first ${number(first)} + last ${number(keptWords - first)} words`);
  } else parts.push(`all ${number(keptWords)} words`);
  if (brief.before) parts.push("text before the cursor");
  if (brief.selection) parts.push("selection");
  return parts.join(" · ");
}

export function buildPrompt(request: PromptRequest): BuiltPrompt {
  const facts = storyFacts(request.story ?? request.context);
  const storyHtml = request.context.currentContent ?? request.story?.content ?? "";
  const storyText = storyHtmlToText(storyHtml);
  const mature = request.premium && (request.story?.rating === "mature" || facts.themeIds.includes("nsfw"));
  const memory =
    request.premium && request.memory
      ? {
          characters: request.memory.characters.slice(0, MEMORY_CHARACTERS),
          summary: clip(request.memory.summary, MEMORY_SUMMARY_CHARS),
        }
      : null;
  const brief: StoryBrief = {
    task: request.task,
    title: clip(facts.title, 200),
    leads: facts.leads,
    supporting: facts.supporting,
    characterNotes: clip(facts.characterNotes, FIELD_MAX_CHARS),
    setting: clip(facts.setting, FIELD_MAX_CHARS),
    plotIdeas: clip(facts.plotIdeas, FIELD_MAX_CHARS),
    themes: facts.themes,
    moods: facts.moods,
    fandoms: facts.fandoms,
    mature,
    memory,
    lore: [],
    beginning: "",
    latest: "",
    omittedWords: 0,
    before: request.task === "continue" && request.before ? tail(request.before, BEFORE_CURSOR_CHARS) : null,
    selection: request.task === "rewrite" ? (request.selection ?? null) : null,
    instruction: request.task === "rewrite" ? clip(request.instruction?.trim() || null, 300) : null,
    length: request.length ?? DEFAULT_RESPONSE_LENGTH,
    chatStyle: request.task === "chat" ? (request.chatStyle ?? DEFAULT_CHAT_STYLE) : null,
  };

  const board = planPromptParts({ ...request, nextChapter: nextChapterNumber(storyText) });
  const task = board.taskLine ?? taskInstruction(request, storyText);
  const head = [PERSONA, mature ? MATURE : GENERAL, "", task, ""].join("\n");
  const asked = requestMessage(request);
  const messages: PromptMessage[] = [
    ...(request.task === "chat" ? boundedHistory((request.messages ?? []).slice(0, -1)) : []),
    { role: "user", content: asked },
  ];
  const lore = selectLore(request.lore ?? [], {
    story: [storyText, brief.before, brief.selection].filter(Boolean).join("\n"),
    request: asked,
    chapter: writingChapter(storyText, { ...request, newChapter: startsNewChapter(request, storyText) }),
  });
  brief.lore = lore.chosen;
  // The story text gets what is left of the budget once everything else is in (the tags and the gap line need ~80).
  let rest = head.length + formatContextBlock(brief).length + board.sections.length + messageChars(messages) + 80;
  // The voice's sample takes only what the story text's full share leaves.
  const voice = voiceSection(request.voice, PROMPT_BUDGET_CHARS - rest - STORY_TEXT_BUDGET_CHARS);
  rest += voice ? voice.text.length + 2 : 0;
  const excerpt = excerptStory(storyText, Math.max(0, Math.min(STORY_TEXT_BUDGET_CHARS, PROMPT_BUDGET_CHARS - rest)));
  brief.beginning = excerpt.beginning;
  brief.latest = excerpt.latest;
  brief.omittedWords = excerpt.omittedWords;
  const context = [formatContextBlock(brief), board.sections, voice?.text].filter(Boolean).join("\n\n");
  return {
    system: `${head}\n${context}`,
    messages,
    maxOutputTokens: maxOutputTokens(request),
    preview: {
      summary: [
        summaryLine(brief, excerpt.keptWords, excerpt.omittedWords),
        board.summary,
        voice ? VOICE_SUMMARY[voice.scope] : "",
      ]
        .filter(Boolean)
        .join(" · "),
      text: context,
      lore: lore.chosen.map(({ name, kind, source, key, where }) => ({ name, kind, source, key, where })),
      loreLeftOut: lore.leftOut,
    },
  };
}

const VOICE_SUMMARY = { story: "your voice (this story's sample)", all: "your voice (all stories' sample)" };

export function messageChars(messages: PromptMessage[]): number {
  return messages.reduce((sum, m) => sum + (typeof m.content === "string" ? m.content.length : 0), 0);
}
