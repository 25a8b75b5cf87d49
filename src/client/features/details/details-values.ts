// Maps a story to the details form and the form back to a PATCH of the details fields.
import { DEFAULT_LANGUAGE, isLanguageCode } from "../../../shared/languages";
import {
  RequiredStoryDescription,
  StoryDescription,
  type StoryUpdate,
  type StoryView,
} from "../../../shared/schemas/story";
import type { AiDeclaration, Audience } from "../../../shared/ai-label";
import { effectiveDeclaration } from "../ai/ai-label-text";
import { isTaggingField, type TaggingValues, taggingBody, taggingFrom } from "../tags/TaggingFields";

export interface DetailsValues {
  title: string;
  /** The blurb readers see on cards and the public page (given at publish; a published story keeps one). */
  description: string;
  /** Main Characters: the characters' description (the server stores plain text there too). */
  mainCharacters: string;
  setting: string;
  plotIdeas: string;
  tags: string[];
  coverImage: string | null;
  /** FicForge Plus: as coverImage (a data URL when newly picked, the stored /api/images URL, or null). */
  readerBackground: string | null;
  /** Rating, warnings, status and free-form tags (issue 17). */
  tagging: TaggingValues;
  /** The writer's statement for text from other tools (raised to the measured label when saved). */
  aiDeclaration: AiDeclaration;
  /** Everyone, or signed-in readers only. */
  audience: Audience;
  /** Issue 31: readers may comment on single paragraphs. */
  paragraphComments: boolean;
  /** Issue 31: the work's language. */
  language: string;
}

export function valuesFromStory(story: StoryView): DetailsValues {
  return {
    title: story.title,
    description: story.description ?? "",
    mainCharacters: story.characters?.description ?? "",
    setting: story.setting ?? "",
    plotIdeas: story.plotIdeas ?? "",
    tags: [...story.tags],
    coverImage: story.coverImage,
    readerBackground: story.readerBackground,
    tagging: taggingFrom(story),
    aiDeclaration: story.aiDeclaration ?? "none",
    audience: story.audience ?? "everyone",
    paragraphComments: story.paragraphComments ?? true,
    language: story.language ?? DEFAULT_LANGUAGE,
  };
}

/** The PATCH body; the wizard's lead and supporting archetypes survive an edit of the description. */
export function patchFromValues(story: StoryView, values: DetailsValues): StoryUpdate {
  const patch: StoryUpdate = {
    version: story.version,
    title: values.title.trim(),
    characters: {
      lead: story.characters?.lead ?? [],
      supporting: story.characters?.supporting ?? [],
      description: values.mainCharacters,
    },
    setting: values.setting,
    plotIdeas: values.plotIdeas,
    tags: values.tags as StoryUpdate["tags"],
    ...taggingBody(values.tagging),
  };
  // An untouched description is left out (an old draft's may be empty or untrimmed).
  if (values.description !== (story.description ?? "")) patch.description = values.description.trim();
  // An unchanged cover is left out so the stored image is not sent back and re-processed.
  if (values.coverImage !== story.coverImage) patch.coverImage = values.coverImage;
  // The same for the background; a free user's untouched one is never sent (a new one would be refused with 403).
  if (values.readerBackground !== story.readerBackground) patch.readerBackground = values.readerBackground;
  // The declaration is never sent below the measurement (the server refuses that); both only when they changed.
  const declaration = effectiveDeclaration(story.wordCount, story.aiShare, values.aiDeclaration);
  if (declaration !== (story.aiDeclaration ?? "none")) patch.aiDeclaration = declaration;
  if (values.audience !== (story.audience ?? "everyone")) patch.audience = values.audience;
  if (values.paragraphComments !== (story.paragraphComments ?? true))
    patch.paragraphComments = values.paragraphComments;
  if (values.language !== (story.language ?? DEFAULT_LANGUAGE) && isLanguageCode(values.language)) {
    patch.language = values.language;
  }
  return patch;
}

const FORM_FIELDS: Partial<Record<string, keyof DetailsValues>> = {
  title: "title",
  description: "description",
  characters: "mainCharacters",
  setting: "setting",
  plotIdeas: "plotIdeas",
  tags: "tags",
  coverImage: "coverImage",
  readerBackground: "readerBackground",
  aiDeclaration: "aiDeclaration",
  audience: "audience",
  language: "language",
};

/** The description as the server checks it: required once the story is published, as at publish. */
export function descriptionProblem(story: Pick<StoryView, "published">, description: string): string | undefined {
  const schema = story.published ? RequiredStoryDescription : StoryDescription;
  return schema.safeParse(description).error?.issues[0]?.message;
}

/** The form field a PATCH field belongs to, for showing the server's message there. */
export function detailsField(key: string): keyof DetailsValues | "giftedTo" | "relatedWorks" | undefined {
  if (isTaggingField(key)) return "tagging";
  // Issue 30: the gift and related-work fields (features/gifts) show their own messages.
  if (key === "giftedTo" || key === "relatedWorks") return key;
  return FORM_FIELDS[key];
}
