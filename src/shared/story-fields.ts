// Reading a story's jsonb fields (characters, moods, fandoms, themes) as stored. Writes store today's shapes (the
// schemas in schemas/story.ts normalize them); rows written before that may still hold the older ones: characters as
// plain text, fandoms as plain text, any of them as JSON text. Every reader goes through normalizeStoryFields.
import { MAX_FANDOMS } from "./limits";
import {
  type StoryCharacters,
  type StoryFandoms,
  type StoryMoods,
  type StoryThemes,
  splitFandoms,
  uniqueFandoms,
} from "./schemas/story";

/** What a column may hold: today's shape, or (rows from before normalization on write) text. */
export type Stored<T> = T | string;

export interface StoryFieldValues {
  characters: StoryCharacters | null;
  moods: StoryMoods | null;
  fandoms: StoryFandoms;
  themes: StoryThemes;
}

export interface StoredStoryFields {
  characters?: unknown;
  moods?: unknown;
  fandoms?: unknown;
  themes?: unknown;
}

function fromJsonText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[") && !trimmed.startsWith('"')) return value;
  try {
    return JSON.parse(trimmed);
  } catch {
    return value;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "") : [];

function readCharacters(raw: unknown): StoryCharacters | null {
  const value = fromJsonText(raw);
  if (isObject(value)) {
    const description = typeof value.description === "string" ? value.description : "";
    return { lead: strings(value.lead), supporting: strings(value.supporting), description };
  }
  return typeof value === "string" ? { lead: [], supporting: [], description: value } : null;
}

function readMoods(raw: unknown): StoryMoods | null {
  const value = fromJsonText(raw);
  if (Array.isArray(value)) return strings(value);
  if (!isObject(value)) return null;
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, number] => Number.isFinite(entry[1])),
  );
}

function readFandoms(raw: unknown): StoryFandoms {
  const value = fromJsonText(raw);
  if (Array.isArray(value)) return uniqueFandoms(strings(value)).slice(0, MAX_FANDOMS);
  return typeof value === "string" ? splitFandoms(value).slice(0, MAX_FANDOMS) : [];
}

/** The four fields in today's shapes, whatever shape the row holds; never throws. */
export function normalizeStoryFields(story: StoredStoryFields): StoryFieldValues {
  return {
    characters: readCharacters(story.characters),
    moods: readMoods(story.moods),
    fandoms: readFandoms(story.fandoms),
    themes: strings(fromJsonText(story.themes)),
  };
}
