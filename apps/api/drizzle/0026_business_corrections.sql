CREATE TABLE "business_corrections" (
	"business_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"field" text NOT NULL,
	"value" text,
	"corrected_by" uuid,
	"corrected_by_name" text NOT NULL,
	"corrected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_corrections_business_id_field_pk" PRIMARY KEY("business_id","field")
);
--> statement-breakpoint
ALTER TABLE "business_corrections" ADD CONSTRAINT "business_corrections_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_corrections" ADD CONSTRAINT "business_corrections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_corrections" ADD CONSTRAINT "business_corrections_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;