// GET /s/{id}-{slug}: a published, general-rated story's public page, rendered here as HTML with no script.
// Mature and unpublished stories (and unknown ids) get the app's own 404 page; a wrong slug a 301 to the right one.
import type { FastifyInstance } from "fastify";
import { publicChapterPath, storyEpubPath, storyFeedPath } from "../../shared/chapters";
import { publicStoryPath } from "../../shared/schemas/reading";
import { storyBookmarksPath } from "../../shared/routes";
import { lastChapterAt } from "../chapters/present";
import { loadChapters } from "../chapters/sync-chapters";
import type { Db } from "../db/client";
import { collectionsOfStory } from "../collections/queries";
import { packPage, type PublicPage, pageSize, sendPublicPage } from "../html/send-page";
import { renderTagging } from "../html/tag-html";
import { imageUrl } from "../images/process-image";
import { countRead } from "../reading-stats/read-counter";
import { countStoryWords } from "../content/story-text";
import { aiFields } from "../visibility/ai-filter";
import { varyOnCookie } from "../html/send-page";
import { toLabels } from "../stories/story-labels";
import { publicBody } from "./content";
import { loadPublicStory } from "./query";
import { sendSignedInStoryPage } from "./signed-in-slot";
import { renderPublicPage } from "./template";
import { membersOnly, sendMembersGate } from "./members-gate";
import { seriesPartsHtml } from "../html/series-parts";
import { seriesPartsOf } from "../stories/series-parts";
import { giftsAndLinksPageHtml } from "../gifts/html";

export const WORDS_PER_MINUTE = 230;
const MAX_ID = 2_147_483_647;

/** The story id in a /s/ path segment (`12-some-title` or `12`), or undefined. */
export function publicStoryId(ref: string): number | undefined {
  const match = /^(\d{1,10})(?:-|$)/.exec(ref);
  const id = match ? Number(match[1]) : Number.NaN;
  return id >= 1 && id <= MAX_ID ? id : undefined;
}

/**
 * Renders story `id`'s public page, or undefined when it has none (missing, unpublished or mature). The read cache
 * can keep the answer under the story's key: it depends on nothing but the story and APP_URL.
 */
export async function buildPublicPage(db: Db, appUrl: string, id: number): Promise<PublicPage | undefined> {
  const story = await loadPublicStory(db, id);
  if (!story) return undefined;
  const path = publicStoryPath(story.id, story.title);
  const body = publicBody(story.content, story.sanitizedWith);
  const counts =
    story.wordCount === null || story.aiWordCount === null
      ? countStoryWords(body.html)
      : { wordCount: story.wordCount, aiWordCount: story.aiWordCount };
  const cover = story.cover && {
    url: imageUrl(story.cover.id)!,
    thumbUrl: imageUrl(story.cover.id, "thumb")!,
    width: story.cover.width,
    height: story.cover.height,
  };
  const html = renderPublicPage({
    id: story.id,
    title: story.title,
    description: story.description,
    language: story.language,
    authorName: story.authorName,
    coCreators: story.coCreators,
    canonicalUrl: appUrl + encodeURI(path),
    appUrl,
    cover,
    wordCount: counts.wordCount,
    readingMinutes: Math.max(1, Math.round(counts.wordCount / WORDS_PER_MINUTE)),
    ...aiFields({ aiLabel: story.aiLabel, ...counts }),
    chapters: body.chapters,
    bodyHtml: body.html,
    publishedAt: story.publishedAt,
    taggingHtml: renderTagging({ ...story, ...toLabels(story.labels) }),
    lastChapterAt: lastChapterAt(await loadChapters(db, id)),
    firstChapterPath: publicChapterPath(story.id, story.title, 1),
    feedPath: storyFeedPath(story.id, story.title),
    downloadPath: storyEpubPath(story.id, story.title),
    ...(await giftsAndLinksPageHtml(db, story.id, story.audience)),
    seriesHtml: seriesPartsHtml(await seriesPartsOf(db, story.id, { rating: "general", audience: story.audience })),
    collections: await collectionsOfStory(db, story.id),
    bookmarks: { count: story.bookmarkCount, path: storyBookmarksPath(story.id, story.title) },
  });
  const page = packPage(path, html);
  return story.audience === "members" ? { ...page, membersOnly: membersOnly(story) } : page;
}

export async function publicPageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { ref: string } }>("/s/:ref", { onSend: varyOnCookie }, async (request, reply) => {
    const id = publicStoryId(request.params.ref);
    if (id === undefined) {
      reply.callNotFound();
      return reply;
    }
    // Kept with the story's read view in the read cache, dropped with it on every write that changes the story.
    const page = await app.readCache.remember(
      `page:${id}`,
      () => buildPublicPage(request.readDb, app.deps.config.APP_URL, id),
      pageSize,
    );
    if (page?.path === `/s/${request.params.ref}`) {
      if (await sendMembersGate(request, reply, page.membersOnly)) return reply;
      countRead({ storyId: id, request });
      if (await sendSignedInStoryPage(request, reply, page, id)) return reply;
    }
    return sendPublicPage(request, reply, `/s/${request.params.ref}`, page);
  });
}
