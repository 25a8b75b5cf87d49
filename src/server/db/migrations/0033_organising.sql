-- Issue 30: how fans organise works. Series (their works in order, subscriptions), co-creators with consent,
-- gifts, related works, Mark for Later; bookmarks gain a note, tags, rec and private; notifications gain the
-- new kinds (and the series, invitation or link they tell about); users may turn co-creator invitations off.
CREATE TABLE "marked_for_later" (
	"user_id" integer NOT NULL,
	"story_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marked_for_later_user_id_story_id_pk" PRIMARY KEY("user_id","story_id")
);
--> statement-breakpoint
CREATE TABLE "related_works" (
	"id" serial PRIMARY KEY NOT NULL,
	"story_id" integer NOT NULL,
	"related_story_id" integer,
	"url" text,
	"title" text,
	"author" text,
	"relation" text NOT NULL,
	"language" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	CONSTRAINT "related_works_relation_check" CHECK ("related_works"."relation" in ('inspired-by', 'translation-of', 'remix-of', 'sequel-to'))
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_subscriptions" (
	"user_id" integer NOT NULL,
	"series_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_subscriptions_user_id_series_id_pk" PRIMARY KEY("user_id","series_id")
);
--> statement-breakpoint
CREATE TABLE "series_works" (
	"series_id" integer NOT NULL,
	"story_id" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_works_series_id_story_id_pk" PRIMARY KEY("series_id","story_id"),
	CONSTRAINT "series_works_position_check" CHECK ("series_works"."position" >= 1)
);
--> statement-breakpoint
CREATE TABLE "story_co_creators" (
	"id" serial PRIMARY KEY NOT NULL,
	"story_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"invited_by" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "story_co_creators_story_user_key" UNIQUE("story_id","user_id"),
	CONSTRAINT "story_co_creators_state_check" CHECK ("story_co_creators"."state" in ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "story_gifts" (
	"story_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refused_at" timestamp with time zone,
	CONSTRAINT "story_gifts_story_id_user_id_pk" PRIMARY KEY("story_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD COLUMN "rec" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "co_creator_invites" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "marked_for_later" ADD CONSTRAINT "marked_for_later_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marked_for_later" ADD CONSTRAINT "marked_for_later_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_works" ADD CONSTRAINT "related_works_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_works" ADD CONSTRAINT "related_works_related_story_id_stories_id_fk" FOREIGN KEY ("related_story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_subscriptions" ADD CONSTRAINT "series_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_subscriptions" ADD CONSTRAINT "series_subscriptions_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_works" ADD CONSTRAINT "series_works_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_works" ADD CONSTRAINT "series_works_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_co_creators" ADD CONSTRAINT "story_co_creators_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_co_creators" ADD CONSTRAINT "story_co_creators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_co_creators" ADD CONSTRAINT "story_co_creators_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_gifts" ADD CONSTRAINT "story_gifts_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_gifts" ADD CONSTRAINT "story_gifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marked_for_later_user_idx" ON "marked_for_later" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "related_works_story_idx" ON "related_works" USING btree ("story_id","position");--> statement-breakpoint
CREATE INDEX "related_works_related_idx" ON "related_works" USING btree ("related_story_id") WHERE "related_works"."related_story_id" is not null;--> statement-breakpoint
CREATE INDEX "series_owner_idx" ON "series" USING btree ("owner_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "series_subscriptions_series_user_idx" ON "series_subscriptions" USING btree ("series_id","user_id");--> statement-breakpoint
CREATE INDEX "series_works_story_idx" ON "series_works" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "series_works_position_idx" ON "series_works" USING btree ("series_id","position");--> statement-breakpoint
CREATE INDEX "story_co_creators_user_idx" ON "story_co_creators" USING btree ("user_id","story_id") WHERE "story_co_creators"."state" = 'accepted';--> statement-breakpoint
CREATE INDEX "story_gifts_user_idx" ON "story_gifts" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE "story_gifts"."refused_at" is null;--> statement-breakpoint
CREATE INDEX "bookmarks_user_public_idx" ON "bookmarks" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "bookmarks"."private";--> statement-breakpoint
CREATE INDEX "bookmarks_story_public_idx" ON "bookmarks" USING btree ("story_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "bookmarks"."private";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('comment', 'reply', 'new_chapter', 'new_story', 'new_follower', 'like_milestone', 'moderation_action', 'report_decided', 'series_work', 'co_creator_invite', 'co_creator_answer', 'gift', 'related_work'));