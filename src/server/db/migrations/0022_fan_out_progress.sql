DROP INDEX "follows_author_idx";--> statement-breakpoint
DROP INDEX "story_subscriptions_story_idx";--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "progress" integer;--> statement-breakpoint
CREATE INDEX "follows_author_follower_idx" ON "follows" USING btree ("author_id","follower_id");--> statement-breakpoint
CREATE INDEX "story_subscriptions_story_user_idx" ON "story_subscriptions" USING btree ("story_id","user_id");