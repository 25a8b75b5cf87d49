-- Issue 28: each published story's newest event in the Following feed (community/following-feed.ts), its
-- publication or the latest of its chapters published later (after chapter 1, not removed, more than a second after
-- the publication), so the feed walks each followed author's stories newest event first and reads the events of a
-- page's stories only. Exact, never a bound: the feed takes the stories with the newest value as the ones holding
-- its newest events. Null while unpublished.
-- NOTE: triggers, so every writer (publish, unpublish, a save that adds or cuts chapters, the chapter backfill, a
-- hand-written fix) keeps it without knowing. A publication moves published_at (a BEFORE trigger on the row); a
-- chapter recorded, cut or put back moves its story's (after each statement on story_chapters, once per story).
-- Arguments: the story's id, published and published_at.
CREATE FUNCTION "story_last_event_at"(integer, boolean, timestamptz)
  RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN $2 THEN greatest($3, (
    SELECT max(c.first_published_at) FROM story_chapters c
    WHERE c.story_id = $1 AND c.n > 1 AND c.removed_at IS NULL AND c.first_published_at > $3 + interval '1 second')) END
$$;--> statement-breakpoint
CREATE FUNCTION "stories_last_event_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.last_event_at := story_last_event_at(NEW.id, NEW.published, NEW.published_at);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION "story_chapters_last_event_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stories s SET last_event_at = story_last_event_at(s.id, s.published, s.published_at)
    WHERE s.id IN (SELECT story_id FROM changed)
      AND s.last_event_at IS DISTINCT FROM story_last_event_at(s.id, s.published, s.published_at);
  RETURN NULL;
END
$$;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "last_event_at" timestamp with time zone;--> statement-breakpoint
CREATE TRIGGER "stories_last_event_at" BEFORE INSERT OR UPDATE OF published, published_at ON "stories"
  FOR EACH ROW EXECUTE FUNCTION stories_last_event_at();--> statement-breakpoint
CREATE TRIGGER "story_chapters_last_event_at_insert" AFTER INSERT ON "story_chapters"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION story_chapters_last_event_at();--> statement-breakpoint
CREATE TRIGGER "story_chapters_last_event_at_update" AFTER UPDATE ON "story_chapters"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION story_chapters_last_event_at();--> statement-breakpoint
-- The stories there are, set-based.
UPDATE "stories" s SET "last_event_at" = story_last_event_at(s."id", s."published", s."published_at")
  WHERE s."published";--> statement-breakpoint
CREATE INDEX "stories_author_last_event_idx" ON "stories" USING btree ("author_id","last_event_at" DESC NULLS LAST,"id" DESC NULLS LAST,"published_at","rating") WHERE "stories"."published" and "stories"."moderation_hidden_at" is null;
