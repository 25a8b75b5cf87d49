// GET /c/{name}/feed.atom: a collection's newest works as they came into it (issue 33). An anonymous work's entry
// names 'Anonymous'; an unrevealed one is left out. Built per request, like the page (public-page/collection-routes.ts).
import type { FastifyInstance } from "fastify";
import { ATOM_TYPE } from "../../shared/chapters";
import { authorPath, collectionPath, publicStoryPath } from "../../shared/routes";
import type { CollectionRow } from "../collections/access";
import { loadCollectionFeedWorks } from "../collections/page-query";
import { listMaintainers } from "../collections/queries";
import type { Db } from "../db/client";
import { packPage, sendPublicPage } from "../html/send-page";
import { lookupCollection } from "../public-page/collection-routes";
import { renderAtomFeed, tagUri } from "./atom";

const FEED_TYPE = `${ATOM_TYPE}; charset=utf-8`;

export async function buildCollectionFeed(db: Db, appUrl: string, c: CollectionRow): Promise<string> {
  const works = await loadCollectionFeedWorks(db, c.id);
  const [owner] = await listMaintainers(db, c.id);
  return renderAtomFeed({
    id: tagUri(appUrl, c.createdAt, `collection/${c.id}`),
    title: c.title,
    subtitle: c.description.trim() || undefined,
    updated: new Date(Math.max(c.createdAt.getTime(), ...works.map((w) => w.addedAt.getTime()))),
    selfUrl: `${appUrl}${collectionPath(c.name)}/feed.atom`,
    htmlUrl: appUrl + collectionPath(c.name),
    author: { name: owner?.username ?? c.title, uri: owner ? appUrl + authorPath(owner.username) : undefined },
    generatorUri: appUrl,
    entries: works.map((w) => ({
      id: tagUri(appUrl, w.createdAt, `story/${w.id}`),
      title: w.title,
      url: appUrl + encodeURI(publicStoryPath(w.id, w.title)),
      published: w.addedAt,
      updated: w.addedAt,
      summary: w.description?.trim() || undefined,
      author: w.authorName ? { name: w.authorName, uri: appUrl + authorPath(w.authorName) } : { name: "Anonymous" },
      ai: { aiLabel: w.aiLabel as "none", aiShare: w.aiShare },
    })),
  });
}

export async function collectionFeedRoutes(app: FastifyInstance): Promise<void> {
  const appUrl = () => app.deps.config.APP_URL;
  app.get<{ Params: { name: string } }>("/c/:name/feed.atom", async (request, reply) => {
    const c = await lookupCollection(request.readDb, request.params.name);
    if (!c) return reply.callNotFound();
    const path = `${collectionPath(c.name)}/feed.atom`;
    const xml = await buildCollectionFeed(request.readDb, appUrl(), c);
    return sendPublicPage(request, reply, path, packPage(path, xml), FEED_TYPE);
  });
}
