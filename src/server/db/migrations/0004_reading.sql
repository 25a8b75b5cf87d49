ALTER TABLE "stories" ADD COLUMN "marked_mature" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "bookmark_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "featured_score" real DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "likes_created_idx" ON "likes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stories_search_idx" ON "stories" USING gin (to_tsvector('simple', coalesce("search_text", ''))) WHERE "stories"."published";--> statement-breakpoint
CREATE INDEX "stories_fandoms_idx" ON "stories" USING gin ("fandoms" jsonb_path_ops) WHERE "stories"."published";--> statement-breakpoint
CREATE INDEX "stories_featured_idx" ON "stories" USING btree ("featured_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "stories"."published";--> statement-breakpoint
CREATE INDEX "stories_published_general_idx" ON "stories" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "stories"."published" and "stories"."rating" = 'general';