// Atom feeds (issue 17 section 2): /u/{name}/feed.atom (the author's published, non-mature works, newest first) and
// /s/{id}-{slug}/feed.atom (the story's chapters, newest first). Kept in the read cache beside the pages they follow:
// the story's feed drops with the story, the author's with the author pages (every publish, edit and rename).
import { and, eq, inArray, isNull, max } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ATOM_TYPE, authorFeedPath, storyFeedPath } from "../../shared/chapters";
import { authorPath, publicStoryPath } from "../../shared/routes";
import type { Db } from "../db/client";
import { stories, storyChapters, users } from "../db/schema";
import { findAuthorByName, loadPublicWorks } from "../public-page/author-query";
import { loadChapterSource } from "../public-page/chapter-routes";
import { packPage, pageSize, type PublicPage, sendPublicPage } from "../html/send-page";
import { publicStoryId } from "../public-page/routes";
import { readCacheKey } from "../read-cache/read-cache";
import { storyBlocks } from "../content/story-text";
import { type AtomEntry, renderAtomFeed, tagUri } from "./atom";
import { aiFields } from "../visibility/ai-filter";

const FEED_TYPE = `${ATOM_TYPE}; charset=utf-8`;
/** An author feed lists this many works: enough for any reader catching up, bounded for a prolific author. */
export const AUTHOR_FEED_ENTRIES = 50;
const SUMMARY_CHARS = 280;
const NAME = /^[\p{L}\p{N}_.-]{1,64}$/u;

/** The opening of a chapter's text (its heading left out), for the entry's summary. */
function opening(html: string, title: string): string {
  const text = storyBlocks(html)
    .filter((block, i) => !(i === 0 && block.text === title))
    .map((block) => block.text)
    .join(" ");
  return text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS - 1).trimEnd()}…` : text;
}

export async function buildStoryFeed(db: Db, appUrl: string, id: number): Promise<PublicPage | undefined> {
  const source = await loadChapterSource(db, id);
  if (!source) return undefined;
  const [row] = await db.select({ createdAt: stories.createdAt }).from(stories).where(eq(stories.id, id));
  if (!row) return undefined;
  const { story } = source;
  // A members-only work has no feed: feed readers fetch signed out.
  if (story.audience === "members") return undefined;
  // Issue 33: an anonymous work's feed names 'Anonymous', with no link.
  const author = story.anonymous
    ? { name: story.authorName }
    : { name: story.authorName, uri: appUrl + authorPath(story.authorName) };
  const coAuthors = story.coCreators.map((c) => ({ name: c.username, uri: appUrl + authorPath(c.username) }));
  const entries: AtomEntry[] = source.chapters
    .map((chapter) => ({
      id: tagUri(appUrl, row.createdAt, `story/${id}/chapter/${chapter.n}`),
      title: chapter.title,
      url: appUrl + encodeURI(chapter.path),
      published: chapter.firstPublishedAt,
      updated: chapter.firstPublishedAt,
      summary: opening(chapter.html, chapter.title) || undefined,
      ai: aiFields(story),
      n: chapter.n,
    }))
    .sort((a, b) => b.published.getTime() - a.published.getTime() || b.n - a.n)
    .map(({ n: _n, ...entry }) => entry);
  const path = storyFeedPath(id, story.title);
  const xml = renderAtomFeed({
    id: tagUri(appUrl, row.createdAt, `story/${id}/chapters`),
    title: story.title,
    subtitle: story.description?.trim() || undefined,
    updated: entries[0]?.updated ?? row.createdAt,
    selfUrl: appUrl + encodeURI(path),
    htmlUrl: appUrl + encodeURI(publicStoryPath(id, story.title)),
    author,
    coAuthors,
    generatorUri: appUrl,
    entries,
  });
  return packPage(path, xml);
}

export async function buildAuthorFeed(db: Db, appUrl: string, name: string): Promise<PublicPage | undefined> {
  const author = await findAuthorByName(db, name);
  if (!author) return undefined;
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, author.id));
  if (!user) return undefined;
  const { works } = await loadPublicWorks(db, author.id, { limit: AUTHOR_FEED_ENTRIES });
  const ids = works.map((w) => w.id);
  const latest = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ storyId: storyChapters.storyId, at: max(storyChapters.firstPublishedAt) })
            .from(storyChapters)
            .where(and(inArray(storyChapters.storyId, ids), isNull(storyChapters.removedAt)))
            .groupBy(storyChapters.storyId)
        ).map((r) => [r.storyId, r.at]),
  );
  const createdAt = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: stories.id, createdAt: stories.createdAt })
            .from(stories)
            .where(inArray(stories.id, ids))
        ).map((r) => [r.id, r.createdAt]),
  );
  const profile = { name: author.username, uri: appUrl + authorPath(author.username) };
  const entries: AtomEntry[] = works.map((work) => {
    const published = work.publishedAt ?? user.createdAt;
    const chapterAt = latest.get(work.id);
    return {
      id: tagUri(appUrl, createdAt.get(work.id) ?? published, `story/${work.id}`),
      title: work.title,
      url: appUrl + encodeURI(publicStoryPath(work.id, work.title)),
      published,
      updated: chapterAt && chapterAt > published ? chapterAt : published,
      summary: work.description?.trim() || undefined,
      categories: work.tags,
      ai: work,
      // Issue 30: a co-written work names its creator and co-creators (the feed's author is the page's owner).
      ...(work.byline
        ? {
            author: { name: work.byline.author, uri: appUrl + authorPath(work.byline.author) },
            coAuthors: work.byline.coCreators.map((c) => ({ name: c.username, uri: appUrl + authorPath(c.username) })),
          }
        : {}),
    };
  });
  const path = authorFeedPath(author.username);
  const xml = renderAtomFeed({
    id: tagUri(appUrl, user.createdAt, `user/${author.id}/works`),
    title: `${author.username} on FicForge`,
    subtitle: author.description?.trim() || undefined,
    updated: new Date(Math.max(user.createdAt.getTime(), ...entries.map((e) => e.updated.getTime()))),
    selfUrl: appUrl + path,
    htmlUrl: appUrl + authorPath(author.username),
    author: profile,
    generatorUri: appUrl,
    entries,
  });
  return packPage(path, xml);
}

/** Thrown out of a build so the read cache keeps no answer for a name nobody has (yet). */
const NOBODY = Symbol("nobody");

export async function feedRoutes(app: FastifyInstance): Promise<void> {
  const appUrl = () => app.deps.config.APP_URL;

  app.get<{ Params: { ref: string } }>("/s/:ref/feed.atom", async (request, reply) => {
    const id = publicStoryId(request.params.ref);
    if (id === undefined) {
      reply.callNotFound();
      return reply;
    }
    const feed = await app.readCache.remember(
      readCacheKey.story(id, "feed"),
      () => buildStoryFeed(request.readDb, appUrl(), id),
      pageSize,
    );
    return sendPublicPage(request, reply, `/s/${request.params.ref}/feed.atom`, feed, FEED_TYPE);
  });

  app.get<{ Params: { name: string } }>("/u/:name/feed.atom", async (request, reply) => {
    const { name } = request.params;
    if (!NAME.test(name)) {
      reply.callNotFound();
      return reply;
    }
    const feed = await app.readCache
      .remember(
        `${readCacheKey.author(name)}:feed`,
        async () => (await buildAuthorFeed(request.readDb, appUrl(), name)) ?? Promise.reject(NOBODY),
        pageSize,
      )
      .catch((error: unknown) => {
        if (error === NOBODY) return undefined;
        throw error;
      });
    return sendPublicPage(request, reply, authorFeedPath(name), feed, FEED_TYPE);
  });
}
