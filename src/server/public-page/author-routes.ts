// GET /u/{name}: an author's public page, rendered here as HTML with no script, like /s/. Unknown names get the app's
// 404 page; a name in another case a 301 to the author's own spelling, and a name given up in a rename a 301 to the
// name the account has today.
import type { FastifyInstance } from "fastify";
import { authorPath } from "../../shared/routes";
import { varyOnCookie } from "../html/send-page";
import { sendViewerAuthorPage } from "./author-follow";
import { followerCount } from "../community/follows";
import type { Db } from "../db/client";
import { readCacheKey } from "../read-cache/read-cache";
import { countPublicWorks, findAuthorByName, findRenamedAuthor, loadPublicWorks } from "./author-query";
import { renderAuthorPage } from "./author-template";
import type { AiFilter } from "../../shared/ai-label";
import { aiFromQuery, aiQuery, effectiveAiFilter } from "../visibility/ai-filter";
import { signedInViewer } from "./signed-in-slot";
import { PUBLIC_PAGE_CACHE_CONTROL, type PublicPage, packPage, pageSize, sendPublicPage } from "../html/send-page";

/** Wider than any name the sign-up and profile rules allow; anything else is nobody's and costs no query. */
const NAME = /^[\p{L}\p{N}_.-]{1,64}$/u;

/** Renders the page of the author named `name` (any case), or undefined when nobody has that name. */
export async function buildAuthorPage(
  db: Db,
  appUrl: string,
  name: string,
  before?: number,
  ai: AiFilter = "any",
): Promise<PublicPage | undefined> {
  const author = await findAuthorByName(db, name);
  if (!author) return undefined;
  const { works, next, hiddenByAi } = await loadPublicWorks(db, author.id, { before, ai });
  // NOTE: counted from the rows when one page holds them all (the NSFW rule on the text is checked there too); the
  // count is of every work, whatever the reader's AI filter.
  const total = !before && next === null && ai === "any" ? works.length : await countPublicWorks(db, author.id);
  const home = authorPath(author.username);
  const path = before ? olderPath(home, before) : home;
  const keep = aiQuery(ai, "&");
  const followers = await followerCount(db, author.id);
  return packPage(
    path,
    renderAuthorPage({
      author,
      works,
      total,
      older: next === null ? null : olderPath(home, next) + keep,
      newest: before ? home + aiQuery(ai) : null,
      ai,
      hiddenByAi,
      showAll: before ? `${path}&ai=any` : `${path}?ai=any`,
      canonicalUrl: appUrl + path,
      appUrl,
      followers,
    }),
  );
}

const olderPath = (home: string, before: number) => `${home}?before=${before}`;
/** A story id, as the 'Older stories' link writes it; anything else is no page of ours. */
const BEFORE = /^[1-9][0-9]{0,9}$/;

/** Thrown out of a build so the read cache keeps no answer: a name nobody has today may be registered tomorrow. */
const NOBODY = Symbol("nobody");

export async function authorPageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string }; Querystring: { before?: string; ai?: string } }>(
    "/u/:name",
    { onSend: varyOnCookie },
    async (request, reply) => {
      const { name } = request.params;
      const fromUrl = aiFromQuery(request.query);
      // The AI filter: the URL's, else a signed-in reader's preference; the cached page is the filter's.
      const ai = effectiveAiFilter(fromUrl, await signedInViewer(request, reply));
      const raw = request.query.before;
      const before = raw !== undefined && BEFORE.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined;
      if (!NAME.test(name) || (raw !== undefined && before === undefined)) {
        reply.callNotFound();
        return reply;
      }
      // Kept under the lower-cased name until a story, Discover or an author changes (read-cache.ts, author-views.ts).
      const page = await app.readCache
        .remember(
          readCacheKey.author(name, before) + (ai === "any" ? "" : `:ai=${ai}`),
          async () =>
            (await buildAuthorPage(request.readDb, app.deps.config.APP_URL, name, before, ai)) ??
            Promise.reject(NOBODY),
          pageSize,
        )
        .catch((error: unknown) => {
          if (error === NOBODY) return undefined;
          throw error;
        });
      if (!page) {
        // A name given up in a rename leads to the account's page under its name today. Not cached: the name may be
        // taken by someone else at any moment, and then it is theirs (found above, before this).
        const renamed = await findRenamedAuthor(request.readDb, name);
        if (renamed) {
          return reply
            .header("cache-control", PUBLIC_PAGE_CACHE_CONTROL)
            .redirect(encodeURI(authorPath(renamed)) + aiQuery(fromUrl ?? "any"), 301);
        }
      }
      // A signed-in viewer gets the page with their own 'Follow' form, never cached (public-page/author-follow.ts).
      const requested = before ? olderPath(authorPath(name), before) : authorPath(name);
      if (page?.path === requested && (await sendViewerAuthorPage(request, reply, page.identity, name))) return reply;
      return sendPublicPage(request, reply, requested, page);
    },
  );
}
