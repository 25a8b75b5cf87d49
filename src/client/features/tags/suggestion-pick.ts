// What Enter adds in a tag box: the highlighted suggestion, the first one (or the one spelled as typed) being
// highlighted as soon as the list shows; the typed text only when nothing is suggested or the list was dismissed.
import { tagKey } from "../../../shared/tagging";

/** The suggestions that still fit what is typed (an answer for a shorter prefix may arrive late), none taken. */
export function fittingSuggestions(text: string, suggestions: readonly string[], taken: readonly string[]): string[] {
  const prefix = tagKey(text);
  if (prefix === "") return [];
  const used = new Set(taken.map(tagKey));
  return suggestions.filter((name) => tagKey(name).startsWith(prefix) && !used.has(tagKey(name)));
}

/** The suggestion highlighted before any arrow key: the one spelled as typed, else the first; -1 for none. */
export function defaultHighlight(text: string, suggestions: readonly string[]): number {
  if (suggestions.length === 0) return -1;
  const exact = suggestions.findIndex((name) => tagKey(name) === tagKey(text));
  return Math.max(exact, 0);
}

/** What Enter adds: the suggestion at `highlighted`, or the text when none is highlighted. */
export function enterPick(text: string, suggestions: readonly string[], highlighted: number): string {
  return (highlighted >= 0 && suggestions[highlighted]) || text;
}
