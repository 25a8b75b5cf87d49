CREATE TABLE "read_marks" (
	"story_id" integer NOT NULL,
	"day" date NOT NULL,
	"reader" text NOT NULL,
	"chapter" smallint NOT NULL,
	CONSTRAINT "read_marks_story_id_day_reader_chapter_pk" PRIMARY KEY("story_id","day","reader","chapter")
);
--> statement-breakpoint
CREATE TABLE "read_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_progress" (
	"user_id" integer NOT NULL,
	"story_id" integer NOT NULL,
	"chapter" smallint NOT NULL,
	"position" real NOT NULL,
	"overall" real NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reading_progress_user_id_story_id_pk" PRIMARY KEY("user_id","story_id")
);
--> statement-breakpoint
CREATE TABLE "reading_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"record_history" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_chapter_reads" (
	"story_id" integer NOT NULL,
	"chapter" smallint NOT NULL,
	"readers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "story_chapter_reads_story_id_chapter_pk" PRIMARY KEY("story_id","chapter")
);
--> statement-breakpoint
CREATE TABLE "story_read_days" (
	"story_id" integer NOT NULL,
	"day" date NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	"readers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "story_read_days_story_id_day_pk" PRIMARY KEY("story_id","day")
);
--> statement-breakpoint
ALTER TABLE "read_marks" ADD CONSTRAINT "read_marks_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_settings" ADD CONSTRAINT "reading_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_chapter_reads" ADD CONSTRAINT "story_chapter_reads_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_read_days" ADD CONSTRAINT "story_read_days_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "read_marks_day_idx" ON "read_marks" USING btree ("day");--> statement-breakpoint
CREATE INDEX "reading_progress_user_idx" ON "reading_progress" USING btree ("user_id","updated_at" DESC NULLS LAST);