// The reading and community API contract (issue 9), shared by server and
// client: Discover and search, the reader, bookmarks, likes and comments.
import { z } from "zod";
import { CONTENT_RATING_IDS, STORY_STATUS_IDS, TAG_LIMITS, WARNINGS } from "../tagging";
import { FreeTag } from "./tagging";
import { InspiredWorkView, RelatedWorkView } from "./gifts";
import { AI_DECLARATIONS, AI_FILTERS, AUDIENCES, type AiFilter } from "../ai-label";
import { QUOTE_INPUT_MAX_CHARS } from "../paragraphs";
import { ALL_LANGUAGES, LanguageField, type LanguageCode, MAX_LANGUAGE_FILTERS } from "../languages";

export const DISCOVER_LIMITS = {
  defaultLimit: 4,
  maxLimit: 50,
  queryChars: 200,
} as const;

export const COMMENT_LIMITS = { min: 1, max: 5000, pageSize: 20 } as const;
/** Replies are drawn nested this many levels deep (the top-level comment is level 1); deeper ones sit in the last. */
export const COMMENT_DRAWN_LEVELS = 3;

export const DiscoverSort = z.enum([
  "new",
  "featured",
  "for-you",
  "updated",
  "likes",
  "bookmarks",
  "words",
  // Search results by relevance (with `q`; without it, as Featured).
  "relevance",
]);
export type DiscoverSort = z.infer<typeof DiscoverSort>;

/** A repeatable query parameter (`tag=a&tag=b`): one value or several, as a list. */
const repeated = <T extends z.ZodType>(item: T, max: number, message: string) =>
  z.preprocess((value) => (typeof value === "string" ? [value] : value), z.array(item).max(max, message)).optional();
export const WORDS_BOUND = 100_000_000;
const wordBound = z.coerce.number().int().min(0).max(WORDS_BOUND);

/** Issue 29: a list's AI filter (`ai=` on Discover, tag, author pages and the Following feed). */
export const AiFilterField = z.enum(AI_FILTERS, { error: "ai must be one of any, assisted, none" });

/**
 * GET and PUT /api/me/reading-preferences. Issue 31: `languages`, the ones Discover shows by default (null: the
 * browser's); a PUT without it keeps the saved ones.
 */
export const ReadingPreferences = z.object({
  ai: AiFilterField,
  languages: z
    .array(LanguageField)
    .min(1, "Choose one language or more, or none to follow your browser")
    .max(MAX_LANGUAGE_FILTERS)
    .nullable()
    .optional(),
});
export type ReadingPreferences = { ai: AiFilter; languages?: LanguageCode[] | null };
/** GET/PUT /api/me/reading-preferences' answer: `languages` null follows the browser's. */
export const ReadingPreferencesView = z.object({
  ai: z.enum(AI_FILTERS),
  languages: z.array(LanguageField).nullable(),
});
export type ReadingPreferencesView = z.infer<typeof ReadingPreferencesView>;

/** Issue 31: Discover's `language=` (one or more codes, or `all`, which is every language). */
const DiscoverLanguage = z.union([LanguageField, z.literal(ALL_LANGUAGES)], {
  error: "language must be a language code on FicForge's list, such as en or fr, or all",
});

/**
 * GET /api/published-stories query. `nsfw=1` shows mature stories to premium users (ignored for others). `tag`
 * (every one required) and `exclude` (none allowed) are repeatable and match catalogue and free-form tags without
 * regard to case; `rating` is repeatable too (any of them).
 */
export const DiscoverQuery = z.object({
  limit: z.coerce.number().int().min(1).max(DISCOVER_LIMITS.maxLimit).default(DISCOVER_LIMITS.defaultLimit),
  /** Opaque, from the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
  q: z.string().trim().max(DISCOVER_LIMITS.queryChars).optional(),
  tag: repeated(FreeTag, TAG_LIMITS.maxFilterTags, `At most ${TAG_LIMITS.maxFilterTags} tags can be included`),
  exclude: repeated(FreeTag, TAG_LIMITS.maxFilterTags, `At most ${TAG_LIMITS.maxFilterTags} tags can be excluded`),
  rating: repeated(z.enum(CONTENT_RATING_IDS), CONTENT_RATING_IDS.length, "Each rating can be asked once"),
  status: z.enum(STORY_STATUS_IDS).optional(),
  minWords: wordBound.optional(),
  maxWords: wordBound.optional(),
  fandom: z.string().trim().max(80).optional(),
  sort: DiscoverSort.default("new"),
  nsfw: z.enum(["0", "1", "true", "false"]).optional(),
  /** Issue 29: 'none' only human-written works, 'assisted' leaves out AI-generated ones; absent: the reader's preference. */
  ai: AiFilterField.optional(),
  /** Issue 31: works in any of these languages (`all`, or none: every language). */
  language: repeated(DiscoverLanguage, MAX_LANGUAGE_FILTERS + 1, "Each language can be asked once"),
  /** Issue 31: crossovers (two fandoms or more) only, or none of them. */
  crossover: z.enum(["only", "exclude"], { error: "crossover must be only or exclude" }).optional(),
});
export type DiscoverQuery = z.infer<typeof DiscoverQuery>;

/** Mood readings as stored: the wizard's sliders, or a list of tags from the details page. */
export const Moods = z.union([z.record(z.string(), z.number()), z.array(z.string())]);
export type Moods = z.infer<typeof Moods>;

const Username = z.object({ username: z.string() });
/** Issue 29: the work's AI label (the higher of the measured share and the writer's declaration). */
export const AiLabelField = z.enum(AI_DECLARATIONS);
/** Issue 29: Marin's measured share of the words (0–1). */
const AiShare = z.number().min(0).max(1);
const Rating = z.enum(["general", "mature"]).describe("The gate (general or mature)");
const ContentRatingField = z.enum(CONTENT_RATING_IDS);
const WarningField = z.enum(WARNINGS);
const StatusField = z.enum(STORY_STATUS_IDS);

/** One Discover / search item (small: a Discover page of 4 stays under 4 KB). */
export const PublishedStoryItem = z
  .object({
    id: z.number(),
    title: z.string(),
    description: z.string().nullable(),
    coverImage: z.string().nullable().describe("The thumbnail URL, or null"),
    moods: Moods.nullable(),
    tags: z.array(z.string()),
    fandoms: z.array(z.string()),
    likeCount: z.number(),
    rating: Rating,
    author: Username,
    /** Issue 30: the accepted co-creators after the creator, in order ("by alice, bob"). */
    coCreators: z.array(Username).optional(),
    contentRating: ContentRatingField,
    warnings: z.array(WarningField),
    status: StatusField,
    wordCount: z.number(),
    /** The first free-form tags (TAG_LIMITS.cardTags in all; the reader has every one), and how many more there are. */
    relationships: z.array(z.string()),
    characterTags: z.array(z.string()),
    freeformTags: z.array(z.string()),
    moreTags: z.number(),
    aiLabel: AiLabelField,
    aiShare: AiShare,
    /** Issue 31: the work's language (a code from shared/languages.ts; optional until every client fixture has it). */
    language: z.string().optional(),
  })
  .meta({ id: "ReadingStoryCard" });
export type PublishedStoryItem = z.infer<typeof PublishedStoryItem>;

/**
 * GET /api/published-stories answers a bare JSON array of PublishedStoryItem (a client built
 * from the spec keeps working); the next page's cursor rides in this header (absent on the last page).
 */
export const NEXT_CURSOR_HEADER = "x-next-cursor";
/**
 * Issue 29: when the reader's AI filter (from the URL or their preference) left works out of this page, how many:
 * counted over the same stretch of the list the page covers (never the whole catalogue). Absent when none.
 */
export const HIDDEN_BY_AI_HEADER = "x-hidden-by-ai";

/** A chapter of the reader's table of contents (shared/chapters.ts ChapterInfo). */
const ChapterInfoView = z.object({
  n: z.number().describe("1-based, in the order of the document"),
  title: z.string(),
  words: z.number(),
  firstPublishedAt: z.string().describe("When this chapter was first published (ISO 8601)"),
});

/** A neighbour a work's 'Part N of' line links to. */
export const SeriesNeighbour = z.object({ id: z.number(), title: z.string(), position: z.number() });
export type SeriesNeighbour = z.infer<typeof SeriesNeighbour>;

/**
 * 'Part 2 of The Copper Road' on a work's reader, public page and chapter pages, with the previous and next part:
 * the nearest ones anyone who may read this work may read too (null when none). Here, not in series.ts, because the
 * series' own answers list story cards from this file.
 */
export const SeriesPart = z.object({
  seriesId: z.number(),
  title: z.string(),
  path: z.string(),
  position: z.number(),
  previous: SeriesNeighbour.nullable(),
  next: SeriesNeighbour.nullable(),
});
export type SeriesPart = z.infer<typeof SeriesPart>;

/** GET /api/stories/{id}/read: a published story as readers see it. */
export const ReadStoryView = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  content: z.string().describe("Sanitized story HTML"),
  coverImage: z.string().nullable(),
  /** Issue 33: null for an anonymous work, to anyone but its creators and its collection's maintainers. */
  authorId: z.number().nullable(),
  author: Username,
  /** Issue 33: the creators show as 'Anonymous' (`author.username`), with no link. */
  anonymous: z.boolean().optional(),
  /** Issue 30: the accepted co-creators after the creator, in order. */
  coCreators: z.array(Username).optional(),
  tags: z.array(z.string()),
  fandoms: z.array(z.string()),
  moods: Moods.nullable(),
  /** The gate (general or mature); the author's 5-level rating is `contentRating`. */
  rating: Rating,
  contentRating: ContentRatingField,
  warnings: z.array(WarningField),
  relationships: z.array(z.string()),
  characterTags: z.array(z.string()),
  freeformTags: z.array(z.string()),
  status: StatusField,
  likeCount: z.number(),
  commentCount: z.number(),
  /** The viewer's own state (false when signed out). */
  liked: z.boolean(),
  bookmarked: z.boolean(),
  wordCount: z.number(),
  aiShare: AiShare,
  aiLabel: AiLabelField,
  /** Issue 29: 'members' when only signed-in readers may read it (optional until every client fixture has it). */
  audience: z.enum(AUDIENCES).optional(),
  /** Issue 31: the work's language (a code from shared/languages.ts), the reader's `lang` for its words. */
  language: z.string().optional(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The public page's path, /s/{id}-{slug} (null for mature stories, which have none). */
  publicPath: z.string().nullable(),
  /** FicForge Plus: the author's reader background (an /api/images URL); null when none or the author is not premium. */
  readerBackground: z.string().nullable(),
  /** Chapters in order (issue 17); one for a story without chapter markers, none for an empty one. */
  chapters: z.array(ChapterInfoView),
  /** 'Updated': when the latest chapter was first published (ISO 8601), or null. */
  lastChapterAt: z.string().nullable(),
  /** Issue 30: who the work is for, what it comes from, what comes from it (present when there are any). */
  giftedTo: z.array(Username).optional(),
  relatedWorks: z.array(RelatedWorkView).optional(),
  inspiredWorks: z.array(InspiredWorkView).optional(),
  /** Issue 30: 'Part 2 of The Copper Road' for each series the work is in, with the previous and next part. */
  series: z.array(SeriesPart).optional(),
});
export type ReadStoryView = z.infer<typeof ReadStoryView>;

/** A work on one of the reader's own lists (Saved Stories, Later): what its row shows. */
const SavedWork = z.object({
  id: z.number(),
  title: z.string(),
  coverImage: z.string().nullable(),
  author: Username,
  aiLabel: AiLabelField,
  aiShare: AiShare,
});

/** GET /api/bookmarks items, newest first. */
export const BookmarkItem = SavedWork.extend({
  /** Issue 30: what the bookmark says (BookmarkDetails). */
  note: z.string().nullable(),
  tags: z.array(z.string()),
  rec: z.boolean(),
  private: z.boolean(),
  bookmarkedAt: z.string().describe("When it was bookmarked (ISO 8601)"),
});
export type BookmarkItem = z.infer<typeof BookmarkItem>;

/** Issue 30: limits of a bookmark's note and tags. */
export const BOOKMARK_LIMITS = { note: 5000, tags: 30, tag: 100 } as const;
export const BOOKMARK_NOTE_TOO_LONG = `Note must be at most ${BOOKMARK_LIMITS.note.toLocaleString("en-US")} characters`;
export const BOOKMARK_NOTE_SCRIPT = "Notes are plain text: remove the script";
export const BOOKMARK_TOO_MANY_TAGS = `A bookmark can have at most ${BOOKMARK_LIMITS.tags} tags`;
export const BOOKMARK_TAG_LENGTH = `Each tag must be 1–${BOOKMARK_LIMITS.tag} characters`;

/**
 * Markup that would run or load something if a note were ever shown as HTML: a note is plain text (escaped wherever
 * it is shown, like a comment), and one carrying a script is refused rather than stored.
 */
const SCRIPT_LIKE =
  /<\s*\/?\s*(script|iframe|object|embed|style|svg|math|link|meta|base|form)\b|<[a-z][^>]*\son[a-z]+\s*=|javascript\s*:/i;

/**
 * PUT /api/stories/{id}/bookmark (issue 30): bookmark the work if it is not yet, and say something about it. Each
 * field is optional; an absent one keeps its value (a new bookmark: no note, no tags, not a rec, public).
 */
export const BookmarkDetails = z.object({
  note: z
    .string({ error: "Note must be text" })
    .max(BOOKMARK_LIMITS.note, BOOKMARK_NOTE_TOO_LONG)
    .refine((note) => !SCRIPT_LIKE.test(note), BOOKMARK_NOTE_SCRIPT)
    .nullable()
    .optional(),
  tags: z
    .array(
      z
        .string({ error: BOOKMARK_TAG_LENGTH })
        .trim()
        .min(1, BOOKMARK_TAG_LENGTH)
        .max(BOOKMARK_LIMITS.tag, BOOKMARK_TAG_LENGTH),
      { error: "Tags must be a list of words" },
    )
    .max(BOOKMARK_LIMITS.tags, BOOKMARK_TOO_MANY_TAGS)
    .optional(),
  rec: z.boolean({ error: "Rec must be true or false" }).optional(),
  private: z.boolean({ error: "Private must be true or false" }).optional(),
});
export type BookmarkDetails = z.infer<typeof BookmarkDetails>;

/** GET /api/bookmarks?tag=…&rec=true: Saved Stories filtered by one of the reader's bookmark tags, or recs only. */
export const BookmarksQuery = z.object({
  tag: z.string().trim().min(1).max(BOOKMARK_LIMITS.tag, BOOKMARK_TAG_LENGTH).optional(),
  rec: z.enum(["true", "false"], { error: "rec must be true or false" }).optional(),
});
export type BookmarksQuery = z.infer<typeof BookmarksQuery>;

/** Issue 30: GET /api/me/later items, newest first: works the reader marked for later and may still read. */
export const LaterItem = SavedWork.extend({ markedAt: z.string() });
export type LaterItem = z.infer<typeof LaterItem>;

/** GET, PUT and DELETE /api/stories/{id}/later. */
export const LaterState = z.object({ later: z.boolean() });
export type LaterState = z.infer<typeof LaterState>;

/** GET /api/bookmarks/hidden: saved stories left out of GET /api/bookmarks because the viewer blocks or mutes their authors. */
export const HiddenBookmarks = z.object({ hiddenByYou: z.number() });
export type HiddenBookmarks = z.infer<typeof HiddenBookmarks>;

/** GET and POST /api/stories/{id}/bookmark; PUT answers it too, with what the bookmark says (issue 30). */
export const BookmarkState = z.object({
  bookmarked: z.boolean(),
  note: z.string().nullable().optional(),
  tags: z.array(z.string()).optional(),
  rec: z.boolean().optional(),
  private: z.boolean().optional(),
});
export type BookmarkState = z.infer<typeof BookmarkState>;

/** POST /api/stories/{id}/like. */
export const LikeState = z.object({ liked: z.boolean(), likeCount: z.number() });
export type LikeState = z.infer<typeof LikeState>;

const commentContent = z
  .string()
  .trim()
  .min(COMMENT_LIMITS.min, "Comment cannot be empty")
  .max(COMMENT_LIMITS.max, `Comment must be at most ${COMMENT_LIMITS.max} characters`);

/**
 * Issue 31: a comment on one paragraph: the chapter (1-based), the paragraph within it (0-based, as the reader counts
 * them: shared/paragraphs.ts) and, optionally, the paragraph's first words as the reader saw them (compared, so a
 * comment written on a page older than the text still finds its paragraph; the stored quote is the server's).
 */
export const CommentAnchorInput = z.object({
  chapter: z
    .number({ error: "Invalid anchor" })
    .int("Invalid anchor")
    .min(1, "Invalid anchor")
    .max(100_000, "Invalid anchor"),
  paragraph: z
    .number({ error: "Invalid anchor" })
    .int("Invalid anchor")
    .min(0, "Invalid anchor")
    .max(1_000_000, "Invalid anchor"),
  quote: z.string({ error: "Invalid anchor" }).max(QUOTE_INPUT_MAX_CHARS, "Invalid anchor").optional(),
});
export type CommentAnchorInput = z.infer<typeof CommentAnchorInput>;

/** POST /api/stories/{id}/comments; `parentId` makes it a reply to that comment of the same story. */
export const CommentBody = z.object({
  content: commentContent,
  parentId: z
    .number({ error: "Invalid parent comment" })
    .int("Invalid parent comment")
    .positive("Invalid parent comment")
    .max(2_147_483_647, "Invalid parent comment")
    .optional(),
  /** A paragraph comment; a reply takes its parent's anchor and sends none. */
  anchor: CommentAnchorInput.optional(),
});
export type CommentBody = z.infer<typeof CommentBody>;

/** PATCH /api/comments/{id}: its author rewrites the text. */
export const CommentEdit = z.object({ content: commentContent });
export type CommentEdit = z.infer<typeof CommentEdit>;

export const CommentsQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(COMMENT_LIMITS.pageSize),
  /** Issue 31: only the comments on paragraphs of this chapter (and their replies). */
  chapter: z.coerce.number().int().min(1).max(100_000).optional(),
  /** With `chapter`: only those on this paragraph as it is now, or `changed`: those whose passage is gone. */
  paragraph: z.union([z.literal("changed"), z.coerce.number().int().min(0).max(1_000_000)]).optional(),
});

/** GET /api/stories/{id}/paragraph-comments?chapter=n: the reader's counts at each paragraph's side. */
export const ParagraphCountsQuery = z.object({ chapter: z.coerce.number().int().min(1).max(100_000) });

export const ParagraphCounts = z.object({
  /** The author lets readers comment on single paragraphs. */
  enabled: z.boolean(),
  /** Comments this viewer sees, by paragraph number (paragraphs with none left out). */
  counts: z.record(z.string(), z.number()),
  /** Comments on passages of this chapter that changed since. */
  changed: z.number(),
});
export type ParagraphCounts = z.infer<typeof ParagraphCounts>;

/** Where a paragraph comment sits: `paragraph` is where its paragraph is now, null when that passage changed. */
export const CommentAnchor = z.object({
  chapter: z.number(),
  paragraph: z.number().nullable(),
  /** The paragraph's first words when the comment was written. */
  quote: z.string(),
});
export type CommentAnchor = z.infer<typeof CommentAnchor>;

export const CommentView = z.object({
  id: z.number(),
  /** Plain text; empty when deleted. */
  content: z.string(),
  createdAt: z.string(),
  /**
   * Null for a placeholder that stays only to hold its replies ('[deleted]' or '[hidden]'). Issue 33: a creator of
   * an anonymous work shows as 'Anonymous' with a null id (to all but the writer).
   */
  author: z.object({ id: z.number().nullable(), username: z.string() }).nullable(),
  /** The comment it answers, or null. */
  parentId: z.number().nullable(),
  /** Written by the story's author ('Author' badge). */
  byStoryAuthor: z.boolean(),
  /** When its author last edited it ('edited'), or null. */
  editedAt: z.string().nullable(),
  /** A placeholder kept for its replies: deleted, or (with `hidden`) not shown to this viewer. */
  deleted: z.boolean(),
  /**
   * A placeholder for a comment this viewer may not see (held for review, hidden by a moderator, its writer suspended,
   * blocked or muted), kept so its replies stay in place: drawn '[hidden]' rather than '[deleted]'.
   */
  hidden: z.boolean().optional(),
  /** Issue 18: a new account's comment with a link, shown to its writer only until a moderator approves it. */
  awaitingReview: z.boolean().optional(),
  /** The viewer may delete it (its author, or the story's author). */
  canDelete: z.boolean(),
  /** The viewer wrote it and may edit it. */
  canEdit: z.boolean(),
  /** Issue 31: on one paragraph (replies carry their parent's); absent for a comment on the work. */
  anchor: CommentAnchor.optional(),
});
export type CommentView = z.infer<typeof CommentView>;

/** GET /api/stories/{id}/comments: oldest first (so a reply always comes after the comment it answers). */
export const CommentsPage = z.object({
  items: z.array(CommentView),
  nextCursor: z.string().nullable(),
  /** The live comments this viewer sees (for a viewer who blocks or mutes people, without theirs). */
  total: z.number(),
  /** Live comments left out because the viewer blocks or mutes their writers; only when above 0. */
  hiddenByYou: z.number().optional(),
});
export type CommentsPage = z.infer<typeof CommentsPage>;

// NOTE: defined beside the route table, which the landing page imports without zod; re-exported here for the contract.
export { publicStoryPath } from "../routes";
