// GET /series/{id}-{slug}/feed.atom: a series' works as they were added, newest first, kept in the read cache with
// the series' page (readCacheKey.series).
import type { FastifyInstance } from "fastify";
import { ATOM_TYPE } from "../../shared/chapters";
import { authorPath, publicStoryPath, seriesPath } from "../../shared/routes";
import type { Db } from "../db/client";
import { packPage, pageSize, type PublicPage, sendPublicPage } from "../html/send-page";
import { readCacheKey } from "../read-cache/read-cache";
import { findSeries, loadSeriesFeedWorks, parseRef, seriesFeedPath } from "../series/feed-query";
import { renderAtomFeed, tagUri } from "./atom";

const FEED_TYPE = `${ATOM_TYPE}; charset=utf-8`;

export async function buildSeriesFeed(db: Db, appUrl: string, id: number): Promise<PublicPage | undefined> {
  const head = await findSeries(db, id);
  if (!head) return undefined;
  const works = await loadSeriesFeedWorks(db, id);
  const path = seriesFeedPath(head.id, head.title);
  const xml = renderAtomFeed({
    id: tagUri(appUrl, head.createdAt, `series/${head.id}`),
    title: head.title,
    subtitle: head.description.trim() || undefined,
    updated: new Date(Math.max(head.createdAt.getTime(), ...works.map((w) => w.addedAt.getTime()))),
    selfUrl: appUrl + encodeURI(path),
    htmlUrl: appUrl + encodeURI(seriesPath(head.id, head.title)),
    author: { name: head.ownerName, uri: appUrl + authorPath(head.ownerName) },
    generatorUri: appUrl,
    entries: works.map((w) => ({
      id: tagUri(appUrl, w.createdAt, `story/${w.id}`),
      title: `Part ${w.position}: ${w.title}`,
      url: appUrl + encodeURI(publicStoryPath(w.id, w.title)),
      published: w.addedAt,
      updated: w.addedAt,
      summary: w.description?.trim() || undefined,
      ai: w,
    })),
  });
  return packPage(path, xml);
}

export async function seriesFeedRoutes(app: FastifyInstance): Promise<void> {
  const appUrl = () => app.deps.config.APP_URL;
  app.get<{ Params: { ref: string } }>("/series/:ref/feed.atom", async (request, reply) => {
    const id = parseRef(request.params.ref);
    const feed =
      id === undefined
        ? undefined
        : await app.readCache.remember(
            readCacheKey.series(id, "feed"),
            () => buildSeriesFeed(request.readDb, appUrl(), id),
            pageSize,
          );
    return sendPublicPage(request, reply, `/series/${request.params.ref}/feed.atom`, feed, FEED_TYPE);
  });
}
