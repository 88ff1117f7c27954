ALTER TABLE "service_assets" ADD COLUMN "variants_status" varchar(20) DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_assets" ADD COLUMN "variants_error" varchar(500);--> statement-breakpoint
-- Files from before: analysed images and files that are not raster images have nothing left to wait for.
UPDATE "service_assets" SET "variants_status" = 'ready'
  WHERE "status" = 'ready'
    AND ("width" IS NOT NULL OR "content_type" !~ '^image/(png|jpeg|webp|avif|gif|tiff|heic|heif)$');
