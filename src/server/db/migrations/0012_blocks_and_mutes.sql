CREATE TABLE "user_blocks" (
	"user_id" integer NOT NULL,
	"other_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_user_id_other_id_kind_pk" PRIMARY KEY("user_id","other_id","kind"),
	CONSTRAINT "user_blocks_kind_check" CHECK ("user_blocks"."kind" in ('block', 'mute')),
	CONSTRAINT "user_blocks_not_self_check" CHECK ("user_blocks"."user_id" <> "user_blocks"."other_id")
);
--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_other_id_users_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_blocks_other_idx" ON "user_blocks" USING btree ("other_id");