// Canon packs (issue 20, section 2; decision 0043): a writer's lorebook for one fandom, shared by all their stories
// set there, which they may publish for others in the fandom to copy. The request and answer shapes and messages.
// A pack's entries are lorebook entries: schemas/lore.ts validates them (LoreEntryCreate, LoreEntryUpdate) and they
// are changed and deleted through PATCH/DELETE /api/lore/{entryId} like a story's (decision 0043).
import { z } from "zod";
import { isBlankText } from "../blank-text";
import { LORE_LIMITS, LoreEntryView } from "./lore";

export const CANON_LIMITS = {
  fandomMax: 80,
  /** Entries one pack holds (the lorebook's cap); a copy stops there and reports the rest. */
  entriesPerPack: LORE_LIMITS.entriesPerOwner,
  /** Packs one writer holds (one per fandom). */
  packsPerWriter: 100,
  /** Published packs one browse answers, newest first. */
  browseMax: 50,
} as const;

export const CANON_MESSAGES = {
  fandomRequired: "Name the fandom",
  fandomTooLong: `A fandom must be at most ${CANON_LIMITS.fandomMax} characters`,
  packExists: "You already have a canon pack for this fandom",
  packNotFound: "Canon pack not found",
  tooManyPacks: `You can have at most ${CANON_LIMITS.packsPerWriter} canon packs`,
  nameTaken: "This pack already has an entry with that name",
  publishEmpty: "Add an entry before publishing this pack",
  copyOwn: "This is your own pack",
} as const;

const M = CANON_MESSAGES;
const L = CANON_LIMITS;

const text = (max: number, requiredMessage: string, tooLong: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, tooLong)
    .refine((value) => !isBlankText(value), { message: requiredMessage, abort: true });

export const CanonFandom = text(L.fandomMax, M.fandomRequired, M.fandomTooLong);

/** POST /api/canon-packs. */
export const CanonPackCreate = z.object({ fandom: CanonFandom });
export type CanonPackCreate = z.input<typeof CanonPackCreate>;

/** GET /api/canon-packs: `published=1` browses others' published packs (of `fandom` when given). */
export const CanonPackQuery = z.object({
  published: z.enum(["0", "1", "true", "false"]).optional(),
  fandom: z.string().trim().max(L.fandomMax, M.fandomTooLong).optional(),
});

/** A pack's entry: a lorebook entry whose canonPackId is the pack's (lore.ts's LoreEntryView itself). */
export const CanonEntry = LoreEntryView;
export type CanonEntry = LoreEntryView;

export const CanonStoryRef = z.object({ id: z.number().int(), title: z.string() });
export type CanonStoryRef = z.infer<typeof CanonStoryRef>;

/** One of the writer's own packs. */
export const CanonPack = z
  .object({
    id: z.number().int(),
    fandom: z.string(),
    publishedAt: z.iso.datetime().nullable(),
    /** The published pack this one was first copied from, while it exists. */
    copiedFrom: z.object({ id: z.number().int(), fandom: z.string(), ownerUsername: z.string() }).nullable(),
    entryCount: z.number().int(),
    /** The writer's stories set in this fandom: the pack applies to each of them. */
    stories: z.array(CanonStoryRef),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "CanonPack" });
export type CanonPack = z.infer<typeof CanonPack>;

/** GET /api/canon-packs: the writer's packs, and fandoms of their stories that have no pack yet. */
export const CanonPackList = z.object({ packs: z.array(CanonPack), suggestedFandoms: z.array(z.string()) });
export type CanonPackList = z.infer<typeof CanonPackList>;

/** Someone else's published pack, as browsing shows it. */
export const PublishedCanonPack = z.object({
  id: z.number().int(),
  fandom: z.string(),
  ownerUsername: z.string(),
  entryCount: z.number().int(),
  publishedAt: z.iso.datetime(),
});
export type PublishedCanonPack = z.infer<typeof PublishedCanonPack>;

/** GET /api/canon-packs?published=1. */
export const PublishedCanonPackList = z.object({ packs: z.array(PublishedCanonPack) });
export type PublishedCanonPackList = z.infer<typeof PublishedCanonPackList>;

/** GET /api/canon-packs/{id}/lore. */
export const CanonEntryList = z.object({ entries: z.array(CanonEntry) });
export type CanonEntryList = z.infer<typeof CanonEntryList>;

/** POST /api/canon-packs/{id}/copy: the writer's pack for the fandom, what was copied and what was left out. */
export const CanonCopyResult = z.object({
  pack: CanonPack,
  copied: z.number().int(),
  /** Entries not copied: a name the writer's pack already has, or past the pack's limit. */
  skipped: z.array(z.object({ name: z.string(), reason: z.enum(["exists", "full"]) })),
});
export type CanonCopyResult = z.infer<typeof CanonCopyResult>;
