// The reader's view of a published story (GET /api/stories/{id}/read). Built in two parts so a byte cache can keep
// the first: everything every reader sees alike, then the viewer's own two flags (liked, bookmarked).
import { type Moods, publicStoryPath, type ReadStoryView } from "../../shared/schemas/reading";
import { presentStory, type StoryWithTags } from "../stories/present";

export type ReadRow = StoryWithTags & { authorUsername: string };

export interface ViewerState {
  liked: boolean;
  bookmarked: boolean;
}

/** Fandoms are stored as a list (the wizard) or as free text (the details page): readers always get a list. */
export function fandomList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
  const names = items.filter((item): item is string => typeof item === "string").map((item) => item.trim());
  return [...new Set(names.filter(Boolean))];
}

function moodsOf(value: unknown): Moods | null {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  if (typeof value !== "object" || value === null) return null;
  const entries = Object.entries(value).filter(([, level]) => typeof level === "number");
  return Object.fromEntries(entries) as Record<string, number>;
}

/**
 * The viewer-independent view, with `liked` and `bookmarked` false and LAST, so its JSON always ends in
 * VIEWER_STATE_SUFFIX: a cache of these bytes splices the viewer's flags in with spliceViewerState.
 */
export function presentReadView(row: ReadRow): ReadStoryView {
  // NOTE: presentStory owns the sanitize-if-old step and the word counts; the reader reuses them.
  const story = presentStory(row);
  const rating = story.rating;
  return {
    id: story.id,
    title: story.title,
    description: story.description,
    content: story.content,
    coverImage: story.coverImage,
    authorId: story.authorId,
    author: { username: row.authorUsername },
    tags: story.tags,
    fandoms: fandomList(row.fandoms),
    moods: moodsOf(row.moods),
    rating,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    wordCount: story.wordCount,
    aiShare: story.aiShare,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: story.updatedAt,
    publicPath: rating === "mature" ? null : publicStoryPath(story.id, story.title),
    liked: false,
    bookmarked: false,
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
