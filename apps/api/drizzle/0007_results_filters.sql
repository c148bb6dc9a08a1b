-- Results filters that stay fast at 100,000 businesses in a session and millions in the database.
-- btree_gin lets a GIN index lead with session_id (a trusted extension, like pg_trgm: no superuser needed).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- The search index is scoped by session, so a search reads only that session's matches.
DROP INDEX "businesses_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "businesses_session_search_trgm_idx" ON "businesses" USING gin ("session_id",(name || chr(31) || coalesce(domain, '') || chr(31) || coalesce(city, '') || chr(31) || coalesce(category, '') || chr(31) || coalesce(summary, '')) gin_trgm_ops);--> statement-breakpoint
-- Counts by enrichment state of the current run read the index alone.
DROP INDEX "businesses_session_enrichment_idx";--> statement-breakpoint
CREATE INDEX "businesses_session_run_enrichment_idx" ON "businesses" USING btree ("session_id","run_id","enrichment_state");--> statement-breakpoint
-- The software filter reads software_names (lower-cased technology names) instead of unpacking each business's
-- stored software_detection JSON. A trigger keeps it equal to the stored result, whoever writes it.
ALTER TABLE "businesses" ADD COLUMN "software_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE FUNCTION software_names_of(data jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT lower(tech ->> 'name') ORDER BY lower(tech ->> 'name'))
                    FILTER (WHERE jsonb_typeof(tech -> 'name') = 'string'), '{}')
  FROM jsonb_array_elements(
    CASE WHEN jsonb_typeof(data -> 'technologies') = 'array' THEN data -> 'technologies' ELSE '[]'::jsonb END
  ) AS tech
$$;--> statement-breakpoint
CREATE FUNCTION businesses_sync_software_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses b SET software_names = software_names_of(r.data)
  FROM stored_results r
  WHERE r.type = 'software_detection' AND b.id = r.business_id
    AND b.software_names IS DISTINCT FROM software_names_of(r.data);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER enrichment_results_software_names_insert AFTER INSERT ON enrichment_results
  REFERENCING NEW TABLE AS stored_results FOR EACH STATEMENT EXECUTE FUNCTION businesses_sync_software_names();--> statement-breakpoint
CREATE TRIGGER enrichment_results_software_names_update AFTER UPDATE ON enrichment_results
  REFERENCING NEW TABLE AS stored_results FOR EACH STATEMENT EXECUTE FUNCTION businesses_sync_software_names();--> statement-breakpoint
UPDATE businesses b SET software_names = software_names_of(r.data)
FROM enrichment_results r
WHERE r.type = 'software_detection' AND b.id = r.business_id;--> statement-breakpoint
CREATE INDEX "businesses_session_software_idx" ON "businesses" USING gin ("session_id","software_names");
