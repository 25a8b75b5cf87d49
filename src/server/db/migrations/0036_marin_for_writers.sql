-- Issue 32: Marin for writers who use AI every day. Chat threads (each story's existing conversation becomes its
-- 'Main' thread) and versions of Marin's answers; generations kept for 'Another version'; lore entries of a series,
-- with progression, an enabled switch and imported fields; the planning board; style samples.
CREATE TABLE "marin_chat_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"story_id" integer NOT NULL,
	"name" text NOT NULL,
	"parent_thread_id" integer,
	"branched_from_message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marin_generations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"story_id" integer,
	"action" text NOT NULL,
	"request" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"alternative_of" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_plans" (
	"story_id" integer PRIMARY KEY NOT NULL,
	"braindump" text DEFAULT '' NOT NULL,
	"synopsis" text DEFAULT '' NOT NULL,
	"chapters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "style_samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"story_id" integer,
	"text" text NOT NULL,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lore_entries" DROP CONSTRAINT "lore_entries_one_owner";--> statement-breakpoint
ALTER TABLE "lore_entries" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "lore_entries" ADD COLUMN "changes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lore_entries" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "lore_entries" ADD COLUMN "imported" jsonb;--> statement-breakpoint
ALTER TABLE "marin_chat_messages" ADD COLUMN "thread_id" integer;--> statement-breakpoint
INSERT INTO "marin_chat_threads" ("story_id", "name", "created_at", "updated_at")
  SELECT "story_id", 'Main', min("created_at"), max("created_at") FROM "marin_chat_messages" GROUP BY "story_id";--> statement-breakpoint
UPDATE "marin_chat_messages" m SET "thread_id" = t."id" FROM "marin_chat_threads" t WHERE t."story_id" = m."story_id";--> statement-breakpoint
ALTER TABLE "marin_chat_messages" ALTER COLUMN "thread_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "marin_chat_messages" ADD COLUMN "versions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "marin_chat_messages" ADD COLUMN "chosen" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marin_chat_threads" ADD CONSTRAINT "marin_chat_threads_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marin_chat_threads" ADD CONSTRAINT "marin_chat_threads_parent_thread_id_marin_chat_threads_id_fk" FOREIGN KEY ("parent_thread_id") REFERENCES "public"."marin_chat_threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marin_generations" ADD CONSTRAINT "marin_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marin_generations" ADD CONSTRAINT "marin_generations_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marin_generations" ADD CONSTRAINT "marin_generations_alternative_of_marin_generations_id_fk" FOREIGN KEY ("alternative_of") REFERENCES "public"."marin_generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_plans" ADD CONSTRAINT "story_plans_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_samples" ADD CONSTRAINT "style_samples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_samples" ADD CONSTRAINT "style_samples_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marin_chat_threads_story_idx" ON "marin_chat_threads" USING btree ("story_id","id");--> statement-breakpoint
CREATE INDEX "marin_generations_user_idx" ON "marin_generations" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "marin_generations_alternative_idx" ON "marin_generations" USING btree ("alternative_of") WHERE "marin_generations"."alternative_of" is not null;--> statement-breakpoint
CREATE INDEX "marin_generations_story_idx" ON "marin_generations" USING btree ("story_id") WHERE "marin_generations"."story_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "style_samples_user_all_idx" ON "style_samples" USING btree ("user_id") WHERE "style_samples"."story_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "style_samples_story_idx" ON "style_samples" USING btree ("story_id") WHERE "style_samples"."story_id" is not null;--> statement-breakpoint
ALTER TABLE "lore_entries" ADD CONSTRAINT "lore_entries_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marin_chat_messages" ADD CONSTRAINT "marin_chat_messages_thread_id_marin_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."marin_chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lore_entries_series_idx" ON "lore_entries" USING btree ("series_id") WHERE "lore_entries"."series_id" is not null;--> statement-breakpoint
CREATE INDEX "marin_chat_messages_thread_idx" ON "marin_chat_messages" USING btree ("thread_id","id");--> statement-breakpoint
ALTER TABLE "lore_entries" ADD CONSTRAINT "lore_entries_one_owner" CHECK (num_nonnulls("lore_entries"."story_id", "lore_entries"."canon_pack_id", "lore_entries"."series_id") = 1);--> statement-breakpoint
ALTER TABLE "marin_chat_messages" ADD CONSTRAINT "marin_chat_messages_chosen_check" CHECK ("marin_chat_messages"."chosen" >= 0);