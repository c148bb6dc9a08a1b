ALTER TABLE "businesses" ADD COLUMN "listed_software" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Hand-written below (issue 13): what the results table shows of each detection, kept beside software_names by the
-- same trigger, so a results page no longer reads every row's whole software_detection result (~10 KB: about 20
-- detections with all their categories and up to five pieces of evidence) to show a name, a version and one piece
-- of evidence. A detection stays in the stored result's shape, trimmed: the API maps both with the same code.
-- One without a valid group (no result stored since migration 0011 lacks one) is kept whole, so the API derives its
-- group from its categories and evidence exactly as it does for the drawer.
CREATE FUNCTION listed_software_of(data jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(jsonb_agg(
    CASE WHEN tech ->> 'group' IN ('business', 'infrastructure') THEN jsonb_build_object(
      'name', tech -> 'name', 'version', tech -> 'version', 'confidence', tech -> 'confidence',
      'group', tech -> 'group', 'categories', jsonb_build_array(tech -> 'categories' -> 0),
      'evidence', jsonb_build_array(tech -> 'evidence' -> 0))
    ELSE tech END ORDER BY i), '[]'::jsonb)
  FROM jsonb_array_elements(
    CASE WHEN jsonb_typeof(data -> 'technologies') = 'array' THEN data -> 'technologies' ELSE '[]'::jsonb END
  ) WITH ORDINALITY AS t(tech, i)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION businesses_sync_software_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses b SET software_names = software_names_of(r.data),
    business_software_names = business_software_names_of(r.data),
    listed_software = listed_software_of(r.data)
  FROM stored_results r
  WHERE r.type = 'software_detection' AND b.id = r.business_id
    AND (b.software_names IS DISTINCT FROM software_names_of(r.data)
      OR b.business_software_names IS DISTINCT FROM business_software_names_of(r.data)
      OR b.listed_software IS DISTINCT FROM listed_software_of(r.data));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Out of the row (uncompressed, TOAST'ed when the row would pass ~2 kB): a page reads it for its 50 rows, while the
-- searches, filters and counts scan the rows of a whole session, which a few kB of display data each would make
-- three times as many pages to read.
ALTER TABLE "businesses" ALTER COLUMN "listed_software" SET STORAGE EXTERNAL;--> statement-breakpoint
UPDATE businesses b SET listed_software = listed_software_of(r.data)
FROM enrichment_results r
WHERE r.type = 'software_detection' AND b.id = r.business_id;
