-- Issue 18 follow-up: stories.comment_count counts what readers see, the live comments not held for review and not
-- hidden by a moderator (deleted '[deleted]' placeholders were never counted). Recount once; code keeps it after.
UPDATE "stories" SET "comment_count" = (
  SELECT count(*)::int FROM "comments" c
  WHERE c."story_id" = "stories"."id" AND c."deleted_at" IS NULL AND c."moderation" = 'visible'
)
WHERE "comment_count" <> (
  SELECT count(*)::int FROM "comments" c
  WHERE c."story_id" = "stories"."id" AND c."deleted_at" IS NULL AND c."moderation" = 'visible'
);
