CREATE TABLE "free_tags" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_free_tags" (
	"story_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "story_free_tags_story_id_kind_key_pk" PRIMARY KEY("story_id","kind","key"),
	CONSTRAINT "story_free_tags_kind_check" CHECK ("story_free_tags"."kind" in ('relationship', 'character', 'freeform'))
);
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "content_rating" text DEFAULT 'not-rated' NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "warnings" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "status" text DEFAULT 'in-progress' NOT NULL;--> statement-breakpoint
ALTER TABLE "story_free_tags" ADD CONSTRAINT "story_free_tags_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_free_tags" ADD CONSTRAINT "story_free_tags_key_free_tags_key_fk" FOREIGN KEY ("key") REFERENCES "public"."free_tags"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "free_tags_prefix_idx" ON "free_tags" USING btree ("key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "story_free_tags_key_idx" ON "story_free_tags" USING btree ("key","story_id");--> statement-breakpoint
CREATE INDEX "stories_updated_idx" ON "stories" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "stories"."published";--> statement-breakpoint
CREATE INDEX "stories_likes_idx" ON "stories" USING btree ("like_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "stories"."published";--> statement-breakpoint
CREATE INDEX "stories_bookmarks_idx" ON "stories" USING btree ("bookmark_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "stories"."published";--> statement-breakpoint
CREATE INDEX "stories_words_idx" ON "stories" USING btree (coalesce("word_count", 0) desc nulls last,"id" DESC NULLS LAST) WHERE "stories"."published";--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_content_rating_check" CHECK ("stories"."content_rating" in ('general', 'teen', 'mature', 'explicit', 'not-rated'));--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_status_check" CHECK ("stories"."status" in ('in-progress', 'complete'));