// The lorebook a story has: its own entries, plus the entries of its author's canon packs whose fandom is one of the
// story's fandoms (any case). A story's own entry overrides a pack entry of the same name (any case).
import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { CanonLoreView, LoreEntryView } from "../../shared/schemas/lore";
import { normalizeStoryFields } from "../../shared/story-fields";
import type { Db } from "../db/client";
import { canonPacks, loreEntries, stories } from "../db/schema";
import { loreCache, loreFingerprint } from "./cache";
import type { LoreCandidate } from "./select";

type EntryRow = typeof loreEntries.$inferSelect;

export interface LoreStory {
  id: number;
  authorId: number;
  fandoms: unknown;
}

export const STORY_SOURCE = "story";
export const packSource = (fandom: string) => `canon pack: ${fandom}`;
const fold = (name: string) => name.toLowerCase();

export function presentLoreEntry(row: EntryRow): LoreEntryView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    keys: row.keys,
    description: row.description,
    storyId: row.storyId,
    canonPackId: row.canonPackId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function storyLoreRows(db: Db, storyId: number): Promise<EntryRow[]> {
  return db.select().from(loreEntries).where(eq(loreEntries.storyId, storyId)).orderBy(asc(loreEntries.id));
}

/** The author's pack entries for the story's fandoms, each with its pack's fandom. */
const storyFandoms = (story: LoreStory) => [
  ...new Set(normalizeStoryFields({ fandoms: story.fandoms }).fandoms.map(fold)),
];

export async function canonLoreRows(db: Db, story: LoreStory): Promise<(EntryRow & { fandom: string })[]> {
  const fandoms = storyFandoms(story);
  if (fandoms.length === 0) return [];
  const rows = await db
    .select({ entry: loreEntries, fandom: canonPacks.fandom })
    .from(loreEntries)
    .innerJoin(canonPacks, eq(canonPacks.id, loreEntries.canonPackId))
    .where(and(eq(canonPacks.ownerId, story.authorId), inArray(sql`lower(${canonPacks.fandom})`, fandoms)))
    .orderBy(asc(loreEntries.id));
  return rows.map((row) => ({ ...row.entry, fandom: row.fandom }));
}

/** The story's lorebook for the pane (its own entries, and the pack entries that apply, marked when overridden). */
export async function storyLore(
  db: Db,
  story: LoreStory,
): Promise<{ entries: LoreEntryView[]; canon: CanonLoreView[] }> {
  const own = await storyLoreRows(db, story.id);
  const pack = await canonLoreRows(db, story);
  const names = new Set(own.map((row) => fold(row.name)));
  return {
    entries: own.map(presentLoreEntry),
    canon: pack.map((row) => ({ ...presentLoreEntry(row), fandom: row.fandom, overridden: names.has(fold(row.name)) })),
  };
}

/**
 * Everything Marin may choose from for the story, each entry with its source. Read through the lorebook cache: one
 * small query while nothing changed (cache.ts).
 */
export async function loreForStory(db: Db, story: LoreStory): Promise<readonly LoreCandidate[]> {
  const fingerprint = await loreFingerprint(db, story, storyFandoms(story));
  const cache = loreCache(db);
  const cached = cache.get(story.id, fingerprint);
  if (cached) return cached;
  const candidates = await readLoreCandidates(db, story);
  cache.set(story.id, { fingerprint, candidates });
  return candidates;
}

async function readLoreCandidates(db: Db, story: LoreStory): Promise<LoreCandidate[]> {
  const { entries, canon } = await storyLore(db, story);
  const candidate = (entry: LoreEntryView, source: string): LoreCandidate => ({
    id: entry.id,
    kind: entry.kind,
    name: entry.name,
    keys: entry.keys,
    description: entry.description,
    source,
  });
  return [
    ...entries.map((entry) => candidate(entry, STORY_SOURCE)),
    ...canon.filter((entry) => !entry.overridden).map((entry) => candidate(entry, packSource(entry.fandom))),
  ];
}

/** The data export's lorebook.json: every entry the user owns, through their stories or their canon packs. */
export function loreExportPage(db: Db, userId: number, afterId: number, limit: number) {
  return db
    .select({
      id: loreEntries.id,
      storyId: loreEntries.storyId,
      storyTitle: stories.title,
      canonPackId: loreEntries.canonPackId,
      fandom: canonPacks.fandom,
      kind: loreEntries.kind,
      name: loreEntries.name,
      keys: loreEntries.keys,
      description: loreEntries.description,
      createdAt: loreEntries.createdAt,
      updatedAt: loreEntries.updatedAt,
    })
    .from(loreEntries)
    .leftJoin(stories, eq(stories.id, loreEntries.storyId))
    .leftJoin(canonPacks, eq(canonPacks.id, loreEntries.canonPackId))
    .where(and(or(eq(stories.authorId, userId), eq(canonPacks.ownerId, userId)), gt(loreEntries.id, afterId)))
    .orderBy(asc(loreEntries.id))
    .limit(limit);
}
