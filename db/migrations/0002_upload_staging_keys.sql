ALTER TABLE "service_assets" ADD COLUMN "staging_key" text;--> statement-breakpoint
ALTER TABLE "service_assets" ADD CONSTRAINT "service_assets_staging_key_unique" UNIQUE("staging_key");