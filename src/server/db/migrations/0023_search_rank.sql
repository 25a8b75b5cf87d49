CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "stories_search_idx";--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "search_tags" text;--> statement-breakpoint
CREATE INDEX "stories_search_rank_idx" ON "stories" USING gin ((setweight(to_tsvector('simple', "title"), 'A') || setweight(to_tsvector('simple', coalesce("search_tags", '')), 'B') || setweight(to_tsvector('simple', coalesce("search_text", '')), 'D'))) WHERE "stories"."published";--> statement-breakpoint
CREATE INDEX "stories_title_trgm_idx" ON "stories" USING gin (lower("title") gin_trgm_ops) WHERE "stories"."published";--> statement-breakpoint
CREATE INDEX "stories_tags_trgm_idx" ON "stories" USING gin (lower(coalesce("search_tags", '')) gin_trgm_ops) WHERE "stories"."published";--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin (lower("username") gin_trgm_ops);