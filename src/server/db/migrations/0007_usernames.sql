CREATE TABLE "former_usernames" (
	"name_lower" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "former_usernames" ADD CONSTRAINT "former_usernames_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "former_usernames_user_idx" ON "former_usernames" USING btree ("user_id");