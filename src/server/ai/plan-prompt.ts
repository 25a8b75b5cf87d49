// The planning board in Marin's prompts (issue 32, section 3; decision 0101). Every request carries the synopsis and
// the current chapter's beats in <planning_board>, each within its own small budget so the board never crowds out
// the story text; a planning draft ('Draft a synopsis from my braindump', 'Outline 12 chapters', 'Beats for chapter
// 3') adds <plan_request>, which names the level and holds the level above it. The offline storyteller reads both back.
import { PLAN_LIMITS, type PlanChapter, type PlanLevel, type StoryPlan } from "../../shared/schemas/plan";

/** The synopsis as every request carries it, at most. */
export const PLAN_SYNOPSIS_CHARS = 1_500;
/** The current chapter's beats, all together, at most. */
export const PLAN_BEATS_CHARS = 1_500;
/** A draft's source (the braindump, or the synopsis and outline), at most. */
const DRAFT_SOURCE_CHARS = 6_000;

export interface PlanForPrompt {
  synopsis: string;
  /** The chapter being written (1-based) and its place on the outline, when it is there. */
  chapter: number;
  title: string | null;
  beats: string[];
}

export interface PlanDraftTask {
  level: PlanLevel;
  count: number | null;
  chapter: number | null;
  /** The task line that replaces the chat task in the prompt's head. */
  instruction: string;
  /** The <plan_request> section. */
  section: string;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The beats that fit the budget, in order; the last ones give way first (what happens first matters most now). */
function fitBeats(beats: readonly string[], budget: number): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const beat of beats) {
    const line = oneLine(beat);
    if (line === "") continue;
    if (used + line.length > budget) break;
    used += line.length;
    kept.push(line);
  }
  return kept;
}

/**
 * What a prompt reads of the board: the synopsis and the one chapter it is about (plans/store.ts reads just these, so
 * a full board costs a prompt no more than an empty one).
 */
export interface PlanExcerpt {
  synopsis: string;
  chapter: number;
  onOutline: PlanChapter | null;
}

/** The excerpt of a board already read whole (a planning draft). */
export const excerptOf = (plan: StoryPlan, chapter: number): PlanExcerpt => ({
  synopsis: plan.synopsis,
  chapter,
  onOutline: plan.chapters[chapter - 1] ?? null,
});

/** What of the board travels with a request; null when the board says nothing to carry. */
export function planForPrompt(plan: PlanExcerpt | null): PlanForPrompt | null {
  if (!plan) return null;
  const synopsis = clip(plan.synopsis.trim(), PLAN_SYNOPSIS_CHARS);
  const beats = fitBeats(plan.onOutline?.beats ?? [], PLAN_BEATS_CHARS);
  if (synopsis === "" && beats.length === 0) return null;
  return { synopsis, chapter: plan.chapter, title: plan.onOutline?.title.trim() || null, beats };
}

/**
 * The chapter a request is about: the one named, else the story's last 'Chapter N' heading (1 when none), read off
 * the HTML the way the prompt's text reads its headings (h1–h3).
 */
export function currentChapter(named: number | undefined, storyHtml: string): number {
  if (named !== undefined) return named;
  let highest = 0;
  for (const match of storyHtml.matchAll(/<h[1-3]\b[^>]*>\s*chapter +(\d{1,4})\b|^#{1,3} *chapter +(\d{1,4})\b/gim))
    highest = Math.max(highest, Number(match[1] ?? match[2]));
  return Math.max(1, highest);
}

export function planSection(plan: PlanForPrompt | null): string {
  if (!plan) return "";
  const lines: string[] = [];
  if (plan.synopsis) lines.push(`Synopsis: ${oneLine(plan.synopsis)}`);
  if (plan.beats.length > 0) {
    lines.push(`Beats for chapter ${plan.chapter}${plan.title ? ` (${plan.title})` : ""}:`);
    for (const beat of plan.beats) lines.push(`- ${beat}`);
  }
  return `<planning_board>\n${lines.join("\n")}\n</planning_board>`;
}

/** The preview's words for it: 'planning board: synopsis + 4 beats for chapter 3'. */
export function planSummary(plan: PlanForPrompt | null): string | null {
  if (!plan) return null;
  const parts = [plan.synopsis ? "synopsis" : null, plan.beats.length > 0 ? beatsLabel(plan) : null].filter(Boolean);
  return `planning board: ${parts.join(" + ")}`;
}

const beatsLabel = (plan: PlanForPrompt) =>
  `${plan.beats.length} beat${plan.beats.length === 1 ? "" : "s"} for chapter ${plan.chapter}`;

/** The chapter's beats, for 'Write chapter N from its beats': the task line says to follow them in order. */
export function chapterFromBeatsInstruction(plan: PlanForPrompt | null): string | null {
  if (!plan || plan.beats.length === 0) return null;
  return `Follow the beats for chapter ${plan.chapter} in <planning_board> in order: each beat is something that happens on the page.`;
}

function outlineText(plan: StoryPlan): string {
  return plan.chapters.map((c, i) => `${i + 1}. ${oneLine(c.title) || `Chapter ${i + 1}`}`).join("\n");
}

/** The draft of `level`: its task line and the level above it. The route checks the level above is there. */
export function planDraftTask(plan: StoryPlan, level: PlanLevel, options: { count?: number; chapter?: number }) {
  const count = level === "outline" ? (options.count ?? PLAN_LIMITS.outlineDefault) : null;
  const chapter = level === "beats" ? (options.chapter ?? 1) : null;
  let instruction: string;
  let source: string;
  if (level === "synopsis") {
    instruction =
      "Task: draft a synopsis of the story from the writer's braindump in <plan_request>: one paragraph of 80 to 150 words in the present tense that names the leads, the conflict, the turning point and how it ends. Answer with the synopsis alone.";
    source = `Braindump:\n${clip(plan.braindump.trim(), DRAFT_SOURCE_CHARS)}`;
  } else if (level === "outline") {
    instruction = `Task: outline the story in exactly ${count} chapters from the synopsis in <plan_request>. Answer with ${count} lines, one per chapter, each 'N. Title: one sentence on what happens', and nothing else.`;
    source = `Synopsis:\n${clip((plan.synopsis.trim() || plan.braindump.trim()).trim(), DRAFT_SOURCE_CHARS)}`;
  } else {
    const on = plan.chapters[chapter! - 1]!;
    instruction = `Task: list the beats of chapter ${chapter} ('${oneLine(on.title) || `Chapter ${chapter}`}') from the synopsis and the outline in <plan_request>: 4 to 8 lines, each '- ' and one sentence on something that happens in the chapter, in order, and nothing else.`;
    source = [
      plan.synopsis.trim() ? `Synopsis:\n${clip(plan.synopsis.trim(), PLAN_SYNOPSIS_CHARS)}` : "",
      `Outline:\n${clip(outlineText(plan), DRAFT_SOURCE_CHARS)}`,
    ]
      .filter(Boolean)
      .join("\n\n");
  }
  const attributes = [`level="${level}"`, count ? `count="${count}"` : "", chapter ? `chapter="${chapter}"` : ""];
  const section = `<plan_request ${attributes.filter(Boolean).join(" ")}>\n${source}\n</plan_request>`;
  return { level, count, chapter, instruction, section } satisfies PlanDraftTask;
}

export interface ParsedPlanRequest {
  level: PlanLevel;
  count: number | null;
  chapter: number | null;
  /** The labelled parts of the source: 'Braindump', 'Synopsis', 'Outline'. */
  parts: Map<string, string>;
}

/** Reads <plan_request> back from a prompt (the offline storyteller); null when the prompt has none. */
export function parsePlanRequest(prompt: string): ParsedPlanRequest | null {
  const match = /(?:^|\n)<plan_request ([^>]*)>\n([\s\S]*?)\n<\/plan_request>/.exec(prompt);
  if (!match) return null;
  const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(match[1]!)?.[1] ?? null;
  const level = attribute("level");
  if (level !== "synopsis" && level !== "outline" && level !== "beats") return null;
  const parts = new Map<string, string>();
  for (const part of match[2]!.split(/\n\n(?=(?:Braindump|Synopsis|Outline):\n)/)) {
    const at = part.indexOf(":\n");
    if (at > 0) parts.set(part.slice(0, at), part.slice(at + 2));
  }
  const number = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);
  return { level, count: number(attribute("count")), chapter: number(attribute("chapter")), parts };
}

/** Reads the board's section back (the offline storyteller): the synopsis and the beats it carries. */
export function parsePlanSection(prompt: string): { synopsis: string; beats: string[] } | null {
  const match = /(?:^|\n)<planning_board>\n([\s\S]*?)\n<\/planning_board>/.exec(prompt);
  if (!match) return null;
  const lines = match[1]!.split("\n");
  const synopsis = lines.find((line) => line.startsWith("Synopsis: "))?.slice("Synopsis: ".length) ?? "";
  const beats = lines.filter((line) => line.startsWith("- ")).map((line) => line.slice(2));
  return { synopsis, beats };
}

const CHAPTER_WORDS: Record<string, number> = { short: 250, medium: 600, long: 1200 };

export interface PlanPromptParts {
  /** <planning_board> and, for a draft, <plan_request> (empty when neither). */
  sections: string;
  /** The preview summary's part, or null. */
  summary: string | null;
  /** A task line in place of the usual one: a planning draft, or 'Write chapter N from its beats'. */
  taskLine: string | null;
}

/**
 * What the board adds to one prompt. `planChapter` names the chapter a 'Write chapter N from its beats' is about;
 * `nextChapter` is the story text's next chapter number.
 */
export function planPromptParts(request: {
  task: string;
  plan?: PlanExcerpt | null;
  planChapter?: number;
  planDraft?: PlanDraftTask;
  length?: string;
  nextChapter: number;
}): PlanPromptParts {
  const carried = planForPrompt(request.plan ?? null);
  const sections = [planSection(carried), request.planDraft?.section ?? ""].filter(Boolean).join("\n\n");
  let taskLine = request.planDraft?.instruction ?? null;
  if (!taskLine && request.task === "write" && request.planChapter !== undefined) {
    const n = request.planChapter;
    const words = CHAPTER_WORDS[request.length ?? "medium"] ?? 600;
    const follow = chapterFromBeatsInstruction(carried) ?? "";
    taskLine =
      n < request.nextChapter
        ? `Task: write more of chapter ${n}, which is already in the story, about ${words} words, so it reads on from where chapter ${n} ends. No heading. ${follow}`
        : `Task: write chapter ${n} of the story, about ${words} words. Start with the heading '## Chapter ${n}: ${carried?.title ?? ""}'${carried?.title ? "" : " and a title of your own"}. ${follow}`;
  }
  return { sections, summary: planSummary(carried), taskLine: taskLine?.trim() ?? null };
}
