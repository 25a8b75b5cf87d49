CREATE TABLE "story_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"story_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"origin" text NOT NULL,
	"model" text,
	"published" boolean DEFAULT false NOT NULL,
	"restored_from" integer,
	"word_count" integer NOT NULL,
	"ai_word_count" integer DEFAULT 0 NOT NULL,
	"sanitized_with" integer DEFAULT 0 NOT NULL,
	"word_change" integer NOT NULL,
	"content_hash" text NOT NULL,
	"keyframe" boolean NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "story_versions_origin_check" CHECK ("story_versions"."origin" in ('writer', 'marin', 'restore', 'import'))
);
--> statement-breakpoint
ALTER TABLE "story_versions" ADD CONSTRAINT "story_versions_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "story_versions_story_idx" ON "story_versions" USING btree ("story_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "story_versions_created_idx" ON "story_versions" USING btree ("created_at");