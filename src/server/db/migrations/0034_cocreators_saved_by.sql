ALTER TABLE "stories" ADD COLUMN "saved_by" integer;--> statement-breakpoint
ALTER TABLE "story_versions" ADD COLUMN "saved_by" integer;