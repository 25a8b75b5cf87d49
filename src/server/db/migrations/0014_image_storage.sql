ALTER TABLE "images" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ALTER COLUMN "thumbnail" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "byte_size" integer;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_storage_key_unique" UNIQUE("storage_key");