CREATE TABLE "anonymous_preview_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anonymous_previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"venture" jsonb NOT NULL,
	"businesses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tracking_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "anonymous_previews_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "anonymous_preview_limits_window_idx" ON "anonymous_preview_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "anonymous_previews_expires_idx" ON "anonymous_previews" USING btree ("expires_at");