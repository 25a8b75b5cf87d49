CREATE TABLE "outbox_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event" jsonb NOT NULL,
	"run_after" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Fan-outs still pending move to the outbox under their event names, so an upgrade loses none.
INSERT INTO "outbox_events" ("event", "run_after", "attempts", "created_at")
SELECT ("event" - 'kind') || jsonb_build_object('name', CASE "event"->>'kind'
		WHEN 'comment' THEN 'comment.created'
		WHEN 'new_chapters' THEN 'chapters.published'
		WHEN 'new_story' THEN 'story.first_published'
		WHEN 'new_follower' THEN 'user.followed'
		WHEN 'like_milestone' THEN 'story.like_milestone' END),
	"run_after", "attempts", "created_at"
FROM "pending_fan_outs" WHERE "event"->>'kind' IN ('comment', 'new_chapters', 'new_story', 'new_follower', 'like_milestone');
--> statement-breakpoint
DROP TABLE "pending_fan_outs" CASCADE;--> statement-breakpoint
CREATE INDEX "outbox_events_run_after_idx" ON "outbox_events" USING btree ("run_after");