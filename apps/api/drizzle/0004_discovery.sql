CREATE TABLE "business_match_keys" (
	"session_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"key" text NOT NULL,
	"dedupe_key" text NOT NULL,
	CONSTRAINT "business_match_keys_session_id_run_id_key_pk" PRIMARY KEY("session_id","run_id","key")
);
--> statement-breakpoint
CREATE TABLE "geocode_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_files" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text,
	"size" bigint NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_rejected_rows" (
	"session_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "session_rejected_rows_session_id_run_id_line_pk" PRIMARY KEY("session_id","run_id","line")
);
--> statement-breakpoint
CREATE TABLE "session_runs" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"token" uuid NOT NULL,
	"job_id" text,
	"claim" uuid,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"latest" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempt_started_at" timestamp with time zone,
	"done_at_attempt_start" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_match_keys" ADD CONSTRAINT "business_match_keys_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_files" ADD CONSTRAINT "session_files_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_files" ADD CONSTRAINT "session_files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_rejected_rows" ADD CONSTRAINT "session_rejected_rows_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_runs" ADD CONSTRAINT "session_runs_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;