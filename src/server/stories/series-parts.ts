// 'Part 2 of The Copper Road' for a work's pages (the reader's view, the public page, the chapter pages). Computed
// when those views are built — they are cached, so a cached read costs no query for it — and the caches drop when
// a series changes (series.changed) or a work in one is published, unpublished or edited (app-subscribers.ts).
import { asc, eq, sql } from "drizzle-orm";
import { seriesPath } from "../../shared/routes";
import type { SeriesNeighbour, SeriesPart } from "../../shared/schemas/series";
import type { Db } from "../db/client";
import { series, seriesWorks, stories } from "../db/schema";
import { storyNotModerated } from "../visibility/standing";

/** What decides who may read the work the line is on. */
export interface PartFacts {
  rating: string;
  audience: string;
}

interface WorkRow {
  seriesId: number;
  seriesTitle: string;
  storyId: number;
  title: string;
  rating: string;
  audience: string;
  shown: boolean;
}

/**
 * A neighbour is linked only when whoever may read this work may read it too: shown (published, not moderated), no
 * more restricted by rating (a mature part only beside a mature one) or audience (members-only beside members-only).
 * Anything else is skipped for the nearest part that is, so a hidden part's title never leaks.
 */
const linkable = (row: WorkRow, facts: PartFacts) =>
  row.shown &&
  (row.rating === "general" || facts.rating !== "general") &&
  (row.audience === "everyone" || facts.audience === "members");

/** Every series `storyId` is in, with its place (1-based, in the series' order) and its linkable neighbours. */
export async function seriesPartsOf(db: Db, storyId: number, facts: PartFacts): Promise<SeriesPart[]> {
  const rows: WorkRow[] = await db
    .select({
      seriesId: seriesWorks.seriesId,
      seriesTitle: series.title,
      storyId: seriesWorks.storyId,
      title: stories.title,
      rating: stories.rating,
      audience: stories.audience,
      // Issue 33: an anonymous work is no series' neighbour (the series names its owner), and has no series lines.
      shown: sql<boolean>`(${stories.published} and ${storyNotModerated()} and not ${stories.anonymous})`,
    })
    .from(seriesWorks)
    .innerJoin(series, eq(series.id, seriesWorks.seriesId))
    .innerJoin(stories, eq(stories.id, seriesWorks.storyId))
    .where(sql`${seriesWorks.seriesId} in (select sw.series_id from series_works sw where sw.story_id = ${storyId})
      and not exists (select 1 from stories me where me.id = ${storyId} and me.anonymous)`)
    .orderBy(asc(series.title), asc(seriesWorks.seriesId), asc(seriesWorks.position), asc(seriesWorks.storyId));
  const bySeries = new Map<number, WorkRow[]>();
  for (const row of rows) bySeries.set(row.seriesId, [...(bySeries.get(row.seriesId) ?? []), row]);
  const parts: SeriesPart[] = [];
  for (const works of bySeries.values()) {
    const at = works.findIndex((w) => w.storyId === storyId);
    if (at < 0) continue;
    const neighbour = (step: -1 | 1): SeriesNeighbour | null => {
      for (let i = at + step; i >= 0 && i < works.length; i += step) {
        const w = works[i]!;
        if (linkable(w, facts)) return { id: w.storyId, title: w.title, position: i + 1 };
      }
      return null;
    };
    const first = works[0]!;
    parts.push({
      seriesId: first.seriesId,
      title: first.seriesTitle,
      path: seriesPath(first.seriesId, first.seriesTitle),
      position: at + 1,
      previous: neighbour(-1),
      next: neighbour(1),
    });
  }
  return parts;
}

/**
 * The works whose cached views show a line about the series `storyId` is in (the work itself and every other part
 * of them): what to drop when the work changes in a way its neighbours show (its title, whether it is shown).
 */
export async function seriesNeighboursOf(db: Db, storyIds: readonly number[]): Promise<number[]> {
  if (storyIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: seriesWorks.storyId })
    .from(seriesWorks)
    .where(
      sql`${seriesWorks.seriesId} in (select sw.series_id from series_works sw where sw.story_id in (${sql.join(
        storyIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    );
  return rows.map((r) => r.id);
}

/** The works of one series, in order (what its caches show). */
export async function worksOfSeries(db: Db, seriesId: number): Promise<number[]> {
  const rows = await db
    .select({ id: seriesWorks.storyId })
    .from(seriesWorks)
    .where(eq(seriesWorks.seriesId, seriesId))
    .orderBy(asc(seriesWorks.position), asc(seriesWorks.storyId));
  return rows.map((r) => r.id);
}

/** For the EPUB: the series a work is in, by title, with its place in each. */
export async function seriesPlacesOf(db: Db, storyId: number): Promise<{ title: string; position: number }[]> {
  const rows = await db
    .select({
      title: series.title,
      position: sql<number>`(select count(*)::int from series_works o where o.series_id = ${seriesWorks.seriesId}
        and (o.position, o.story_id) <= (${seriesWorks.position}, ${seriesWorks.storyId}))`,
    })
    .from(seriesWorks)
    .innerJoin(series, eq(series.id, seriesWorks.seriesId))
    .where(eq(seriesWorks.storyId, storyId))
    .orderBy(asc(series.title), asc(series.id));
  return rows.map((r) => ({ title: r.title, position: Number(r.position) }));
}
