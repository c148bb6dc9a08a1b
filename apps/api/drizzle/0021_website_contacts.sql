ALTER TABLE "businesses" ADD COLUMN "website_email" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "website_phone" text;--> statement-breakpoint
-- Hand-written below (found by a new user's trial): the first email and phone of the stored ai_summary's contacts,
-- in the analyzer's order, kept on the business by a trigger like software_names (0007) and the people columns
-- (0009), so the results table, its filters and the export read them without unpacking the result per row. People
-- removed from a session are already gone from the contacts (the BEFORE trigger of 0009 runs first).
CREATE FUNCTION website_contact_of(data jsonb, contact_kind text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT c ->> 'value' FROM jsonb_elements_or_none(data -> 'contacts') WITH ORDINALITY AS x(c, i)
  WHERE c ->> 'kind' = contact_kind AND coalesce(c ->> 'value', '') <> ''
  ORDER BY i LIMIT 1
$$;--> statement-breakpoint
CREATE FUNCTION businesses_sync_website_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses b SET website_email = c.email, website_phone = c.phone
  FROM stored_results r, LATERAL (
    SELECT website_contact_of(r.data, 'email') AS email, website_contact_of(r.data, 'phone') AS phone
  ) c
  WHERE r.type = 'ai_summary' AND b.id = r.business_id
    AND (b.website_email IS DISTINCT FROM c.email OR b.website_phone IS DISTINCT FROM c.phone);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER enrichment_results_website_contacts_insert AFTER INSERT ON enrichment_results
  REFERENCING NEW TABLE AS stored_results FOR EACH STATEMENT EXECUTE FUNCTION businesses_sync_website_contacts();--> statement-breakpoint
CREATE TRIGGER enrichment_results_website_contacts_update AFTER UPDATE ON enrichment_results
  REFERENCING NEW TABLE AS stored_results FOR EACH STATEMENT EXECUTE FUNCTION businesses_sync_website_contacts();--> statement-breakpoint
UPDATE businesses b SET website_email = website_contact_of(r.data, 'email'),
  website_phone = website_contact_of(r.data, 'phone')
FROM enrichment_results r
WHERE r.type = 'ai_summary' AND b.id = r.business_id;
