ALTER TABLE "stories" ADD COLUMN "reader_background_image_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_state_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_reader_background_image_id_images_id_fk" FOREIGN KEY ("reader_background_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stories_reader_background_idx" ON "stories" USING btree ("reader_background_image_id");--> statement-breakpoint
CREATE INDEX "users_premium_expiry_idx" ON "users" USING btree ("subscription_expires_at") WHERE "users"."is_premium";