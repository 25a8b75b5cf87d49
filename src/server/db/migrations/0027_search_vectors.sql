DROP INDEX "stories_search_rank_idx";--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', coalesce(search_tags, '')), 'B') || setweight(to_tsvector('simple', coalesce(search_text, '')), 'D')) STORED;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "search_head" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', coalesce(search_tags, '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "stories_search_vector_idx" ON "stories" USING gin ("search_vector") WHERE "stories"."published";--> statement-breakpoint
CREATE INDEX "stories_search_head_idx" ON "stories" USING gin ("search_head") WHERE "stories"."published";--> statement-breakpoint
-- Statistics for the new columns (and tag_keys, 0024): without them the planner guesses how many stories a tag or a
-- word finds (0.5%) and picks the wrong plan (decision 0072); autovacuum may be off or late after a bulk change.
ANALYZE "stories";
