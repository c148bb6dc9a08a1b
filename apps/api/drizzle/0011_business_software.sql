ALTER TABLE "businesses" ADD COLUMN "business_software_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "businesses_session_business_software_idx" ON "businesses" USING gin ("session_id","business_software_names");--> statement-breakpoint
-- Hand-written below (issue 11 part 5): every detection carries its group, `business` (software the business chose
-- and pays for) or `infrastructure` (languages, servers, CDNs, libraries, Open Graph … and inferences), decided by
-- the engine (packages/engine/src/analyze/software/groups.ts). business_software_names holds the business ones
-- (the table and the `software` filter); software_names still holds all (the `technology` filter). A detection
-- without a group counts as business: results stored before groups existed get theirs just below.
CREATE FUNCTION business_software_names_of(data jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT lower(tech ->> 'name') ORDER BY lower(tech ->> 'name'))
                    FILTER (WHERE jsonb_typeof(tech -> 'name') = 'string'
                              AND coalesce(tech ->> 'group', 'business') = 'business'), '{}')
  FROM jsonb_array_elements(
    CASE WHEN jsonb_typeof(data -> 'technologies') = 'array' THEN data -> 'technologies' ELSE '[]'::jsonb END
  ) AS tech
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION businesses_sync_software_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses b SET software_names = software_names_of(r.data),
    business_software_names = business_software_names_of(r.data)
  FROM stored_results r
  WHERE r.type = 'software_detection' AND b.id = r.business_id
    AND (b.software_names IS DISTINCT FROM software_names_of(r.data)
      OR b.business_software_names IS DISTINCT FROM business_software_names_of(r.data));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Results stored before detections carried a group get one, by the engine's rules as they stand today (a frozen
-- copy of groups.ts, used once): only implied → infrastructure; "Cart Functionality" → infrastructure; any
-- business category → business; else any infrastructure category → infrastructure; only WordPress plugins or
-- Shopify apps → business; else infrastructure. Re-running software_detection stores the engine's own answer.
CREATE FUNCTION legacy_software_group(tech jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  WITH c AS (
    SELECT coalesce(array_agg((x ->> 'id')::int) FILTER (WHERE x ->> 'id' ~ '^[0-9]+$'), '{}') AS ids
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(tech -> 'categories') = 'array' THEN tech -> 'categories' ELSE '[]'::jsonb END) x
  )
  SELECT CASE
    WHEN jsonb_typeof(tech -> 'evidence') = 'array' AND jsonb_array_length(tech -> 'evidence') > 0
      AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(tech -> 'evidence') e WHERE e ->> 'type' IS DISTINCT FROM 'implies')
      THEN 'infrastructure'
    WHEN tech ->> 'name' = 'Cart Functionality' THEN 'infrastructure'
    WHEN ids && ARRAY[1,2,4,5,6,7,8,10,11,13,14,15,21,29,30,32,36,41,42,50,51,52,53,54,55,58,67,68,69,71,72,73,74,75,
      76,77,78,80,81,82,84,85,86,89,90,91,93,94,95,96,97,98,99,101,102,103,104,105,106,107,108,110,111,112]
      THEN 'business'
    WHEN ids && ARRAY[3,9,12,16,17,18,20,22,23,24,25,26,27,28,31,33,34,35,37,38,39,44,45,46,47,48,49,56,57,59,60,62,
      63,64,65,66,70,79,83,88,92,109]
      THEN 'infrastructure'
    WHEN cardinality(ids) > 0 AND ids <@ ARRAY[87,100] THEN 'business'
    ELSE 'infrastructure'
  END
  FROM c
$$;--> statement-breakpoint
UPDATE enrichment_results r SET data = jsonb_set(r.data, '{technologies}', (
  SELECT coalesce(jsonb_agg(
    CASE WHEN jsonb_typeof(tech) = 'object' AND NOT tech ? 'group'
      THEN tech || jsonb_build_object('group', legacy_software_group(tech)) ELSE tech END ORDER BY i), '[]'::jsonb)
  FROM jsonb_array_elements(r.data -> 'technologies') WITH ORDINALITY AS t(tech, i)))
WHERE r.type = 'software_detection' AND jsonb_typeof(r.data -> 'technologies') = 'array'
  AND EXISTS (SELECT 1 FROM jsonb_array_elements(r.data -> 'technologies') tech
              WHERE jsonb_typeof(tech) = 'object' AND NOT tech ? 'group');--> statement-breakpoint
DROP FUNCTION legacy_software_group(jsonb);--> statement-breakpoint
UPDATE businesses b SET business_software_names = business_software_names_of(r.data)
FROM enrichment_results r
WHERE r.type = 'software_detection' AND b.id = r.business_id;
