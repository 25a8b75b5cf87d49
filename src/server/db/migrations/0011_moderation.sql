CREATE TABLE "moderation_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"target_user_id" integer,
	"reason" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "audit_id" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "moderation_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "moderation_audit_created_idx" ON "moderation_audit" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_audit_target_idx" ON "moderation_audit" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "comments_held_idx" ON "comments" USING btree ("created_at") WHERE "comments"."moderation" = 'held';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('comment', 'reply', 'new_chapter', 'new_story', 'new_follower', 'like_milestone', 'moderation_action', 'report_decided'));--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_moderation_check" CHECK ("comments"."moderation" in ('visible', 'held', 'hidden'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'moderator', 'admin'));--> statement-breakpoint
-- The audit log is append-only (issue 18): DELETE is refused, and UPDATE is refused except forgetting a deleted
-- account (actor_id and target_user_id to null, actor_name to '[deleted user]').
CREATE FUNCTION "moderation_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.id = OLD.id AND NEW.action = OLD.action AND NEW.target_type = OLD.target_type
    AND NEW.target_id = OLD.target_id AND NEW.reason = OLD.reason AND NEW.details = OLD.details
    AND NEW.created_at = OLD.created_at
    AND (NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id OR NEW.actor_id IS NULL)
    AND (NEW.target_user_id IS NOT DISTINCT FROM OLD.target_user_id OR NEW.target_user_id IS NULL)
    AND (NEW.actor_name = OLD.actor_name OR (NEW.actor_name = '[deleted user]' AND NEW.actor_id IS NULL))
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'moderation_audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "moderation_audit_append_only" BEFORE UPDATE OR DELETE ON "moderation_audit"
  FOR EACH ROW EXECUTE FUNCTION "moderation_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "moderation_audit_no_truncate" BEFORE TRUNCATE ON "moderation_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION "moderation_audit_append_only"();
