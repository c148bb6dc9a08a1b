/**
 * The exports with people on the real database: the business CSV's primary-contact columns,
 * the contacts CSV (one row per person, HubSpot/Pipedrive column names, the business beside, its address and
 * email where the person has none), both under the table's filters, the suppression list keeping addresses out of
 * both, and the contacts as an Excel workbook.
 */
import { encodeFilters } from '@argo/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
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

describe('the contacts export, filled from the business', () => {
  it("fills Street Address from the site and gives a person without an address the company's in Company Email", async () => {
    // The site of Bäckerei Sonne gives its address; the record has none.
    await t.database.db.execute(sql`
      update enrichment_results set data = jsonb_set(data, '{contacts}', data -> 'contacts' || ${JSON.stringify(
        [
          {
            kind: 'address',
            value: 'Sonnenallee 1, 12045 Berlin',
            source_url: 'https://sonne.example/kontakt',
          },
        ],
      )}::jsonb)
      where business_id = ${s.ids['Bäckerei Sonne']} and type = 'ai_summary'`);
    const { header, records } = await download('export/contacts');
    expect(header).toContain('Company Email');
    const byName = Object.fromEntries(records.map((r) => [`${r['First Name']} ${r['Last Name']}`, r]));
    expect(byName['Anna Berg']).toMatchObject({
      Email: 'anna.berg@sonne.example',
      'Company Email': '',
      'Street Address': 'Sonnenallee 1, 12045 Berlin',
    });
    // Lea Roth has only a guessed address: the business's own is beside it, never in Email.
    expect(byName['Lea Roth']).toMatchObject({
      Email: '',
      'Company Email': 'info@sonne.example',
      'Street Address': 'Sonnenallee 1, 12045 Berlin',
    });
    expect(byName['Mia Klein']?.['Street Address']).toBe('');

    const undo = await suppress(['info@sonne.example']);
    const suppressed = await download('export/contacts');
    expect(suppressed.records.find((r) => r['Last Name'] === 'Roth')?.['Company Email']).toBe('');
    await undo();
  });

  it('comes as an Excel workbook too, its score a number and its header frozen', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user/session/${s.sessionId}/export/contacts`,
      query: { sortBy: 'name', sortOrder: 'asc', format: 'xlsx' },
      headers: { authorization: `Bearer ${s.viewer.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /filename="berlin-bakeries-\d{4}-\d{2}-\d{2}-contacts\.xlsx"/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name).toBe('Contacts');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1);
    const cell = (row: number, column: string) => sheet.getRow(row).getCell(header.indexOf(column) + 1).value;
    expect([cell(2, 'First Name'), cell(2, 'Last Name'), cell(2, 'ICP Score')]).toEqual(['Anna', 'Berg', 80]);
    expect(cell(2, 'Observed At')).toEqual(new Date('2026-05-04T10:00:00.000Z'));
    expect(sheet.rowCount).toBe(5);
  });
});
