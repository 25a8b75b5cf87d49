// The wizard's state across its three steps, and how it becomes the creation payload (StoryCreate).
import { DEFAULT_MOODS, type MoodId } from "../../../shared/catalogues";
import type { StoryCreate } from "../../../shared/schemas/story";

export type WizardStep = 1 | 2 | 3;

export const STEPS: Record<WizardStep, { title: string; progress: number }> = {
  1: { title: "Choose Themes", progress: 16 },
  2: { title: "Story Details", progress: 50 },
  3: { title: "Mood & Emotions", progress: 100 },
};

export interface WizardDraft {
  step: WizardStep;
  themes: string[];
  title: string;
  /** A cropped JPEG data URL, or null. */
  coverImage: string | null;
  lead: string[];
  supporting: string[];
  characterDescription: string;
  setting: string;
  plotIdeas: string;
  fandoms: string[];
  moods: Record<MoodId, number>;
}

export function emptyDraft(): WizardDraft {
  return {
    step: 1,
    themes: [],
    title: "",
    coverImage: null,
    lead: [],
    supporting: [],
    characterDescription: "",
    setting: "",
    plotIdeas: "",
    fandoms: [],
    moods: { ...DEFAULT_MOODS },
  };
}

/** Adds or removes `item`; adding past `max` (or a duplicate) changes nothing. */
export function toggleLimited(list: readonly string[], item: string, max: number): string[] {
  if (list.includes(item)) return list.filter((x) => x !== item);
  if (list.length >= max) return [...list];
  return [...list, item];
}

export function canLeaveThemes(draft: WizardDraft): boolean {
  return draft.themes.length > 0;
}

/** The creation payload (authorId and published are the server's business). */
export function buildCreatePayload(draft: WizardDraft): StoryCreate {
  const payload: StoryCreate = {
    title: draft.title.trim(),
    description: `Setting: ${draft.setting}`,
    content: "",
    themes: [...draft.themes],
    characters: { lead: [...draft.lead], supporting: [...draft.supporting], description: draft.characterDescription },
    setting: draft.setting,
    plotIdeas: draft.plotIdeas,
    moods: { ...draft.moods },
    fandoms: [...draft.fandoms],
  };
  if (draft.coverImage) payload.coverImage = draft.coverImage;
  return payload;
}
