CREATE TABLE "crm_connections" (
	"account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"token_encrypted" text NOT NULL,
	"token_hint" text NOT NULL,
	"company_domain" text,
	"connected_by" uuid,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sync_at" timestamp with time zone,
	CONSTRAINT "crm_connections_account_id_provider_pk" PRIMARY KEY("account_id","provider")
);
--> statement-breakpoint
CREATE TABLE "crm_records" (
	"account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"crm_id" text NOT NULL,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_records_account_id_provider_kind_key_pk" PRIMARY KEY("account_id","provider","kind","key")
);
--> statement-breakpoint
CREATE TABLE "crm_known" (
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"provider" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_known_account_id_kind_value_provider_pk" PRIMARY KEY("account_id","kind","value","provider")
);
--> statement-breakpoint
CREATE TABLE "crm_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"session_id" uuid,
	"business_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"cursor" jsonb,
	"error" text,
	"cancel_requested_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crm_job_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"object" text NOT NULL,
	"key" text NOT NULL,
	"outcome" text NOT NULL,
	"crm_id" text,
	"message" text,
	"business_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_connections" ADD CONSTRAINT "crm_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_connections" ADD CONSTRAINT "crm_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_records" ADD CONSTRAINT "crm_records_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_known" ADD CONSTRAINT "crm_known_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_jobs" ADD CONSTRAINT "crm_jobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_jobs" ADD CONSTRAINT "crm_jobs_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_jobs" ADD CONSTRAINT "crm_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_job_log" ADD CONSTRAINT "crm_job_log_job_id_crm_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."crm_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_jobs_session_idx" ON "crm_jobs" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_jobs_account_idx" ON "crm_jobs" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_job_log_job_idx" ON "crm_job_log" USING btree ("job_id","outcome");
