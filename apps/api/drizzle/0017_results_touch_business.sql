-- Hand-written (issue 13): every write of a business's enrichment results also writes the business row
-- (updated_at), whoever writes them. A business's results are part of the business (its software, people, summary,
-- careers): its updated_at now says when any of them last changed, and the export's fingerprint (export-cache.ts)
-- sees every change of a session's results in its businesses' row versions alone, without reading the results.
CREATE FUNCTION businesses_touch_for_results() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses b SET updated_at = now()
  FROM (SELECT DISTINCT business_id FROM changed_results) r
  WHERE b.id = r.business_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER enrichment_results_touch_business_insert AFTER INSERT ON enrichment_results
  REFERENCING NEW TABLE AS changed_results FOR EACH STATEMENT EXECUTE FUNCTION businesses_touch_for_results();--> statement-breakpoint
CREATE TRIGGER enrichment_results_touch_business_update AFTER UPDATE ON enrichment_results
  REFERENCING NEW TABLE AS changed_results FOR EACH STATEMENT EXECUTE FUNCTION businesses_touch_for_results();--> statement-breakpoint
CREATE TRIGGER enrichment_results_touch_business_delete AFTER DELETE ON enrichment_results
  REFERENCING OLD TABLE AS changed_results FOR EACH STATEMENT EXECUTE FUNCTION businesses_touch_for_results();
