// Tag wrangling (issue 31 section 4): the bodies of the wrangling routes and the queue's answer.
import { z } from "zod";
import { FANDOMS } from "../catalogues";
import { type LabelKind, LABEL_KINDS, TAG_LIMITS } from "../tagging";
import { FreeTag } from "./tagging";

/** Who may wrangle tags: wranglers, and moderators and admins too. */
export const canWrangle = (role: string | undefined) => role === "wrangler" || role === "moderator" || role === "admin";

export const WRANGLING_MESSAGES = {
  notWrangler: "Only wranglers can do this",
  unknownTag: "No work uses a tag by that name",
  self: "A tag can't be a synonym of itself",
  loop: "That would make a loop: the other tag is already a synonym of this one",
  catalogue: "A catalogue tag or warning can't be made a synonym",
  fandomKind: "Only character and relationship tags belong to a fandom",
  fandom: "Choose a fandom from the list",
} as const;

/** The target is itself a synonym: synonyms point at a canonical tag, never along a chain. */
export const chainMessage = (canonical: string) => `That tag is a synonym of ${canonical}; choose ${canonical} instead`;
/** The two tags are used as different kinds. */
export const kindMessage = (kind: LabelKind, other: LabelKind) => `A ${kind} tag can't be a synonym of a ${other} tag`;

/** POST /api/tags/{name}/synonym. */
export const SynonymBody = z.object({ of: FreeTag });
/** POST /api/tags/{name}/fandom: a fandom of the catalogue, or null to take it off. */
export const FandomBody = z.object({
  fandom: z
    .string()
    .max(TAG_LIMITS.maxChars)
    .refine((f) => (FANDOMS as readonly string[]).includes(f), { message: WRANGLING_MESSAGES.fandom })
    .nullable(),
});

export const WranglingQueueQuery = z.object({
  /** Only tags whose name contains this (any case). */
  q: z.string().max(TAG_LIMITS.maxChars).default(""),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

/** A tag as a wrangler sees it. */
export const WrangledTag = z.object({
  name: z.string(),
  /** Its kind: the one it was wrangled as, else the kind most works use it as. */
  kind: z.enum(LABEL_KINDS),
  canonical: z.boolean(),
  /** The canonical tag's name when this is a synonym. */
  synonymOf: z.string().nullable(),
  fandom: z.string().nullable(),
  wrangledAt: z.string().nullable(),
});
export type WrangledTag = z.infer<typeof WrangledTag>;

/** A row of the queue: an unwrangled tag, how many published works use it (by kind), and fandom suggestions. */
export const QueueTag = WrangledTag.extend({
  uses: z.number().int(),
  usesByKind: z.partialRecord(z.enum(LABEL_KINDS), z.number().int()),
  /** The fandoms of the works using it, most used first: suggestions for a person to confirm, never applied. */
  suggestedFandoms: z.array(z.object({ fandom: z.string(), works: z.number().int() })),
});
export type QueueTag = z.infer<typeof QueueTag>;

export const WranglingQueue = z.object({
  items: z.array(QueueTag),
  /** Recently wrangled tags, newest first, so a wrangler can undo. */
  recent: z.array(WrangledTag),
});
export type WranglingQueue = z.infer<typeof WranglingQueue>;

export const WRANGLING_KINDS = LABEL_KINDS;
