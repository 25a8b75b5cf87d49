// Reading a story's versions: the list (no text) and one version; presenters for both.
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { VersionView } from "../../shared/schemas/versions";
import type { Db } from "../db/client";
import { storyVersions } from "../db/schema";
import { notFound } from "../errors";

export const VERSION_NOT_FOUND = "Version not found";

const listColumns = {
  id: storyVersions.id,
  savedAt: storyVersions.savedAt,
  wordCount: storyVersions.wordCount,
  wordChange: storyVersions.wordChange,
  origin: storyVersions.origin,
  model: storyVersions.model,
  published: storyVersions.published,
  restoredFrom: storyVersions.restoredFrom,
  aiWordCount: storyVersions.aiWordCount,
  sanitizedWith: storyVersions.sanitizedWith,
};
// Issue 30: who saved the text, by name (null when not kept, or the account is gone).
// NOTE: "story_versions"."saved_by" written out: drizzle leaves columns unqualified in single-table selects.
const savedByName = sql<string | null>`(select u.username from users u where u.id = "story_versions"."saved_by")`;
type VersionRow = { [K in keyof typeof listColumns]: (typeof storyVersions.$inferSelect)[K] } & {
  savedByName: string | null;
};

/** Newest first, `limit` of them before the id `before`; one more is read to know whether a next page exists. */
export async function listVersions(
  db: Db,
  storyId: number,
  { before, limit }: { before?: number; limit: number },
): Promise<{ rows: VersionRow[]; nextBefore: number | null }> {
  const rows = await db
    .select({ ...listColumns, savedByName })
    .from(storyVersions)
    .where(and(eq(storyVersions.storyId, storyId), before === undefined ? undefined : lt(storyVersions.id, before)))
    .orderBy(desc(storyVersions.id))
    .limit(limit + 1);
  const more = rows.length > limit;
  if (more) rows.pop();
  return { rows, nextBefore: more ? rows.at(-1)!.id : null };
}

/** Route ids are numbers; anything else is a version nobody has. */
export function parseVersionId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(VERSION_NOT_FOUND);
  return Number(raw);
}

/** The story must already be the caller's own; a version of another story answers 404 like a missing one. */
export async function getVersionOrThrow(db: Db, storyId: number, id: number): Promise<VersionRow> {
  const [row] = await db
    .select({ ...listColumns, savedByName })
    .from(storyVersions)
    .where(and(eq(storyVersions.id, id), eq(storyVersions.storyId, storyId)));
  if (!row) throw notFound(VERSION_NOT_FOUND);
  return row;
}

export function presentVersion(row: VersionRow): VersionView {
  return {
    id: row.id,
    savedAt: row.savedAt.toISOString(),
    wordCount: row.wordCount,
    wordChange: row.wordChange,
    origin: row.origin as VersionView["origin"],
    model: row.model,
    published: row.published,
    restoredFrom: row.restoredFrom,
    aiWordCount: row.aiWordCount,
    savedBy: row.savedByName === null ? null : { username: row.savedByName },
  };
}
