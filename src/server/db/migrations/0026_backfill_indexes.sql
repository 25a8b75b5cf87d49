CREATE INDEX "bookmarks_created_idx" ON "bookmarks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stories_unrated_idx" ON "stories" USING btree ("id") WHERE "stories"."search_text" is null or "stories"."search_tags" is null;--> statement-breakpoint
CREATE INDEX "stories_scored_idx" ON "stories" USING btree ("id") WHERE "stories"."featured_score" <> 0;