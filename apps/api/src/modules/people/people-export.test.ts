/**
 * The exports with people (issue 12, part 4) on the real database: the business CSV's primary-contact columns,
 * the contacts CSV (one row per person, HubSpot/Pipedrive column names, the business beside), both under the
 * table's filters, and the suppression list keeping addresses out of both.
 */
import { encodeFilters } from '@argo/contract';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { TestUser } from '../access/access.fixtures';
import { type PeopleSession, seedPeopleSession } from './people.fixtures';

let s: PeopleSession;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  s = await seedPeopleSession();
  ({ t, admin } = s);
});
afterAll(() => t?.close());

async function download(kind: 'export' | 'export/contacts', query: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/user/session/${s.sessionId}/${kind}`,
    query: { sortBy: 'name', sortOrder: 'asc', ...query },
    headers: { authorization: `Bearer ${s.viewer.token}` },
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const parsed = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header = [], ...rows] = parsed.data;
  const records = rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? ''])));
  return { res, header, records };
}

async function suppress(values: string[]) {
  const res = await t.call('POST', '/api/accounts/suppressions', { token: admin.token, body: { values } });
  expect(res.status).toBe(201);
  return async () => {
    for (const entry of res.body) {
      await t.call('DELETE', `/api/accounts/suppressions/${entry.id}`, { token: admin.token });
    }
  };
}

describe('the business CSV', () => {
  it("gains the primary contact's columns, with the name split for CRMs", async () => {
    const { records } = await download('export');
    const sonne = records.find((r) => r.name === 'Bäckerei Sonne');
    expect(sonne).toMatchObject({
      decision_maker: 'true',
      contact_name: 'Anna Berg',
      contact_first_name: 'Anna',
      contact_last_name: 'Berg',
      contact_role: 'Inhaberin',
      contact_seniority: 'owner_founder',
      contact_email: 'anna.berg@sonne.example',
      contact_phone: '+4930123456',
      contact_source_url: 'https://sonne.example/impressum',
    });
    const weber = records.find((r) => r.name === 'Kanzlei Weber');
    expect([weber?.contact_first_name, weber?.contact_last_name]).toEqual(['Jonas', 'von der Heide']);
    const ost = records.find((r) => r.name === 'Zahnarzt Ost');
    expect([ost?.decision_maker, ost?.contact_name]).toEqual(['', '']);
  });

  it('never writes a suppressed address: not as email, not among the contacts, not as the contact', async () => {
    const undo = await suppress(['anna.berg@sonne.example', 'lux.example']);
    const { records } = await download('export');
    const sonne = records.find((r) => r.name === 'Bäckerei Sonne');
    expect(sonne?.email).toBe('info@sonne.example');
    expect(sonne?.contacts).toBe('email: info@sonne.example; phone: +4930123456');
    expect([sonne?.contact_name, sonne?.contact_email, sonne?.contact_phone]).toEqual(['', '', '']);
    const lux = records.find((r) => r.name === 'Salon Lux');
    expect(lux?.email).toBe('');
    const csv = JSON.stringify(records);
    expect(csv).not.toContain('anna.berg@sonne.example');
    expect(csv).not.toContain('hallo@lux.example');
    await undo();
  });
});

describe('the contacts CSV', () => {
  it('has one row per person with the business beside, under HubSpot and Pipedrive import names', async () => {
    const { res, header, records } = await download('export/contacts');
    expect(res.headers['content-disposition']).toMatch(
      /filename="berlin-bakeries-\d{4}-\d{2}-\d{2}-contacts\.csv"/,
    );
    expect(header.slice(0, 5)).toEqual(['First Name', 'Last Name', 'Email', 'Phone Number', 'Job Title']);
    expect(header).toEqual(expect.arrayContaining(['Company Name', 'Website URL', 'Company Domain Name']));
    expect(records.map((r) => `${r['First Name']} ${r['Last Name']} @ ${r['Company Name']}`)).toEqual([
      'Anna Berg @ Bäckerei Sonne',
      'Lea Roth @ Bäckerei Sonne',
      'Jonas von der Heide @ Kanzlei Weber',
      'Mia Klein @ Kanzlei Weber',
    ]);
    expect(records[0]).toMatchObject({
      Email: 'anna.berg@sonne.example',
      'Phone Number': '+4930123456',
      'Job Title': 'Inhaberin',
      Seniority: 'owner_founder',
      'Email Type': 'personal',
      'Suggested Email (pattern, unverified)': '',
      'Source URL': 'https://sonne.example/impressum',
      'Website URL': 'https://sonne.example/',
      'Company Domain Name': 'sonne.example',
      City: 'Berlin',
      'Country/Region': 'DE',
      'ICP Score': '80',
    });
    // A guessed address never stands in the Email column.
    expect(records[1]).toMatchObject({
      Email: '',
      'Suggested Email (pattern, unverified)': 'lea.roth@sonne.example',
    });
    expect(records[2]?.['LinkedIn URL']).toBe('https://www.linkedin.com/in/jvdh');
  });

  it("follows the table's filters, and a seniority filter narrows the people too", async () => {
    const icp = await download('export/contacts', { filters: encodeFilters({ icp_score: { gte: 70 } }) });
    expect(icp.records.map((r) => r['Last Name'])).toEqual(['Berg', 'Roth']);
    const deciders = await download('export/contacts', {
      filters: encodeFilters({ seniority: ['owner_founder', 'executive'] }),
      sortBy: 'icp_score',
      sortOrder: 'asc',
    });
    expect(deciders.records.map((r) => r['Last Name'])).toEqual(['von der Heide', 'Berg']);
    const none = await download('export/contacts', { search: 'no such business' });
    expect(none.records).toEqual([]);
  });

  it('leaves out a person whose address is suppressed and everyone at a suppressed domain', async () => {
    const undo = await suppress(['anna.berg@sonne.example', 'weber.example']);
    const { records } = await download('export/contacts');
    expect(records.map((r) => r['Last Name'])).toEqual(['Roth']);
    await undo();
    const suggested = await suppress(['lea.roth@sonne.example']);
    const again = await download('export/contacts');
    expect(
      again.records.find((r) => r['Last Name'] === 'Roth')?.['Suggested Email (pattern, unverified)'],
    ).toBe('');
    await suggested();
  });

  it('answers 400 for a bad filter and 404 for another account', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/user/session/${s.sessionId}/export/contacts`,
      query: { filters: encodeFilters({ seniority: 'boss' }) },
      headers: { authorization: `Bearer ${s.viewer.token}` },
    });
    expect(bad.statusCode).toBe(400);
    const other = await t.createAccount(`other-${Date.now()}@example.test`, 'Other');
    const denied = await t.call('GET', `/api/user/session/${s.sessionId}/export/contacts`, {
      token: other.token,
    });
    expect(denied.status).toBe(404);
  });
});
