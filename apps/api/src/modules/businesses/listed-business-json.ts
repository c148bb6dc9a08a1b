/**
 * A results page's row as JSON text, written by PostgreSQL: the contract's Business exactly as toListedBusiness
 * (businesses.mapper.ts) makes it from the same row, which listed-business-json.test.ts checks on every variant.
 *
 * Why: a page of 50 rows read as columns cost the API's one thread parsing rows (pg, drizzle), mapping, checking
 * against the contract and writing JSON again, more than the statement's own time (docs/performance.md); 50 users
 * browsing while jobs run wait for that thread (bench/load.mjs). PostgreSQL writes the same JSON in less, beside the
 * rows it reads already, and the API joins the page's texts.
 *
 * listed_software and sources are passed through as stored: migration 0020 stores both in the contract's shape. A
 * row whose listed_software still holds a detection without a group (stored before migration 0011) gets no text
 * (null): the API maps it with toListedBusiness, which groups such a detection as the drawer does.
 */
import { SENIORITIES, Tier } from '@argo/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { businesses } from '../../db/schema';

const b = businesses;

/** `expression IN ('a', 'b' …)` for a list of the contract's values, written as literals (see `rendered`). */
const oneOf = (expression: SQL, values: readonly string[]) => {
  if (!values.every((value) => /^\w+$/.test(value))) throw new Error(`not a plain word list: ${values}`);
  return sql`${expression} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
};

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
const hasUngroupedSoftware = sql`${b.listedSoftware} @? '$[*] ? (!(@.group == "business"))'`;

/**
 * The row's fields under the contract's names, in its order (most columns are named as the contract names them).
 * row_to_json writes them compactly, in less time and fewer bytes than json_build_object (measured; figures in
 * docs/performance.md).
 */
const fields = sql`select ${sql.join(
  [
    b.id,
    b.sessionId,
    b.name,
    b.website,
    b.domain,
    b.email,
    b.phone,
    b.address,
    b.city,
    b.region,
    b.postalCode,
    b.country,
    b.lat,
    b.lng,
    b.category,
    b.categories,
    b.aliases,
    b.phones,
    b.websites,
    b.websiteEmail,
    b.websitePhone,
    b.isClosed,
    b.source,
    b.sources,
    b.sourceRef,
    b.rating,
    b.reviewCount,
    b.enrichmentState,
    b.enrichmentError,
    b.summary,
    b.industry,
  ].map((column) => sql`${column}`),
  sql`, `,
)},
  ${b.listedSoftware} as software,
  ${b.hiring},
  ${b.icpScore},
  case when ${oneOf(sql`${b.icpTier}`, Tier.options)} then ${b.icpTier} end as icp_tier,
  ${b.decisionMaker},
  ${primaryContact} as primary_contact,
  ${isoTime(b.firstSeenAt)} as first_seen_at,
  ${isoTime(b.updatedAt)} as updated_at`;

/**
 * The row's JSON text, or null when the API must map it (hasUngroupedSoftware). `attributes` is left out when
 * empty, as the mapper does: row_to_json cannot leave a column out, so it is written before the others.
 */
const json = sql`case when ${hasUngroupedSoftware} then null else
  '{' || case when ${b.attributes} = '{}'::jsonb then '' else '"attributes":' || ${b.attributes}::text || ',' end
  || substr((select row_to_json(j)::text from (${fields}) as j), 2) end`;

/**
 * The expression as SQL text, rendered once: it has no parameters, and a page would otherwise build its ~60 parts
 * again on every request. Its columns are qualified ("businesses"."name"): the page's statement reads businesses.
 */
const rendered = new PgDialect().sqlToQuery(json);
if (rendered.params.length > 0) throw new Error('listedBusinessJson must have no parameters');
export const listedBusinessJson = sql<string | null>`${sql.raw(rendered.sql)}`;
