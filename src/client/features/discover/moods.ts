// Mood chips for a story card: the stored moods are slider readings or a list of tags (reading.ts `Moods`).
import { MOOD_SLIDERS } from "../../../shared/catalogues";
import type { Moods } from "../../../shared/schemas/reading";

const LABELS: Record<string, string> = Object.fromEntries(MOOD_SLIDERS.map((m) => [m.id, m.label]));
/** A slider counts as a mood of the story above its midpoint. */
const STRONG_ABOVE = 50;

export function moodChips(moods: Moods | null | undefined, max = 3): string[] {
  if (!moods) return [];
  const labels = Array.isArray(moods)
    ? moods.filter((m): m is string => typeof m === "string" && m.trim() !== "").map((m) => m.trim())
    : Object.entries(moods)
        .filter(([, value]) => typeof value === "number" && value > STRONG_ABOVE)
        .sort(([, a], [, b]) => b - a)
        .map(([id]) => LABELS[id] ?? id);
  return [...new Set(labels)].slice(0, max);
}
