-- Trigram indexes (gin_trgm_ops) serve the ILIKE '%q%' searches on users and sessions.
-- pg_trgm is a trusted extension: a database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
