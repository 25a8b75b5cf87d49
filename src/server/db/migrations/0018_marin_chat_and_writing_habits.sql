CREATE TABLE "marin_chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"story_id" integer NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "marin_chat_messages_role_check" CHECK ("marin_chat_messages"."role" in ('user', 'assistant'))
);
--> statement-breakpoint
CREATE TABLE "writing_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"words" integer DEFAULT 0 NOT NULL,
	"goal" integer,
	CONSTRAINT "writing_days_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "writing_days_words_check" CHECK ("writing_days"."words" >= 0)
);
--> statement-breakpoint
CREATE TABLE "writing_habits" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"daily_goal" integer,
	"time_zone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "writing_habits_goal_check" CHECK ("writing_habits"."daily_goal" is null or "writing_habits"."daily_goal" between 50 and 10000)
);
--> statement-breakpoint
ALTER TABLE "marin_chat_messages" ADD CONSTRAINT "marin_chat_messages_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "writing_days" ADD CONSTRAINT "writing_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "writing_habits" ADD CONSTRAINT "writing_habits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marin_chat_messages_story_idx" ON "marin_chat_messages" USING btree ("story_id","id");