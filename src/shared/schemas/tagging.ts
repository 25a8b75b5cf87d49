// The tagging fields publish and the details save take (issue 17 section 4), with messages naming the rule broken.
import { z } from "zod";
import {
  CONTENT_RATING_IDS,
  LABEL_KINDS,
  hasControlChars,
  NO_WARNINGS,
  STORY_STATUS_IDS,
  TAG_LIMITS,
  TAG_MESSAGES,
  tagSpelling,
  WARNINGS,
} from "../tagging";
import { isBlankText } from "../blank-text";

/** One free-form tag: no control characters, not blank, at most 100 characters once spaces are tidied. */
export const FreeTag = z
  .string()
  .refine((name) => !hasControlChars(name), { message: TAG_MESSAGES.control, abort: true })
  .transform(tagSpelling)
  .refine((name) => !isBlankText(name), { message: TAG_MESSAGES.blank, abort: true })
  .refine((name) => name.length <= TAG_LIMITS.maxChars, { message: TAG_MESSAGES.long });

export const FreeTagList = z.array(FreeTag).max(TAG_LIMITS.maxFreeform, TAG_MESSAGES.many);

export const WarningList = z
  .array(z.enum(WARNINGS))
  .max(WARNINGS.length)
  .transform((list) => [...new Set(list)])
  .refine((list) => !list.includes(NO_WARNINGS) || list.length === 1, TAG_MESSAGES.noWarnings);

export const TaggingFields = z.object({
  /** The 5-level rating (answers carry it as `contentRating`; their `rating` stays the general/mature gate). */
  rating: z.enum(CONTENT_RATING_IDS).optional(),
  warnings: WarningList.optional(),
  relationships: FreeTagList.optional(),
  characterTags: FreeTagList.optional(),
  freeformTags: FreeTagList.optional(),
  status: z.enum(STORY_STATUS_IDS).optional(),
});
export type TaggingFields = z.infer<typeof TaggingFields>;

/** The free-form lists a body sends, counted together (a list not sent keeps the story's, checked on the server). */
export function countSentLabels(body: Pick<TaggingFields, "relationships" | "characterTags" | "freeformTags">) {
  return (body.relationships?.length ?? 0) + (body.characterTags?.length ?? 0) + (body.freeformTags?.length ?? 0);
}

/** GET /api/tags: autocomplete; `kind` narrows to tags used as that kind (and leaves out the catalogue). */
export const TagSuggestQuery = z.object({
  q: z.string().max(TAG_LIMITS.maxChars),
  kind: z.enum(LABEL_KINDS).optional(),
});
/** GET /api/tags: the names to offer, catalogue tags first, then canonical ones. */
export const TagSuggestions = z.array(z.string());
