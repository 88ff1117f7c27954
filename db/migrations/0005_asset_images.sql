ALTER TABLE "service_assets" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "service_assets" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "service_assets" ADD COLUMN "placeholder" varchar(100);--> statement-breakpoint
ALTER TABLE "service_assets" ADD COLUMN "variants" jsonb DEFAULT '{}'::jsonb NOT NULL;