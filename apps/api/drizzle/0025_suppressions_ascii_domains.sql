-- The suppression list keeps its domains in one form, IDNA's ASCII form (punycode), which the API now writes
-- (contract suppression.ts): an entry stored as typed in Unicode, "münchen.de" or "anna@münchen.de", becomes
-- "xn--mnchen-3ya.de" / "anna@xn--mnchen-3ya.de", so each entry is stored once and matches both spellings.
-- Stored values are lower case and NFC already (parseSuppression made them so); each label that is not ASCII is
-- encoded by RFC 3492 (Punycode) with its "xn--" prefix. The helper functions are dropped at the end.
CREATE FUNCTION argo_punycode_label(label text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  codes int[];
  n int := 128;
  delta bigint := 0;
  bias int := 72;
  h int;
  b int;
  m int;
  q bigint;
  k int;
  t int;
  d bigint;
  c int;
  output text := '';
BEGIN
  IF label !~ '[^\x01-\x7f]' THEN
    RETURN label;
  END IF;
  SELECT array_agg(ascii(ch) ORDER BY position) INTO codes
    FROM regexp_split_to_table(label, '') WITH ORDINALITY AS x(ch, position);
  FOREACH c IN ARRAY codes LOOP
    IF c < 128 THEN
      output := output || chr(c);
    END IF;
  END LOOP;
  b := length(output);
  h := b;
  IF b > 0 THEN
    output := output || '-';
  END IF;
  WHILE h < array_length(codes, 1) LOOP
    SELECT min(x) INTO m FROM unnest(codes) AS x WHERE x >= n;
    delta := delta + (m - n)::bigint * (h + 1);
    n := m;
    FOREACH c IN ARRAY codes LOOP
      IF c < n THEN
        delta := delta + 1;
      END IF;
      IF c = n THEN
        q := delta;
        k := 36;
        LOOP
          t := CASE WHEN k <= bias THEN 1 WHEN k >= bias + 26 THEN 26 ELSE k - bias END;
          EXIT WHEN q < t;
          d := t + (q - t) % (36 - t);
          output := output || chr((CASE WHEN d < 26 THEN 97 + d ELSE 22 + d END)::int);
          q := (q - t) / (36 - t);
          k := k + 36;
        END LOOP;
        output := output || chr((CASE WHEN q < 26 THEN 97 + q ELSE 22 + q END)::int);
        -- The bias adapts (RFC 3492 section 6.1), damped on the first code point.
        d := CASE WHEN h = b THEN delta / 700 ELSE delta / 2 END;
        d := d + d / (h + 1);
        k := 0;
        WHILE d > 455 LOOP
          d := d / 35;
          k := k + 36;
        END LOOP;
        bias := k + (36 * d) / (d + 38);
        delta := 0;
        h := h + 1;
      END IF;
    END LOOP;
    delta := delta + 1;
    n := n + 1;
  END LOOP;
  RETURN 'xn--' || output;
END
$$;--> statement-breakpoint
CREATE FUNCTION argo_ascii_suppression(kind text, value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN kind = 'email' THEN split_part(value, '@', 1) || '@' ELSE '' END
    || (SELECT string_agg(argo_punycode_label(label), '.' ORDER BY position)
        FROM regexp_split_to_table(CASE WHEN kind = 'email' THEN split_part(value, '@', 2) ELSE value END, '\.')
          WITH ORDINALITY AS x(label, position))
$$;--> statement-breakpoint
-- An entry whose ASCII form the account lists already is the same entry spelt the other way: the ASCII one (or
-- the older of two Unicode spellings) stays, with its reason and author.
DELETE FROM "suppressions" s
USING "suppressions" t
WHERE s.value ~ '[^\x01-\x7f]'
  AND t.account_id = s.account_id AND t.kind = s.kind AND t.id <> s.id
  AND (t.value = argo_ascii_suppression(s.kind, s.value)
    OR (t.value ~ '[^\x01-\x7f]'
      AND argo_ascii_suppression(t.kind, t.value) = argo_ascii_suppression(s.kind, s.value)
      AND (t.created_at, t.id) < (s.created_at, s.id)));--> statement-breakpoint
UPDATE "suppressions" SET value = argo_ascii_suppression(kind, value) WHERE value ~ '[^\x01-\x7f]';--> statement-breakpoint
DROP FUNCTION argo_ascii_suppression(text, text);--> statement-breakpoint
DROP FUNCTION argo_punycode_label(text);
