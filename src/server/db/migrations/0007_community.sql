CREATE TABLE "follows" (
	"follower_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_author_id_pk" PRIMARY KEY("follower_id","author_id"),
	CONSTRAINT "follows_not_self_check" CHECK ("follows"."follower_id" <> "follows"."author_id")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"channel" text NOT NULL,
	CONSTRAINT "notification_settings_user_id_type_pk" PRIMARY KEY("user_id","type"),
	CONSTRAINT "notification_settings_channel_check" CHECK ("notification_settings"."channel" in ('app', 'email', 'off'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"actor_id" integer,
	"story_id" integer,
	"comment_id" integer,
	"chapter_number" integer,
	"milestone" integer,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"email_state" text DEFAULT 'none' NOT NULL,
	CONSTRAINT "notifications_user_dedupe_key" UNIQUE("user_id","dedupe_key"),
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('comment', 'reply', 'new_chapter', 'new_story', 'new_follower', 'like_milestone')),
	CONSTRAINT "notifications_email_state_check" CHECK ("notifications"."email_state" in ('none', 'pending', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "story_subscriptions" (
	"user_id" integer NOT NULL,
	"story_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_subscriptions_user_id_story_id_pk" PRIMARY KEY("user_id","story_id")
);
--> statement-breakpoint
CREATE TABLE "former_usernames" (
	"name_lower" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"cadence" text DEFAULT 'hourly' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"token_generation" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"lease_owner" text,
	"failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "email_settings_cadence_check" CHECK ("email_settings"."cadence" in ('hourly', 'daily'))
);
--> statement-breakpoint
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
ALTER TABLE "stories" ADD COLUMN "content_rating" text DEFAULT 'not-rated' NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "warnings" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "status" text DEFAULT 'in-progress' NOT NULL;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_subscriptions" ADD CONSTRAINT "story_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_subscriptions" ADD CONSTRAINT "story_subscriptions_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "former_usernames" ADD CONSTRAINT "former_usernames_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_settings" ADD CONSTRAINT "email_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_free_tags" ADD CONSTRAINT "story_free_tags_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_free_tags" ADD CONSTRAINT "story_free_tags_key_free_tags_key_fk" FOREIGN KEY ("key") REFERENCES "public"."free_tags"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_marks" ADD CONSTRAINT "read_marks_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_settings" ADD CONSTRAINT "reading_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_chapter_reads" ADD CONSTRAINT "story_chapter_reads_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_read_days" ADD CONSTRAINT "story_read_days_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_chapters" ADD CONSTRAINT "story_chapters_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_author_idx" ON "follows" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "notifications_user_id_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" USING btree ("id") WHERE "notifications"."email_state" = 'pending';--> statement-breakpoint
CREATE INDEX "story_subscriptions_story_idx" ON "story_subscriptions" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "former_usernames_user_idx" ON "former_usernames" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "free_tags_prefix_idx" ON "free_tags" USING btree ("key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "story_free_tags_key_idx" ON "story_free_tags" USING btree ("key","story_id");--> statement-breakpoint
CREATE INDEX "read_marks_day_idx" ON "read_marks" USING btree ("day");--> statement-breakpoint
CREATE INDEX "reading_progress_user_idx" ON "reading_progress" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stories_updated_idx" ON "stories" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "stories"."published";--> statement-breakpoint
CREATE INDEX "stories_likes_idx" ON "stories" USING btree ("like_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "stories"."published";--> statement-breakpoint
CREATE INDEX "stories_bookmarks_idx" ON "stories" USING btree ("bookmark_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "stories"."published";--> statement-breakpoint
CREATE INDEX "stories_words_idx" ON "stories" USING btree (coalesce("word_count", 0) desc nulls last,"id" DESC NULLS LAST) WHERE "stories"."published";--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_content_rating_check" CHECK ("stories"."content_rating" in ('general', 'teen', 'mature', 'explicit', 'not-rated'));--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_status_check" CHECK ("stories"."status" in ('in-progress', 'complete'));