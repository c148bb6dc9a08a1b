-- Hand-written (issue 13): PostgreSQL writes a results page's rows as JSON (listed-business-json.ts), and passes
-- listed_software and sources through as they are stored. Both are now stored in the contract's shape.
--
-- listed_software: each business detection as the contract's DetectedSoftware without its evidence (name, category,
-- version, confidence, group), as the API's mapper made it from the trimmed detection migration 0019 kept; an entry
-- without a name, which the mapper dropped, is dropped here. A detection without a valid group (none is stored since
-- migration 0011) is still kept whole: a page that holds one maps its row in the API, which derives its group as
-- the drawer does.
CREATE OR REPLACE FUNCTION listed_software_of(data jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(jsonb_agg(
    CASE WHEN tech ->> 'group' = 'business' THEN jsonb_build_object(
      'name', tech -> 'name',
      'category', CASE WHEN jsonb_typeof(tech -> 'categories' -> 0 -> 'name') = 'string'
        THEN tech -> 'categories' -> 0 -> 'name' ELSE '""'::jsonb END,
      'version', CASE WHEN jsonb_typeof(tech -> 'version') = 'string' THEN tech -> 'version' ELSE 'null'::jsonb END,
      'confidence', CASE WHEN jsonb_typeof(tech -> 'confidence') = 'number' THEN tech -> 'confidence' ELSE '0'::jsonb END,
      'group', 'business')
    ELSE tech END ORDER BY i), '[]'::jsonb)
  FROM jsonb_array_elements(
    CASE WHEN jsonb_typeof(data -> 'technologies') = 'array' THEN data -> 'technologies' ELSE '[]'::jsonb END
  ) WITH ORDINALITY AS t(tech, i)
  WHERE (tech ->> 'group') IS DISTINCT FROM 'infrastructure' AND jsonb_typeof(tech -> 'name') = 'string'
$$;--> statement-breakpoint
UPDATE businesses b SET listed_software = n.listed_software
FROM enrichment_results r, LATERAL (SELECT listed_software_of(r.data) AS listed_software OFFSET 0) n
WHERE r.type = 'software_detection' AND b.id = r.business_id AND b.listed_software IS DISTINCT FROM n.listed_software;
--> statement-breakpoint
-- sources: each element with the contract's BusinessSource keys alone, source_ref always present (null when the
-- source gave none). storeBusinesses writes them so from now on; this rewrites the few stored otherwise.
UPDATE businesses SET sources = (
  SELECT coalesce(jsonb_agg(
    jsonb_build_object('source', e -> 'source', 'source_ref', coalesce(e -> 'source_ref', 'null'::jsonb))
      || (SELECT coalesce(jsonb_object_agg(k, v), '{}'::jsonb) FROM jsonb_each(e) AS kv(k, v)
          WHERE k IN ('url', 'snippet', 'observed_at'))
    ORDER BY o), '[]'::jsonb)
  FROM jsonb_array_elements(sources) WITH ORDINALITY AS x(e, o))
WHERE EXISTS (
  SELECT 1 FROM jsonb_array_elements(sources) AS x(e)
  WHERE NOT (e ? 'source_ref')
    OR EXISTS (SELECT 1 FROM jsonb_object_keys(e) AS k
      WHERE k NOT IN ('source', 'source_ref', 'url', 'snippet', 'observed_at')));
