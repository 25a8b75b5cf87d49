// Issue 29: /sitemap.xml for search engines, a sitemap index whose pages hold at most 50,000 URLs: the public works'
// pages and chapter pages, author pages, tag pages and (issue 30) series pages. Members-only, mature, unpublished and
// moderated works (and suspended authors') are never in it: a work is listed when a visitor may read it (readableBy(null)).
// Pages are ranges of ids (works, authors) or hash buckets (tags), so no page reads more than its own range, and
// the index needs only the highest ids and the tag count; everything is cached for an hour.
import { and, between, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { authorPath, publicStoryPath, seriesPath } from "../../shared/routes";
import { publicChapterPath } from "../../shared/chapters";
import { tagPath } from "../../shared/tagging";
import type { Db } from "../db/client";
import { freeTags, series, stories, storyChapters, storyFreeTags, users } from "../db/schema";
import { escapeXml } from "../html/escape";
import { packPage, type PublicPage, sendPublicPage } from "../html/send-page";
import { readableBy } from "../policies/story";

/** The sitemap protocol's cap on URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapSizes {
  /** Work ids per page; each work gives its page and up to `chaptersPerWork` chapter pages. */
  worksPerPage: number;
  chaptersPerWork: number;
  /** Author ids per page. */
  authorsPerPage: number;
  /** Tags per hash bucket, on average. */
  tagsPerPage: number;
}

// NOTE: 10,000 works × (1 + 4 chapters) and 50,000 authors stay at the cap; tag buckets aim at 40,000 so a bucket
// that draws more than its share still fits (it is cut at the cap, in key order).
export const SITEMAP_SIZES: SitemapSizes = {
  worksPerPage: 10_000,
  chaptersPerWork: 4,
  authorsPerPage: SITEMAP_MAX_URLS,
  tagsPerPage: 40_000,
};

const XML_TYPE = "application/xml; charset=utf-8";
const CACHE_MS = 3_600_000;

const urlset = (entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
const urlEntry = (loc: string, lastmod?: Date) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;

async function pageCounts(db: Db, sizes: SitemapSizes) {
  const [maxStory] = await db.select({ id: sql<number | null>`max(${stories.id})` }).from(stories);
  const [maxUser] = await db.select({ id: sql<number | null>`max(${users.id})` }).from(users);
  // NOTE: the planner answers max(id) from the primary key's end; the tag count reads free_tags once an hour.
  const [tagCount] = await db.select({ n: sql<number>`count(*)::int` }).from(freeTags);
  const [maxSeries] = await db.select({ id: sql<number | null>`max(${series.id})` }).from(series);
  return {
    // Issue 30: series pages, by ranges of ids as authors are.
    series: Math.max(1, Math.ceil((maxSeries?.id ?? 0) / sizes.authorsPerPage)),
    works: Math.max(1, Math.ceil((maxStory?.id ?? 0) / sizes.worksPerPage)),
    authors: Math.max(1, Math.ceil((maxUser?.id ?? 0) / sizes.authorsPerPage)),
    tags: Math.max(1, Math.ceil((tagCount?.n ?? 0) / sizes.tagsPerPage)),
  };
}

export async function buildSitemapIndex(db: Db, appUrl: string, sizes = SITEMAP_SIZES): Promise<string> {
  const counts = await pageCounts(db, sizes);
  const pages = (kind: string, n: number) =>
    Array.from(
      { length: n },
      (_, i) => `<sitemap><loc>${escapeXml(`${appUrl}/sitemaps/${kind}-${i + 1}.xml`)}</loc></sitemap>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[
    ...pages("works", counts.works),
    ...pages("authors", counts.authors),
    ...pages("tags", counts.tags),
    ...pages("series", counts.series),
  ].join("\n")}\n</sitemapindex>\n`;
}

async function worksPage(db: Db, appUrl: string, page: number, sizes: SitemapSizes): Promise<string[]> {
  const from = (page - 1) * sizes.worksPerPage + 1;
  const to = page * sizes.worksPerPage;
  const rows = await db
    .select({ id: stories.id, title: stories.title, updatedAt: stories.updatedAt })
    .from(stories)
    .where(and(between(stories.id, from, to), readableBy(null)))
    .orderBy(stories.id);
  if (rows.length === 0) return [];
  const chapters = await db
    .select({ storyId: storyChapters.storyId, n: sql<number>`max(${storyChapters.n})::int` })
    .from(storyChapters)
    .where(and(between(storyChapters.storyId, from, to), isNull(storyChapters.removedAt)))
    .groupBy(storyChapters.storyId);
  const count = new Map(chapters.map((c) => [c.storyId, c.n]));
  return rows.flatMap((row) => {
    const n = count.get(row.id) ?? 1;
    // A one-chapter work's chapter page is its own page (the canonical), so only works of several list chapters.
    const listed = n > 1 ? Math.min(n, sizes.chaptersPerWork) : 0;
    return [
      urlEntry(appUrl + encodeURI(publicStoryPath(row.id, row.title)), row.updatedAt),
      ...Array.from({ length: listed }, (_, i) =>
        urlEntry(appUrl + encodeURI(publicChapterPath(row.id, row.title, i + 1))),
      ),
    ];
  });
}

async function authorsPage(db: Db, appUrl: string, page: number, sizes: SitemapSizes): Promise<string[]> {
  const from = (page - 1) * sizes.authorsPerPage + 1;
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(
      and(
        between(users.id, from, page * sizes.authorsPerPage),
        // Issue 33: an anonymous work does not list its creator's page.
        sql`exists (select 1 from ${stories} where ${stories.authorId} = ${users.id} and ${readableBy(null)}
          and not ${stories.anonymous})`,
      ),
    )
    .orderBy(users.id);
  return rows.map((row) => urlEntry(appUrl + encodeURI(authorPath(row.username))));
}

async function tagsPage(db: Db, appUrl: string, page: number, buckets: number): Promise<string[]> {
  const rows = await db
    .select({ name: freeTags.name })
    .from(freeTags)
    .where(
      and(
        sql`mod(abs(hashtext(${freeTags.key})), ${buckets}) = ${page - 1}`,
        sql`exists (select 1 from ${storyFreeTags} join ${stories} on ${stories.id} = ${storyFreeTags.storyId} where ${storyFreeTags.key} = ${freeTags.key} and ${readableBy(null)})`,
      ),
    )
    .orderBy(freeTags.key)
    .limit(SITEMAP_MAX_URLS);
  return rows.map((row) => urlEntry(appUrl + tagPath(row.name)));
}

/** Issue 30: the series with at least one work a visitor may read. */
async function seriesPage(db: Db, appUrl: string, page: number, sizes: SitemapSizes): Promise<string[]> {
  const from = (page - 1) * sizes.authorsPerPage + 1;
  const rows = await db
    .select({ id: series.id, title: series.title, updatedAt: series.updatedAt })
    .from(series)
    .where(
      and(
        between(series.id, from, page * sizes.authorsPerPage),
        sql`exists (select 1 from series_works sw join ${stories} on ${stories.id} = sw.story_id
          where sw.series_id = ${series.id} and ${readableBy(null)} and not ${stories.anonymous})`,
      ),
    )
    .orderBy(series.id);
  return rows.map((row) => urlEntry(appUrl + encodeURI(seriesPath(row.id, row.title)), row.updatedAt));
}

export async function buildSitemapPage(
  db: Db,
  appUrl: string,
  kind: string,
  page: number,
  sizes = SITEMAP_SIZES,
): Promise<string | undefined> {
  const counts = await pageCounts(db, sizes);
  if (kind === "works" && page <= counts.works) return urlset(await worksPage(db, appUrl, page, sizes));
  if (kind === "authors" && page <= counts.authors) return urlset(await authorsPage(db, appUrl, page, sizes));
  if (kind === "tags" && page <= counts.tags) return urlset(await tagsPage(db, appUrl, page, counts.tags));
  if (kind === "series" && page <= counts.series) return urlset(await seriesPage(db, appUrl, page, sizes));
  return undefined;
}

const PAGE = /^(works|authors|tags|series)-([1-9]\d{0,5})\.xml$/;

export async function sitemapRoutes(app: FastifyInstance, options: { sizes?: SitemapSizes } = {}): Promise<void> {
  const sizes = options.sizes ?? SITEMAP_SIZES;
  // NOTE: kept an hour per instance (a new work reaches search engines within the hour); at most one entry per page.
  const kept = new Map<string, { at: number; page: PublicPage }>();
  const cached = async (path: string, build: () => Promise<string | undefined>) => {
    const now = app.deps.now().getTime();
    const hit = kept.get(path);
    if (hit && now - hit.at < CACHE_MS) return hit.page;
    const xml = await build();
    if (xml === undefined) return undefined;
    const page = packPage(path, xml);
    if (kept.size >= 1_000) kept.delete(kept.keys().next().value as string);
    kept.set(path, { at: now, page });
    return page;
  };
  const appUrl = () => app.deps.config.APP_URL;
  app.get("/sitemap.xml", async (request, reply) => {
    const page = await cached("/sitemap.xml", () => buildSitemapIndex(request.readDb, appUrl(), sizes));
    return sendPublicPage(request, reply, "/sitemap.xml", page, XML_TYPE);
  });
  app.get<{ Params: { file: string } }>("/sitemaps/:file", async (request, reply) => {
    const match = PAGE.exec(request.params.file);
    if (!match) {
      reply.callNotFound();
      return reply;
    }
    const path = `/sitemaps/${request.params.file}`;
    const page = await cached(path, () =>
      buildSitemapPage(request.readDb, appUrl(), match[1]!, Number(match[2]), sizes),
    );
    return sendPublicPage(request, reply, path, page, XML_TYPE);
  });
}
