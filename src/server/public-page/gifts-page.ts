// GET /u/{name}/gifts: the works gifted to a user, rendered here as HTML with no script, like the author page (its
// 'Gifts' tab). Like that page it is one signed-out view, kept in the read cache with the author pages: it lists
// only works anyone may read (published, general, for everyone, not moderated), newest gift first.
import { creatorLink } from "../html/byline";
import { creatorNameShownTo, STORIES } from "../policies/anonymity";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { authorGiftsPath, publicStoryPath } from "../../shared/routes";
import type { Db } from "../db/client";
import { stories, storyGifts, users } from "../db/schema";
import { htmlDocument } from "../html/document";
import { escapeHtml as e } from "../html/escape";
import { packPage, pageSize, type PublicPage, sendPublicPage, varyOnCookie } from "../html/send-page";
import { PAGE_CSS, pageHead, plural, SITE_FOOTER, SITE_HEADER } from "../html/site";
import { readableBy } from "../policies/visibility";
import { findAuthorByName, type PublicAuthor } from "./author-query";
import { authorTabs, initialOf } from "./author-template";
import { readCacheKey } from "../read-cache/read-cache";

/** The tab lists this many gifts, newest first. */
export const GIFTS_PAGE_WORKS = 50;
const NAME = /^[\p{L}\p{N}_.-]{1,64}$/u;
/** Thrown out of a build so the read cache keeps no answer for a name nobody has. */
const NOBODY = Symbol("nobody");

interface GiftedWork {
  id: number;
  title: string;
  description: string | null;
  author: string;
}

export async function loadGiftedWorks(db: Db, recipientId: number): Promise<GiftedWork[]> {
  return db
    .select({
      id: stories.id,
      title: stories.title,
      description: stories.description,
      author: creatorNameShownTo(STORIES, null, users.username),
    })
    .from(storyGifts)
    .innerJoin(stories, eq(stories.id, storyGifts.storyId))
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(and(eq(storyGifts.userId, recipientId), isNull(storyGifts.refusedAt), readableBy(null)))
    .orderBy(desc(storyGifts.createdAt), desc(stories.id))
    .limit(GIFTS_PAGE_WORKS);
}

function card(work: GiftedWork, recipient: string): string {
  const summary = work.description?.trim();
  return `<li class="work"><article aria-labelledby="w${work.id}">
<h3 id="w${work.id}"><a href="${e(encodeURI(publicStoryPath(work.id, work.title)))}">${e(work.title)}</a></h3>
<p class="by">by ${creatorLink(work.author)} · For ${e(recipient)}</p>
${summary ? `<p>${e(summary)}</p>` : ""}
</article></li>`;
}

export function renderGiftsPage(author: PublicAuthor, works: GiftedWork[], canonicalUrl: string): string {
  const name = e(author.username);
  const list =
    works.length > 0
      ? `<ol>${works.map((w) => card(w, author.username)).join("\n")}</ol>`
      : `<p class="empty">No gifts for ${name} yet.</p>`;
  return htmlDocument(
    `${pageHead({ title: `Gifts for ${name} · FicForge`, description: `Works gifted to ${name} on FicForge.`, canonicalUrl, ogType: "profile", ogTitle: `Gifts for ${name}` })}
<style>${PAGE_CSS}</style>`,
    `<a class="skip" href="#works">Skip to the gifts</a>
${SITE_HEADER}
<main>
<header class="hero author"><div class="in">
<span class="avatar" aria-hidden="true">${e(initialOf(author.username))}</span>
<div><h1>${name}</h1>
<ul class="meta" aria-label="About these gifts"><li>${plural(works.length, "gift", "gifts")}</li></ul></div>
</div></header>
<section class="page works" id="works" aria-labelledby="works-title">
${authorTabs(author.username, "gifts")}
<h2 id="works-title">Gifts for ${name}</h2>
${list}
</section>
</main>
${SITE_FOOTER}`,
  );
}

export async function buildGiftsPage(db: Db, appUrl: string, name: string): Promise<PublicPage | undefined> {
  const author = await findAuthorByName(db, name);
  if (!author) return undefined;
  const path = authorGiftsPath(author.username);
  return packPage(path, renderGiftsPage(author, await loadGiftedWorks(db, author.id), appUrl + encodeURI(path)));
}

export async function giftsPageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string } }>("/u/:name/gifts", { onSend: varyOnCookie }, async (request, reply) => {
    const { name } = request.params;
    if (!NAME.test(name)) {
      reply.callNotFound();
      return reply;
    }
    // NOTE: an unknown name is not kept (it may be registered tomorrow); the page goes with the author pages.
    const key = `${readCacheKey.author(name)}:gifts`;
    const page = await app.readCache
      .remember(
        key,
        async () => (await buildGiftsPage(request.readDb, app.deps.config.APP_URL, name)) ?? Promise.reject(NOBODY),
        pageSize,
      )
      .catch((error: unknown) => {
        if (error === NOBODY) return undefined;
        throw error;
      });
    return sendPublicPage(request, reply, authorGiftsPath(name), page);
  });
}
