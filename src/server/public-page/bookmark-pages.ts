// Issue 30: public bookmarks, server-rendered with no script like the author page. /u/{name}/bookmarks lists a
// reader's bookmarks that are not private, newest first, with their notes, tags and Rec mark; /s/{id}-{slug}/bookmarks
// ('Bookmarks of this work') lists readers' public bookmarks of one work. Works follow the public pages' gate
// (published, general, not moderated; members-only ones for signed-in viewers only), bookmarks by suspended readers
// are left out, and a signed-in viewer does not see bookmarks by people they block or mute.
import { ANONYMOUS_CREATOR, creatorNameShownTo, STORIES } from "../policies/anonymity";
import { and, desc, eq, lt, or, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { authorBookmarksPath, authorPath, publicStoryPath, storyBookmarksPath } from "../../shared/routes";
import type { Db } from "../db/client";
import { bookmarks, stories, users } from "../db/schema";
import { aiBadgeChip } from "../html/ai-badge";
import { htmlDocument } from "../html/document";
import { escapeHtml as e } from "../html/escape";
import { PUBLIC_PAGE_CACHE_CONTROL, READER_PAGE_CACHE_CONTROL } from "../html/send-page";
import { withReaderSettings } from "../html/reader-variant";
import { readerCookieOf } from "../http/reader-cookie";
import { PAGE_CSS, pageHead, SITE_FOOTER, SITE_HEADER } from "../html/site";
import { styleOnlyCsp } from "../html/document";
import { notHiddenFrom } from "../safety/blocks";
import { aiFields } from "../visibility/ai-filter";
import { inGoodStanding, storyNotModerated } from "../visibility/standing";
import { findAuthorByName, findRenamedAuthor } from "./author-query";
import { publicStoryId } from "./routes";
import { signedInViewer, withSignedInNav } from "./signed-in-slot";
import { readersWordCount } from "../chapters/held-from";

export const BOOKMARK_PAGE_SIZE = 30;

interface PublicBookmark {
  id: number;
  at: Date;
  note: string | null;
  tags: string[];
  rec: boolean;
  story: { id: number; title: string; author: string; aiLabel: string; aiShare: number };
  reader: string;
}

/** Works whose bookmarks a public page may show: the public story page's gate, members-only ones to members. */
function publicWork(signedIn: boolean): SQL {
  return and(
    eq(stories.published, true),
    storyNotModerated(),
    eq(stories.rating, "general"),
    signedIn ? undefined : eq(stories.audience, "everyone"),
  )!;
}

/** `before` as the pager writes it: the last item's time (ms) and id. */
const CURSOR = /^(\d{1,15})_(\d{1,10})$/;
function parseCursor(raw: string | undefined): { at: Date; id: number } | null | undefined {
  if (raw === undefined) return null;
  const m = CURSOR.exec(raw);
  return m ? { at: new Date(Number(m[1])), id: Number(m[2]) } : undefined;
}
const cursorOf = (b: PublicBookmark) => `${b.at.getTime()}_${b.id}`;

async function loadBookmarks(
  db: Db,
  where: SQL,
  viewerId: number | null,
  before: { at: Date; id: number } | null,
): Promise<{ items: PublicBookmark[]; next: string | null }> {
  const readers = sql`(select u.username from users u where u.id = ${bookmarks.userId})`;
  const rows = await db
    .select({
      id: bookmarks.id,
      at: bookmarks.createdAt,
      note: bookmarks.note,
      tags: bookmarks.tags,
      rec: bookmarks.rec,
      storyId: stories.id,
      title: stories.title,
      // Issue 33: 'Anonymous' for an anonymous work's creator (shared pages).
      author: creatorNameShownTo(STORIES, null, users.username),
      aiLabel: stories.aiLabel,
      // Issue 31: without the chapters a scheduled release holds back.
      wordCount: readersWordCount,
      aiWordCount: stories.aiWordCount,
      reader: sql<string>`${readers}`,
    })
    .from(bookmarks)
    .innerJoin(stories, eq(stories.id, bookmarks.storyId))
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(
      and(
        where,
        eq(bookmarks.private, false),
        inGoodStanding(bookmarks.userId),
        viewerId === null ? undefined : notHiddenFrom(viewerId, bookmarks.userId),
        viewerId === null ? undefined : notHiddenFrom(viewerId, stories.authorId),
        before
          ? or(lt(bookmarks.createdAt, before.at), and(eq(bookmarks.createdAt, before.at), lt(bookmarks.id, before.id)))
          : undefined,
      ),
    )
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.id))
    .limit(BOOKMARK_PAGE_SIZE + 1);
  const items = rows.slice(0, BOOKMARK_PAGE_SIZE).map((row) => ({
    id: row.id,
    at: row.at,
    note: row.note,
    tags: row.tags,
    rec: row.rec,
    reader: row.reader,
    story: { id: row.storyId, title: row.title, author: row.author, ...aiFields(row) },
  }));
  return { items, next: rows.length > BOOKMARK_PAGE_SIZE ? cursorOf(items.at(-1)!) : null };
}

const DATE = (at: Date) =>
  `<time datetime="${at.toISOString()}">${at.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" })}</time>`;

const BOOKMARK_CSS =
  ".bm .note{white-space:pre-line;margin:.5rem 0;color:#1c1530}.bm .who{font-size:.9rem;color:#475569;margin:.25rem 0}.bm .btags{display:flex;flex-wrap:wrap;gap:.35rem;margin:.5rem 0 0;padding:0;list-style:none;font-size:.8rem}.bm .btags li{background:#f5f3ff;border-radius:999px;padding:.1rem .6rem;color:#4c1d95}.bm .rec{display:inline-block;font-size:.75rem;font-weight:700;text-transform:uppercase;letter-spacing:.05em;background:#db2777;color:#fff;border-radius:999px;padding:.1rem .55rem;margin-left:.4rem;vertical-align:middle}";

/** One bookmark: the work (on a reader's page) or the reader (on a work's page), the Rec mark, the note and tags. */
function bookmarkHtml(b: PublicBookmark, side: "reader" | "work"): string {
  const rec = b.rec ? `<span class="rec">Rec</span>` : "";
  const heading =
    side === "reader"
      ? `<h3><a href="${e(encodeURI(publicStoryPath(b.story.id, b.story.title)))}">${e(b.story.title)}</a>${rec}</h3>
<p class="who">by ${b.story.author === ANONYMOUS_CREATOR ? ANONYMOUS_CREATOR : `<a href="${e(authorPath(b.story.author))}">${e(b.story.author)}</a>`} · bookmarked ${DATE(b.at)}</p>`
      : `<h3><a href="${e(authorBookmarksPath(b.reader))}">${e(b.reader)}</a>${rec}</h3>
<p class="who">bookmarked ${DATE(b.at)}</p>`;
  const badge = side === "reader" ? aiBadgeChip(b.story as Parameters<typeof aiBadgeChip>[0]) : "";
  const tags = b.tags.length
    ? `<ul class="btags" aria-label="Bookmark tags">${b.tags.map((t) => `<li>${e(t)}</li>`).join("")}</ul>`
    : "";
  return `<li class="work bm"><article>${heading}${badge ? `<ul class="meta">${badge}</ul>` : ""}${b.note ? `<p class="note">${e(b.note)}</p>` : ""}${tags}</article></li>`;
}

function renderPage(opts: {
  title: string;
  heading: string;
  intro: string;
  canonicalUrl: string;
  items: PublicBookmark[];
  side: "reader" | "work";
  older: string | null;
  newest: string | null;
  empty: string;
}): string {
  const list = opts.items.length
    ? `<ol>${opts.items.map((b) => bookmarkHtml(b, opts.side)).join("\n")}</ol>`
    : `<p class="empty">${opts.empty}</p>`;
  const links = [
    opts.newest ? `<a href="${e(encodeURI(opts.newest))}">Newest bookmarks</a>` : "",
    opts.older ? `<a rel="next" href="${e(encodeURI(opts.older))}">Older bookmarks</a>` : "",
  ].filter(Boolean);
  const pager = links.length ? `<nav class="pager" aria-label="More bookmarks">${links.join(" ")}</nav>` : "";
  return htmlDocument(
    `${pageHead({ title: `${opts.title} · FicForge`, description: e(opts.intro), canonicalUrl: opts.canonicalUrl, ogType: "website", ogTitle: opts.title })}
<style>${PAGE_CSS}${BOOKMARK_CSS}</style>`,
    `<a class="skip" href="#bookmarks">Skip to the bookmarks</a>
${SITE_HEADER}
<main>
<header class="hero author nocover"><div class="in"><div><h1>${opts.heading}</h1><p class="by">${opts.intro}</p></div></div></header>
<section class="page works" id="bookmarks" aria-labelledby="bm-title">
<h2 id="bm-title">${opts.newest ? "Older bookmarks" : "Bookmarks"}</h2>
${list}
${pager}
</section>
</main>
${SITE_FOOTER}`,
  );
}

/** The pages' CSP: the shared stylesheet and the bookmarks' few rules, as one inline style allowed by its hash. */
const BOOKMARK_PAGE_CSP = styleOnlyCsp(`${PAGE_CSS}${BOOKMARK_CSS}`, [
  "img-src 'self'",
  "connect-src 'self'",
  "font-src 'self'",
]);

/** Sends a page built for this viewer: never kept by a shared cache when it is a signed-in viewer's. */
function sendPage(reply: FastifyReply, html: string, username: string | null): FastifyReply {
  const body = withReaderSettings(username ? withSignedInNav(html, username) : html, readerCookieOf(reply.request));
  return reply
    .header("content-security-policy", BOOKMARK_PAGE_CSP)
    .header(
      "cache-control",
      username ? "private, no-store" : body === html ? PUBLIC_PAGE_CACHE_CONTROL : READER_PAGE_CACHE_CONTROL,
    )
    .header("vary", "Accept-Encoding, Cookie")
    .type("text/html; charset=utf-8")
    .send(body);
}

export async function bookmarkPageRoutes(app: FastifyInstance): Promise<void> {
  const appUrl = app.deps.config.APP_URL;

  app.get<{ Params: { name: string }; Querystring: { before?: string } }>(
    "/u/:name/bookmarks",
    async (request, reply) => {
      const before = parseCursor(request.query.before);
      const author = before === undefined ? undefined : await findAuthorByName(request.readDb, request.params.name);
      if (!author || before === undefined) {
        const renamed = before === null ? await findRenamedAuthor(request.readDb, request.params.name) : undefined;
        if (renamed) return reply.redirect(encodeURI(authorBookmarksPath(renamed)), 301);
        reply.callNotFound();
        return reply;
      }
      const home = authorBookmarksPath(author.username);
      // A name in another case leads to the reader's own spelling.
      if (request.params.name !== author.username) {
        return reply.redirect(encodeURI(home) + (request.query.before ? `?before=${request.query.before}` : ""), 301);
      }
      const viewer = await signedInViewer(request, reply);
      const { items, next } = await loadBookmarks(
        request.readDb,
        and(eq(bookmarks.userId, author.id), publicWork(viewer !== null))!,
        viewer?.id ?? null,
        before,
      );
      const name = e(author.username);
      const html = renderPage({
        title: `Bookmarks by ${name}`,
        heading: `Bookmarks by <a href="${e(authorPath(author.username))}">${name}</a>`,
        intro: `The works ${name} bookmarked, with their notes and recs.`,
        canonicalUrl: appUrl + encodeURI(home),
        items,
        side: "reader",
        older: next ? `${home}?before=${next}` : null,
        newest: before ? home : null,
        empty: `${name} has no public bookmarks yet.`,
      });
      return sendPage(reply, html, viewer?.username ?? null);
    },
  );

  app.get<{ Params: { ref: string }; Querystring: { before?: string } }>(
    "/s/:ref/bookmarks",
    async (request, reply) => {
      const id = publicStoryId(request.params.ref);
      const before = parseCursor(request.query.before);
      if (id === undefined || before === undefined) {
        reply.callNotFound();
        return reply;
      }
      const viewer = await signedInViewer(request, reply);
      const [story] = await request.readDb
        .select({ id: stories.id, title: stories.title, author: creatorNameShownTo(STORIES, null, users.username) })
        .from(stories)
        .innerJoin(users, eq(users.id, stories.authorId))
        .where(and(eq(stories.id, id), publicWork(viewer !== null)))
        .limit(1);
      if (!story) {
        reply.callNotFound();
        return reply;
      }
      const home = storyBookmarksPath(story.id, story.title);
      if (`/s/${request.params.ref}/bookmarks` !== home) return reply.redirect(encodeURI(home), 301);
      const { items, next } = await loadBookmarks(
        request.readDb,
        eq(bookmarks.storyId, story.id),
        viewer?.id ?? null,
        before,
      );
      const title = e(story.title);
      const html = renderPage({
        title: `Bookmarks of ${title}`,
        heading: `Bookmarks of <a href="${e(encodeURI(publicStoryPath(story.id, story.title)))}">${title}</a>`,
        intro: `Readers' public bookmarks of ${title} by ${e(story.author)}, with their notes and recs.`,
        canonicalUrl: appUrl + encodeURI(home),
        items,
        side: "work",
        older: next ? `${home}?before=${next}` : null,
        newest: before ? home : null,
        empty: "Nobody has bookmarked this work publicly yet.",
      });
      return sendPage(reply, html, viewer?.username ?? null);
    },
  );
}
