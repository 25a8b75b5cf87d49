CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "stories_title_trgm_idx";--> statement-breakpoint
DROP INDEX "stories_tags_trgm_idx";--> statement-breakpoint
-- Issue 28: the words of published stories' titles, tags and fandoms (the lexemes of search_head, as the search
-- index knows them), so a misspelt search word is corrected from a table of distinct words instead of by trigrams
-- over every title and tag list (8-13 s for one misspelt word at a million works).
-- NOTE: a trigger, so every writer (publish, a details save, the rating backfill, imports, a hand-written fix)
-- keeps the words without knowing; AFTER, as the stored search_head is computed by then. Words are only added:
-- one whose stories are gone corrects a search to a word that finds nothing. Words only: the parser's other
-- lexemes (`lantern/luca` as a file path, `half-blood`, an address) have punctuation in them.
CREATE FUNCTION "search_words_of_story"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT w FROM unnest(tsvector_to_array(NEW.search_head)) AS w
    WHERE w !~ '[[:punct:]]' ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stories_search_words_insert" AFTER INSERT ON "stories"
  FOR EACH ROW WHEN (NEW.published) EXECUTE FUNCTION search_words_of_story();--> statement-breakpoint
CREATE TRIGGER "stories_search_words_update" AFTER UPDATE OF title, search_tags, published ON "stories"
  FOR EACH ROW WHEN (NEW.published AND (NOT OLD.published OR OLD.title IS DISTINCT FROM NEW.title
    OR OLD.search_tags IS DISTINCT FROM NEW.search_tags)) EXECUTE FUNCTION search_words_of_story();--> statement-breakpoint
-- The stories there are, set-based, before the trigram index is built.
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM "stories", unnest(tsvector_to_array("search_head")) AS w
  WHERE "published" AND w !~ '[[:punct:]]'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
ANALYZE "search_words";
