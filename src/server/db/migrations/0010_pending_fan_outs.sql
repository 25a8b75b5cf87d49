CREATE TABLE "pending_fan_outs" (
	"id" serial PRIMARY KEY NOT NULL,
	"event" jsonb NOT NULL,
	"run_after" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_fan_outs_run_after_idx" ON "pending_fan_outs" USING btree ("run_after");