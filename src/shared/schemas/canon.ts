// Canon packs (issue 20, section 2; decision 0043): a writer's lorebook for one fandom, shared by all their stories
// set there, which they may publish for others in the fandom to copy. The request and answer shapes and messages.
// NOTE: the entry body (CanonEntryBody) repeats the story lorebook's rules (issue 20: kind, name, keys, description)
// until the two are unified in schemas/lore.ts.
import { z } from "zod";
import { isBlankText } from "../blank-text";

export const CANON_KINDS = ["character", "place", "item", "rule"] as const;
export type CanonKind = (typeof CANON_KINDS)[number];
export const CANON_KIND_LABELS: Record<CanonKind, string> = {
  character: "Character",
  place: "Place",
  item: "Item",
  rule: "Rule",
};

export const CANON_LIMITS = {
  fandomMax: 80,
  nameMax: 80,
  keyMin: 2,
  keyMax: 40,
  keysMax: 20,
  descriptionMax: 1000,
  /** Entries one pack holds; a copy stops there and reports the rest. */
  entriesPerPack: 500,
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
  entryNotFound: "Lore entry not found",
  tooManyPacks: `You can have at most ${CANON_LIMITS.packsPerWriter} canon packs`,
  packFull: `A canon pack can hold at most ${CANON_LIMITS.entriesPerPack} entries`,
  nameTaken: "This pack already has an entry with that name",
  publishEmpty: "Add an entry before publishing this pack",
  copyOwn: "This is your own pack",
  kind: "Choose character, place, item or rule",
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${CANON_LIMITS.nameMax} characters`,
  keyTooShort: `Each key must be at least ${CANON_LIMITS.keyMin} characters`,
  keyTooLong: `Each key must be at most ${CANON_LIMITS.keyMax} characters`,
  tooManyKeys: `An entry can have at most ${CANON_LIMITS.keysMax} keys`,
  keysList: "Keys must be a list of words or names",
  descriptionRequired: "Description is required",
  descriptionTooLong: "Description must be at most 1,000 characters",
  nothingToChange: "Nothing to change",
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

/** Keys trimmed; repeats (ignoring case) dropped, keeping the first spelling. */
export function uniqueKeys(keys: readonly string[]): string[] {
  const seen = new Set<string>();
  return keys.filter((key) => {
    const folded = key.toLowerCase();
    if (seen.has(folded)) return false;
    seen.add(folded);
    return true;
  });
}

const Keys = z
  .array(z.string({ error: M.keysList }).trim().min(L.keyMin, M.keyTooShort).max(L.keyMax, M.keyTooLong), {
    error: M.keysList,
  })
  .max(L.keysMax, M.tooManyKeys)
  .transform(uniqueKeys);

const entryFields = {
  kind: z.enum(CANON_KINDS, { error: M.kind }),
  name: text(L.nameMax, M.nameRequired, M.nameTooLong),
  keys: Keys,
  description: text(L.descriptionMax, M.descriptionRequired, M.descriptionTooLong),
};

/** POST /api/canon-packs/{id}/lore. Keys may be left out (the name is a key too). */
export const CanonEntryBody = z.object({ ...entryFields, keys: Keys.optional().default([]) });
export type CanonEntryBody = z.input<typeof CanonEntryBody>;

/** PATCH /api/canon-packs/{id}/lore/{entryId}: any of the fields, at least one. */
export const CanonEntryUpdate = z
  .object({
    kind: entryFields.kind.optional(),
    name: entryFields.name.optional(),
    keys: Keys.optional(),
    description: entryFields.description.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), { message: M.nothingToChange });
export type CanonEntryUpdate = z.input<typeof CanonEntryUpdate>;

/** GET /api/canon-packs: `published=1` browses others' published packs (of `fandom` when given). */
export const CanonPackQuery = z.object({
  published: z.enum(["0", "1", "true", "false"]).optional(),
  fandom: z.string().trim().max(L.fandomMax, M.fandomTooLong).optional(),
});

export interface CanonEntry {
  id: number;
  kind: CanonKind;
  name: string;
  keys: string[];
  description: string;
  createdAt: string;
  updatedAt: string;
}

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
