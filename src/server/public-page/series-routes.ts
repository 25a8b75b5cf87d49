// GET /series/{id}-{slug} (the series' public page; its feed is feeds/series-feed.ts) and the page's
// Subscribe form (POST /series/{id}/subscription). Pages are built for a signed-out visitor and kept in the read
// cache (readCacheKey.series: dropped with Discover, so with every story write, and by series.changed); a signed-in
// viewer gets the same bytes with the top bar and the Subscribe slot redrawn, never cached. A wrong slug is a 301.
import type { FastifyInstance } from "fastify";
import { ROUTES, seriesPath } from "../../shared/routes";
import { loadSession } from "../accounts/sessions";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { sameOrigin } from "../http/form-origin";
import { packPage, pageSize, type PublicPage, sendPublicPage, varyOnCookie } from "../html/send-page";
import { sendViewerPage, signedInViewer, withSignedInNav } from "../public-page/signed-in-slot";
import { readCacheKey } from "../read-cache/read-cache";
import { renderSeriesPage, subscribeSlot } from "./series-template";
import { getSeriesOrThrow, isSubscribedToSeries, loadSeriesCards } from "../series/queries";
import { findSeries, parseRef, seriesFeedPath } from "../series/feed-query";
import { subscribeToSeries, unsubscribeFromSeries } from "../series/subscriptions";

export async function buildSeriesPage(db: Db, appUrl: string, id: number): Promise<PublicPage | undefined> {
  const head = await findSeries(db, id);
  if (!head) return undefined;
  const path = seriesPath(head.id, head.title);
  const works = await loadSeriesCards(db, id, null);
  const html = renderSeriesPage({
    head,
    works,
    path,
    feedPath: seriesFeedPath(head.id, head.title),
    canonicalUrl: appUrl + encodeURI(path),
  });
  return packPage(path, html);
}

const SLOT = /<div class="subscribe" id="subscribe">.*?<\/div>/s;

export async function seriesPageRoutes(app: FastifyInstance): Promise<void> {
  const appUrl = () => app.deps.config.APP_URL;

  app.get<{ Params: { ref: string } }>("/series/:ref", { onSend: varyOnCookie }, async (request, reply) => {
    const id = parseRef(request.params.ref);
    const page =
      id === undefined
        ? undefined
        : await app.readCache.remember(
            readCacheKey.series(id, "page"),
            () => buildSeriesPage(request.readDb, appUrl(), id),
            pageSize,
          );
    const requested = `/series/${request.params.ref}`;
    if (page && id !== undefined && page.path === requested) {
      const user = await signedInViewer(request, reply);
      if (user) {
        const head = await getSeriesOrThrow(request.db, id);
        const subscribed = head.ownerId === user.id ? null : await isSubscribedToSeries(request.db, id, user.id);
        const html = withSignedInNav(page.identity.toString("utf8"), user.username).replace(SLOT, () =>
          subscribeSlot(id, { subscribed }),
        );
        return sendViewerPage(reply, html);
      }
    }
    return sendPublicPage(request, reply, requested, page);
  });

  // The page's form posts one field; parsed in this plugin only (the rest of the app takes JSON alone).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post<{ Params: { id: string }; Body: { on?: string } }>("/series/:id/subscription", async (request, reply) => {
    if (!sameOrigin(request, appUrl())) return reply.status(403).send("Cross-origin request refused");
    const id = parseRef(request.params.id);
    if (id === undefined) return reply.callNotFound();
    await loadSession(app, request, reply);
    const user = request.user;
    if (!user) return reply.redirect(ROUTES.auth, 303);
    const head = await findSeries(request.db, id);
    if (!head) return reply.callNotFound();
    if (request.body?.on === "0") await unsubscribeFromSeries(request.db, id, user.id);
    // NOTE: a refused subscription (the owner blocked the reader) changes nothing and says nothing, like the API's 403.
    else await subscribeToSeries(request.db, id, user.id, app.deps.now()).catch(refusedAsNothing);
    return reply.redirect(`${encodeURI(seriesPath(head.id, head.title))}#subscribe`, 303);
  });
}

const refusedAsNothing = (error: unknown): void => {
  if (error instanceof AppError && error.code === "UNAVAILABLE") return;
  throw error;
};
