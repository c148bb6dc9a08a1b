ALTER TABLE "businesses" ADD COLUMN "decision_maker" boolean;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "people_seniorities" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "email_kinds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "primary_contact" jsonb;--> statement-breakpoint
ALTER TABLE "removed_people" ADD COLUMN "emails" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Hand-written below (issue 12): the people columns of businesses are read from the stored `people` result by a
-- trigger, like software_names in 0007, so the results filters and the exports never unpack JSON per row; and a
-- person removed from a session's results is dropped from every people and ai_summary result stored for that
-- business, now and whenever the site is analysed again.
CREATE FUNCTION jsonb_elements_or_none(value jsonb) RETURNS SETOF jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_array_elements(CASE WHEN jsonb_typeof(value) = 'array' THEN value ELSE '[]'::jsonb END)
$$;--> statement-breakpoint
CREATE FUNCTION person_key_of(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(btrim(regexp_replace(normalize(coalesce(name, ''), NFC), '\s+', ' ', 'g')))
$$;--> statement-breakpoint
-- Decision-makers (owner/founder, executive) first, then whoever has an address or phone, then the analyzer's order.
-- The address is the person's own, else a classified address that is theirs; none at a domain without MX records.
CREATE FUNCTION people_primary_contact_of(data jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH dead AS (
    SELECT lower(m ->> 'domain') AS domain FROM jsonb_elements_or_none(data -> 'mx') m
    WHERE m ->> 'status' = 'none' AND m ->> 'domain' IS NOT NULL
  ), persons AS (
    SELECT p, i,
      coalesce(
        (SELECT p ->> 'email' WHERE coalesce(p ->> 'email', '') <> ''
           AND split_part(lower(p ->> 'email'), '@', 2) NOT IN (SELECT domain FROM dead)),
        (SELECT e ->> 'email' FROM jsonb_elements_or_none(data -> 'emails') e
         WHERE e ->> 'person' = p ->> 'name' AND coalesce(e ->> 'email', '') <> ''
           AND split_part(lower(e ->> 'email'), '@', 2) NOT IN (SELECT domain FROM dead)
         LIMIT 1)
      ) AS email
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(data -> 'people') = 'array' THEN data -> 'people' ELSE '[]'::jsonb END)
      WITH ORDINALITY AS x(p, i)
    WHERE coalesce(p ->> 'name', '') <> ''
  )
  SELECT jsonb_build_object('name', p ->> 'name', 'role', p ->> 'role', 'seniority', p ->> 'seniority',
    'email', email, 'phone', nullif(p ->> 'phone', ''), 'linkedin_url', nullif(p ->> 'linkedin_url', ''),
    'source_url', p ->> 'source_url')
  FROM persons
  ORDER BY coalesce(p ->> 'seniority' IN ('owner_founder', 'executive'), false) DESC,
    (email IS NOT NULL OR coalesce(p ->> 'phone', '') <> '') DESC, i
  LIMIT 1
$$;--> statement-breakpoint
CREATE FUNCTION people_decision_maker_of(data jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(data -> 'people') = 'array' THEN EXISTS (
    SELECT 1 FROM jsonb_array_elements(data -> 'people') p
    WHERE p ->> 'seniority' IN ('owner_founder', 'executive') AND coalesce(p ->> 'name', '') <> '') END
$$;--> statement-breakpoint
CREATE FUNCTION people_values_of(data jsonb, list text, field text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT v ORDER BY v) FILTER (WHERE v IS NOT NULL AND v <> ''), '{}')
  FROM (SELECT x ->> field AS v FROM jsonb_elements_or_none(data -> list) x) values_found
$$;--> statement-breakpoint
CREATE FUNCTION businesses_sync_people() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses b SET
    decision_maker = people_decision_maker_of(r.data),
    people_seniorities = people_values_of(r.data, 'people', 'seniority'),
    email_kinds = people_values_of(r.data, 'emails', 'kind'),
    primary_contact = people_primary_contact_of(r.data)
  FROM stored_results r
  WHERE r.type = 'people' AND b.id = r.business_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER enrichment_results_people_insert AFTER INSERT ON enrichment_results
  REFERENCING NEW TABLE AS stored_results FOR EACH STATEMENT EXECUTE FUNCTION businesses_sync_people();--> statement-breakpoint
CREATE TRIGGER enrichment_results_people_update AFTER UPDATE ON enrichment_results
  REFERENCING NEW TABLE AS stored_results FOR EACH STATEMENT EXECUTE FUNCTION businesses_sync_people();--> statement-breakpoint
-- A result without the removed people: their entries, the addresses that are theirs, and (ai_summary) those
-- addresses among the page contacts. Only lists that exist are rewritten.
CREATE FUNCTION without_removed_people(result_type text, data jsonb, person_keys text[], emails text[])
RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE result_type
    WHEN 'people' THEN data
      || CASE WHEN jsonb_typeof(data -> 'people') = 'array' THEN jsonb_build_object('people', coalesce(
        (SELECT jsonb_agg(p ORDER BY i) FROM jsonb_array_elements(data -> 'people') WITH ORDINALITY x(p, i)
         WHERE person_key_of(p ->> 'name') <> ALL (person_keys)
           AND lower(coalesce(p ->> 'email', '')) <> ALL (emails)), '[]'::jsonb)) ELSE '{}'::jsonb END
      || CASE WHEN jsonb_typeof(data -> 'emails') = 'array' THEN jsonb_build_object('emails', coalesce(
        (SELECT jsonb_agg(e ORDER BY i) FROM jsonb_array_elements(data -> 'emails') WITH ORDINALITY x(e, i)
         WHERE lower(coalesce(e ->> 'email', '')) <> ALL (emails)
           AND (e ->> 'person' IS NULL OR person_key_of(e ->> 'person') <> ALL (person_keys))), '[]'::jsonb))
        ELSE '{}'::jsonb END
      || CASE WHEN jsonb_typeof(data -> 'suggested_emails') = 'array' THEN jsonb_build_object('suggested_emails', coalesce(
        (SELECT jsonb_agg(s ORDER BY i) FROM jsonb_array_elements(data -> 'suggested_emails') WITH ORDINALITY x(s, i)
         WHERE person_key_of(s ->> 'person') <> ALL (person_keys)
           AND lower(coalesce(s ->> 'email', '')) <> ALL (emails)), '[]'::jsonb)) ELSE '{}'::jsonb END
    WHEN 'ai_summary' THEN data
      || CASE WHEN jsonb_typeof(data -> 'contacts') = 'array' THEN jsonb_build_object('contacts', coalesce(
        (SELECT jsonb_agg(c ORDER BY i) FROM jsonb_array_elements(data -> 'contacts') WITH ORDINALITY x(c, i)
         WHERE NOT (c ->> 'kind' = 'email' AND lower(coalesce(c ->> 'value', '')) = ANY (emails))), '[]'::jsonb))
        ELSE '{}'::jsonb END
    ELSE data END
$$;--> statement-breakpoint
CREATE FUNCTION enrichment_results_drop_removed_people() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person_keys text[];
  emails text[];
BEGIN
  SELECT array_agg(DISTINCT r.person_key), coalesce(array_agg(DISTINCT lower(e)) FILTER (WHERE e IS NOT NULL), '{}')
  INTO person_keys, emails
  FROM businesses b
  JOIN removed_people r ON r.session_id = b.session_id AND r.business_key = b.dedupe_key
  LEFT JOIN LATERAL unnest(r.emails) e ON true
  WHERE b.id = NEW.business_id;
  IF person_keys IS NOT NULL THEN
    NEW.data := without_removed_people(NEW.type, NEW.data, person_keys, emails);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER enrichment_results_removed_people BEFORE INSERT OR UPDATE ON enrichment_results
  FOR EACH ROW WHEN (NEW.type IN ('people', 'ai_summary')) EXECUTE FUNCTION enrichment_results_drop_removed_people();
--> statement-breakpoint
UPDATE businesses b SET
  decision_maker = people_decision_maker_of(r.data),
  people_seniorities = people_values_of(r.data, 'people', 'seniority'),
  email_kinds = people_values_of(r.data, 'emails', 'kind'),
  primary_contact = people_primary_contact_of(r.data)
FROM enrichment_results r
WHERE r.type = 'people' AND b.id = r.business_id;
