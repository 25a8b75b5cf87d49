// What the prompt says about a story, normalized from the saved story or the editor's storyContext: archetypes and
// character notes, theme labels, mood readings strongest first, fandoms. Older rows' shapes are read through
// normalizeStoryFields.
import { MOOD_SLIDERS, THEMES } from "../../shared/catalogues";
import { normalizeStoryFields, type StoryFieldValues } from "../../shared/story-fields";

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

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

const THEME_LABELS = new Map(THEMES.map((t) => [t.id, t.label]));
const MOOD_LABELS = new Map<string, string>(MOOD_SLIDERS.map((m) => [m.id, m.label]));
const moodLabel = (id: string) => MOOD_LABELS.get(id) ?? id;

function moodReadings(moods: StoryFieldValues["moods"]): StoryFacts["moods"] {
  if (!moods) return [];
  if (Array.isArray(moods)) return moods.map((name) => ({ name: moodLabel(name), value: null }));
  return Object.entries(moods)
    .sort((a, b) => b[1] - a[1])
    .map(([id, level]) => ({ name: moodLabel(id), value: Math.round(level) }));
}

export function storyFacts(fields: StoryFields): StoryFacts {
  // NOTE: tolerant on purpose: a saved row may be from before the shapes were normalized on write.
  const { characters, moods, fandoms, themes } = normalizeStoryFields(fields);
  return {
    title: text(fields.title),
    leads: characters?.lead ?? [],
    supporting: characters?.supporting ?? [],
    characterNotes: text(characters?.description),
    setting: text(fields.setting),
    plotIdeas: text(fields.plotIdeas),
    themeIds: themes,
    themes: themes.map((id) => THEME_LABELS.get(id) ?? id),
    moods: moodReadings(moods),
    fandoms,
  };
}
