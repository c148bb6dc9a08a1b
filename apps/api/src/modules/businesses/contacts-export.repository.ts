/**
 * The contacts export (issue 12): one row per person the selected businesses' sites name, with the business
 * beside, under the column names HubSpot's contact import maps by itself and Pipedrive's import offers
 * (First Name, Last Name, Email, Phone Number, Job Title, Company Name, Website URL …). Same WHERE and ORDER BY as
 * the results table; people in the analyzer's order (decision-makers first) within a business.
 *
 * Suppression: a person whose address is on the account's suppression list, and everyone at a business whose
 * domain is, is left out; a guessed address that is suppressed is left blank.
 */

import type { Readable } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { businesses } from '../../db/schema';
import { splitPersonName } from '../people/names';
import { domainSuppressedSql, emailSuppressedSql } from '../privacy/suppressions.repository';
import { streamQueryCsv } from './export.repository';

// biome-ignore format: one compact list
export const CONTACT_COLUMNS = [
  'First Name', 'Last Name', 'Email', 'Phone Number', 'Job Title', 'Seniority', 'LinkedIn URL', 'Email Type',
  'Suggested Email (pattern, unverified)', 'Source URL', 'Observed At', 'Company Name', 'Website URL',
  'Company Domain Name', 'Company Phone', 'Street Address', 'City', 'State/Region', 'Postal Code', 'Country/Region',
  'Industry', 'ICP Score', 'ICP Tier', 'Argo Business ID',
] as const;

const NUMERIC = new Set([CONTACT_COLUMNS.indexOf('ICP Score')]);

const elements = (value: SQL) =>
  sql`jsonb_array_elements(case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end)`;

/** `select …` of the contacts export; `seniorities` narrows the people (the results' seniority filter). */
export function contactsSelect(where: SQL, order: SQL[], seniorities: string[] | null): SQL {
  const data = sql.raw('contact_people.data');
  const person = sql.raw('person.value');
  const account = sql`${businesses.accountId}`;
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
    case when contact.email is null and not ${emailSuppressedSql(sql`coalesce(contact.suggested, '')`, account)}
      then contact.suggested end,
    ${person} ->> 'source_url', ${person} ->> 'observed_at',
    ${businesses.name}, ${businesses.website}, ${businesses.domain}, ${businesses.phone}, ${businesses.address},
    ${businesses.city}, ${businesses.region}, ${businesses.postalCode}, ${businesses.country},
    ${businesses.industry}, ${businesses.icpScore}::text, ${businesses.icpTier}, ${businesses.id},
    ${person} ->> 'name'
  from ${businesses}
  join enrichment_results contact_people
    on contact_people.business_id = ${businesses.id} and contact_people.type = 'people'
  cross join lateral ${elements(sql`${data} -> 'people'`)} with ordinality as person(value, position)
  cross join lateral (select ${email} as email, ${suggested} as suggested) contact
  where ${where}
    and coalesce(${person} ->> 'name', '') <> ''
    and not ${domainSuppressedSql(sql`coalesce(${businesses.domain}, '')`, account)}
    and (contact.email is null or not ${emailSuppressedSql(sql`contact.email`, account)})
    ${seniorities ? sql`and ${person} ->> 'seniority' = any (${sql.param(seniorities)}::text[])` : sql``}
  order by ${sql.join(order, sql`, `)}, person.position`;
}

const dialect = new PgDialect();

/** The contacts CSV as a stream; the full name (last cell of the query) becomes First Name and Last Name. */
export function streamContactsCsv(
  pool: pg.Pool,
  where: SQL,
  order: SQL[],
  seniorities: string[] | null,
): Promise<Readable> {
  const query = dialect.sqlToQuery(contactsSelect(where, order, seniorities));
  return streamQueryCsv(
    pool,
    { text: query.sql, params: query.params },
    {
      header: CONTACT_COLUMNS,
      numeric: NUMERIC,
      transform: (row) => {
        const name = row.pop();
        const [first, last] = splitPersonName(typeof name === 'string' ? name : '');
        row[0] = first;
        row[1] = last;
        return row;
      },
    },
  );
}
