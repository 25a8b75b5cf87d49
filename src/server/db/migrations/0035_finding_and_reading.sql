-- Issue 31: finding and reading like a fan. Paragraph comments carry an anchor; works a language, a generated
-- crossover flag and a paragraph-comments switch; readers their settings and languages; tags are wrangled
-- (canonical, synonym of, kind, fandom); a wrangler role; saved Discover filters; scheduled releases; and the
-- writer's 'Chapter N went live' notification.
CREATE TABLE "saved_filters" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_filters_user_name_key" UNIQUE("user_id","name")
);
--> statement-breakpoint
CREATE TABLE "scheduled_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"story_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"chapters" integer[],
	"publish" jsonb,
	"silent" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "scheduled_releases_state_check" CHECK ("scheduled_releases"."state" in ('scheduled', 'released', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "anchor_chapter" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "anchor_paragraph" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "anchor_quote" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "paragraph_comments" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "crossover" boolean GENERATED ALWAYS AS (case when jsonb_typeof(fandoms) = 'array' then jsonb_array_length(fandoms) >= 2 else false end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reader_settings" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reading_languages" text[];--> statement-breakpoint
ALTER TABLE "free_tags" ADD COLUMN "canonical" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "free_tags" ADD COLUMN "synonym_of" text;--> statement-breakpoint
ALTER TABLE "free_tags" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "free_tags" ADD COLUMN "fandom" text;--> statement-breakpoint
ALTER TABLE "free_tags" ADD COLUMN "wrangled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "free_tags" ADD COLUMN "wrangled_by" integer;--> statement-breakpoint
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_releases" ADD CONSTRAINT "scheduled_releases_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_filters_default_key" ON "saved_filters" USING btree ("user_id") WHERE "saved_filters"."is_default";--> statement-breakpoint
CREATE INDEX "scheduled_releases_due_idx" ON "scheduled_releases" USING btree ("at") WHERE "scheduled_releases"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "scheduled_releases_story_idx" ON "scheduled_releases" USING btree ("story_id") WHERE "scheduled_releases"."state" = 'scheduled';--> statement-breakpoint
ALTER TABLE "free_tags" ADD CONSTRAINT "free_tags_synonym_of_free_tags_key_fk" FOREIGN KEY ("synonym_of") REFERENCES "public"."free_tags"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_anchor_idx" ON "comments" USING btree ("story_id","anchor_chapter","anchor_paragraph") WHERE "comments"."anchor_chapter" is not null;--> statement-breakpoint
CREATE INDEX "free_tags_synonym_idx" ON "free_tags" USING btree ("synonym_of") WHERE "free_tags"."synonym_of" is not null;--> statement-breakpoint
CREATE INDEX "free_tags_unwrangled_idx" ON "free_tags" USING btree ("created_at") WHERE "free_tags"."wrangled_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('comment', 'reply', 'new_chapter', 'new_story', 'new_follower', 'like_milestone', 'moderation_action', 'report_decided', 'series_work', 'co_creator_invite', 'co_creator_answer', 'gift', 'related_work', 'chapter_live'));--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_anchor_check" CHECK (("comments"."anchor_chapter" is null and "comments"."anchor_paragraph" is null and "comments"."anchor_quote" is null) or ("comments"."anchor_chapter" >= 1 and "comments"."anchor_paragraph" >= 0 and "comments"."anchor_quote" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'wrangler', 'moderator', 'admin'));--> statement-breakpoint
ALTER TABLE "free_tags" ADD CONSTRAINT "free_tags_synonym_check" CHECK ("free_tags"."synonym_of" is null or ("free_tags"."synonym_of" <> "free_tags"."key" and not "free_tags"."canonical"));--> statement-breakpoint
ALTER TABLE "free_tags" ADD CONSTRAINT "free_tags_kind_check" CHECK ("free_tags"."kind" is null or "free_tags"."kind" in ('relationship', 'character', 'freeform'));