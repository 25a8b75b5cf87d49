// Canon packs (issue 20, section 2; decision 0043): a writer's lorebook for one fandom, shared by all their stories
// set there, which they may publish for others in the fandom to copy. The request and answer shapes and messages.
// A pack's entries are lorebook entries: schemas/lore.ts validates them (LoreEntryCreate, LoreEntryUpdate) and they
// are changed and deleted through PATCH/DELETE /api/lore/{entryId} like a story's (decision 0043).
import { z } from "zod";
import { isBlankText } from "../blank-text";
import { LORE_LIMITS, type LoreEntryView } from "./lore";

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

/** A pack's entry: a lorebook entry whose canonPackId is the pack's. */
export type CanonEntry = LoreEntryView;

export interface CanonStoryRef {
  id: number;
  title: string;
}

/** One of the writer's own packs. */
export interface CanonPack {
  id: number;
  fandom: string;
  publishedAt: string | null;
  /** The published pack this one was first copied from, while it exists. */
  copiedFrom: { id: number; fandom: string; ownerUsername: string } | null;
  entryCount: number;
  /** The writer's stories set in this fandom: the pack applies to each of them. */
  stories: CanonStoryRef[];
  createdAt: string;
  updatedAt: string;
}

/** GET /api/canon-packs: the writer's packs, and fandoms of their stories that have no pack yet. */
export interface CanonPackList {
  packs: CanonPack[];
  suggestedFandoms: string[];
}

/** Someone else's published pack, as browsing shows it. */
export interface PublishedCanonPack {
  id: number;
  fandom: string;
  ownerUsername: string;
  entryCount: number;
  publishedAt: string;
}

/** GET /api/canon-packs?published=1. */
export interface PublishedCanonPackList {
  packs: PublishedCanonPack[];
}

/** GET /api/canon-packs/{id}/lore. */
export interface CanonEntryList {
  entries: CanonEntry[];
}

/** POST /api/canon-packs/{id}/copy: the writer's pack for the fandom, what was copied and what was left out. */
export interface CanonCopyResult {
  pack: CanonPack;
  copied: number;
  /** Entries not copied: a name the writer's pack already has, or past the pack's limit. */
  skipped: { name: string; reason: "exists" | "full" }[];
}
