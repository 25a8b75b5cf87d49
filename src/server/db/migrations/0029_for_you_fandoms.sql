-- Issue 28: For You's fandom lists (reading/for-you.ts) find a fandom's most featured stories by walking
-- stories_featured_idx when the fandom is big and from this index when it is rare. The planner tells them apart
-- only with statistics of the fandoms as an array (the most common elements, as tag_keys has): for `fandoms @>
-- jsonb` it guessed 4,000-40,000 of 18,000 and gathered and sorted each whole fandom (3.3-7.8 s at a million works).
-- NOTE: PL/pgSQL of simple expressions only (no query inside), which it evaluates without the executor: 0.6 us a
-- row where ARRAY(SELECT jsonb_array_elements_text(...)) took 2.3 us, paid on every row a walk reads. The statistics
-- object, not the index, gives the planner the statistics (an expression index's are not used when it is partial).
CREATE FUNCTION "story_fandom_keys"(p_fandoms jsonb) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  keys text[] := '{}';
BEGIN
  IF jsonb_typeof(p_fandoms) IS DISTINCT FROM 'array' THEN
    RETURN keys;
  END IF;
  FOR i IN 0 .. jsonb_array_length(p_fandoms) - 1 LOOP
    keys := keys || (p_fandoms ->> i);
  END LOOP;
  RETURN keys;
END
$$;--> statement-breakpoint
CREATE INDEX "stories_fandom_keys_idx" ON "stories" USING gin (story_fandom_keys("fandoms")) WHERE "stories"."published";--> statement-breakpoint
CREATE STATISTICS "stories_fandom_keys_stats" ON (story_fandom_keys("fandoms")) FROM "stories";--> statement-breakpoint
ANALYZE "stories";
