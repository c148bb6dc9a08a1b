-- Hand-written (issue 13): a results page lists each business software by name alone (the table's Software column)
-- and the drawer reads the business's whole stored result, evidence and all. The first piece of evidence that
-- migration 0018 kept in listed_software for each business detection was about half of a results page's bytes, read,
-- parsed, checked and sent with every page for nothing the table shows. listed_software now keeps the name, version,
-- confidence, group and first category. A detection without a valid group (none is stored since migration 0011) is
-- still kept whole: the API derives its group from its categories and evidence, as the drawer does.
CREATE OR REPLACE FUNCTION listed_software_of(data jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(jsonb_agg(
    CASE WHEN tech ->> 'group' = 'business' THEN jsonb_build_object(
      'name', tech -> 'name', 'version', tech -> 'version', 'confidence', tech -> 'confidence',
      'group', tech -> 'group', 'categories', jsonb_build_array(tech -> 'categories' -> 0))
    ELSE tech END ORDER BY i), '[]'::jsonb)
  FROM jsonb_array_elements(
    CASE WHEN jsonb_typeof(data -> 'technologies') = 'array' THEN data -> 'technologies' ELSE '[]'::jsonb END
  ) WITH ORDINALITY AS t(tech, i)
  WHERE (tech ->> 'group') IS DISTINCT FROM 'infrastructure'
$$;--> statement-breakpoint
UPDATE businesses b SET listed_software = n.listed_software
FROM enrichment_results r, LATERAL (SELECT listed_software_of(r.data) AS listed_software OFFSET 0) n
WHERE r.type = 'software_detection' AND b.id = r.business_id AND b.listed_software IS DISTINCT FROM n.listed_software;
