-- The results sort indexes gain run_id (the results read the current run) so a page can be picked by an index-only scan.
DROP INDEX "businesses_session_name_idx";--> statement-breakpoint
DROP INDEX "businesses_session_city_idx";--> statement-breakpoint
DROP INDEX "businesses_session_category_idx";--> statement-breakpoint
DROP INDEX "businesses_session_industry_idx";--> statement-breakpoint
DROP INDEX "businesses_session_rating_idx";--> statement-breakpoint
DROP INDEX "businesses_session_first_seen_idx";--> statement-breakpoint
CREATE INDEX "businesses_session_run_id_idx" ON "businesses" USING btree ("session_id","run_id","id");--> statement-breakpoint
CREATE INDEX "businesses_session_icp_score_run_idx" ON "businesses" USING btree ("session_id","run_id","icp_score" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "businesses_session_name_idx" ON "businesses" USING btree ("session_id","run_id","name","id");--> statement-breakpoint
CREATE INDEX "businesses_session_city_idx" ON "businesses" USING btree ("session_id","run_id","city","id");--> statement-breakpoint
CREATE INDEX "businesses_session_category_idx" ON "businesses" USING btree ("session_id","run_id","category","id");--> statement-breakpoint
CREATE INDEX "businesses_session_industry_idx" ON "businesses" USING btree ("session_id","run_id","industry","id");--> statement-breakpoint
CREATE INDEX "businesses_session_rating_idx" ON "businesses" USING btree ("session_id","run_id","rating" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "businesses_session_first_seen_idx" ON "businesses" USING btree ("session_id","run_id","first_seen_at" DESC NULLS LAST,"id" DESC NULLS LAST);