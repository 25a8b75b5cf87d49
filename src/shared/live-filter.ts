// Live filtering for story text inputs: strip what is not allowed, cut at the limit, and say
// what was left out, so a writer typing "Chapter 1: The Fall" learns why the colon never appeared.
import { STORY_TEXT_MAX, STORY_TITLE_MAX } from "./limits";
import { LONG_TEXT_DISALLOWED, TITLE_DISALLOWED } from "./schemas/story";

export type FilterKind = "title" | "long";

export interface Filtered {
  value: string;
  /** True when the text is at its limit, so the form shows 'Maximum N characters reached'. */
  atLimit: boolean;
  /** The disallowed characters that were stripped, each once, in the order they were typed. */
  dropped: string[];
}

const DISALLOWED: Record<FilterKind, RegExp> = { title: TITLE_DISALLOWED, long: LONG_TEXT_DISALLOWED };
const ALLOWED: Record<FilterKind, string> = {
  title: "letters, numbers, spaces and - _ . , ' ! ?",
  long: "letters, numbers, spaces, line breaks and - _ . , ' ! ?",
};

function filter(text: string, kind: FilterKind, max: number): Filtered {
  const dropped = [...new Set(text.match(DISALLOWED[kind]) ?? [])];
  const chars = Array.from(text.replace(DISALLOWED[kind], ""));
  const value = chars.slice(0, max).join("");
  return { value, atLimit: Math.min(chars.length, max) >= max, dropped };
}

export function filterTitle(text: string, max = STORY_TITLE_MAX): Filtered {
  return filter(text, "title", max);
}

export function filterLongText(text: string, max = STORY_TEXT_MAX): Filtered {
  return filter(text, "long", max);
}

export function maximumReachedNote(max: number): string {
  return `Maximum ${max} characters reached`;
}

const SHOWN_DROPPED = 3;

function nameCharacter(char: string): string {
  if (char === "\n" || char === "\r") return "line breaks";
  if (char === "\t") return "tabs";
  return `“${char}”`;
}

/** The short hint shown when characters were dropped: what was left out, then what may be typed. */
export function droppedCharactersHint(dropped: readonly string[], kind: FilterKind): string {
  const names = [...new Set(dropped.map(nameCharacter))];
  const shown = names.slice(0, SHOWN_DROPPED).join(" ") + (names.length > SHOWN_DROPPED ? " and more" : "");
  return `Left out ${shown}. Only ${ALLOWED[kind]} are allowed.`;
}
