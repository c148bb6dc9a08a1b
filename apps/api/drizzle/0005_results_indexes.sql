-- Results search (one trigram index over the search document) and the sort columns of the results table.
CREATE INDEX "businesses_search_trgm_idx" ON "businesses" USING gin ((name || chr(31) || coalesce(domain, '') || chr(31) || coalesce(city, '') || chr(31) || coalesce(category, '') || chr(31) || coalesce(summary, '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "businesses_session_name_idx" ON "businesses" USING btree ("session_id","name","id");--> statement-breakpoint
CREATE INDEX "businesses_session_city_idx" ON "businesses" USING btree ("session_id","city","id");--> statement-breakpoint
CREATE INDEX "businesses_session_category_idx" ON "businesses" USING btree ("session_id","category","id");--> statement-breakpoint
CREATE INDEX "businesses_session_industry_idx" ON "businesses" USING btree ("session_id","industry","id");--> statement-breakpoint
CREATE INDEX "businesses_session_rating_idx" ON "businesses" USING btree ("session_id","rating" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "businesses_session_first_seen_idx" ON "businesses" USING btree ("session_id","first_seen_at" DESC NULLS LAST,"id" DESC NULLS LAST);