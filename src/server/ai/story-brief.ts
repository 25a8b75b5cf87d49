// What the prompt says about a story, normalized from the saved story or the editor's storyContext: archetypes and
// character notes, theme labels, mood readings strongest first, fandoms. Stored JSON may be text (SPEC.md section 3).
import { MOOD_SLIDERS, THEMES } from "../../shared/catalogues";

export interface StoryFacts {
  title: string | null;
  leads: string[];
  supporting: string[];
  characterNotes: string | null;
  setting: string | null;
  plotIdeas: string | null;
  themeIds: string[];
  themes: string[];
  moods: { name: string; value: number | null }[];
  fandoms: string[];
}

/** The story fields a prompt reads, as stored (stories row) or as sent (storyContext). */
export interface StoryFields {
  title?: string | null;
  characters?: unknown;
  setting?: string | null;
  plotIdeas?: string | null;
  themes?: unknown;
  moods?: unknown;
  fandoms?: unknown;
}

function fromJsonText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return value;
  try {
    return JSON.parse(trimmed);
  } catch {
    return value;
  }
}

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "") : [];

function characters(value: unknown): Pick<StoryFacts, "leads" | "supporting" | "characterNotes"> {
  const parsed = fromJsonText(value);
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    const record = parsed as Record<string, unknown>;
    return {
      leads: strings(record.lead),
      supporting: strings(record.supporting),
      characterNotes: text(record.description),
    };
  }
  return { leads: [], supporting: [], characterNotes: text(parsed) };
}

const THEME_LABELS = new Map(THEMES.map((t) => [t.id, t.label]));
const MOOD_LABELS = new Map<string, string>(MOOD_SLIDERS.map((m) => [m.id, m.label]));
const moodLabel = (id: string) => MOOD_LABELS.get(id) ?? id;

function moods(value: unknown): StoryFacts["moods"] {
  const parsed = fromJsonText(value);
  if (Array.isArray(parsed)) return strings(parsed).map((name) => ({ name: moodLabel(name), value: null }));
  if (parsed && typeof parsed === "object") {
    return Object.entries(parsed as Record<string, unknown>)
      .filter((entry): entry is [string, number] => typeof entry[1] === "number" && Number.isFinite(entry[1]))
      .sort((a, b) => b[1] - a[1])
      .map(([id, level]) => ({ name: moodLabel(id), value: Math.round(level) }));
  }
  return [];
}

function fandoms(value: unknown): string[] {
  const parsed = fromJsonText(value);
  if (Array.isArray(parsed)) return strings(parsed);
  return (text(parsed) ?? "")
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
}

export function storyFacts(fields: StoryFields): StoryFacts {
  const themeIds = strings(fromJsonText(fields.themes));
  return {
    title: text(fields.title),
    ...characters(fields.characters),
    setting: text(fields.setting),
    plotIdeas: text(fields.plotIdeas),
    themeIds,
    themes: themeIds.map((id) => THEME_LABELS.get(id) ?? id),
    moods: moods(fields.moods),
    fandoms: fandoms(fields.fandoms),
  };
}
