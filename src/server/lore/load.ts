// The lorebook a story has: its own entries, the entries of every series it is in (issue 32), and the entries of its
// author's canon packs whose fandom is one of the story's fandoms (any case). By name (any case), a story's own entry
// overrides a series entry, and either overrides a pack entry; between two series, the older series' entry wins. An
// entry switched off is kept and shown but never sent to Marin, and overrides nothing.
import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { CanonLoreView, LoreEntryView, SeriesLoreView } from "../../shared/schemas/lore";
import { normalizeStoryFields } from "../../shared/story-fields";
import type { Db } from "../db/client";
import { canonPacks, loreEntries, series, seriesWorks, stories } from "../db/schema";
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
export const seriesSource = (title: string) => `series: ${title}`;
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
    seriesId: row.seriesId,
    changes: row.changes,
    enabled: row.enabled,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function storyLoreRows(db: Db, storyId: number): Promise<EntryRow[]> {
  return db.select().from(loreEntries).where(eq(loreEntries.storyId, storyId)).orderBy(asc(loreEntries.id));
}

/** The author's pack entries for the story's fandoms, each with its pack's fandom. */
export const storyFandoms = (story: LoreStory) => [
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

/** The entries of every series the story is in, each with its series' title; older series first. */
export async function seriesLoreRows(db: Db, storyId: number): Promise<(EntryRow & { seriesTitle: string })[]> {
  const rows = await db
    .select({ entry: loreEntries, seriesTitle: series.title })
    .from(seriesWorks)
    .innerJoin(series, eq(series.id, seriesWorks.seriesId))
    .innerJoin(loreEntries, eq(loreEntries.seriesId, seriesWorks.seriesId))
    .where(eq(seriesWorks.storyId, storyId))
    .orderBy(asc(series.id), asc(loreEntries.id));
  return rows.map((row) => ({ ...row.entry, seriesTitle: row.seriesTitle }));
}

/**
 * The story's lorebook for the pane: its own entries, and the series and pack entries that apply, each marked when
 * an entry above it (switched on) has its name.
 */
export async function storyLore(
  db: Db,
  story: LoreStory,
): Promise<{ entries: LoreEntryView[]; series: SeriesLoreView[]; canon: CanonLoreView[] }> {
  const [own, inSeries, pack] = [
    await storyLoreRows(db, story.id),
    await seriesLoreRows(db, story.id),
    await canonLoreRows(db, story),
  ];
  const names = new Set(own.filter((row) => row.enabled).map((row) => fold(row.name)));
  const seriesViews = inSeries.map((row) => {
    const overridden = names.has(fold(row.name));
    return { ...presentLoreEntry(row), seriesTitle: row.seriesTitle, overridden, on: row.enabled };
  });
  for (const view of seriesViews) if (view.on && !view.overridden) names.add(fold(view.name));
  // Among series, the first with the name wins: mark the later ones.
  const seen = new Set<string>();
  for (const view of seriesViews) {
    if (!view.on || view.overridden) continue;
    if (seen.has(fold(view.name))) view.overridden = true;
    seen.add(fold(view.name));
  }
  return {
    entries: own.map(presentLoreEntry),
    series: seriesViews.map(({ on: _on, ...view }) => view),
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
  const lore = await storyLore(db, story);
  const candidate = (entry: LoreEntryView, source: string): LoreCandidate => ({
    id: entry.id,
    kind: entry.kind,
    name: entry.name,
    keys: entry.keys,
    description: entry.description,
    changes: entry.changes,
    source,
  });
  const used = (entry: LoreEntryView & { overridden?: boolean }) => entry.enabled && !entry.overridden;
  return [
    ...lore.entries.filter(used).map((entry) => candidate(entry, STORY_SOURCE)),
    ...lore.series.filter(used).map((entry) => candidate(entry, seriesSource(entry.seriesTitle))),
    ...lore.canon.filter(used).map((entry) => candidate(entry, packSource(entry.fandom))),
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
