/**
 * The rows of the CSV export: the same WHERE and ORDER BY as the results table (results-where.ts), one row
 * per business, nested facts flattened in SQL (sources; software names and versions, the business software in
 * `software` and the infrastructure apart; services, contacts, open roles, matched ICP criteria), read through a
 * server-side cursor so memory stays flat whatever the size.
 */
import { Readable } from 'node:stream';
import type { AttributeColumn, ResultColumn } from '@argo/contract';
import { type Column, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import { businesses } from '../../db/schema';
import { splitPersonName } from '../people/names';
import { domainSuppressedSql, emailSuppressedSql } from '../privacy/suppressions.repository';
import { BOM, csvLine } from './csv';

/** The CSV header, in column order (the SELECT below yields the same order). */
// biome-ignore format: one compact list
export const EXPORT_COLUMNS = [
  'id', 'name', 'website', 'domain', 'email', 'phone', 'website_email', 'website_phone', 'address', 'city', 'region', 'postal_code', 'country',
  'lat', 'lng', 'category', 'source', 'sources', 'rating', 'review_count', 'enrichment_state', 'enrichment_error',
  'industry', 'summary', 'services', 'customer_type', 'size_hint', 'employee_estimate', 'contacts', 'software',
  'infrastructure', 'hiring', 'careers_url', 'ats', 'open_roles', 'icp_score', 'icp_tier', 'icp_matched_criteria', 'decision_maker',
  'contact_name', 'contact_first_name', 'contact_last_name', 'contact_role', 'contact_seniority', 'contact_email',
  'contact_phone', 'contact_linkedin_url', 'contact_source_url', 'first_seen_at', 'updated_at',
] as const;

type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/**
 * What each table column is in the file when the export names the visible columns (`columns`): the cell's facts,
 * e.g. the ICP cell's tier and score, the city cell's city and region, the decision-maker cell's name and role.
 */
export const VIEW_EXPORT_COLUMNS: Record<ResultColumn, readonly ExportColumn[]> = {
  name: ['name'],
  website: ['website'],
  // The record's own, then the one its website gives (the table shows the latter where the former is empty).
  phone: ['phone', 'website_phone'],
  email: ['email', 'website_email'],
  // The street address cell stands for where the business is: what a CRM or a route planner needs with it.
  address: ['address', 'postal_code', 'country', 'lat', 'lng'],
  city: ['city', 'region'],
  category: ['category'],
  industry: ['industry'],
  icp: ['icp_tier', 'icp_score'],
  software: ['software'],
  hiring: ['hiring'],
  decision_maker: ['decision_maker', 'contact_name', 'contact_role'],
  enrichment_state: ['enrichment_state'],
  rating: ['rating', 'review_count'],
  sources: ['sources'],
  first_seen_at: ['first_seen_at'],
};

/** The file's columns for the table's visible ones, in their order; every column without a choice. */
export function exportColumnsFor(view: readonly ResultColumn[] | undefined): readonly ExportColumn[] {
  if (!view) return EXPORT_COLUMNS;
  return [...new Set(view.flatMap((column) => VIEW_EXPORT_COLUMNS[column]))];
}

/** Elements of a JSON array (nothing when the value is missing or not an array). */
const elements = (value: SQL) =>
  sql`jsonb_array_elements(case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end)`;

/** A timestamp as JavaScript's toISOString() writes it (the API's JSON format), made by PostgreSQL. */
const isoTime = (column: Column) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Columns holding numbers: never prefixed against formulas (a negative number stays a number). */
const NUMERIC_COLUMNS = new Set(
  ['lat', 'lng', 'rating', 'review_count', 'employee_estimate', 'icp_score'].map((name) =>
    EXPORT_COLUMNS.indexOf(name as (typeof EXPORT_COLUMNS)[number]),
  ),
);

/**
 * Every column comes out of PostgreSQL as text in its final CSV form (numbers, booleans as true/false, ISO
 * times), so rows are not parsed into JavaScript types only to be written back as text.
 */
const RAW_TEXT = { getTypeParser: () => (value: string) => value };

/** An address as exported: blank when the account's suppression list covers it. */
export const unlessSuppressed = (email: SQL) =>
  sql`case when ${emailSuppressedSql(email, sql`${businesses.accountId}`)} then null else ${email} end`;

/**
 * The primary contact's field (businesses.primary_contact, kept by a trigger): all blank when the contact's address
 * or the business's domain is on the suppression list — the contact is not to be approached through Argo.
 */
const primaryContact = (field: string) => {
  const contact = sql`${businesses.primaryContact}`;
  return sql`case when ${contact} is null
      or ${domainSuppressedSql(sql`${businesses.domain}`, sql`${businesses.accountId}`)}
      or (${contact} ->> 'email' is not null and ${emailSuppressedSql(sql`${contact} ->> 'email'`, sql`${businesses.accountId}`)})
    then null else ${contact} ->> ${field} end`;
};

/**
 * The imported file's own columns (issue 14 part 2), after the standard ones: each attribute as text (numbers as
 * JSON writes them, booleans true/false, dates YYYY-MM-DD); empty when the row left it empty.
 */
const attributeCells = (columns: readonly AttributeColumn[]) =>
  sql.join(
    columns.map((column) => sql`, ${businesses.attributes} ->> ${column.key}::text`),
    sql``,
  );

/** `select … from businesses …` of the export, for a results WHERE and ORDER BY. */
export function exportSelect(
  where: SQL,
  order: SQL[],
  attributeColumns: readonly AttributeColumn[] = [],
): SQL {
  const software = sql.raw('export_software.data');
  const careers = sql.raw('export_careers.data');
  const summary = sql.raw('export_summary.data');
  const icp = sql.raw('export_icp.data');
  return sql`select ${businesses.id}, ${businesses.name}, ${businesses.website}, ${businesses.domain},
    ${unlessSuppressed(sql`${businesses.email}`)}, ${businesses.phone},
    ${unlessSuppressed(sql`${businesses.websiteEmail}`)}, ${businesses.websitePhone},
    ${businesses.address}, ${businesses.city}, ${businesses.region},
    ${businesses.postalCode}, ${businesses.country}, ${businesses.lat}::text, ${businesses.lng}::text,
    ${businesses.category},
    ${businesses.source},
    (select string_agg((s ->> 'source') || coalesce(':' || (s ->> 'source_ref'), ''), '; ')
       from ${elements(sql`${businesses.sources}`)} s),
    ${businesses.rating}::text, ${businesses.reviewCount}::text, ${businesses.enrichmentState}::text,
    ${businesses.enrichmentError},
    ${businesses.industry}, ${businesses.summary},
    (select string_agg(v #>> '{}', '; ') from ${elements(sql`${summary} -> 'services'`)} v),
    ${summary} ->> 'customer_type', ${summary} ->> 'size_hint', ${summary} ->> 'employee_estimate',
    (select string_agg((c ->> 'kind') || ': ' || (c ->> 'value'), '; ')
       from ${elements(sql`${summary} -> 'contacts'`)} c
       where not (c ->> 'kind' = 'email' and ${emailSuppressedSql(sql`c ->> 'value'`, sql`${businesses.accountId}`)})),
    (select string_agg((t ->> 'name') || coalesce(' ' || (t ->> 'version'), ''), '; ')
       from ${elements(sql`${software} -> 'technologies'`)} t
       where coalesce(t ->> 'group', 'business') = 'business'),
    (select string_agg((t ->> 'name') || coalesce(' ' || (t ->> 'version'), ''), '; ')
       from ${elements(sql`${software} -> 'technologies'`)} t
       where t ->> 'group' = 'infrastructure'),
    ${businesses.hiring}::text, ${careers} ->> 'careers_url', ${careers} ->> 'ats',
    (select string_agg((r ->> 'title') || coalesce(' (' || (r ->> 'location') || ')', ''), '; ')
       from ${elements(sql`${careers} -> 'roles'`)} r),
    ${businesses.icpScore}::text, ${businesses.icpTier},
    (select string_agg(r ->> 'criterion', '; ')
       from ${elements(sql`${icp} -> 'reasons'`)} r where r ->> 'matched' = 'true'),
    ${businesses.decisionMaker}::text, ${primaryContact('name')}, null, null, ${primaryContact('role')},
    ${primaryContact('seniority')}, ${primaryContact('email')}, ${primaryContact('phone')},
    ${primaryContact('linkedin_url')}, ${primaryContact('source_url')},
    ${isoTime(businesses.firstSeenAt)}, ${isoTime(businesses.updatedAt)}${attributeCells(attributeColumns)}
  from ${businesses}
  left join enrichment_results export_software
    on export_software.business_id = ${businesses.id} and export_software.type = 'software_detection'
  left join enrichment_results export_careers
    on export_careers.business_id = ${businesses.id} and export_careers.type = 'career_analysis'
  left join enrichment_results export_summary
    on export_summary.business_id = ${businesses.id} and export_summary.type = 'ai_summary'
  left join enrichment_results export_icp
    on export_icp.business_id = ${businesses.id} and export_icp.type = 'icp_analysis'
  where ${where}
  order by ${sql.join(order, sql`, `)}`;
}

const dialect = new PgDialect();

/** The export SELECT as text and parameters (also used by the benchmark to run the same rows through COPY). */
export function exportQueryText(
  where: SQL,
  order: SQL[],
  attributeColumns: readonly AttributeColumn[] = [],
): { text: string; params: unknown[] } {
  const query = dialect.sqlToQuery(exportSelect(where, order, attributeColumns));
  return { text: query.sql, params: query.params };
}

/** Rows per cursor fetch, and roughly how many characters of CSV are handed to the socket at once. */
const BATCH_ROWS = 1000;
const CHUNK_CHARS = 64 * 1024;

/**
 * The header of the imported file's columns: each one's label as the file wrote it, made unique against the
 * standard columns and each other (a label that repeats one gets " (file)", then a number).
 */
export function attributeHeaders(standard: readonly string[], columns: readonly AttributeColumn[]): string[] {
  const taken = new Set(standard.map((name) => name.toLowerCase()));
  return columns.map((column) => {
    const label = column.label.trim() || column.key;
    let header = taken.has(label.toLowerCase()) ? `${label} (file)` : label;
    for (let n = 2; taken.has(header.toLowerCase()); n++) header = `${label} (file ${n})`;
    taken.add(header.toLowerCase());
    return header;
  });
}

/**
 * The business CSV of a results WHERE and ORDER BY, as a stream (streamQueryCsv); `columns` (the table's visible
 * ones) narrows it to those, in their order. Every column of the imported file follows (`attributeColumns`).
 */
export function streamExportCsv(
  pool: pg.Pool,
  where: SQL,
  order: SQL[],
  columns?: readonly ResultColumn[],
  attributeColumns: readonly AttributeColumn[] = [],
): Promise<Readable> {
  const name = EXPORT_COLUMNS.indexOf('contact_name');
  const standard = exportColumnsFor(columns);
  const picked = standard.map((column) => EXPORT_COLUMNS.indexOf(column));
  const isEverything = standard === EXPORT_COLUMNS;
  const numeric = isEverything
    ? new Set(NUMERIC_COLUMNS)
    : new Set(picked.flatMap((from, to) => (NUMERIC_COLUMNS.has(from) ? [to] : [])));
  attributeColumns.forEach((column, i) => {
    if (column.type === 'number') numeric.add(standard.length + i);
  });
  return streamQueryCsv(pool, exportQueryText(where, order, attributeColumns), {
    header: [...standard, ...attributeHeaders(standard, attributeColumns)],
    numeric,
    // First and last name for CRMs that import them apart (HubSpot, Pipedrive), split in code: see names.ts.
    transform: (row) => {
      const full = row[name];
      if (typeof full === 'string') [row[name + 1], row[name + 2]] = splitPersonName(full);
      if (isEverything) return row;
      // The attribute cells come after the standard ones in the SELECT; they stay after the picked ones.
      return [...picked.map((index) => row[index]), ...row.slice(EXPORT_COLUMNS.length)];
    },
  });
}

export interface CsvStreamOptions {
  header: readonly string[];
  /** Positions holding numbers written as text (never prefixed against formulas). */
  numeric?: ReadonlySet<number>;
  /** Changes a row (its cells as PostgreSQL wrote them) before it is written. */
  transform?: (row: unknown[]) => unknown[];
}

/**
 * Starts an export query on a pooled connection and returns the CSV as a stream: BOM and header first, then
 * the rows as the client reads them (the cursor fetches the next batch only when the socket wants more).
 * The first batch is read before returning, so a failing query is still a normal JSON error, not a cut file.
 * The connection goes back to the pool when the stream ends, fails or is abandoned by the client.
 */
export async function streamQueryCsv(
  pool: pg.Pool,
  { text, params }: { text: string; params: unknown[] },
  { header, numeric, transform = (row) => row }: CsvStreamOptions,
): Promise<Readable> {
  const client = await pool.connect();
  const rows = client.query(
    new QueryStream(text, params, { batchSize: BATCH_ROWS, rowMode: 'array', types: RAW_TEXT }),
  );
  const iterator = rows[Symbol.asyncIterator]() as AsyncIterator<unknown[]>;
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    // A cursor abandoned half way leaves the connection mid-query: discard it instead of reusing it.
    client.release(error);
  };
  let first: IteratorResult<unknown[]>;
  try {
    first = await iterator.next();
  } catch (error) {
    release(error as Error);
    throw error;
  }

  async function* chunks(): AsyncGenerator<string> {
    let completed = false;
    try {
      let chunk = BOM + csvLine(header);
      let next = first;
      while (!next.done) {
        chunk += csvLine(transform(next.value), numeric);
        if (chunk.length >= CHUNK_CHARS) {
          yield chunk;
          chunk = '';
        }
        next = await iterator.next();
      }
      yield chunk;
      completed = true;
    } finally {
      if (!completed) rows.destroy();
      release(completed ? undefined : new Error('export stream ended early'));
    }
  }
  const out = Readable.from(chunks(), { objectMode: false, encoding: 'utf8' });
  // Destroyed before its first read (a client gone before the download began), the generator never runs and its
  // `finally` never releases the connection, which would stay checked out for good.
  out.once('close', () => {
    if (released) return;
    rows.destroy();
    release(new Error('export stream closed before its end'));
  });
  return out;
}
