-- search_text in lower case, searched with LIKE of the lower-cased words: the same matches as the ILIKE it
-- replaces, without lower-casing every row the trigram index sends for a recheck. PostgreSQL 15 cannot change a
-- generated column's expression: the column is added again, and with it the trigram index that dropping it drops.
ALTER TABLE "businesses" drop column "search_text";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || chr(31) || coalesce(domain, '') || chr(31) || coalesce(city, '') || chr(31) || coalesce(category, '') || chr(31) || coalesce(summary, '') || chr(31) || coalesce(industry, '') || chr(31) || search_words_of(business_software_names) || chr(31) || people_search || chr(31) || attribute_texts_of(attributes))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "businesses_session_search_trgm_idx" ON "businesses" USING gin ("session_id","search_text" gin_trgm_ops);
