CREATE TABLE "canon_packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"fandom" text NOT NULL,
	"published_at" timestamp with time zone,
	"copied_from_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lore_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"story_id" integer,
	"canon_pack_id" integer,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lore_entries_one_owner" CHECK (("lore_entries"."story_id" is null) <> ("lore_entries"."canon_pack_id" is null))
);
--> statement-breakpoint
ALTER TABLE "canon_packs" ADD CONSTRAINT "canon_packs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canon_packs" ADD CONSTRAINT "canon_packs_copied_from_id_canon_packs_id_fk" FOREIGN KEY ("copied_from_id") REFERENCES "public"."canon_packs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lore_entries" ADD CONSTRAINT "lore_entries_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lore_entries" ADD CONSTRAINT "lore_entries_canon_pack_id_canon_packs_id_fk" FOREIGN KEY ("canon_pack_id") REFERENCES "public"."canon_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "canon_packs_owner_fandom_idx" ON "canon_packs" USING btree ("owner_id",lower("fandom"));--> statement-breakpoint
CREATE INDEX "canon_packs_published_idx" ON "canon_packs" USING btree (lower("fandom")) WHERE "canon_packs"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "lore_entries_story_idx" ON "lore_entries" USING btree ("story_id") WHERE "lore_entries"."story_id" is not null;--> statement-breakpoint
CREATE INDEX "lore_entries_pack_idx" ON "lore_entries" USING btree ("canon_pack_id") WHERE "lore_entries"."canon_pack_id" is not null;