// GET /s/{id}-{slug}/{n}: one chapter of a public story, rendered here as HTML with no script, cached with the story
// in the read cache (dropped on every write that drops the story, here and in the other instances). Mature and
// unpublished stories get the 404 page as /s/ does; a wrong slug a 301 to the right one; a chapter past the end 404.
import type { FastifyInstance } from "fastify";
import { publicChapterPath, storyFeedPath } from "../../shared/chapters";
import { authorPath, publicStoryPath } from "../../shared/routes";
import { chaptersOfContent, loadChapters } from "../chapters/sync-chapters";
import { chapterTitle } from "../chapters/present";
import type { Db } from "../db/client";
import { readCacheKey } from "../read-cache/read-cache";
import { type ChapterLink, renderChapterPage } from "./chapter-template";
import { bodyHtml } from "./content";
import { loadPublicStory, type PublicStoryRow } from "./query";
import { countRead } from "../reading-stats/read-counter";
import { packPage, pageSize, type PublicPage, sendPublicPage, varyOnCookie } from "../html/send-page";
import { publicStoryId } from "./routes";
import { aiBadgeChip } from "../html/ai-badge";
import { aiFields } from "../visibility/ai-filter";
import { sendSignedInStoryPage } from "./signed-in-slot";
import { membersOnly, sendMembersGate } from "./members-gate";
import { seriesPartsHtml } from "../html/series-parts";
import { seriesPartsOf } from "../stories/series-parts";
import { giftsAndLinksPageHtml } from "../gifts/html";

/** What every chapter page of a story is made from, kept once per story. */
interface ChapterSource {
  story: Pick<
    PublicStoryRow,
    | "id"
    | "title"
    | "description"
    | "authorName"
    | "anonymous"
    | "coCreators"
    | "aiLabel"
    | "wordCount"
    | "aiWordCount"
    | "audience"
    | "language"
  >;
  chapters: (ChapterLink & { html: string; words: number; firstPublishedAt: Date })[];
  bytes: number;
  /** Issue 30: 'For username' and 'Inspired by …'. */
  giftsHtml?: string;
  /** Issue 30: the work's 'Part N of' lines. */
  seriesHtml?: string;
}

const CHAPTER = /^[1-9]\d{0,4}$/;

/**
 * The story's chapters from its current text, dated from story_chapters (a chapter the last save has not recorded
 * yet, or a story published before chapters were recorded, shows the story's publication), or undefined.
 */
export async function loadChapterSource(db: Db, id: number): Promise<ChapterSource | undefined> {
  const story = await loadPublicStory(db, id);
  if (!story) return undefined;
  const stored = new Map((await loadChapters(db, id)).map((c) => [c.n, c]));
  const split = chaptersOfContent(story.content, story.sanitizedWith);
  const published = story.publishedAt ?? story.updatedAt;
  const chapters = (split.length > 0 ? split : [{ title: null, html: "", words: 0 }]).map((chapter, i) => ({
    n: i + 1,
    title: chapterTitle({ n: i + 1, title: chapter.title }, story.title, Math.max(1, split.length)),
    path: publicChapterPath(story.id, story.title, i + 1),
    html: chapter.html,
    words: chapter.words,
    firstPublishedAt: stored.get(i + 1)?.firstPublishedAt ?? published,
  }));
  const { content: _c, ...rest } = story;
  const seriesHtml = seriesPartsHtml(await seriesPartsOf(db, id, { rating: "general", audience: story.audience }));
  const { giftsHtml } = await giftsAndLinksPageHtml(db, id, story.audience);
  const bytes = story.content.length * 2 + (seriesHtml.length + giftsHtml.length) * 2 + 512;
  return { story: rest, chapters, bytes, seriesHtml, giftsHtml };
}

export function buildChapterPage(source: ChapterSource, appUrl: string, n: number): PublicPage | undefined {
  const chapter = source.chapters[n - 1];
  if (!chapter) return undefined;
  const { story } = source;
  const storyPath = publicStoryPath(story.id, story.title);
  const html = renderChapterPage({
    storyId: story.id,
    storyTitle: story.title,
    description: story.description,
    language: story.language,
    authorName: story.authorName,
    authorPath: authorPath(story.authorName),
    coCreators: story.coCreators,
    appUrl,
    storyPath,
    feedPath: storyFeedPath(story.id, story.title),
    canonicalUrl: appUrl + encodeURI(source.chapters.length === 1 ? storyPath : chapter.path),
    chapter,
    chapters: source.chapters.map(({ n, title, path }) => ({ n, title, path })),
    bodyHtml: bodyHtml(chapter.html),
    aiBadge: aiBadgeChip(aiFields(story)),
    giftsHtml: source.giftsHtml,
    seriesHtml: source.seriesHtml,
  });
  const page = packPage(chapter.path, html);
  return story.audience === "members" ? { ...page, membersOnly: membersOnly(story) } : page;
}

export async function chapterPageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { ref: string; n: string } }>("/s/:ref/:n", { onSend: varyOnCookie }, async (request, reply) => {
    const id = publicStoryId(request.params.ref);
    if (id === undefined || !CHAPTER.test(request.params.n)) {
      reply.callNotFound();
      return reply;
    }
    const n = Number(request.params.n);
    const source = await app.readCache.remember(
      readCacheKey.story(id, "chapters"),
      () => loadChapterSource(request.readDb, id),
      (value) => value?.bytes ?? 0,
    );
    // NOTE: only chapters that exist get an entry, so asking for chapter 99999 of every story fills nothing.
    const page =
      source && n <= source.chapters.length
        ? await app.readCache.remember(
            readCacheKey.story(id, `chapter:${n}`),
            async () => buildChapterPage(source, app.deps.config.APP_URL, n),
            pageSize,
          )
        : undefined;
    const path = `/s/${request.params.ref}/${request.params.n}`;
    // Counted like /s/: each load of a chapter's page is a read of the story, and the reader reached chapter n.
    if (page?.path === path) {
      if (await sendMembersGate(request, reply, page.membersOnly)) return reply;
      countRead({ storyId: id, chapter: n, request });
      if (await sendSignedInStoryPage(request, reply, page, id)) return reply;
    }
    return sendPublicPage(request, reply, path, page);
  });
}
