// GET /c/{name} (a collection's public page; its feed is feeds/collection-feed.ts) and the page's Subscribe form
// (POST /c/{name}/subscription). NOTE: not kept in the read cache: every filter, sort and page is its own answer and
// the query is bounded by the collection's items (bench/collection-page.ts); a signed-in viewer gets the top bar and
// the Subscribe slot drawn for them.
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { collectionPath, ROUTES } from "../../shared/routes";
import { loadSession } from "../accounts/sessions";
import { type CollectionRow, findCollection, maintainerRole } from "../collections/access";
import { CollectionPageQuery, loadCollectionWorks } from "../collections/page-query";
import {
  isSubscribedToCollection,
  listMaintainers,
  subscribeToCollection,
  unsubscribeFromCollection,
} from "../collections/queries";
import type { Db } from "../db/client";
import { giftExchanges } from "../db/schema";
import { sameOrigin } from "../http/form-origin";
import { packPage, sendPublicPage } from "../html/send-page";
import { sendViewerPage, signedInViewer, withSignedInNav } from "./signed-in-slot";
import { collectionSubscribeSlot, pageHref, renderCollectionPage } from "./collection-template";

const SLOT = /<div class="subscribe" id="subscribe">.*?<\/div>/s;
const NAME = /^[a-z0-9_]{3,40}$/;

export async function lookupCollection(db: Db, raw: string): Promise<CollectionRow | undefined> {
  return NAME.test(raw) ? findCollection(db, raw) : undefined;
}

export async function collectionPageRoutes(app: FastifyInstance): Promise<void> {
  const appUrl = () => app.deps.config.APP_URL;

  app.get<{ Params: { name: string } }>("/c/:name", async (request, reply) => {
    const c = await lookupCollection(request.readDb, request.params.name);
    if (!c) return reply.callNotFound();
    const query = CollectionPageQuery.parse(request.query ?? {});
    const { cards, total, more } = await loadCollectionWorks(request.readDb, c.id, query);
    const path = pageHref(c.name, query, query.page);
    const html = renderCollectionPage({
      collection: c,
      maintainers: await listMaintainers(request.readDb, c.id),
      cards,
      total,
      more,
      query,
      canonicalUrl: appUrl() + path,
      exchange: await hasExchange(request.readDb, c.id),
    });
    const user = await signedInViewer(request, reply);
    if (user) {
      const slot = collectionSubscribeSlot(c.name, {
        subscribed: await isSubscribedToCollection(request.db, c.id, user.id),
        maintainer: (await maintainerRole(request.db, c.id, user.id)) !== null,
      });
      return sendViewerPage(
        reply,
        withSignedInNav(html, user.username).replace(SLOT, () => slot),
      );
    }
    return sendPublicPage(request, reply, currentPath(request), { ...packPage(currentPath(request), html) });
  });

  // The page's form posts one field; parsed in this plugin only (the rest of the app takes JSON alone).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post<{ Params: { name: string }; Body: { on?: string } }>("/c/:name/subscription", async (request, reply) => {
    if (!sameOrigin(request, appUrl())) return reply.status(403).send("Cross-origin request refused");
    const c = await lookupCollection(request.db, request.params.name);
    if (!c) return reply.callNotFound();
    await loadSession(app, request, reply);
    const user = request.user;
    if (!user) return reply.redirect(ROUTES.auth, 303);
    if (request.body?.on === "0") await unsubscribeFromCollection(request.db, c.name, user.id);
    else await subscribeToCollection(request.db, c.name, user.id, app.deps.now());
    return reply.redirect(`${collectionPath(c.name)}#subscribe`, 303);
  });
}

async function hasExchange(db: Db, collectionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: giftExchanges.collectionId })
    .from(giftExchanges)
    .where(eq(giftExchanges.collectionId, collectionId))
    .limit(1);
  return row !== undefined;
}

/** The path as asked (query included), so sendPublicPage never redirects a filtered page to its first one. */
const currentPath = (request: FastifyRequest) => request.url;
