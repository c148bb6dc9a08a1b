CREATE TABLE "lookalike_seed_sets" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"seeds" jsonb NOT NULL,
	"seed_ids" uuid[] NOT NULL,
	"unmatched" text[] NOT NULL,
	"scored" integer NOT NULL,
	"set_by" uuid,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookalike_scores" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"score" real NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lookalike_seed_sets" ADD CONSTRAINT "lookalike_seed_sets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookalike_seed_sets" ADD CONSTRAINT "lookalike_seed_sets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookalike_seed_sets" ADD CONSTRAINT "lookalike_seed_sets_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookalike_scores" ADD CONSTRAINT "lookalike_scores_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookalike_scores" ADD CONSTRAINT "lookalike_scores_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lookalike_scores_session_idx" ON "lookalike_scores" USING btree ("session_id");
--> statement-breakpoint
CREATE TABLE "lookalike_features" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"version" timestamp with time zone NOT NULL,
	"data" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lookalike_features" ADD CONSTRAINT "lookalike_features_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
