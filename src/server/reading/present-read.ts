// The reader's view of a published story (GET /api/stories/{id}/read). Built in two parts so a byte cache can keep
// the first: everything every reader sees alike, then the viewer's own two flags (liked, bookmarked).
import { type Moods, publicStoryPath, type ReadStoryView } from "../../shared/schemas/reading";
import type { GiftsAndLinksView } from "../../shared/schemas/gifts";
import type { SeriesPart } from "../../shared/schemas/series";
import { normalizeStoryFields } from "../../shared/story-fields";
import { lastChapterAt, presentChapters } from "../chapters/present";
import type { StoredChapter } from "../chapters/sync-chapters";
import { imageUrl } from "../images/process-image";
import type { ViewerState } from "../read-cache/viewer-state";
import { presentStoryBody, presentTagging, storyAiLabel, type StoryWithTags } from "../stories/present";

export type ReadRow = StoryWithTags & {
  authorUsername: string;
  /** Issue 33: the creators are hidden from whoever this view is for (authorUsername is then 'Anonymous'). */
  creatorHidden?: boolean;
  authorIsPremium: boolean;
  coCreators?: { username: string }[];
  chapters?: StoredChapter[];
  /** Issue 30: 'For username', 'Inspired by …', 'Works inspired by this'. */
  giftsAndLinks?: GiftsAndLinksView;
  /** Issue 30: the work's places in series. */
  series?: SeriesPart[];
};

/**
 * The viewer-independent view, with `liked` and `bookmarked` false and LAST, so its JSON always ends in
 * VIEWER_STATE_SUFFIX: a cache of these bytes splices the viewer's flags in with spliceViewerState.
 */
export type { ViewerState };

export function presentReadView(row: ReadRow): ReadStoryView {
  // NOTE: the body (sanitize-if-old, word counts) is shared with the owner's view; old jsonb shapes are normalized.
  const { content, wordCount, aiShare } = presentStoryBody(row);
  const { fandoms, moods } = normalizeStoryFields(row);
  const rating = row.rating === "mature" ? "mature" : "general";
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    content,
    coverImage: imageUrl(row.coverImageId),
    authorId: row.creatorHidden ? null : row.authorId,
    author: { username: row.authorUsername },
    ...(row.creatorHidden ? { anonymous: true } : {}),
    coCreators: row.coCreators ?? [],
    tags: row.tags,
    fandoms,
    moods: moods as Moods | null,
    rating,
    ...presentTagging(row),
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    wordCount,
    aiShare,
    aiLabel: storyAiLabel(row),
    audience: row.audience === "members" ? "members" : "everyone",
    language: row.language,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    publicPath: rating === "mature" ? null : publicStoryPath(row.id, row.title),
    // FicForge Plus: shown while the author is premium; the row keeps it for when they subscribe again.
    readerBackground: row.authorIsPremium ? imageUrl(row.readerBackgroundImageId) : null,
    chapters: presentChapters(row.chapters ?? [], row.title),
    lastChapterAt: lastChapterAt(row.chapters ?? [])?.toISOString() ?? null,
    ...nonEmpty(row.giftsAndLinks),
    series: row.series ?? [],
    // NOTE: these two stay last (VIEWER_STATE_SUFFIX).
    liked: false,
    bookmarked: false,
  };
}

/** Only the lists that have something, so a work without gifts or links answers as before. */
function nonEmpty(view: GiftsAndLinksView | undefined): Partial<GiftsAndLinksView> {
  if (!view) return {};
  const { giftedTo, relatedWorks, inspiredWorks } = view;
  return {
    ...(giftedTo.length > 0 ? { giftedTo } : {}),
    ...(relatedWorks.length > 0 ? { relatedWorks } : {}),
    ...(inspiredWorks.length > 0 ? { inspiredWorks } : {}),
  };
}

export const VIEWER_STATE_SUFFIX = '"liked":false,"bookmarked":false}';

const SUFFIX_BYTES = Buffer.from(VIEWER_STATE_SUFFIX);

/**
 * The shared bytes with the viewer's flags put in: a string or buffer ending in VIEWER_STATE_SUFFIX gets its tail
 * replaced (a buffer without being decoded); anything else (an error body) passes unchanged.
 */
export function spliceViewerState(payload: string | Buffer, state: ViewerState): string | Buffer {
  if (!state.liked && !state.bookmarked) return payload;
  const tail = `"liked":${state.liked},"bookmarked":${state.bookmarked}}`;
  if (typeof payload === "string") {
    return payload.endsWith(VIEWER_STATE_SUFFIX) ? payload.slice(0, -VIEWER_STATE_SUFFIX.length) + tail : payload;
  }
  const cut = payload.length - SUFFIX_BYTES.length;
  if (cut < 0 || !payload.subarray(cut).equals(SUFFIX_BYTES)) return payload;
  return Buffer.concat([payload.subarray(0, cut), Buffer.from(tail)]);
}
