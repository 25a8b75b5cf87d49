-- Issue 33: collections and challenges. Collections (maintainers, items with moderation and invitations,
-- subscriptions, anonymous and unrevealed until a reveal), gift exchanges (sign-ups, assignments with pinch hits) and
-- prompt memes (prompts, claims, fills). stories.anonymous and stories.unrevealed are kept by the collection commands;
-- notifications gain the new types and the collection they tell about.
CREATE TABLE "collection_items" (
	"collection_id" integer NOT NULL,
	"story_id" integer NOT NULL,
	"state" text NOT NULL,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "collection_items_collection_id_story_id_pk" PRIMARY KEY("collection_id","story_id"),
	CONSTRAINT "collection_items_state_check" CHECK ("collection_items"."state" in ('approved', 'pending', 'invited', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "collection_maintainers" (
	"collection_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'maintainer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_maintainers_collection_id_user_id_pk" PRIMARY KEY("collection_id","user_id"),
	CONSTRAINT "collection_maintainers_role_check" CHECK ("collection_maintainers"."role" in ('owner', 'maintainer'))
);
--> statement-breakpoint
CREATE TABLE "collection_prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"poster_id" integer NOT NULL,
	"text" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_subscriptions" (
	"user_id" integer NOT NULL,
	"collection_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_subscriptions_user_id_collection_id_pk" PRIMARY KEY("user_id","collection_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_id" integer NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"moderated" boolean DEFAULT false NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"unrevealed" boolean DEFAULT false NOT NULL,
	"reveal_at" timestamp with time zone,
	"revealed_at" timestamp with time zone,
	"prompt_meme" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_name_check" CHECK ("collections"."name" ~ '^[a-z0-9_]{3,40}$'),
	CONSTRAINT "collections_prompt_meme_check" CHECK ("collections"."prompt_meme" in ('none', 'open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "exchange_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"giver_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"state" text DEFAULT 'proposed' NOT NULL,
	"overlap" integer DEFAULT 0 NOT NULL,
	"pinch_hit_for" integer,
	"story_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"posted_at" timestamp with time zone,
	"defaulted_at" timestamp with time zone,
	CONSTRAINT "exchange_assignments_state_check" CHECK ("exchange_assignments"."state" in ('proposed', 'sent', 'defaulted')),
	CONSTRAINT "exchange_assignments_not_self_check" CHECK ("exchange_assignments"."giver_id" <> "exchange_assignments"."recipient_id")
);
--> statement-breakpoint
CREATE TABLE "exchange_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"offers" jsonb NOT NULL,
	"requests" jsonb NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"pinch_hitter" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_signups_collection_user_key" UNIQUE("collection_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "gift_exchanges" (
	"collection_id" integer PRIMARY KEY NOT NULL,
	"signup_opens_at" timestamp with time zone NOT NULL,
	"signup_closes_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"rules" jsonb NOT NULL,
	"matching_state" text DEFAULT 'none' NOT NULL,
	"matching_started_at" timestamp with time zone,
	"matched_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_exchanges_matching_state_check" CHECK ("gift_exchanges"."matching_state" in ('none', 'running', 'done', 'sent')),
	CONSTRAINT "gift_exchanges_times_check" CHECK ("gift_exchanges"."signup_opens_at" < "gift_exchanges"."signup_closes_at" and "gift_exchanges"."signup_closes_at" < "gift_exchanges"."due_at")
);
--> statement-breakpoint
CREATE TABLE "prompt_claims" (
	"prompt_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompt_claims_prompt_id_user_id_pk" PRIMARY KEY("prompt_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "prompt_fills" (
	"prompt_id" integer NOT NULL,
	"story_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompt_fills_prompt_id_story_id_pk" PRIMARY KEY("prompt_id","story_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "collection_id" integer;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "unrevealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_maintainers" ADD CONSTRAINT "collection_maintainers_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_maintainers" ADD CONSTRAINT "collection_maintainers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_prompts" ADD CONSTRAINT "collection_prompts_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_prompts" ADD CONSTRAINT "collection_prompts_poster_id_users_id_fk" FOREIGN KEY ("poster_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_subscriptions" ADD CONSTRAINT "collection_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_subscriptions" ADD CONSTRAINT "collection_subscriptions_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_assignments" ADD CONSTRAINT "exchange_assignments_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_assignments" ADD CONSTRAINT "exchange_assignments_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_assignments" ADD CONSTRAINT "exchange_assignments_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_assignments" ADD CONSTRAINT "exchange_assignments_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_signups" ADD CONSTRAINT "exchange_signups_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_signups" ADD CONSTRAINT "exchange_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_exchanges" ADD CONSTRAINT "gift_exchanges_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_claims" ADD CONSTRAINT "prompt_claims_prompt_id_collection_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."collection_prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_claims" ADD CONSTRAINT "prompt_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_fills" ADD CONSTRAINT "prompt_fills_prompt_id_collection_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."collection_prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_fills" ADD CONSTRAINT "prompt_fills_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_items_story_idx" ON "collection_items" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "collection_items_state_idx" ON "collection_items" USING btree ("collection_id","state","story_id");--> statement-breakpoint
CREATE INDEX "collection_maintainers_user_idx" ON "collection_maintainers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "collection_prompts_collection_idx" ON "collection_prompts" USING btree ("collection_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "collection_subscriptions_collection_user_idx" ON "collection_subscriptions" USING btree ("collection_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_name_key" ON "collections" USING btree ("name");--> statement-breakpoint
CREATE INDEX "collections_owner_idx" ON "collections" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "collections_reveal_due_idx" ON "collections" USING btree ("reveal_at") WHERE "collections"."revealed_at" is null and "collections"."reveal_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_assignments_live_giver_key" ON "exchange_assignments" USING btree ("collection_id","giver_id") WHERE "exchange_assignments"."state" in ('proposed', 'sent');--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_assignments_live_recipient_key" ON "exchange_assignments" USING btree ("collection_id","recipient_id") WHERE "exchange_assignments"."state" in ('proposed', 'sent');--> statement-breakpoint
CREATE INDEX "exchange_assignments_giver_idx" ON "exchange_assignments" USING btree ("giver_id");--> statement-breakpoint
CREATE INDEX "gift_exchanges_remind_idx" ON "gift_exchanges" USING btree ("due_at") WHERE "gift_exchanges"."sent_at" is not null and "gift_exchanges"."reminded_at" is null;--> statement-breakpoint
CREATE INDEX "prompt_claims_user_idx" ON "prompt_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "prompt_fills_story_idx" ON "prompt_fills" USING btree ("story_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('comment', 'reply', 'new_chapter', 'new_story', 'new_follower', 'like_milestone', 'moderation_action', 'report_decided', 'series_work', 'co_creator_invite', 'co_creator_answer', 'gift', 'related_work', 'chapter_live', 'collection_work', 'collection_item', 'collection_invite', 'assignment', 'assignment_due', 'prompt_fill'));