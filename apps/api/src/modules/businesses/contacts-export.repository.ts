/**
 * The contacts export: one row per person the selected businesses' sites name, with the business
 * beside, under the column names HubSpot's contact import maps by itself and Pipedrive's import offers
 * (First Name, Last Name, Email, Phone Number, Job Title, Company Name, Website URL …). Same WHERE and ORDER BY as
 * the results table; people in the analyzer's order (decision-makers first) within a business.
 *
 * Street Address is the record's, else the one the business's own site gives. A person without an address of their
 * own gets the business's (the record's, else the site's) in Company Email, a column of its own, so a CRM never takes
 * a shared mailbox for the person's.
 *
 * Suppression (contract suppression.ts): a person whose address is on the account's suppression list, and everyone
 * at a business whose domain is, is left out; a guessed address that is suppressed is left blank, and any other
 * cell has SUPPRESSED_MARK in place of a covered address.
 */

import type { Readable } from 'node:stream';
import type { ExportFormat, SuppressionRule } from '@argo/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { businesses } from '../../db/schema';
import { splitPersonName } from '../people/names';
import { streamQueryFile } from './query-file';
import type { CellKind } from './xlsx';

// biome-ignore format: one compact list
const CONTACT_COLUMNS = [
  'First Name', 'Last Name', 'Email', 'Phone Number', 'Job Title', 'Seniority', 'LinkedIn URL', 'Email Type',
  'Suggested Email (pattern, unverified)', 'Source URL', 'Observed At', 'Company Name', 'Website URL',
  'Company Domain Name', 'Company Phone', 'Company Email', 'Street Address', 'City', 'State/Region', 'Postal Code', 'Country/Region',
  'Industry', 'ICP Score', 'ICP Tier', 'Argo Business ID',
] as const;

/** The columns that are not text (xlsx.ts types their cells). */
const KINDS: (CellKind | undefined)[] = CONTACT_COLUMNS.map((column) =>
  column === 'ICP Score' ? 'number' : column === 'Observed At' ? 'datetime' : undefined,
);
const EMAIL = CONTACT_COLUMNS.indexOf('Email');
const SUGGESTED = CONTACT_COLUMNS.indexOf('Suggested Email (pattern, unverified)');
const DOMAIN = CONTACT_COLUMNS.indexOf('Company Domain Name');

/** A person's row under the suppression list: null (left out) when they may not be contacted; see the top. */
function redactContactRow(row: unknown[], rule: SuppressionRule): unknown[] | null {
  const scoped = rule.forBusiness(typeof row[DOMAIN] === 'string' ? row[DOMAIN] : null);
  if (scoped.isInert) return row;
  const email = row[EMAIL];
  if (scoped.coversAll || (typeof email === 'string' && scoped.touches(email))) return null;
  const suggested = row[SUGGESTED];
  if (typeof suggested === 'string' && scoped.touches(suggested)) row[SUGGESTED] = null;
  for (let index = 0; index < row.length; index++) {
    const cell = row[index];
    if (typeof cell === 'string') row[index] = scoped.redactCell(cell);
  }
  return row;
}

const elements = (value: SQL) =>
  sql`jsonb_array_elements(case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end)`;

/** `select …` of the contacts export; `seniorities` narrows the people (the results' seniority filter). */
function contactsSelect(where: SQL, order: SQL[], seniorities: string[] | null): SQL {
  const data = sql.raw('contact_people.data');
  const summary = sql.raw('contact_summary.data');
  const person = sql.raw('person.value');
  // The person's own address, else a classified address that is theirs.
  const email = sql`coalesce(nullif(${person} ->> 'email', ''),
    (select e ->> 'email' from ${elements(sql`${data} -> 'emails'`)} e
     where e ->> 'person' = ${person} ->> 'name' and coalesce(e ->> 'email', '') <> '' limit 1))`;
  const suggested = sql`(select s ->> 'email' from ${elements(sql`${data} -> 'suggested_emails'`)} s
     where s ->> 'person' = ${person} ->> 'name' limit 1)`;
  return sql`select null, null, contact.email, nullif(${person} ->> 'phone', ''),
    ${person} ->> 'role', ${person} ->> 'seniority', ${person} ->> 'linkedin_url',
    (select e ->> 'kind' from ${elements(sql`${data} -> 'emails'`)} e
     where lower(e ->> 'email') = lower(contact.email) limit 1),
    case when contact.email is null then contact.suggested end,
    ${person} ->> 'source_url', ${person} ->> 'observed_at',
    ${businesses.name}, ${businesses.website}, ${businesses.domain}, ${businesses.phone},
    case when contact.email is null then coalesce(${businesses.email}, ${businesses.websiteEmail}) end,
    coalesce(${businesses.address}, (select c ->> 'value' from ${elements(sql`${summary} -> 'contacts'`)} c
      where c ->> 'kind' = 'address' and coalesce(c ->> 'value', '') <> '' limit 1)),
    ${businesses.city}, ${businesses.region}, ${businesses.postalCode}, ${businesses.country},
    ${businesses.industry}, ${businesses.icpScore}::text, ${businesses.icpTier}, ${businesses.id},
    ${person} ->> 'name'
  from ${businesses}
  join enrichment_results contact_people
    on contact_people.business_id = ${businesses.id} and contact_people.type = 'people'
  left join enrichment_results contact_summary
    on contact_summary.business_id = ${businesses.id} and contact_summary.type = 'ai_summary'
  cross join lateral ${elements(sql`${data} -> 'people'`)} with ordinality as person(value, position)
  cross join lateral (select ${email} as email, ${suggested} as suggested) contact
  where ${where}
    and coalesce(${person} ->> 'name', '') <> ''
    ${seniorities ? sql`and ${person} ->> 'seniority' = any (${sql.param(seniorities)}::text[])` : sql``}
  order by ${sql.join(order, sql`, `)}, person.position`;
}

const dialect = new PgDialect();

/**
 * The contacts export (CSV or Excel) as a stream; the full name (last cell of the query) becomes First Name and Last
 * Name. Each row passes the account's suppression list (`rule`, redactContactRow) first.
 */
export function streamContacts(
  pool: pg.Pool,
  where: SQL,
  order: SQL[],
  seniorities: string[] | null,
  rule: SuppressionRule,
  format: ExportFormat = 'csv',
): Promise<Readable> {
  const query = dialect.sqlToQuery(contactsSelect(where, order, seniorities));
  return streamQueryFile(
    pool,
    { text: query.sql, params: query.params },
    {
      format,
      sheetName: 'Contacts',
      header: CONTACT_COLUMNS,
      kinds: KINDS,
      transform: (cells) => {
        const row = redactContactRow(cells, rule);
        if (!row) return null;
        const name = row.pop();
        const [first, last] = splitPersonName(typeof name === 'string' ? name : '');
        row[0] = first;
        row[1] = last;
        return row;
      },
    },
  );
}
