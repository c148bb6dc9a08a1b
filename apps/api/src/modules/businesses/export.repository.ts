/**
 * The rows of the business export (CSV or Excel): the same WHERE and ORDER BY as the results table
 * (results-where.ts), one row per business with every fact Argo holds for it, nested facts flattened in SQL (sources
 * and when each saw it; software names and versions, the business software in `software` and the infrastructure
 * apart; services, contacts, every address found on the site, open roles, the company's own facts, ICP criteria),
 * read through a server-side cursor so memory stays flat whatever the size.
 */
import type { Readable } from 'node:stream';
import type { AttributeColumn, ResultColumn, SuppressionRule } from '@argo/contract';
import { type Column, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { businesses } from '../../db/schema';
import { splitPersonName } from '../people/names';
import { type ExportFileOptions, streamQueryFile } from './query-file';
import type { CellKind } from './xlsx';

/** The CSV header, in column order (the SELECT below yields the same order). */
// biome-ignore format: one compact list
const EXPORT_COLUMNS = [
  'id', 'name', 'website', 'domain', 'email', 'phone', 'website_email', 'website_phone', 'emails', 'phones',
  'address', 'city', 'region', 'postal_code', 'country', 'website_address', 'lat', 'lng', 'category', 'source',
  'sources', 'sources_seen', 'rating', 'review_count', 'enrichment_state', 'enrichment_error',
  'industry', 'summary', 'services', 'customer_type', 'size_hint', 'employee_estimate', 'contacts',
  'legal_name', 'legal_form', 'register_court', 'register_number', 'vat_id', 'founded', 'company_employees',
  'opening_hours', 'software', 'infrastructure', 'hiring', 'careers_url', 'ats', 'open_roles', 'icp_score', 'icp_tier',
  'icp_matched_criteria', 'icp_reasons', 'decision_maker',
  'contact_name', 'contact_first_name', 'contact_last_name', 'contact_role', 'contact_seniority', 'contact_email',
  'contact_phone', 'contact_linkedin_url', 'contact_source_url', 'first_seen_at', 'updated_at',
] as const;

type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** The columns that are not text, by kind: an Excel file types their cells, a CSV never prefixes a number. */
const COLUMN_KINDS: Partial<Record<ExportColumn, CellKind>> = {
  lat: 'number',
  lng: 'number',
  rating: 'number',
  review_count: 'number',
  employee_estimate: 'number',
  founded: 'number',
  company_employees: 'number',
  icp_score: 'number',
  hiring: 'boolean',
  decision_maker: 'boolean',
  first_seen_at: 'datetime',
  updated_at: 'datetime',
};

/** The kind of an imported column's cells (attribute types: contract attributes.ts). */
const ATTRIBUTE_KINDS: Record<AttributeColumn['type'], CellKind> = {
  number: 'number',
  date: 'date',
  boolean: 'boolean',
  text: 'text',
};

/**
 * What each table column is in the file when the export names the visible columns (`columns`): the cell's facts,
 * e.g. the ICP cell's tier and score, the city cell's city and region, the decision-maker cell's name and role.
 */
const VIEW_EXPORT_COLUMNS: Record<ResultColumn, readonly ExportColumn[]> = {
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
function exportColumnsFor(view: readonly ResultColumn[] | undefined): readonly ExportColumn[] {
  if (!view) return EXPORT_COLUMNS;
  return [...new Set(view.flatMap((column) => VIEW_EXPORT_COLUMNS[column]))];
}

/** Elements of a JSON array (nothing when the value is missing or not an array). */
const elements = (value: SQL) =>
  sql`jsonb_array_elements(case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end)`;

/** A timestamp as JavaScript's toISOString() writes it (the API's JSON format), made by PostgreSQL. */
const isoTime = (column: Column) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The primary contact's field (businesses.primary_contact, kept by a trigger). */
const primaryContact = (field: string) => sql`${businesses.primaryContact} ->> ${field}`;

const DOMAIN = EXPORT_COLUMNS.indexOf('domain');
const CONTACTS = EXPORT_COLUMNS.indexOf('contacts');
const EMAILS = EXPORT_COLUMNS.indexOf('emails');
const CONTACTS_SEPARATOR = '; ';
const CONTACT_EMAIL = EXPORT_COLUMNS.indexOf('contact_email');
const CONTACT_CELLS = EXPORT_COLUMNS.flatMap((column, index) =>
  column.startsWith('contact_') ? [index] : [],
);

/**
 * The business export's row under the account's suppression list (contract suppression.ts), as PostgreSQL wrote
 * it (every column, before a view narrows them): a cell that is a covered address is blank, a longer text (an
 * imported column, a summary) has SUPPRESSED_MARK in each covered address's place, a covered address is left out of
 * the website's contacts and of the addresses found on the site (`emails`), and the primary contact's cells are all blank when its address or the business's domain is
 * covered — the contact is not to be approached through Argo. A business whose domain is listed has every address
 * covered.
 */
function redactExportRow(row: unknown[], rule: SuppressionRule): unknown[] {
  const scoped = rule.forBusiness(typeof row[DOMAIN] === 'string' ? row[DOMAIN] : null);
  if (scoped.isInert) return row;
  const contactEmail = row[CONTACT_EMAIL];
  if (scoped.coversAll || (typeof contactEmail === 'string' && scoped.touches(contactEmail))) {
    for (const index of CONTACT_CELLS) row[index] = null;
  }
  const contacts = row[CONTACTS];
  if (typeof contacts === 'string') {
    const kept = contacts
      .split(CONTACTS_SEPARATOR)
      .filter((part) => !(part.startsWith('email: ') && scoped.redactCell(part.slice(7)) === ''));
    row[CONTACTS] = kept.length > 0 ? kept.join(CONTACTS_SEPARATOR) : null;
  }
  const emails = row[EMAILS];
  if (typeof emails === 'string') {
    const kept = emails.split(CONTACTS_SEPARATOR).filter((email) => scoped.redactCell(email) !== '');
    row[EMAILS] = kept.length > 0 ? kept.join(CONTACTS_SEPARATOR) : null;
  }
  for (let index = 0; index < row.length; index++) {
    const cell = row[index];
    if (typeof cell === 'string') row[index] = scoped.redactCell(cell);
  }
  return row;
}

/**
 * The imported file's own columns, after the standard ones: each attribute as text (numbers as
 * JSON writes them, booleans true/false, dates YYYY-MM-DD); empty when the row left it empty.
 */
const attributeCells = (columns: readonly AttributeColumn[]) =>
  sql.join(
    columns.map((column) => sql`, ${businesses.attributes} ->> ${column.key}::text`),
    sql``,
  );

/** Elements of a JSON array with their position (`alias(value, n)`). */
const numbered = (value: SQL, alias: string) =>
  sql`jsonb_array_elements(case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end)
    with ordinality as ${sql.raw(alias)}(value, n)`;

/** `select … from businesses …` of the export, for a results WHERE and ORDER BY. */
function exportSelect(where: SQL, order: SQL[], attributeColumns: readonly AttributeColumn[] = []): SQL {
  const software = sql.raw('export_software.data');
  const careers = sql.raw('export_careers.data');
  const summary = sql.raw('export_summary.data');
  const icp = sql.raw('export_icp.data');
  const people = sql.raw('export_people.data');
  const company = (fact: string) => sql`${people} -> 'company' -> ${fact} -> 'value'`;
  // A fact of a stored result, read only where the business has that result: most rows of a large session have
  // none, and a subquery over nothing still costs PostgreSQL its start (unguarded, the export was much slower).
  const from = (data: SQL, value: SQL) => sql`case when ${data} is not null then ${value} end`;
  return sql`select ${businesses.id}, ${businesses.name}, ${businesses.website}, ${businesses.domain},
    ${businesses.email}, ${businesses.phone}, ${businesses.websiteEmail}, ${businesses.websitePhone},
    -- Every address the site gives (the people analysis classifies them, the summary lists its contacts'),
    -- once each whatever its case, as first found.
    case when ${people} is not null or ${summary} is not null then
    (select string_agg(found.email, ${CONTACTS_SEPARATOR} order by found.position)
       from (select (array_agg(address.email order by address.position))[1] as email,
                    min(address.position) as position
               from (select e.value ->> 'email' as email, e.n as position
                       from ${numbered(sql`${people} -> 'emails'`, 'e')}
                     union all
                     select c.value ->> 'value', 1000000 + c.n
                       from ${numbered(sql`${summary} -> 'contacts'`, 'c')}
                      where c.value ->> 'kind' = 'email') address
              where coalesce(address.email, '') <> ''
              group by lower(address.email)) found) end,
    -- Every phone: the merged records' (the record's own first), then the site's.
    case when ${summary} is null then nullif(array_to_string(${businesses.phones}, ${CONTACTS_SEPARATOR}), '') else
    (select string_agg(found.phone, ${CONTACTS_SEPARATOR} order by found.position)
       from (select phone.value as phone, min(phone.position) as position
               from (select p.value, p.n as position
                       from unnest(${businesses.phones}) with ordinality as p(value, n)
                     union all
                     select c.value ->> 'value', 1000000 + c.n
                       from ${numbered(sql`${summary} -> 'contacts'`, 'c')}
                      where c.value ->> 'kind' = 'phone') phone
              where coalesce(phone.value, '') <> ''
              group by phone.value) found) end,
    ${businesses.address}, ${businesses.city}, ${businesses.region},
    ${businesses.postalCode}, ${businesses.country},
    ${from(summary, sql`(select c ->> 'value' from ${elements(sql`${summary} -> 'contacts'`)} c where c ->> 'kind' = 'address' limit 1)`)},
    ${businesses.lat}::text, ${businesses.lng}::text,
    ${businesses.category},
    ${businesses.source},
    export_sources.list, export_sources.seen,
    ${businesses.rating}::text, ${businesses.reviewCount}::text, ${businesses.enrichmentState}::text,
    ${businesses.enrichmentError},
    ${businesses.industry}, ${businesses.summary},
    ${from(summary, sql`(select string_agg(v #>> '{}', '; ') from ${elements(sql`${summary} -> 'services'`)} v)`)},
    ${summary} ->> 'customer_type', ${summary} ->> 'size_hint', ${summary} ->> 'employee_estimate',
    ${from(
      summary,
      sql`(select string_agg((c ->> 'kind') || ': ' || (c ->> 'value'), ${CONTACTS_SEPARATOR})
       from ${elements(sql`${summary} -> 'contacts'`)} c)`,
    )},
    ${company('legal_name')} #>> '{}', ${company('legal_form')} #>> '{}',
    ${company('register')} ->> 'court', ${company('register')} ->> 'number',
    ${company('vat_id')} ->> 'id', ${company('founded')} #>> '{}', ${company('employees')} #>> '{}',
    ${from(people, sql`(select string_agg(v #>> '{}', '; ') from ${elements(company('opening_hours'))} v)`)},
    ${from(
      software,
      sql`(select string_agg((t ->> 'name') || coalesce(' ' || (t ->> 'version'), ''), '; ')
       from ${elements(sql`${software} -> 'technologies'`)} t
       where coalesce(t ->> 'group', 'business') = 'business')`,
    )},
    ${from(
      software,
      sql`(select string_agg((t ->> 'name') || coalesce(' ' || (t ->> 'version'), ''), '; ')
       from ${elements(sql`${software} -> 'technologies'`)} t
       where t ->> 'group' = 'infrastructure')`,
    )},
    ${businesses.hiring}::text, ${careers} ->> 'careers_url', ${careers} ->> 'ats',
    ${from(
      careers,
      sql`(select string_agg((r ->> 'title') || coalesce(' (' || (r ->> 'location') || ')', ''), '; ')
       from ${elements(sql`${careers} -> 'roles'`)} r)`,
    )},
    ${businesses.icpScore}::text, ${businesses.icpTier},
    ${from(
      icp,
      sql`(select string_agg(r ->> 'criterion', '; ')
       from ${elements(sql`${icp} -> 'reasons'`)} r where r ->> 'matched' = 'true')`,
    )},
    -- Each criterion with the points it earned of its weight and the fact it rests on: "industries 30/30 (Dental)".
    ${from(
      icp,
      sql`(select string_agg((r ->> 'criterion') || coalesce(' ' || (r ->> 'points') || '/' || (r ->> 'weight'), '')
         || coalesce(' (' || nullif(r ->> 'evidence', '') || ')', ''), '; ')
       from ${elements(sql`${icp} -> 'reasons'`)} r)`,
    )},
    ${businesses.decisionMaker}::text, ${primaryContact('name')}, null, null, ${primaryContact('role')},
    ${primaryContact('seniority')}, ${primaryContact('email')}, ${primaryContact('phone')},
    ${primaryContact('linkedin_url')}, ${primaryContact('source_url')},
    ${isoTime(businesses.firstSeenAt)}, ${isoTime(businesses.updatedAt)}${attributeCells(attributeColumns)}
  from ${businesses}
  -- The sources as "osm:node/1; google_places:g1", and the same with the day each saw the business.
  cross join lateral (
    select string_agg((s ->> 'source') || coalesce(':' || (s ->> 'source_ref'), ''), '; ') as list,
           string_agg((s ->> 'source') || coalesce(':' || (s ->> 'source_ref'), '')
             || coalesce(' ' || left(s ->> 'observed_at', 10), ''), '; ') as seen
      from ${elements(sql`${businesses.sources}`)} s) export_sources
  left join enrichment_results export_software
    on export_software.business_id = ${businesses.id} and export_software.type = 'software_detection'
  left join enrichment_results export_careers
    on export_careers.business_id = ${businesses.id} and export_careers.type = 'career_analysis'
  left join enrichment_results export_summary
    on export_summary.business_id = ${businesses.id} and export_summary.type = 'ai_summary'
  left join enrichment_results export_icp
    on export_icp.business_id = ${businesses.id} and export_icp.type = 'icp_analysis'
  left join enrichment_results export_people
    on export_people.business_id = ${businesses.id} and export_people.type = 'people'
  where ${where}
  order by ${sql.join(order, sql`, `)}`;
}

const dialect = new PgDialect();

/** The export SELECT as text and parameters (also used by the benchmark to run the same rows through COPY). */
function exportQueryText(
  where: SQL,
  order: SQL[],
  attributeColumns: readonly AttributeColumn[] = [],
): { text: string; params: unknown[] } {
  const query = dialect.sqlToQuery(exportSelect(where, order, attributeColumns));
  return { text: query.sql, params: query.params };
}

/**
 * The header of the imported file's columns: each one's label as the file wrote it, made unique against the
 * standard columns and each other (a label that repeats one gets " (file)", then a number).
 */
function attributeHeaders(standard: readonly string[], columns: readonly AttributeColumn[]): string[] {
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
 * The business export of a results WHERE and ORDER BY, as a stream (streamQueryFile): every fact Argo has for each
 * business, or with `columns` (the table's visible ones) only those, in their order. Every column of the imported
 * file follows (`attributeColumns`). Each row passes the account's suppression list (`rule`, redactExportRow) first.
 */
export function streamExport(
  pool: pg.Pool,
  where: SQL,
  order: SQL[],
  rule: SuppressionRule,
  columns?: readonly ResultColumn[],
  attributeColumns: readonly AttributeColumn[] = [],
  { format = 'csv', sheetName = 'Businesses' }: ExportFileOptions = {},
): Promise<Readable> {
  const name = EXPORT_COLUMNS.indexOf('contact_name');
  const standard = exportColumnsFor(columns);
  const picked = standard.map((column) => EXPORT_COLUMNS.indexOf(column));
  const isEverything = standard === EXPORT_COLUMNS;
  const kinds: (CellKind | undefined)[] = [
    ...standard.map((column) => COLUMN_KINDS[column]),
    ...attributeColumns.map((column) => ATTRIBUTE_KINDS[column.type]),
  ];
  return streamQueryFile(pool, exportQueryText(where, order, attributeColumns), {
    format,
    sheetName,
    header: [...standard, ...attributeHeaders(standard, attributeColumns)],
    kinds,
    // First and last name for CRMs that import them apart (HubSpot, Pipedrive), split in code: see names.ts.
    transform: (row) => {
      redactExportRow(row, rule);
      const full = row[name];
      if (typeof full === 'string') [row[name + 1], row[name + 2]] = splitPersonName(full);
      if (isEverything) return row;
      // The attribute cells come after the standard ones in the SELECT; they stay after the picked ones.
      return [...picked.map((index) => row[index]), ...row.slice(EXPORT_COLUMNS.length)];
    },
  });
}
