// How the History list names a version: when, how many words, the change, and who made the text.
import type { VersionView } from "../../../shared/schemas/versions";

const numbers = new Intl.NumberFormat("en-US");

/**
 * `me`: the viewer's username. A co-written work's versions name who saved them (issue 30): "You" for the viewer's
 * own, the co-creator's name for theirs.
 */
export function originLabel(version: VersionView, me?: string): string {
  const other =
    version.savedBy && me !== undefined && version.savedBy.username !== me ? version.savedBy.username : null;
  const by = other ? ` · ${other}` : "";
  if (version.origin === "marin") return `${version.model ? `Marin · ${version.model}` : "Marin"}${by}`;
  if (version.origin === "restore") return `Restored${by}`;
  if (version.origin === "import") return `Imported${by}`;
  // A text kept without an origin (typing, publishing) is named by whose words are in it.
  if (version.wordCount > 0 && version.aiWordCount >= version.wordCount) return `Marin${by}`;
  const who = other ?? "You";
  if (version.aiWordCount > 0) return `${who} and Marin`;
  return who;
}

export const wordsLabel = (words: number): string => `${numbers.format(words)} ${words === 1 ? "word" : "words"}`;

/** '+120', '−35' (a real minus sign) or '±0'. */
export function changeLabel(change: number): string {
  if (change === 0) return "±0";
  return change > 0 ? `+${numbers.format(change)}` : `−${numbers.format(-change)}`;
}

/** 'Today, 14:05', 'Yesterday, 09:12' or 'Mar 3, 2026, 18:40', in the reader's own time zone. */
export function whenLabel(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((day(now) - day(at)) / 86_400_000);
  if (days === 0) return `Today, ${time}`;
  if (days === 1) return `Yesterday, ${time}`;
  const date = at.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
  return `${date}, ${time}`;
}
