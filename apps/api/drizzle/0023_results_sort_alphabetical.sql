-- Results sort names, cities and categories alphabetically (ICU root collation: case and accents second), not in
-- the database's byte order; their indexes are rebuilt in that collation so a page is still read from an index alone.
DROP INDEX "businesses_session_name_idx";--> statement-breakpoint
DROP INDEX "businesses_session_city_idx";--> statement-breakpoint
DROP INDEX "businesses_session_category_idx";--> statement-breakpoint
CREATE INDEX "businesses_session_name_idx" ON "businesses" USING btree ("session_id","run_id","name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "businesses_session_city_idx" ON "businesses" USING btree ("session_id","run_id","city" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "businesses_session_category_idx" ON "businesses" USING btree ("session_id","run_id","category" collate "und-x-icu","id");