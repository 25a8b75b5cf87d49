CREATE TABLE "story_memories" (
	"story_id" integer PRIMARY KEY NOT NULL,
	"characters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text,
	"story_version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "word_count" integer;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "ai_word_count" integer;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "opening_scene_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "story_memories" ADD CONSTRAINT "story_memories_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stories_uncounted_idx" ON "stories" USING btree ("id") WHERE "stories"."word_count" is null;