-- Issue 28: For You's fandom lists (reading/for-you.ts) find a fandom's most featured stories by walking
-- stories_featured_idx when the fandom is big and from this index when it is rare. The planner tells them apart
-- only with statistics of the fandoms as an array (the most common elements, as tag_keys has): for `fandoms @>
-- jsonb` it guessed 4,000-40,000 of 18,000 and gathered and sorted each whole fandom (3.3-7.8 s at a million works).
-- NOTE: PL/pgSQL, whose plan is kept per session; the statistics object, not the index, gives the planner the
-- statistics (an expression index's are not used when the index is partial).
CREATE FUNCTION "story_fandom_keys"(p_fandoms jsonb) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  IF jsonb_typeof(p_fandoms) IS DISTINCT FROM 'array' THEN
    RETURN '{}'::text[];
  END IF;
  RETURN ARRAY(SELECT jsonb_array_elements_text(p_fandoms));
END
$$;--> statement-breakpoint
CREATE INDEX "stories_fandom_keys_idx" ON "stories" USING gin (story_fandom_keys("fandoms")) WHERE "stories"."published";--> statement-breakpoint
CREATE STATISTICS "stories_fandom_keys_stats" ON (story_fandom_keys("fandoms")) FROM "stories";--> statement-breakpoint
ANALYZE "stories";
