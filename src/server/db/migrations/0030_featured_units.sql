-- Featured's score in time-free units (src/server/reading/featured-score.ts): each like or bookmark weighs
-- weight × 2^((at − 2026-01-01) / 7 days) for as long as it is in the window, so decay no longer changes a stored
-- score and the hourly job rewrites only the stories whose window lost a mark. The scores held until now were as of
-- now (decayed): scaled by 2^((now − 2026-01-01) / 7 days) they are in the new units. Double precision: the units
-- double every week (2^1023 is reached in 2045).
ALTER TABLE "stories" ALTER COLUMN "featured_score" SET DATA TYPE double precision
  USING "featured_score" * power(2::float8, extract(epoch from (now() - timestamptz '2026-01-01 00:00:00+00'))::float8 / 604800);--> statement-breakpoint
ANALYZE "stories" ("featured_score");
