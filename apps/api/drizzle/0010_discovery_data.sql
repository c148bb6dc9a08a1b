ALTER TABLE "businesses" ADD COLUMN "categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "aliases" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "phones" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "websites" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "is_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written below (issue 15): businesses stored before keep their one category, phone and website in the lists.
UPDATE "businesses" SET
  "categories" = CASE WHEN "category" IS NULL THEN '{}'::text[] ELSE ARRAY["category"] END,
  "phones" = CASE WHEN "phone" IS NULL THEN '{}'::text[] ELSE ARRAY["phone"] END,
  "websites" = CASE WHEN "website" IS NULL THEN '{}'::text[] ELSE ARRAY["website"] END;
