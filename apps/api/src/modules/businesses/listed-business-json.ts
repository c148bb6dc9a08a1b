/**
 * A results page's row as JSON text, written by PostgreSQL: the contract's Business exactly as toListedBusiness
 * (businesses.mapper.ts) makes it from the same row, which listed-business-json.test.ts checks on every variant.
 *
 * Why: a page of 50 rows read as columns cost the API's one thread ~2 ms of parsing rows (pg, drizzle), mapping,
 * checking against the contract and writing JSON again, more than the statement's own time; 50 users browsing
 * while jobs run wait for that thread (bench/load.mjs). PostgreSQL writes the same JSON in less, beside the rows it
 * reads already, and the API joins the page's texts.
 *
 * listed_software and sources are passed through as stored: migration 0020 stores both in the contract's shape. A
 * row whose listed_software still holds a detection without a group (stored before migration 0011) gets no text
 * (`item` null): the API maps it with toListedBusiness, which groups such a detection as the drawer does.
 */
import { SENIORITIES, Tier } from '@argo/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { businesses } from '../../db/schema';

const b = businesses;

/** `column IN ('a', 'b' …)` for a list of the contract's values. */
const oneOf = (column: SQL, values: readonly string[]) =>
  sql`${column} in (${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;

/** As Date.toISOString writes it (what the mapper sends): UTC, milliseconds, `Z`. */
const isoTime = (column: AnyColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The primary contact as toPrimaryContact makes it: only one with a name, its seniority only if it is one. */
const primaryContact = sql`case when jsonb_typeof(${b.primaryContact} -> 'name') = 'string'
    and ${b.primaryContact} ->> 'name' <> '' then json_build_object(
  'name', ${b.primaryContact} -> 'name',
  'role', ${b.primaryContact} -> 'role',
  'seniority', case when ${oneOf(sql`${b.primaryContact} ->> 'seniority'`, SENIORITIES)}
    then ${b.primaryContact} -> 'seniority' end,
  'email', ${b.primaryContact} -> 'email',
  'phone', ${b.primaryContact} -> 'phone',
  'linkedin_url', ${b.primaryContact} -> 'linkedin_url',
  'source_url', ${b.primaryContact} -> 'source_url') end`;

/** A detection listed_software keeps whole, without a group (before migration 0011): the API maps the row. */
export const hasUngroupedSoftware = sql`${b.listedSoftware} @? '$[*] ? (!(@.group == "business"))'`;

/**
 * The row's JSON text, or null when the API must map it (hasUngroupedSoftware). `attributes` is left out when
 * empty, as the mapper does: json_build_object cannot leave a key out, so it is written before the others.
 */
export const listedBusinessJson = sql<string | null>`case when ${hasUngroupedSoftware} then null else
  '{' || case when ${b.attributes} = '{}'::jsonb then '' else '"attributes":' || ${b.attributes}::text || ',' end
  || substr(json_build_object(
    'id', ${b.id},
    'session_id', ${b.sessionId},
    'name', ${b.name},
    'website', ${b.website},
    'domain', ${b.domain},
    'email', ${b.email},
    'phone', ${b.phone},
    'address', ${b.address},
    'city', ${b.city},
    'region', ${b.region},
    'postal_code', ${b.postalCode},
    'country', ${b.country},
    'lat', ${b.lat},
    'lng', ${b.lng},
    'category', ${b.category},
    'categories', ${b.categories},
    'aliases', ${b.aliases},
    'phones', ${b.phones},
    'websites', ${b.websites},
    'is_closed', ${b.isClosed},
    'source', ${b.source},
    'sources', ${b.sources},
    'source_ref', ${b.sourceRef},
    'rating', ${b.rating},
    'review_count', ${b.reviewCount},
    'enrichment_state', ${b.enrichmentState},
    'enrichment_error', ${b.enrichmentError},
    'summary', ${b.summary},
    'industry', ${b.industry},
    'software', ${b.listedSoftware},
    'hiring', ${b.hiring},
    'icp_score', ${b.icpScore},
    'icp_tier', case when ${oneOf(sql`${b.icpTier}`, Tier.options)} then ${b.icpTier} end,
    'decision_maker', ${b.decisionMaker},
    'primary_contact', ${primaryContact},
    'first_seen_at', ${isoTime(b.firstSeenAt)},
    'updated_at', ${isoTime(b.updatedAt)}
  )::text, 2) end`;
