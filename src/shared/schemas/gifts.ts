// Issue 30 section 3: gifts ('For username') and related works ('Inspired by …'): the fields publish and the details
// take, the messages users see, and the views the reader, the owner and the notifications get.
import { z } from "zod";

export const GIFT_LIMITS = {
  /** A work is gifted to at most this many people. */
  recipients: 10,
  /** A work links at most this many related works. */
  relatedWorks: 10,
  url: 2_000,
  title: 200,
  author: 100,
  language: 50,
} as const;

export const GIFTS_TOO_MANY = `You can gift a work to at most ${GIFT_LIMITS.recipients} people`;
export const GIFT_TO_SELF = "You can't gift a work to yourself";
export const giftUnknownUser = (name: string) => `There is no user named ${name}`;
export const GIFT_NOT_FOUND = "Gift not found";
export const RELATED_TOO_MANY = `You can link at most ${GIFT_LIMITS.relatedWorks} related works`;
export const RELATED_TWICE = "Each work can only be linked once";
export const RELATED_SELF = "A work can't be related to itself";
/** A FicForge work the author may not link: never says why, and never names it (it may be hidden from them). */
export const RELATED_UNAVAILABLE = "That work can't be linked: it doesn't exist or isn't available to you";
export const RELATED_NOT_FOUND = "Link not found";
export const RELATED_URL_INVALID = "The link must be a web address starting with http:// or https://";

export const RELATIONS = ["inspired-by", "translation-of", "remix-of", "sequel-to"] as const;
export type Relation = (typeof RELATIONS)[number];

/** How the new work names its relation to the original: 'Inspired by <title> by <author>'. */
export const RELATION_LABELS: Record<Relation, string> = {
  "inspired-by": "Inspired by",
  "translation-of": "Translation of",
  "remix-of": "Remix of",
  "sequel-to": "Sequel to",
};
/** A FicForge original the reader may not read: the relation shows, never its title. */
export const HIDDEN_ORIGINAL = "a work you can't see";
/** The original's list of the works approved as coming from it. */
export const INSPIRED_WORKS_HEADING = "Works inspired by this";

const username = z
  .string({ error: "Each recipient must be a username" })
  .trim()
  .min(1, "Each recipient must be a username")
  .max(64, "Each recipient must be a username");

/**
 * Publish and details: who the work is for. The whole list (a save replaces it); names are matched without regard to
 * case and repeats dropped. A recipient who refused the gift is never added back (silently left out).
 */
export const GiftedTo = z
  .array(username, { error: "Gift to must be a list of usernames" })
  .max(GIFT_LIMITS.recipients, GIFTS_TOO_MANY)
  .transform((names) => {
    const seen = new Set<string>();
    return names.filter((n) => !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase()));
  });

const relation = z.enum(RELATIONS, {
  error: "Relation must be one of inspired-by, translation-of, remix-of, sequel-to",
});
const language = z
  .string({ error: "Language must be text" })
  .trim()
  .max(GIFT_LIMITS.language, `Language must be at most ${GIFT_LIMITS.language} characters`)
  .optional();

const httpUrl = z
  .string({ error: RELATED_URL_INVALID })
  .trim()
  .max(GIFT_LIMITS.url, `The link must be at most ${GIFT_LIMITS.url.toLocaleString("en-US")} characters`)
  .refine((raw) => {
    try {
      const url = new URL(raw);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, RELATED_URL_INVALID);

/** A work on FicForge, by id (the client reads it from a pasted /s/{id}-… address or a picked work). */
export const RelatedStoryInput = z.object({
  storyId: z
    .number({ error: "Story id must be a number" })
    .int("Story id must be a whole number")
    .positive("Story id must be positive")
    .max(2_147_483_647, "Story id is too large"),
  relation,
  language,
});
/** A work elsewhere on the web. */
export const RelatedOutsideInput = z.object({
  url: httpUrl,
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(GIFT_LIMITS.title, `Title must be at most ${GIFT_LIMITS.title} characters`),
  author: z
    .string({ error: "Author must be text" })
    .trim()
    .max(GIFT_LIMITS.author, `Author must be at most ${GIFT_LIMITS.author} characters`)
    .default(""),
  relation,
  language,
});
export type RelatedStoryInput = z.infer<typeof RelatedStoryInput>;
export type RelatedOutsideInput = z.infer<typeof RelatedOutsideInput>;
export type RelatedWorkInput = RelatedStoryInput | RelatedOutsideInput;

const isStoryLink = (v: unknown) => typeof v === "object" && v !== null && "storyId" in v;

/** One link: a FicForge work (has `storyId`) or an outside work; the error is the chosen shape's own. */
const RelatedWorkItem = z.unknown().transform((value, ctx): RelatedWorkInput => {
  const result = (isStoryLink(value) ? RelatedStoryInput : RelatedOutsideInput).safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: "custom", message: issue.message });
  return z.NEVER;
});

/** Publish and details: the works this one comes from (the whole list; a save replaces it). */
export const RelatedWorks = z
  .array(RelatedWorkItem, { error: "Related works must be a list" })
  .max(GIFT_LIMITS.relatedWorks, RELATED_TOO_MANY)
  .refine((links) => {
    const keys = links.map((l) => ("storyId" in l ? `s:${l.storyId}` : `u:${l.url}`));
    return new Set(keys).size === keys.length;
  }, RELATED_TWICE);

/** The fields publish and the details PATCH take (spread into both bodies). */
export const GiftFields = { giftedTo: GiftedTo.optional(), relatedWorks: RelatedWorks.optional() };

/** A link as the new work shows it. `story` is null when the reader may not see the original: no title then. */
export const RelatedWorkView = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("story"),
    relation: z.enum(RELATIONS),
    language: z.string().nullable(),
    story: z.object({ id: z.number(), title: z.string(), author: z.string(), path: z.string().nullable() }).nullable(),
  }),
  z.object({
    kind: z.literal("outside"),
    relation: z.enum(RELATIONS),
    language: z.string().nullable(),
    url: z.string(),
    title: z.string(),
    author: z.string(),
  }),
]);
export type RelatedWorkView = z.infer<typeof RelatedWorkView>;

/** A work listed on its original under 'Works inspired by this' (approved by the original's author). */
export const InspiredWorkView = z.object({
  id: z.number(),
  title: z.string(),
  author: z.string(),
  relation: z.enum(RELATIONS),
  path: z.string().nullable(),
});
export type InspiredWorkView = z.infer<typeof InspiredWorkView>;

/** What the reader, public page and chapter pages show of gifts and links (all optional: older cached views). */
export interface GiftsAndLinksView {
  giftedTo: { username: string }[];
  relatedWorks: RelatedWorkView[];
  inspiredWorks: InspiredWorkView[];
}

const OwnLinkFacts = {
  id: z.number().int(),
  relation: z.enum(RELATIONS),
  /** For a translation: its language. */
  language: z.string().optional(),
  /** Approved by the original's author (its 'Works inspired by this' lists it). */
  approved: z.boolean(),
};

/** The owner's view (GET /api/stories/{id}/gifts-and-links): what the details page and the publish dialog edit. */
export const OwnGiftsAndLinks = z.object({
  giftedTo: z.array(z.string()),
  relatedWorks: z.array(
    z.union([
      /** A FicForge work; `title` only while the owner may see it. */
      z.object({ ...OwnLinkFacts, storyId: z.number().int(), title: z.string().optional() }),
      z.object({ ...OwnLinkFacts, url: z.string(), title: z.string(), author: z.string() }),
    ]),
  ),
});
export type OwnGiftsAndLinks = z.infer<typeof OwnGiftsAndLinks>;

/** POST /api/related-works/{id}/approve and …/reject. */
export const RelatedWorkAnswer = z.object({ id: z.number().int(), approved: z.boolean() });

/** After a translation's link: ' (in French)'; '' for anything else. */
export function languageNote(relation: Relation, language: string | null | undefined): string {
  return relation === "translation-of" && language ? ` (in ${language})` : "";
}
