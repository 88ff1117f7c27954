CREATE TABLE "service_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"filename" varchar(255) NOT NULL,
	"content_type" varchar(255) NOT NULL,
	"byte_size" integer,
	"checksum" varchar(255),
	"status" varchar(50) DEFAULT 'pending' NOT NULL,
	"access" varchar(50) DEFAULT 'private' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_assets_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "service_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"attachable_type" varchar(255) NOT NULL,
	"attachable_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_attachments" ADD CONSTRAINT "service_attachments_asset_id_service_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."service_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_assets_metadata_gin" ON "service_assets" USING gin ("metadata");--> statement-breakpoint
CREATE INDEX "service_assets_status_created_at_idx" ON "service_assets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "service_attachments_owner_idx" ON "service_attachments" USING btree ("attachable_type","attachable_id","name","position");--> statement-breakpoint
CREATE INDEX "service_attachments_asset_id_idx" ON "service_attachments" USING btree ("asset_id");