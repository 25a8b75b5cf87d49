// Story validation rules (title, characters, setting, plot ideas, publish) with the messages users see.
import { z } from "zod";
import { AI_DECLARATIONS, AUDIENCES } from "../ai-label";
import { ALL_TAGS, ARCHETYPES, PUBLISH_TAGS, THEME_IDS } from "../catalogues";
import * as L from "../limits";
import { CONTENT_RATING_IDS, STORY_STATUS_IDS, WARNINGS } from "../tagging";
import { FreeTagList, TaggingFields } from "./tagging";
import { GiftFields } from "./gifts";
import { FillsField } from "./prompts";
import { VersionOriginHint } from "./versions";
import { LanguageField } from "../languages";

// NOTE: "letters" and "numbers" are read as Unicode letters and digits so that fans writing in
// other languages (Émilie, Ōkami) are not locked out; punctuation stays the spec's short list.
export const TITLE_DISALLOWED = /[^\p{L}\p{N} \-_.,'!?]/gu;
export const LONG_TEXT_DISALLOWED = /[^\p{L}\p{N} \r\n\-_.,'!?]/gu;
const TITLE_PATTERN = /^[\p{L}\p{N} \-_.,'!?]+$/u;
const LONG_TEXT_PATTERN = /^[\p{L}\p{N} \r\n\-_.,'!?]*$/u;

import { isBlankText } from "../blank-text";

export { isBlankText };

export const StoryTitle = z
  .string()
  // NOTE: first and aborting, so a title of invisible characters gets this message, not the punctuation one.
  .refine((title) => !isBlankText(title), { message: "Story title is required", abort: true })
  .min(L.STORY_TITLE_MIN, "Story title is required")
  .max(L.STORY_TITLE_MAX, "Story title must be at most 50 characters")
  .regex(TITLE_PATTERN, "Story title can only contain letters, numbers, spaces, and basic punctuation");

function longText(label: string) {
  return z
    .string()
    .max(L.STORY_TEXT_MAX, `${label} must be at most 560 characters`)
    .regex(LONG_TEXT_PATTERN, `${label} can only contain letters, numbers, spaces, line breaks, and basic punctuation`);
}
export const CharacterDescription = longText("Character description");
export const Setting = longText("Setting");
export const PlotIdeas = longText("Plot ideas");

/** The story fields a form edits (wizard step 2 and the details page). */
export const StoryFields = z.object({
  title: StoryTitle,
  characters: CharacterDescription.optional(),
  setting: Setting.optional(),
  plotIdeas: PlotIdeas.optional(),
});
export type StoryFields = z.infer<typeof StoryFields>;

export const PublishTag = z.enum(PUBLISH_TAGS);

/** A story's blurb (the publish dialog's and the details page's Description). */
export const StoryDescription = z
  .string()
  .trim()
  .max(L.STORY_DESCRIPTION_MAX, `Description must be at most ${L.STORY_DESCRIPTION_MAX} characters`);
/** Publishing needs a description, and a published story keeps one (readers see it on every card and page). */
export const RequiredStoryDescription = z
  .string()
  .trim()
  .min(1, "Description required")
  .max(L.STORY_DESCRIPTION_MAX, `Description must be at most ${L.STORY_DESCRIPTION_MAX} characters`);

/** Issue 29: the writer's statement about AI text from other tools (never below what was measured: the server says so). */
export const AiDeclarationField = z.enum(AI_DECLARATIONS, {
  error: "aiDeclaration must be one of none, assisted, generated",
});
/** Issue 29: who reads the published work: everyone, or signed-in members only. */
export const AudienceField = z.enum(AUDIENCES, { error: "audience must be everyone or members" });

export const PublishBody = z.object({
  title: z
    .string()
    .trim()
    .refine((title) => !isBlankText(title), { message: "Title required", abort: true })
    .pipe(StoryTitle),
  description: RequiredStoryDescription,
  coverImage: z.string().nullable().optional(),
  tags: z
    .array(z.enum(ALL_TAGS as [string, ...string[]]))
    .max(L.TAGS_PER_STORY, "You can add at most 5 tags")
    .default([]),
  /** The author marks the story mature (adult readers only); absent keeps the current mark. */
  markedMature: z.boolean().optional(),
  ...TaggingFields.shape,
  /** Issue 17's name for `characterTags` on publish (which has no story characters of its own); either may be sent. */
  characters: FreeTagList.optional(),
  /** Absent keeps the current value ('none' and 'everyone' for a new story). */
  aiDeclaration: AiDeclarationField.optional(),
  audience: AudienceField.optional(),
  /** Issue 31: the work's language (absent keeps it; `en` for a new story). */
  language: LanguageField.optional(),
  /** Issue 30: who the work is for, and the works it comes from (absent keeps them). */
  ...GiftFields,
  /** Issue 33: the prompt this work fills (its collection takes the work by its rules). */
  fills: FillsField,
});
export type PublishBody = z.infer<typeof PublishBody>;

/** The publish dialog's toast texts; the schema messages above are their titles. */
export const PUBLISH_TOASTS = {
  "Title required": "Please enter a title for your story.",
  "Description required": "Please enter a description for your story.",
} as const;

// ---- The story API contract, shared by server and client ----

/** JSON fields arrive as values or as JSON text; both are accepted. */
function jsonText<T extends z.ZodType>(inner: T) {
  return z.preprocess((value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, inner);
}

/**
 * One of two shapes, chosen by the value's type, so the error is the chosen shape's own message
 * (a plain z.union only says "Invalid input").
 */
function oneOf<A extends z.ZodType, B extends z.ZodType>(isA: (value: unknown) => boolean, a: A, b: B) {
  return z.unknown().transform((value, ctx): z.output<A> | z.output<B> => {
    const result = (isA(value) ? a : b).safeParse(value);
    if (result.success) return result.data as z.output<A> | z.output<B>;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: "custom", message: issue.message });
    return z.NEVER;
  });
}
const isPlainObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);

export const Archetype = z.enum(ARCHETYPES);
export type Archetype = z.infer<typeof Archetype>;
const uniqueList = <T extends z.ZodType>(item: T, max: number, label: string) =>
  z
    .array(item)
    .max(max, `You can pick at most ${max} ${label}`)
    .refine((list) => new Set(list).size === list.length, `Each ${label.replace(/s$/, "")} can only be picked once`);

/** Stored characters: the wizard's archetypes and the free-text description (the details page's Main Characters). */
const CharacterObject = z.object({
  lead: uniqueList(Archetype, L.MAX_LEAD_ARCHETYPES, "lead archetypes").default([]),
  supporting: uniqueList(Archetype, L.MAX_SUPPORTING_ARCHETYPES, "supporting archetypes").default([]),
  description: CharacterDescription.default(""),
});

/**
 * Characters arrive as the wizard's object or as plain text (the details page edits Main Characters as text), either
 * one possibly as JSON text; they are always stored as the object, plain text becoming its `description`.
 */
export const StoryCharacters = jsonText(
  oneOf(
    isPlainObject,
    CharacterObject,
    CharacterDescription.transform((description) => ({ lead: [], supporting: [], description })),
  ),
).transform((characters): StoryCharacters => characters);
// NOTE: lead and supporting typed as strings, not the archetype union, so fixtures, old rows and the details page's
// copies type-check; the schema still only accepts catalogue archetypes.
export interface StoryCharacters {
  lead: string[];
  supporting: string[];
  description: string;
}

export const StoryThemes = jsonText(z.array(z.enum(THEME_IDS as [string, ...string[]])).max(THEME_IDS.length));
export type StoryThemes = string[];

const FandomList = uniqueList(z.string().trim().min(1).max(80), L.MAX_FANDOMS, "fandoms");
/** Fandom names trimmed, empty ones dropped, repeats (ignoring case) dropped keeping the first spelling. */
export function uniqueFandoms(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const list: string[] = [];
  for (const piece of names) {
    const name = piece.trim();
    if (name === "" || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    list.push(name);
  }
  return list;
}
/**
 * A plain-text fandom field ('Naruto, Bleach') as a list: split on commas, semicolons and line breaks, then
 * uniqueFandoms. Not cut at MAX_FANDOMS: on write the list rule then refuses too many ("You can pick at most 3
 * fandoms") rather than dropping some silently; readers of old rows cut it themselves.
 */
export const splitFandoms = (text: string): string[] => uniqueFandoms(text.split(/[,;\r\n]+/));
/** Fandoms: a list, a JSON text list or plain text; always stored as a list. */
export const StoryFandoms = jsonText(
  oneOf(Array.isArray, FandomList, z.string().max(240).transform(splitFandoms).pipe(FandomList)),
);
export type StoryFandoms = string[];

/** Moods: the wizard's slider object, or a list of tags (the details page); JSON text is parsed. */
export const StoryMoods = jsonText(
  oneOf(
    Array.isArray,
    z.array(z.string().min(1).max(40)).max(20),
    z.record(z.string().max(40), z.number().int().min(L.MOOD_MIN).max(L.MOOD_MAX)),
  ),
);
export type StoryMoods = Record<string, number> | string[];

export const StoryTags = z
  .array(z.enum(ALL_TAGS as [string, ...string[]]))
  .max(L.TAGS_PER_STORY, "You can add at most 5 tags")
  .refine((list) => new Set(list).size === list.length, "Each tag can only be added once");

/** A cover: a data URL (new image), an /api/images URL (unchanged), or null (removed). */
export const CoverImageInput = z
  .string()
  .max(8 * 1024 * 1024, "Image size must be less than 5MB")
  .nullable();

/** POST /api/stories: the wizard's creation payload. authorId and published are ignored. */
export const StoryCreate = z.object({
  title: z.string().trim().default("Untitled Story").pipe(StoryTitle),
  description: z.string().max(L.STORY_DESCRIPTION_MAX).optional(),
  content: z.string().default(""),
  template: z.string().max(80).optional(),
  themes: StoryThemes.optional(),
  characters: StoryCharacters.optional(),
  setting: Setting.optional(),
  plotIdeas: PlotIdeas.optional(),
  moods: StoryMoods.optional(),
  coverImage: CoverImageInput.optional(),
  fandoms: StoryFandoms.optional(),
  authorId: z.unknown().optional(),
  published: z.unknown().optional(),
});
export type StoryCreate = z.infer<typeof StoryCreate>;

/** PATCH /api/stories/{id}: any subset; `version` is the one the client last saw (stale → 409). */
export const StoryUpdate = z.object({
  version: z.number().int().positive().optional(),
  title: StoryTitle.optional(),
  /** A published story's may not be emptied (the server checks: 'Description required'). */
  description: StoryDescription.optional(),
  content: z.string().optional(),
  characters: StoryCharacters.optional(),
  setting: Setting.optional(),
  plotIdeas: PlotIdeas.optional(),
  moods: StoryMoods.optional(),
  themes: StoryThemes.optional(),
  fandoms: StoryFandoms.optional(),
  coverImage: CoverImageInput.optional(),
  tags: StoryTags.optional(),
  /** The author marks the story mature (adult readers only). */
  markedMature: z.boolean().optional(),
  /** Issue 31: false stops readers commenting on single paragraphs (those already written stay). */
  paragraphComments: z.boolean().optional(),
  /** FicForge Plus: the reader background, as coverImage (data URL new, /api/images URL unchanged, null removed). */
  readerBackground: CoverImageInput.optional(),
  /** This save carries a Marin insertion: the text before it is kept as a version (decision 0041). */
  versionOrigin: VersionOriginHint.optional(),
  aiDeclaration: AiDeclarationField.optional(),
  audience: AudienceField.optional(),
  /** Issue 31: the work's language (absent keeps it). */
  language: LanguageField.optional(),
  // NOTE: `characters` above is the Main Characters text, so the character tags are `characterTags` here.
  ...TaggingFields.shape,
  /** Issue 30: who the work is for, and the works it comes from (absent keeps them). */
  ...GiftFields,
});
export type StoryUpdate = z.infer<typeof StoryUpdate>;

/** The 413 answer to a story whose content is over STORY_CONTENT_MAX_BYTES. */
export const STORY_TOO_LONG = "Your story is too long to save. The limit is 2 MB of text.";

// ---- What the story routes answer (the handlers are type-checked against these) ----

/** GET /api/stories items. */
export const StoryListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The cover's thumbnail (an /api/images URL), or null. */
  coverImage: z.string().nullable(),
  updatedAt: z.iso.datetime(),
  published: z.boolean(),
  /** Issue 30: a work the user co-creates (someone else created it): it opens in the editor but is not theirs to delete. */
  coWritten: z.boolean().optional(),
});
export type StoryListItem = z.infer<typeof StoryListItem>;

// NOTE: the stored shapes as normalizeStoryFields reads them, not the write schemas above (those also take text).
const CharactersView = z.object({
  lead: z.array(z.string()),
  supporting: z.array(z.string()),
  description: z.string(),
});
const MoodsView = z.union([z.record(z.string(), z.number()), z.array(z.string())]);

/**
 * The OWNER's view of a story (server/stories/present.ts): GET /api/stories/{id} and the answer of every story write.
 * Readers of published stories get reading.ts's views instead, never this one.
 */
export const StoryView = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    content: z.string(),
    authorId: z.number().int(),
    published: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    template: z.string().nullable(),
    characters: CharactersView.nullable(),
    setting: z.string().nullable(),
    plotIdeas: z.string().nullable(),
    moods: MoodsView.nullable(),
    coverImage: z.string().nullable(),
    fandoms: z.array(z.string()),
    themes: z.array(z.string()),
    tags: z.array(z.string()),
    version: z.number().int(),
    /** The gate: mature stories reach only premium readers (and their author). */
    rating: z.enum(["general", "mature"]),
    /** The author's 5-level rating (Mature and Explicit make `rating` mature). */
    contentRating: z.enum(CONTENT_RATING_IDS),
    warnings: z.array(z.enum(WARNINGS)),
    relationships: z.array(z.string()),
    characterTags: z.array(z.string()),
    freeformTags: z.array(z.string()),
    status: z.enum(STORY_STATUS_IDS),
    /** The author's own mature mark (the rating is also mature by the nsfw theme or the NSFW rule in shared/nsfw.ts). */
    markedMature: z.boolean(),
    // NOTE: paragraphComments, audience and language are always sent; optional only while client fixtures lack them.
    /** Issue 31: readers may comment on single paragraphs (absent: they may). */
    paragraphComments: z.boolean().optional(),
    /** Words in the story (the editor's word rule). */
    wordCount: z.number().int(),
    /** Provenance: the share of those words Marin wrote, measured from the text against Marin's fingerprints, 0–1. */
    aiShare: z.number(),
    /** Issue 29: the writer's statement, the label (the higher of it and the measured share), and the audience. */
    aiDeclaration: z.enum(AI_DECLARATIONS),
    aiLabel: z.enum(AI_DECLARATIONS),
    audience: z.enum(AUDIENCES).optional(),
    /** Issue 31: the work's language (a code from shared/languages.ts). */
    language: z.string().optional(),
    /** FicForge Plus: the reader background (an /api/images URL), kept even while the author is not premium. */
    readerBackground: z.string().nullable(),
    /**
     * The story's public page (/s/{id}-{slug}), or null while it has none: a draft, or a mature story (mature stories
     * are never on the open web; readers 18+ open them in the app).
     */
    publicPath: z.string().nullable(),
  })
  .meta({ id: "StoryOwnView" });
export type StoryView = z.infer<typeof StoryView>;

/** The 409 answer to a stale save. */
export interface StaleVersionError {
  message: string;
  code: "STALE_VERSION";
  currentVersion: number;
  story: StoryView;
}
