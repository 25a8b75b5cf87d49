// The small facts shown around a story: its chips, reading time and how much of it Marin wrote.
import { MOOD_SLIDERS } from "../../../shared/catalogues";
import type { Moods } from "../../../shared/schemas/reading";

/** Slider readings at or above this are the story's strong moods, the ones shown as chips. */
export const STRONG_MOOD = 60;
/** At most this many mood chips from sliders (strongest first). */
export const MAX_SLIDER_MOODS = 3;
/** Words a minute, an adult's silent reading pace for fiction. */
export const WORDS_PER_MINUTE = 230;

export interface Chip {
  kind: "fandom" | "mood";
  label: string;
}

const MOOD_LABELS: Record<string, string> = Object.fromEntries(MOOD_SLIDERS.map((m) => [m.id, m.label]));

function moodLabel(key: string): string {
  const known = MOOD_LABELS[key.toLowerCase()];
  if (known) return known;
  const text = key.trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Mood chip labels: a list as given, or the strong sliders of a reading object, strongest first. */
export function moodLabels(moods: Moods | null | undefined): string[] {
  if (!moods) return [];
  if (Array.isArray(moods)) return moods.filter((m) => typeof m === "string").map(moodLabel);
  return Object.entries(moods)
    .filter(([, value]) => typeof value === "number" && value >= STRONG_MOOD)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_SLIDER_MOODS)
    .map(([key]) => moodLabel(key));
}

/** Fandom chips, then mood chips, without repeats (case and spacing ignored, across both kinds). */
export function storyChips(fandoms: readonly string[] | null | undefined, moods: Moods | null | undefined): Chip[] {
  const seen = new Set<string>();
  const chips: Chip[] = [];
  const add = (kind: Chip["kind"], raw: string) => {
    const label = raw.replace(/\s+/g, " ").trim();
    const key = label.toLowerCase();
    if (!label || seen.has(key)) return;
    seen.add(key);
    chips.push({ kind, label });
  };
  for (const fandom of fandoms ?? []) if (typeof fandom === "string") add("fandom", fandom);
  for (const mood of moodLabels(moods)) add("mood", mood);
  return chips;
}

/** 'N min read' (at least 1), or null for a story without words. */
export function readingTime(wordCount: number): string | null {
  if (!Number.isFinite(wordCount) || wordCount <= 0) return null;
  return `${Math.max(1, Math.round(wordCount / WORDS_PER_MINUTE))} min read`;
}
