ALTER TABLE "stories" ADD COLUMN "tag_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Issue 28: every key a story carries, on its row, for Discover's and the tag pages' filters (shared/tagging.ts
-- storyTagKeys computes the same in TypeScript). Catalogue names and warnings are ASCII, so lower() is their key;
-- free-form keys are keys already.
-- NOTE: PL/pgSQL, whose plans are kept per session: a LANGUAGE sql function of this shape is planned again on every
-- call (0.77 ms a row measured at 200,000 works).
CREATE FUNCTION "story_tag_keys"(p_story integer, p_warnings text[]) RETURNS text[] LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(k ORDER BY k COLLATE "C"), '{}'::text[]) FROM (
    SELECT lower(t.name) AS k FROM story_tags st JOIN tags t ON t.id = st.tag_id WHERE st.story_id = p_story
    UNION SELECT f.key FROM story_free_tags f WHERE f.story_id = p_story
    UNION SELECT lower(w) FROM unnest(p_warnings) AS w
  ) AS keys);
END
$$;--> statement-breakpoint
-- The stories there are, set-based and before the triggers exist (a trigger per row took ~0.8 ms a story).
UPDATE "stories" s SET "tag_keys" = k.keys FROM (
  SELECT story_id, array_agg(DISTINCT key COLLATE "C" ORDER BY key COLLATE "C") AS keys FROM (
    SELECT st.story_id, lower(t.name) AS key FROM story_tags st JOIN tags t ON t.id = st.tag_id
    UNION ALL SELECT f.story_id, f.key FROM story_free_tags f
    UNION ALL SELECT s2.id, lower(w) FROM stories s2, unnest(s2.warnings) AS w
  ) AS all_keys GROUP BY story_id
) AS k WHERE s.id = k.story_id;--> statement-breakpoint
CREATE FUNCTION "stories_tag_keys_on_warnings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- NOTE: a new row has no tag rows yet (they reference it), so its warnings are all it carries: no query per
  -- inserted row (bulk loads, the move to PostgreSQL).
  IF TG_OP = 'INSERT' THEN
    NEW.tag_keys := ARRAY(SELECT DISTINCT lower(w) COLLATE "C" FROM unnest(NEW.warnings) AS w ORDER BY 1);
  ELSE
    NEW.tag_keys := story_tag_keys(NEW.id, NEW.warnings);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stories_tag_keys_on_warnings" BEFORE INSERT OR UPDATE OF warnings, tag_keys ON "stories"
  FOR EACH ROW EXECUTE FUNCTION stories_tag_keys_on_warnings();--> statement-breakpoint
-- NOTE: the tag tables' triggers run once per statement (a story's tags are replaced by one DELETE and one INSERT)
-- and update only the column they keep, which fires the trigger above (UPDATE OF tag_keys): one place computes
-- the keys, and a hand-written tag_keys is corrected the same way.
CREATE FUNCTION "stories_tag_keys_on_tags"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE stories SET tag_keys = '{}' WHERE id IN (SELECT story_id FROM changed_new);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE stories SET tag_keys = '{}' WHERE id IN (SELECT story_id FROM changed_old);
  ELSE
    UPDATE stories SET tag_keys = '{}'
      WHERE id IN (SELECT story_id FROM changed_new UNION SELECT story_id FROM changed_old);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "story_tags_tag_keys_insert" AFTER INSERT ON "story_tags" REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION stories_tag_keys_on_tags();--> statement-breakpoint
CREATE TRIGGER "story_tags_tag_keys_update" AFTER UPDATE ON "story_tags"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION stories_tag_keys_on_tags();--> statement-breakpoint
CREATE TRIGGER "story_tags_tag_keys_delete" AFTER DELETE ON "story_tags" REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION stories_tag_keys_on_tags();--> statement-breakpoint
CREATE TRIGGER "story_free_tags_tag_keys_insert" AFTER INSERT ON "story_free_tags"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION stories_tag_keys_on_tags();--> statement-breakpoint
CREATE TRIGGER "story_free_tags_tag_keys_update" AFTER UPDATE ON "story_free_tags"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION stories_tag_keys_on_tags();--> statement-breakpoint
CREATE TRIGGER "story_free_tags_tag_keys_delete" AFTER DELETE ON "story_free_tags"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION stories_tag_keys_on_tags();--> statement-breakpoint
CREATE INDEX "stories_tag_keys_idx" ON "stories" USING gin ("tag_keys") WHERE "stories"."published";
--> statement-breakpoint
CREATE INDEX "stories_author_published_idx" ON "stories" USING btree ("author_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "stories"."published";
