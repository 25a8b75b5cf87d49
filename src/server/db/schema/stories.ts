// Stories and their tags.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { StoryCharacters, StoryFandoms, StoryMoods, StoryThemes } from "../../../shared/schemas/story";
import type { Stored } from "../../../shared/story-fields";
import { createdAt } from "./columns";
import { images } from "./images";
import { users } from "./users";

/** PostgreSQL's text-search vector (drizzle has no type of its own for it). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const stories = pgTable(
  "stories",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description"),
    content: text("content").notNull().default(""),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    published: boolean("published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
    /**
     * The time of the story's newest event in the Following feed while it is published: its publication, or its
     * latest chapter published later (community/following-feed.ts); exactly that, kept by the triggers of migration 0031.
     */
    lastEventAt: timestamp("last_event_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    template: text("template"),
    // NOTE: the four jsonb fields are written in the shapes of the shared schemas; rows from before that may hold
    // text (Stored<…>), so readers go through normalizeStoryFields (shared/story-fields.ts).
    characters: jsonb("characters").$type<Stored<StoryCharacters>>(),
    setting: text("setting"),
    plotIdeas: text("plot_ideas"),
    moods: jsonb("moods").$type<Stored<StoryMoods>>(),
    coverImageId: text("cover_image_id").references(() => images.id, { onDelete: "set null" }),
    // FicForge Plus: the image readers see behind the story (shown while the author is premium; kept when not).
    readerBackgroundImageId: text("reader_background_image_id").references(() => images.id, { onDelete: "set null" }),
    fandoms: jsonb("fandoms").$type<Stored<StoryFandoms>>(),
    themes: jsonb("themes").$type<Stored<StoryThemes>>(),
    // Optimistic concurrency: every save bumps it; a save naming an older one is refused (409).
    version: integer("version").notNull().default(1),
    // Issue 30: who saved the current text (the creator or a co-creator), so the version that keeps it names them.
    // No foreign key: a deleted account's id is never reused, and the History left-joins users.
    savedBy: integer("saved_by"),
    rating: text("rating").notNull().default("general"),
    // The sanitizer allowlist version `content` was last cleaned with (content/sanitize-content.ts); older rows are
    // re-sanitized once in the background when the allowlist changes.
    sanitizedWith: integer("sanitized_with").notNull().default(0),
    // Words in `content`, and those still inside Marin's generated-content wrappers (provenance: aiShare = ai / all).
    // Counted on write; null for rows written before counting existed until the maintenance job counts them.
    wordCount: integer("word_count"),
    aiWordCount: integer("ai_word_count"),
    // When Marin's automatic opening scene was claimed: the first one per story is free (not charged to the quota).
    openingSceneAt: timestamp("opening_scene_at", { withTimezone: true, mode: "date" }),
    // Reading and community (issue 9). `rating` is derived on write: mature when the author marks it
    // (markedMature), when it uses the nsfw theme, or by the NSFW rule (shared/nsfw.ts).
    markedMature: boolean("marked_mature").notNull().default(false),
    likeCount: integer("like_count").notNull().default(0),
    bookmarkCount: integer("bookmark_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    // Title, description, tags and fandoms as one text, kept on write, for full-text search.
    searchText: text("search_text"),
    // Its tag names and fandoms alone, kept on write, so search ranks a tag match above a text match (search.ts).
    searchTags: text("search_tags"),
    // Recent likes and bookmarks, decayed (Discover's 'Featured'); kept by likes/bookmarks and a maintenance job.
    // Featured's score in time-free units (reading/featured-score.ts): the sum of weight × 2^((at − epoch) / half-life)
    // over the window's likes and bookmarks. Double precision: the units double every half-life.
    featuredScore: doublePrecision("featured_score").notNull().default(0),
    // Issue 17: the author's 5-level rating (Mature and Explicit make `rating` mature), AO3-style warnings and
    // whether the story is finished (shared/tagging.ts). The free-form tags are in tags.ts.
    contentRating: text("content_rating").notNull().default("not-rated"),
    warnings: text("warnings").array().notNull().default(sql`'{}'::text[]`),
    status: text("status").notNull().default("in-progress"),
    // Issue 18: when a moderator unpublished the story. Hidden from every reader (the author included) until a
    // moderator restores it; `published` is left as the author set it, so restoring changes nothing else.
    moderationHiddenAt: timestamp("moderation_hidden_at", { withTimezone: true, mode: "date" }),
    // Issue 29: the writer's statement about text from other tools ('none' | 'assisted' | 'generated'), never below
    // what was measured (provenance/provenance.ts), and the work's label: the higher of the statement and the measured share
    // (aiWordCount / wordCount, counted from Marin's fingerprints, not from markup). Generated, so every writer of
    // the counts or the statement keeps it without knowing; lists filter on it as one more column condition.
    aiDeclaration: text("ai_declaration").notNull().default("none"),
    aiLabel: text("ai_label").generatedAlwaysAs(
      sql`case when ai_declaration = 'generated' or (coalesce(word_count, 0) > 0 and coalesce(ai_word_count, 0) * 2 >= word_count) then 'generated' when ai_declaration = 'assisted' or coalesce(ai_word_count, 0) > 0 then 'assisted' else 'none' end`,
    ),
    // The version of the AI measurement ai_word_count was last counted with (provenance/provenance.ts); older rows are
    // measured again once in the background (0: counted from the generated-content wrappers, before fingerprints).
    aiMeasuredWith: integer("ai_measured_with").notNull().default(0),
    // Issue 29: who may read the published work: 'everyone', or 'members' (signed-in readers only; visitors get a
    // 'Sign in to read' page, and feeds, sitemaps and signed-out lists leave it out).
    audience: text("audience").notNull().default("everyone"),
    // Issue 31: whether readers may comment on single paragraphs (the author's choice per work), and the work's
    // language (a BCP 47 code from the maintained list, shared/languages.ts). A crossover has two or more fandoms:
    // generated, so Discover's `crossover=` is one column condition like the others.
    paragraphComments: boolean("paragraph_comments").notNull().default(true),
    language: text("language").notNull().default("en"),
    crossover: boolean("crossover")
      .notNull()
      .generatedAlwaysAs(
        sql`case when jsonb_typeof(fandoms) = 'array' then jsonb_array_length(fandoms) >= 2 else false end`,
      ),
    // Issue 33: the work is in an anonymous collection not yet revealed (its creator shows as 'Anonymous' to everyone
    // but its creators and that collection's maintainers), or in an unrevealed one (only they see it at all). Kept by
    // the collection commands (collections/anonymity.ts) on add, remove and reveal, so lists stay one row condition.
    anonymous: boolean("anonymous").notNull().default(false),
    unrevealed: boolean("unrevealed").notNull().default(false),
    // Issue 28: every key the story carries (catalogue tags, free-form tags, warnings; shared/tagging.ts
    // storyTagKeys), kept by triggers on story_tags, story_free_tags and warnings (migration 0024), so a tag filter
    // is one condition on the row (`@>`, `&&`) that the GIN index below or the walked order's index answers.
    tagKeys: text("tag_keys").array().notNull().default(sql`'{}'::text[]`),
    // Search (reading/search.ts), stored so neither a match's recheck nor its rank parses the text again (that cost
    // ~150 µs a row: seconds for a common word; decisions 0067, 0072): all the text weighted (title A, tags and
    // fandoms B, the rest D), and the title and tags alone, whose matches come first.
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', coalesce(search_tags, '')), 'B') || setweight(to_tsvector('simple', coalesce(search_text, '')), 'D')`,
    ),
    searchHead: tsvector("search_head").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', coalesce(search_tags, '')), 'B')`,
    ),
  },
  (t) => [
    index("stories_author_updated_idx").on(t.authorId, t.updatedAt.desc()),
    // The author page's keyset (public-page/author-query.ts): their works newest first, a page at a time.
    index("stories_author_published_idx").on(t.authorId, t.publishedAt.desc(), t.id.desc()).where(sql`${t.published}`),
    // The Following feed's walk (community/following-feed.ts): each followed author's stories by newest event, with
    // what the walk filters on in the entry (an index-only scan).
    index("stories_author_last_event_idx")
      .on(t.authorId, t.lastEventAt.desc(), t.id.desc(), t.publishedAt, t.rating)
      .where(sql`${t.published} and ${t.moderationHiddenAt} is null`),
    index("stories_published_idx").on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.published}`),
    index("stories_cover_image_idx").on(t.coverImageId),
    index("stories_reader_background_idx").on(t.readerBackgroundImageId),
    index("stories_sanitized_with_idx").on(t.sanitizedWith),
    index("stories_uncounted_idx").on(t.id).where(sql`${t.wordCount} is null`),
    // NOTE: the backfill jobs' idle runs are probes of these partial indexes (empty once the work is done), not
    // scans of the catalogue: the stories still to rate (rate-stories.ts) and those with a score (featured-score.ts).
    index("stories_unrated_idx").on(t.id).where(sql`${t.searchText} is null or ${t.searchTags} is null`),
    index("stories_scored_idx").on(t.id).where(sql`${t.featuredScore} <> 0`),
    check("stories_rating_check", sql`${t.rating} in ('general', 'mature')`),
    // Search (reading/search.ts): the stored vectors (misspelt words are corrected through search_words).
    index("stories_search_vector_idx").using("gin", t.searchVector).where(sql`${t.published}`),
    index("stories_search_head_idx").using("gin", t.searchHead).where(sql`${t.published}`),
    index("stories_fandoms_idx").using("gin", sql`${t.fandoms} jsonb_path_ops`).where(sql`${t.published}`),
    // For You's fandom lists (reading/for-you.ts): the fandoms as an array, whose statistics (migration 0029) tell a
    // big fandom, walked down stories_featured_idx, from a rare one, taken from this index.
    index("stories_fandom_keys_idx").using("gin", sql`story_fandom_keys(${t.fandoms})`).where(sql`${t.published}`),
    index("stories_featured_idx").on(t.featuredScore.desc(), t.id.desc()).where(sql`${t.published}`),
    check(
      "stories_content_rating_check",
      sql`${t.contentRating} in ('general', 'teen', 'mature', 'explicit', 'not-rated')`,
    ),
    check("stories_status_check", sql`${t.status} in ('in-progress', 'complete')`),
    // Discover's other orders (issue 17), each walked in order like stories_published_idx.
    index("stories_updated_idx").on(t.updatedAt.desc(), t.id.desc()).where(sql`${t.published}`),
    index("stories_likes_idx").on(t.likeCount.desc(), t.id.desc()).where(sql`${t.published}`),
    index("stories_bookmarks_idx").on(t.bookmarkCount.desc(), t.id.desc()).where(sql`${t.published}`),
    index("stories_words_idx")
      .on(sql`coalesce(${t.wordCount}, 0) desc nulls last`, t.id.desc())
      .where(sql`${t.published}`),
    index("stories_tag_keys_idx").using("gin", t.tagKeys).where(sql`${t.published}`),
    index("stories_ai_unmeasured_idx").on(t.id).where(sql`${t.aiMeasuredWith} < 1 and ${t.aiWordCount} > 0`),
    check("stories_ai_declaration_check", sql`${t.aiDeclaration} in ('none', 'assisted', 'generated')`),
    check("stories_audience_check", sql`${t.audience} in ('everyone', 'members')`),
    index("stories_published_general_idx")
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.published} and ${t.rating} = 'general'`),
  ],
);

/**
 * Every word (search_head lexeme) of a published story's title, tags and fandoms, for correcting a misspelt search
 * word by trigram similarity (reading/search.ts). Filled by a trigger on stories (migration 0028); never pruned: a
 * word whose stories are gone corrects to a word that finds nothing, which adds nothing.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

export const tags = pgTable("tags", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const storyTags = pgTable(
  "story_tags",
  {
    storyId: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.tagId] }), index("story_tags_tag_idx").on(t.tagId)],
);

/**
 * Marin's story memory (a FicForge Plus perk): the characters with their traits and relationships, and a running
 * summary of earlier chapters, rebuilt after each generation and put into the prompt.
 */
export const storyMemories = pgTable("story_memories", {
  storyId: integer("story_id")
    .primaryKey()
    .references(() => stories.id, { onDelete: "cascade" }),
  characters: jsonb("characters").notNull().default([]),
  summary: text("summary"),
  /** The story version the memory was built from. */
  storyVersion: integer("story_version").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
