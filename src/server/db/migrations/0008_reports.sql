CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'report' NOT NULL,
	"reporter_id" integer,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"target_user_id" integer,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"appeal_of" integer,
	CONSTRAINT "reports_kind_check" CHECK ("reports"."kind" in ('report', 'appeal')),
	CONSTRAINT "reports_target_type_check" CHECK ("reports"."target_type" in ('story', 'chapter', 'comment', 'user')),
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('spam', 'harassment', 'hate', 'minors', 'non-consensual', 'copyright', 'wrong-rating', 'other', 'appeal')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'dismissed', 'actioned')),
	CONSTRAINT "reports_details_length_check" CHECK (char_length("reports"."details") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_once_key" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE "reports"."status" = 'open' and "reports"."kind" = 'report';--> statement-breakpoint
CREATE UNIQUE INDEX "reports_appeal_once_key" ON "reports" USING btree ("appeal_of") WHERE "reports"."kind" = 'appeal';--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_type","target_id");