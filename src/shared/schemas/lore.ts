// The lorebook's contract (issue 20, section 2; decision 0042): entries for characters, places, items and rules, each
// with a name, keys (aliases that bring it into Marin's context) and a description; what Marin used of them; and Plus's
// proposals from story memory. Shared by the story lorebook, canon packs and the pane's "What Marin sees".
import { z } from "zod";
import { isBlankText } from "../blank-text";

export const LORE_KINDS = ["character", "place", "item", "rule"] as const;
export const LoreKind = z.enum(LORE_KINDS, { error: "Kind must be character, place, item or rule" });
export type LoreKind = z.infer<typeof LoreKind>;
export const LORE_KIND_LABELS: Record<LoreKind, string> = {
  character: "Character",
  place: "Place",
  item: "Item",
  rule: "Rule",
};

export const LORE_LIMITS = {
  nameChars: 80,
  /** A key (alias) must be at least this long: a one-letter key would match nearly every text. */
  keyMinChars: 2,
  keyMaxChars: 60,
  keysPerEntry: 20,
  descriptionChars: 1000,
  /** Entries one story (or one canon pack, or one series) may hold. */
  entriesPerOwner: 500,
  /** Issue 32: 'Changes from chapter N' per entry. */
  changesPerEntry: 20,
  /** The highest chapter number a change may name at all (the story's own length bounds it further). */
  chapterMax: 10_000,
} as const;

export const LORE_MESSAGES = {
  nameRequired: "Give the entry a name",
  nameTooLong: `A name can be at most ${LORE_LIMITS.nameChars} characters`,
  keyTooShort: `Each key must be at least ${LORE_LIMITS.keyMinChars} characters long`,
  keyTooLong: `A key can be at most ${LORE_LIMITS.keyMaxChars} characters`,
  keyNoWord: "Each key needs at least one letter or digit",
  tooManyKeys: `An entry can have at most ${LORE_LIMITS.keysPerEntry} keys`,
  descriptionRequired: "Write a description",
  descriptionTooLong: `The description can be at most ${LORE_LIMITS.descriptionChars.toLocaleString("en-US")} characters`,
  tooManyEntries: `A lorebook can hold at most ${LORE_LIMITS.entriesPerOwner} entries. Delete one to add another.`,
  /** A story's lorebook; a pack's clash answers CANON_MESSAGES.nameTaken. */
  nameTaken: "This lorebook already has an entry with that name",
  notFound: "Lorebook entry not found",
  plusOnly: "Marin's proposals come from story memory, a FicForge Plus feature.",
  tooManyChanges: `An entry can have at most ${LORE_LIMITS.changesPerEntry} changes`,
  changeChapter: "A change starts at a chapter number (1 or more)",
  changeTwice: "Two changes start at the same chapter",
  /** The story (or the series' longest work) has `last` chapters; a change may start in the next one too. */
  changeAfterLast: (last: number) =>
    `A change can start at chapter ${last + 1} at the latest: the story has ${last} chapter${last === 1 ? "" : "s"} so far`,
  changeInPack: "Changes from a chapter on belong to a story's or a series' entries, not to a canon pack's",
} as const;

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

export const LoreName = z
  .string()
  .transform(oneLine)
  .pipe(
    z
      .string()
      .min(1, LORE_MESSAGES.nameRequired)
      .max(LORE_LIMITS.nameChars, LORE_MESSAGES.nameTooLong)
      .refine((name) => !isBlankText(name), LORE_MESSAGES.nameRequired),
  );

export const LoreKey = z
  .string()
  .transform(oneLine)
  .pipe(
    z
      .string()
      .min(LORE_LIMITS.keyMinChars, LORE_MESSAGES.keyTooShort)
      .max(LORE_LIMITS.keyMaxChars, LORE_MESSAGES.keyTooLong)
      .regex(/[\p{L}\p{N}]/u, LORE_MESSAGES.keyNoWord),
  );

/** Keys as typed; the same key twice (any case) is kept once. */
export const LoreKeys = z
  .array(LoreKey)
  .max(LORE_LIMITS.keysPerEntry, LORE_MESSAGES.tooManyKeys)
  .transform((keys) => {
    const seen = new Set<string>();
    return keys.filter((key) => {
      const folded = key.toLowerCase();
      if (seen.has(folded)) return false;
      seen.add(folded);
      return true;
    });
  });

export const LoreDescription = z
  .string()
  .transform((text) => text.trim())
  .pipe(
    z
      .string()
      .min(1, LORE_MESSAGES.descriptionRequired)
      .max(LORE_LIMITS.descriptionChars, LORE_MESSAGES.descriptionTooLong)
      .refine((text) => !isBlankText(text), LORE_MESSAGES.descriptionRequired),
  );

/** Issue 32: how an entry reads from a chapter on. */
export const LoreChange = z.object({
  fromChapter: z
    .number({ error: LORE_MESSAGES.changeChapter })
    .int(LORE_MESSAGES.changeChapter)
    .min(1, LORE_MESSAGES.changeChapter)
    .max(LORE_LIMITS.chapterMax, LORE_MESSAGES.changeChapter),
  description: LoreDescription,
});
export type LoreChange = z.infer<typeof LoreChange>;

/** An entry's changes, ordered by chapter; two starting at one chapter are refused. */
export const LoreChanges = z
  .array(LoreChange)
  .max(LORE_LIMITS.changesPerEntry, LORE_MESSAGES.tooManyChanges)
  .refine((changes) => new Set(changes.map((c) => c.fromChapter)).size === changes.length, LORE_MESSAGES.changeTwice)
  .transform((changes) => [...changes].sort((a, b) => a.fromChapter - b.fromChapter));

/** The description as it stands at `chapter`: the latest change from that chapter or before, else the base one. */
export function descriptionAt(
  entry: { description: string; changes?: readonly LoreChange[] },
  chapter: number | null,
): string {
  if (chapter === null || !entry.changes) return entry.description;
  let text = entry.description;
  for (const change of entry.changes) if (change.fromChapter <= chapter) text = change.description;
  return text;
}

/** POST /api/stories/{id}/lore (and a canon pack's and a series' entries). */
export const LoreEntryCreate = z.object({
  kind: LoreKind,
  name: LoreName,
  keys: LoreKeys.default([]),
  description: LoreDescription,
  changes: LoreChanges.default([]),
  /** Off: kept in the lorebook, never sent to Marin. */
  enabled: z.boolean().default(true),
  /** Accepting one of Marin's proposals (its name as proposed): it is then never proposed again. */
  proposal: z.string().max(LORE_LIMITS.nameChars).optional(),
});
export type LoreEntryCreate = z.input<typeof LoreEntryCreate>;
/** An entry as validated: names and keys trimmed, keys without repeats. */
export type LoreEntryInput = z.output<typeof LoreEntryCreate>;

/** PATCH /api/lore/{entryId}: any of the fields. */
export const LoreEntryUpdate = z
  .object({
    kind: LoreKind,
    name: LoreName,
    keys: LoreKeys,
    description: LoreDescription,
    changes: LoreChanges,
    enabled: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: "Nothing to change" });
export type LoreEntryUpdate = z.input<typeof LoreEntryUpdate>;
export type LoreEntryChange = z.output<typeof LoreEntryUpdate>;

/** POST /api/stories/{id}/lore/proposals/dismiss. */
export const LoreProposalDismiss = z.object({ name: z.string().trim().min(1).max(LORE_LIMITS.nameChars) });

/** An entry as the API shows it (every lorebook: a story's, a canon pack's, a series'). */
export const LoreEntryView = z
  .object({
    id: z.number().int(),
    kind: LoreKind,
    name: z.string(),
    keys: z.array(z.string()),
    description: z.string(),
    storyId: z.number().int().nullable(),
    canonPackId: z.number().int().nullable(),
    seriesId: z.number().int().nullable(),
    /** How the entry reads from a chapter on, ordered by chapter. */
    changes: z.array(z.object({ fromChapter: z.number().int(), description: z.string() })),
    enabled: z.boolean(),
    /** ISO time. */
    updatedAt: z.string(),
  })
  .meta({ id: "LoreEntry" });
export type LoreEntryView = z.infer<typeof LoreEntryView>;

/** A series' entry as it applies to a story of the series: shown in the story's lorebook, edited with its series. */
export const SeriesLoreView = LoreEntryView.extend({
  seriesTitle: z.string(),
  /** The story has its own entry of the same name (or an earlier series does), which Marin uses instead. */
  overridden: z.boolean(),
});
export type SeriesLoreView = z.infer<typeof SeriesLoreView>;

/** GET /api/series/{id}/lore: the series' own entries (its owner's only). */
export const SeriesLoreAnswer = z.object({
  entries: z.array(LoreEntryView),
  limits: z.object({ entries: z.number().int() }),
});
export type SeriesLoreAnswer = z.infer<typeof SeriesLoreAnswer>;

/** One entry's mentions in the saved story: per chapter (1-based) with a count, and the total. */
export const LoreMention = z.object({
  total: z.number().int(),
  chapters: z.array(z.object({ chapter: z.number().int(), count: z.number().int() })),
});
export type LoreMention = z.infer<typeof LoreMention>;

/** GET /api/stories/{id}/lore/mentions: for every entry of the story's lorebook (own, series, canon pack). */
export const LoreMentionsAnswer = z.object({
  /** The saved version of the story the counts were made from. */
  version: z.number().int(),
  chapters: z.number().int(),
  /** By entry id. */
  mentions: z.record(z.string(), LoreMention),
});
export type LoreMentionsAnswer = z.infer<typeof LoreMentionsAnswer>;

/** A canon pack's entry as it applies to a story: shown in the story's lorebook, edited with its pack. */
export const CanonLoreView = LoreEntryView.extend({
  fandom: z.string(),
  /** The story has its own entry of the same name, which Marin uses instead. */
  overridden: z.boolean(),
});
export type CanonLoreView = z.infer<typeof CanonLoreView>;

/** 'Marin noticed: Pip Marlow, thief, sister of Mika': a character story memory found that the lorebook lacks. */
export const LoreProposal = z.object({
  name: z.string(),
  kind: LoreKind,
  keys: z.array(z.string()),
  description: z.string(),
});
export type LoreProposal = z.infer<typeof LoreProposal>;

/** GET /api/stories/{id}/lore. */
export const StoryLoreAnswer = z.object({
  entries: z.array(LoreEntryView),
  canon: z.array(CanonLoreView),
  /** Issue 32: the entries of the series the story is in. */
  series: z.array(SeriesLoreView),
  /** Null for free accounts: proposals come from story memory, a Plus perk. */
  proposals: z.array(LoreProposal).nullable(),
  limits: z.object({ entries: z.number().int() }),
});
export type StoryLoreAnswer = z.infer<typeof StoryLoreAnswer>;

/** One entry Marin's context carries, and why: which key matched where. */
export const LoreUse = z.object({
  name: z.string(),
  kind: LoreKind,
  /** 'story', 'series: <title>' or 'canon pack: <fandom>'. */
  source: z.string(),
  key: z.string(),
  where: z.enum(["request", "story"]),
});
export type LoreUse = z.infer<typeof LoreUse>;

/** What "What Marin sees" says of an entry: '"Pip" in your message'. */
export function loreWhy(use: Pick<LoreUse, "key" | "where">): string {
  return `“${use.key}” ${use.where === "request" ? "in your message" : "in the recent text"}`;
}
