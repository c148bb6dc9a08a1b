-- Hand-written (issue 13): a results page lists only the business software, the one group the table shows (the
-- `software` column, the `software` filter). Languages, servers, CDNs, libraries, fonts and inferences (about 18 of
-- a typical site's 20 detections) are read by the drawer alone, from the whole stored result. listed_software, what
-- a page reads, drops them. A detection without a valid group (none is stored since migration 0011) is still kept
-- whole: the API derives its group exactly as the drawer does, and lists it when that group is `business`.
CREATE OR REPLACE FUNCTION listed_software_of(data jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(jsonb_agg(
    CASE WHEN tech ->> 'group' = 'business' THEN jsonb_build_object(
      'name', tech -> 'name', 'version', tech -> 'version', 'confidence', tech -> 'confidence',
      'group', tech -> 'group', 'categories', jsonb_build_array(tech -> 'categories' -> 0),
      'evidence', jsonb_build_array(tech -> 'evidence' -> 0))
    ELSE tech END ORDER BY i), '[]'::jsonb)
  FROM jsonb_array_elements(
    CASE WHEN jsonb_typeof(data -> 'technologies') = 'array' THEN data -> 'technologies' ELSE '[]'::jsonb END
  ) WITH ORDINALITY AS t(tech, i)
  WHERE (tech ->> 'group') IS DISTINCT FROM 'infrastructure'
$$;--> statement-breakpoint
-- The same trigger as migration 0016's, with each column's value computed once per stored result instead of once to
-- compare and again to set (OFFSET 0 keeps the planner from folding the sub-select back into both places).
CREATE OR REPLACE FUNCTION businesses_sync_software_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses b SET software_names = n.software_names,
    business_software_names = n.business_software_names,
    listed_software = n.listed_software
  FROM stored_results r, LATERAL (
    SELECT software_names_of(r.data) AS software_names,
      business_software_names_of(r.data) AS business_software_names,
      listed_software_of(r.data) AS listed_software
    OFFSET 0
  ) n
  WHERE r.type = 'software_detection' AND b.id = r.business_id
    AND (b.software_names IS DISTINCT FROM n.software_names
      OR b.business_software_names IS DISTINCT FROM n.business_software_names
      OR b.listed_software IS DISTINCT FROM n.listed_software);
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE businesses b SET listed_software = n.listed_software
FROM enrichment_results r, LATERAL (SELECT listed_software_of(r.data) AS listed_software OFFSET 0) n
WHERE r.type = 'software_detection' AND b.id = r.business_id AND b.listed_software IS DISTINCT FROM n.listed_software;
