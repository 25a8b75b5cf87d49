// Maps a story to the details form and the form back to a PATCH (SPEC.md section 7: details fields).
import { ARCHETYPES } from "../../../shared/catalogues";
import type { StoryUpdate, StoryView } from "../../../shared/schemas/story";

type Archetype = (typeof ARCHETYPES)[number];

export interface DetailsValues {
  title: string;
  /** Main Characters: the characters' description, or the plain text when characters is a string. */
  mainCharacters: string;
  setting: string;
  plotIdeas: string;
  tags: string[];
  coverImage: string | null;
}

interface CharacterObject {
  lead?: unknown;
  supporting?: unknown;
  description?: unknown;
}

/** Characters as stored: the wizard's object, plain text, or either one as JSON text. */
function readCharacters(characters: unknown): { object: CharacterObject | null; text: string } {
  let value = characters;
  if (typeof value === "string") {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) value = parsed;
    } catch {
      // Plain text, as the details page saves it.
    }
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const object = value as CharacterObject;
    return { object, text: typeof object.description === "string" ? object.description : "" };
  }
  return { object: null, text: typeof value === "string" ? value : "" };
}

const archetypes = (value: unknown): Archetype[] =>
  Array.isArray(value) ? value.filter((x): x is Archetype => (ARCHETYPES as readonly unknown[]).includes(x)) : [];

export function valuesFromStory(story: StoryView): DetailsValues {
  return {
    title: story.title,
    mainCharacters: readCharacters(story.characters).text,
    setting: story.setting ?? "",
    plotIdeas: story.plotIdeas ?? "",
    tags: [...(story.tags ?? [])],
    coverImage: story.coverImage,
  };
}

/** The PATCH body; the wizard's lead and supporting archetypes survive an edit of the description. */
export function patchFromValues(story: StoryView, values: DetailsValues): StoryUpdate {
  const { object } = readCharacters(story.characters);
  const characters: StoryUpdate["characters"] = object
    ? {
        lead: archetypes(object.lead),
        supporting: archetypes(object.supporting),
        description: values.mainCharacters,
      }
    : values.mainCharacters;
  const patch: StoryUpdate = {
    version: story.version,
    title: values.title.trim(),
    characters,
    setting: values.setting,
    plotIdeas: values.plotIdeas,
    tags: values.tags as StoryUpdate["tags"],
  };
  // An unchanged cover is left out so the stored image is not sent back and re-processed.
  if (values.coverImage !== story.coverImage) patch.coverImage = values.coverImage;
  return patch;
}

const FORM_FIELDS: Partial<Record<string, keyof DetailsValues>> = {
  title: "title",
  characters: "mainCharacters",
  setting: "setting",
  plotIdeas: "plotIdeas",
  tags: "tags",
  coverImage: "coverImage",
};

/** The form field a PATCH field belongs to, for showing the server's message there. */
export function detailsField(key: string): keyof DetailsValues | undefined {
  return FORM_FIELDS[key];
}
