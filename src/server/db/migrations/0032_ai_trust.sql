-- Issue 29: AI use measured and labelled, members-only works, the reader's AI filter.
-- marin_fingerprints: hashed word shingles of every text Marin delivered, per writer (ai/provenance.ts).
-- stories.ai_label is generated from the measured counts and the writer's declaration (shared/ai-label.ts says the
-- same rule), so nothing that writes the counts can forget it. NOTE: adding a stored generated column rewrites
-- the table once (about a minute at a million works, under an exclusive lock): run it in a maintenance window.
-- Stories with words inside the old generated-content wrappers are measured again once in the background
-- (stories_ai_unmeasured_idx), their wrapped text fingerprinted as Marin's.
CREATE TABLE "marin_fingerprints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"story_id" integer,
	"kind" text NOT NULL,
	"words" integer NOT NULL,
	"shingles" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marin_fingerprints_words_check" CHECK ("marin_fingerprints"."words" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "ai_declaration" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "ai_label" text GENERATED ALWAYS AS (case when ai_declaration = 'generated' or (coalesce(word_count, 0) > 0 and coalesce(ai_word_count, 0) * 2 >= word_count) then 'generated' when ai_declaration = 'assisted' or coalesce(ai_word_count, 0) > 0 then 'assisted' else 'none' end) STORED;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "ai_measured_with" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "audience" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reading_ai" text DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE "marin_fingerprints" ADD CONSTRAINT "marin_fingerprints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marin_fingerprints" ADD CONSTRAINT "marin_fingerprints_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marin_fingerprints_user_idx" ON "marin_fingerprints" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "marin_fingerprints_story_idx" ON "marin_fingerprints" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "stories_ai_unmeasured_idx" ON "stories" USING btree ("id") WHERE "stories"."ai_measured_with" < 1 and "stories"."ai_word_count" > 0;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_ai_declaration_check" CHECK ("stories"."ai_declaration" in ('none', 'assisted', 'generated'));--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_audience_check" CHECK ("stories"."audience" in ('everyone', 'members'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_reading_ai_check" CHECK ("users"."reading_ai" in ('any', 'assisted', 'none'));