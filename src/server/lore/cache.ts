// The lorebooks Marin chose from lately, per database and story, so a chat does not read 500 entries every time.
// NOTE: each use first asks the database for a fingerprint of the story's entries, its series' entries and its packs'
// entries (counts, sums of ids and of change times: one row, computed in SQL), so a change made on any instance,
// through any route (lore's, series' or canon's: add, edit, delete, copy, pack deletion; a story joining or leaving a
// series, a series renamed), is seen at once. Sums rather than maxima: an edit
// stamped earlier than the newest entry (a clock set back, a copy stamped by the app's clock) still changes them.
// Only the rows themselves are kept here. Least recently used stories go first past the entry budget.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { LoreCandidate } from "./select";

/** Entries kept at most per database (about 50 MB at the longest descriptions; far less in practice). */
export const LORE_CACHE_ENTRIES = 20_000;

interface Cached {
  fingerprint: string;
  candidates: LoreCandidate[];
}

class LoreCache {
  private readonly stories = new Map<number, Cached>();
  private size = 0;

  get(storyId: number, fingerprint: string): LoreCandidate[] | null {
    const hit = this.stories.get(storyId);
    if (!hit || hit.fingerprint !== fingerprint) return null;
    // Map order is insertion order: moving it to the end marks it recently used.
    this.stories.delete(storyId);
    this.stories.set(storyId, hit);
    return hit.candidates;
  }

  set(storyId: number, value: Cached): void {
    this.drop(storyId);
    this.stories.set(storyId, value);
    this.size += value.candidates.length;
    for (const oldest of this.stories.keys()) {
      if (this.size <= LORE_CACHE_ENTRIES) break;
      this.drop(oldest);
    }
  }

  private drop(storyId: number): void {
    const old = this.stories.get(storyId);
    if (!old) return;
    this.size -= old.candidates.length;
    this.stories.delete(storyId);
  }
}

const caches = new WeakMap<Db, LoreCache>();
export function loreCache(db: Db): LoreCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LoreCache();
    caches.set(db, cache);
  }
  return cache;
}

/** One row that changes whenever an entry the story would use is added, changed or deleted, or its packs change. */
export async function loreFingerprint(db: Db, story: { id: number; authorId: number }, fandoms: string[]) {
  const packs =
    fandoms.length === 0
      ? sql`''`
      : sql`(select count(*) || ':' || coalesce(sum(e.id), 0) || ':' || coalesce(sum(extract(epoch from e.updated_at)), 0)
            || ':' || coalesce(string_agg(distinct p.id || '=' || p.fandom, ','), '')
           from canon_packs p join lore_entries e on e.canon_pack_id = p.id
           where p.owner_id = ${story.authorId}
             and lower(p.fandom) in (${sql.join(
               fandoms.map((f) => sql`${f}`),
               sql`, `,
             )}))`;
  const result = await db.execute(sql`select
    (select count(*) || ':' || coalesce(sum(id), 0) || ':' || coalesce(sum(extract(epoch from updated_at)), 0)
       from lore_entries where story_id = ${story.id}) as own,
    (select count(e.id) || ':' || coalesce(sum(e.id), 0) || ':' || coalesce(sum(extract(epoch from e.updated_at)), 0)
        || ':' || coalesce(string_agg(distinct s.id || '=' || s.title, ','), '')
       from series_works w join series s on s.id = w.series_id left join lore_entries e on e.series_id = s.id
       where w.story_id = ${story.id}) as series,
    ${packs} as packs`);
  const [row] = (result as unknown as { rows: { own: string; series: string; packs: string }[] }).rows;
  return `${row?.own}|${row?.series}|${row?.packs}|${fandoms.join("\u0001")}`;
}
