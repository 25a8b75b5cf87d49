CREATE TABLE "story_chapters" (
	"story_id" integer NOT NULL,
	"n" integer NOT NULL,
	"title" text,
	"words" integer NOT NULL,
	"first_published_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "story_chapters_story_id_n_pk" PRIMARY KEY("story_id","n"),
	CONSTRAINT "story_chapters_n_check" CHECK ("story_chapters"."n" >= 1)
);
--> statement-breakpoint
ALTER TABLE "story_chapters" ADD CONSTRAINT "story_chapters_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;