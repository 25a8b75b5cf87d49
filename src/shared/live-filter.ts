// Live filtering for story text inputs (SPEC.md section 5): strip what is not allowed, cut at the limit.
import { STORY_TEXT_MAX, STORY_TITLE_MAX } from "./limits";
import { LONG_TEXT_DISALLOWED, TITLE_DISALLOWED } from "./schemas/story";

export interface Filtered {
  value: string;
  /** True when the text is at its limit, so the form shows 'Maximum N characters reached'. */
  atLimit: boolean;
}

function cut(text: string, max: number): Filtered {
  const chars = Array.from(text);
  const value = chars.length > max ? chars.slice(0, max).join("") : text;
  return { value, atLimit: Array.from(value).length >= max };
}

export function filterTitle(text: string, max = STORY_TITLE_MAX): Filtered {
  return cut(text.replace(TITLE_DISALLOWED, ""), max);
}

export function filterLongText(text: string, max = STORY_TEXT_MAX): Filtered {
  return cut(text.replace(LONG_TEXT_DISALLOWED, ""), max);
}

export function maximumReachedNote(max: number): string {
  return `Maximum ${max} characters reached`;
}
