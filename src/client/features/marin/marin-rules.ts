// The pane's rules, free of React: chat routing, the greeting, the daily-limit state and the
// texts of the prompt counter and the "What Marin sees" line.
import type { PromptAllowance } from "../../../shared/schemas/marin";
import type { StoryView } from "../../../shared/schemas/story";

/** A story created this recently greets the writer as freshly generated. */
export const GENERATED_STORY_WINDOW_MS = 60_000;

export type Route = "generate" | "chat";

/** A plain command naming one of these words writes into the story. */
const GENERATION_WORDS = /generate|write|create/i;
/** A question: it ends in '?' (before closing quotes or brackets), or opens with one of these words. */
const QUESTION_END = /\?["'”’)\]\s]*$/;
const QUESTION_OPENER = /^(?:should|could|can|would|what|how|why|is|are|do|does)\b/i;
/** Words a command may start with before its verb: 'Okay, now continue', 'Please draft…', 'Marin, add…'. */
const LEAD_IN = String.raw`(?:(?:ok(?:ay)?|now|then|so|and|please|marin|great|good|nice|cool|alright|yes)\b[\s,!.:-]*)*`;
/** Commands to go on with the story: continue, add, draft, write, 'keep going', 'go on', 'next chapter'. */
const STORY_COMMAND = new RegExp(
  `^${LEAD_IN}(?:continue|add|draft|write|generate|keep going|go on|(?:the\\s+)?next\\s+(?:scene|chapter|part))\\b`,
  "i",
);
/** A request in question form: 'Can you write the next scene?', 'Could you please continue?'. */
const POLITE_REQUEST = new RegExp(
  `^${LEAD_IN}(?:can|could|would|will)\\s+you\\s+(?:please\\s+)?(?:continue|add|draft|write|generate)\\b`,
  "i",
);

/** The message's sentences, each trimmed, so a command after a remark ('Love it. Continue.') is found. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!;:\n])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * What a message asks for; blank → nothing. A polite request ('Can you write the next scene?') writes. Any other
 * question (ending in '?', or opening with should, could, can, would, what, how, why, is, are, do, does) is
 * answered in the chat, whatever words it uses ('Should I write Pip as more sarcastic?'). A command to continue,
 * add, draft or write writes; so does any other message naming 'generate', 'write' or 'create'. The rest is
 * chat. The pane shows the guess before sending, and the writer can switch it (decision 0023).
 */
export function routeMessage(text: string): Route | null {
  const message = text.trim();
  if (message === "") return null;
  if (POLITE_REQUEST.test(message)) return "generate";
  if (QUESTION_END.test(message) || QUESTION_OPENER.test(message)) return "chat";
  if (sentences(message).some((sentence) => STORY_COMMAND.test(sentence))) return "generate";
  return GENERATION_WORDS.test(message) ? "generate" : "chat";
}

export type GreetingKind = "opening-scene" | "welcome-back" | "introduction";

const CHAPTER_ONE_HEADING = /<h[1-3][^>]*>\s*(?:<[^>]+>\s*)*chapter\s+(?:1|one)\b/i;

/** The editor's opening greeting. `hasContent` is false for empty or placeholder content. */
export function greetingKind(story: Pick<StoryView, "createdAt" | "content">, hasContent: boolean, now = Date.now()) {
  const age = now - Date.parse(story.createdAt);
  if (age >= 0 && age <= GENERATED_STORY_WINDOW_MS && CHAPTER_ONE_HEADING.test(story.content)) {
    return "opening-scene" satisfies GreetingKind;
  }
  return (hasContent ? "welcome-back" : "introduction") satisfies GreetingKind;
}

export function greetingText(kind: GreetingKind, title: string): string {
  const name = title.trim() ? `“${title.trim()}”` : "your story";
  switch (kind) {
    case "opening-scene":
      return `I've written the opening scene of ${name}. Read it through, change anything you like, and ask me to write what happens next.`;
    case "welcome-back":
      return `Welcome back to ${name}! Shall I continue where you left off, or do you want to talk through what happens next?`;
    case "introduction":
      return `Hi, I'm Marin, your writing assistant. Ask me about your characters, plot or setting, or say "write" or "generate" and I'll add new text to ${name}.`;
  }
}

/** What the pane knows about today's prompts: the status, then each answer's allowance. */
export interface Allowance extends PromptAllowance {
  dailyLimit: number | null;
}

export interface LimitState {
  /** Input, send and tools disabled; the overlay shows. */
  locked: boolean;
  /** '2 of 3 prompts left today', or null when there is no counter (premium, or not known yet). */
  counter: string | null;
}

/** The daily limit's state. `hitLimit` is set by a 429 with dailyLimit, whatever the counter said. */
export function limitState(allowance: Allowance | null | undefined, hitLimit = false): LimitState {
  if (!allowance?.showPromptCount || allowance.promptsLeft === null) return { locked: hitLimit, counter: null };
  const left = Math.max(0, allowance.promptsLeft);
  const counter =
    allowance.dailyLimit !== null
      ? `${left} of ${Math.max(left, allowance.dailyLimit)} prompts left today`
      : `${left} ${left === 1 ? "prompt" : "prompts"} left today`;
  return { locked: hitLimit || left === 0, counter };
}

/** The cost half of the "What Marin sees" line. */
export function costText(allowance: Allowance | null | undefined): string | null {
  if (!allowance) return null;
  if (!allowance.showPromptCount || allowance.promptsLeft === null) return "unlimited";
  const left = Math.max(0, allowance.promptsLeft);
  if (left === 0) return "no prompts left today";
  return `uses 1 of ${left} ${left === 1 ? "prompt" : "prompts"} left today`;
}

/** The whole compact line: the server's summary, then the cost. */
export function contextLine(summary: string | null | undefined, allowance: Allowance | null | undefined): string {
  return [summary?.trim() || null, costText(allowance)].filter(Boolean).join(" — ");
}

/** A fresh seed for the offline storyteller and models that take one. */
export function newSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
