/**
 * The business export's two files on the real database, on the seeded session of results.fixtures.ts with a people
 * analysis (the company's own facts, the site's addresses) and an imported file's columns added: the default file
 * holds every fact Argo has (contacts, address, company facts, ICP reasons, sources and when each saw the business);
 * the Excel workbook, read back with exceljs, has the same columns with typed cells (numbers, dates, booleans), a
 * frozen header, text that looks like a formula kept as text, and suppressed addresses blank or "[suppressed]".
 */
import { encodeFilters } from '@argo/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { businesses, enrichmentResults, sessions } from '../../db/schema';
import type { TestUser } from '../access/access.fixtures';
import { EVIL, seedResultsSession } from './results.fixtures';

let t: TestApp;
let admin: TestUser;
let viewer: TestUser;
let sessionId: string;
let ids: Record<string, string>;

const company = (value: unknown) => ({
  value,
  source_url: 'https://alpha-dental.example/imprint',
  evidence: '',
});

beforeAll(async () => {
  ({ t, admin, viewer, sessionId, ids } = await seedResultsSession());
  const alpha = ids['Alpha Dental'] as string;
  await t.database.db.insert(enrichmentResults).values({
    accountId: admin.accountId,
    businessId: alpha,
    type: 'people',
    producedBy: 'builtin',
    data: {
      people: [],
      company: {
        legal_name: company('Alpha Dental Care Ltd'),
        legal_form: company('Ltd'),
        register: company({ court: 'Companies House', number: '01234567' }),
        vat_id: company({ id: 'GB123456789', country: 'GB', checksum_valid: true }),
        founded: company(1998),
        employees: company(12),
        opening_hours: company(['Mo-Fr 08:00-18:00', 'Sa 09:00-12:00']),
      },
      emails: [
        {
          email: 'Reception@alpha-dental.example',
          kind: 'role',
          person: null,
          source_url: 'https://a.example/',
        },
        {
          email: 'boss@alpha-dental.example',
          kind: 'personal',
          person: null,
          source_url: 'https://a.example/',
        },
      ],
      suggested_emails: [],
      mx: [],
      source_urls: [],
    },
  });
  // The site's contacts: an address the record lacks, a second phone, an address also classified above.
  await t.database.db
    .update(enrichmentResults)
    .set({
      data: sql`${enrichmentResults.data} || ${JSON.stringify({
        contacts: [
          { kind: 'email', value: 'hello@alpha-dental.example', source_url: 'https://a.example/' },
          { kind: 'email', value: 'reception@alpha-dental.example', source_url: 'https://a.example/' },
          { kind: 'phone', value: '+441130000009', source_url: 'https://a.example/' },
          { kind: 'address', value: '1 Park Row, Leeds LS1 5HN', source_url: 'https://a.example/' },
        ],
      })}::jsonb`,
    })
    .where(sql`${enrichmentResults.businessId} = ${alpha} and ${enrichmentResults.type} = 'ai_summary'`);
  await t.database.db
    .update(businesses)
    .set({
      phones: ['+441130000001', '+441130000002'],
      attributes: { employees: 45, founded_on: '2011-03-01', is_open: true, note: '=1+1' },
    })
    .where(eq(businesses.id, alpha));
  await t.database.db
    .update(businesses)
    .set({ summary: 'Write to boss@beta.example for quotes.' })
    .where(eq(businesses.id, ids['Beta Plumbing'] as string));
  await t.database.db
    .update(sessions)
    .set({
      attributeColumns: [
        { key: 'employees', label: 'EMPLOYEES', type: 'number' },
        { key: 'founded_on', label: 'Founded on', type: 'date' },
        { key: 'is_open', label: 'is_open', type: 'boolean' },
        { key: 'note', label: 'Note', type: 'text' },
      ],
    })
    .where(eq(sessions.id, sessionId));
});
afterAll(() => t?.close());

async function download(query: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/api/user/session/${sessionId}/export`,
    query: { sortBy: 'name', sortOrder: 'asc', ...query },
    headers: { authorization: `Bearer ${viewer.token}` },
  });
}

async function csvRecords(query: Record<string, string> = {}) {
  const res = await download(query);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const parsed = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header = [], ...rows] = parsed.data;
  return { header, records: rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? '']))) };
}

type Cell = ExcelJS.CellValue;

/** The workbook of an export, read back with exceljs: its one sheet's header, rows (by header) and the sheet. */
async function workbook(query: Record<string, string> = {}) {
  const res = await download({ format: 'xlsx', ...query });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  expect(book.worksheets).toHaveLength(1);
  const sheet = book.worksheets[0] as ExcelJS.Worksheet;
  const header = (sheet.getRow(1).values as Cell[]).slice(1).map(String);
  const rows: Record<string, Cell>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    rows.push(Object.fromEntries(header.map((h, i) => [h, row.getCell(i + 1).value])));
  });
  return { res, sheet, header, rows };
}

describe('the default business export', () => {
  it('holds every fact Argo has: contacts, address, company facts, ICP reasons, sources and when seen', async () => {
    const { header, records } = await csvRecords();
    const alpha = records.find((r) => r.name === 'Alpha Dental');
    expect(alpha).toMatchObject({
      email: 'hello@alpha-dental.example',
      phone: '+441130000001',
      website_email: 'hello@alpha-dental.example',
      // The classified addresses first, then the summary's; one each whatever the case.
      emails: 'Reception@alpha-dental.example; boss@alpha-dental.example; hello@alpha-dental.example',
      // A list is not one E.164 number: the formula guard's apostrophe stands before it (not in the workbook).
      phones: "'+441130000001; +441130000002; +441130000009",
      city: 'Leeds',
      country: 'GB',
      website_address: '1 Park Row, Leeds LS1 5HN',
      industry: 'Healthcare',
      summary: 'Family dental practice offering implants and orthodontics.',
      software: 'WordPress 6.4; Stripe',
      hiring: 'true',
      open_roles: 'Dental Nurse (Leeds); Receptionist',
      legal_name: 'Alpha Dental Care Ltd',
      legal_form: 'Ltd',
      register_court: 'Companies House',
      register_number: '01234567',
      vat_id: 'GB123456789',
      founded: '1998',
      company_employees: '12',
      opening_hours: 'Mo-Fr 08:00-18:00; Sa 09:00-12:00',
      icp_tier: 'A',
      icp_score: '86',
      icp_reasons: 'industry 30/30 (Healthcare); hiring 10/10 (Dental Nurse); software 0/20',
      sources: 'osm:node/1; google_places:g1',
      sources_seen: 'osm:node/1 2026-01-01; google_places:g1 2026-01-02',
      EMPLOYEES: '45',
      'Founded on': '2011-03-01',
      is_open: 'true',
      // The CSV's formula guard covers the imported columns too.
      Note: "'=1+1",
    });
    // The decision-maker's columns are there (empty where the site named nobody).
    expect(header).toEqual(expect.arrayContaining(['contact_name', 'contact_role', 'contact_email']));
    expect(header.slice(-4)).toEqual(['EMPLOYEES', 'Founded on', 'is_open', 'Note']);
  });

  it('keeps "only the visible columns" as the other choice', async () => {
    const { header } = await csvRecords({ columns: 'name,icp,email' });
    expect(header).toEqual([
      'name',
      'icp_tier',
      'icp_score',
      'email',
      'website_email',
      'EMPLOYEES',
      'Founded on',
      'is_open',
      'Note',
    ]);
  });

  it('leaves a suppressed address out of the site addresses and marks it inside a longer text', async () => {
    const res = await t.call('POST', '/api/accounts/suppressions', {
      token: admin.token,
      body: { values: ['boss@alpha-dental.example', 'boss@beta.example'] },
    });
    expect(res.status).toBe(201);
    try {
      const { records } = await csvRecords();
      expect(records.find((r) => r.name === 'Alpha Dental')?.emails).toBe(
        'Reception@alpha-dental.example; hello@alpha-dental.example',
      );
      expect(records.find((r) => r.name === 'Beta Plumbing')?.summary).toBe(
        'Write to [suppressed] for quotes.',
      );
      const { rows } = await workbook();
      expect(rows.find((r) => r.name === 'Alpha Dental')?.emails).toBe(
        'Reception@alpha-dental.example; hello@alpha-dental.example',
      );
      expect(rows.find((r) => r.name === 'Beta Plumbing')?.summary).toBe('Write to [suppressed] for quotes.');
      expect(JSON.stringify(rows)).not.toContain('boss@');
    } finally {
      for (const entry of res.body) {
        await t.call('DELETE', `/api/accounts/suppressions/${entry.id}`, { token: admin.token });
      }
    }
  });
});

describe('the Excel export', () => {
  it('is a workbook named like the CSV, with the same columns and rows and a frozen header', async () => {
    const { res, sheet, header, rows } = await workbook();
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="dentists-plumbers-yorkshire-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const csv = await csvRecords();
    expect(header).toEqual(csv.header);
    expect(rows.map((r) => r.id)).toEqual(csv.records.map((r) => r.id));
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
  });

  it('types its cells: numbers as numbers, times as dates, true/false as booleans, the rest as text', async () => {
    const { rows } = await workbook();
    const alpha = rows.find((r) => r.name === 'Alpha Dental');
    expect(alpha).toMatchObject({
      icp_score: 86,
      rating: 4.8,
      review_count: 120,
      lat: 53.8,
      lng: -1.55,
      founded: 1998,
      employee_estimate: 8,
      hiring: true,
      phone: '+441130000001',
      icp_tier: 'A',
      EMPLOYEES: 45,
      is_open: true,
    });
    expect(alpha?.first_seen_at).toEqual(new Date(Date.UTC(2026, 0, 10)));
    expect(alpha?.['Founded on']).toEqual(new Date(Date.UTC(2011, 2, 1)));
    expect(alpha?.updated_at).toBeInstanceOf(Date);
    // Unknown stays empty, not 0 or false.
    const gamma = rows.find((r) => r.name === 'Gamma Dental');
    expect([gamma?.icp_score, gamma?.hiring, gamma?.rating]).toEqual([null, null, null]);
    expect(rows.find((r) => r.name === 'Delta Bakery')?.hiring).toBe(null);
    expect(rows.find((r) => r.name === 'Beta Plumbing')?.hiring).toBe(false);
  });

  it('keeps text that starts with = + - @ as text, never a formula, without the CSV apostrophe', async () => {
    const { sheet, rows, header } = await workbook();
    const evil = rows.find((r) => r.name === EVIL);
    expect(evil).toMatchObject({
      name: EVIL,
      city: '+Leeds',
      category: '@cmd',
      address: '-1 Quote "Street", Flat 2\nLeeds',
    });
    expect(rows.find((r) => r.name === 'Alpha Dental')).toMatchObject({
      Note: '=1+1',
      phones: '+441130000001; +441130000002; +441130000009',
    });
    let cells = 0;
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        cells += 1;
        expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
        expect(cell.formula).toBeUndefined();
      });
    });
    expect(cells).toBeGreaterThan(header.length * 2);
    const nameCell = sheet
      .getRow(rows.findIndex((r) => r.name === EVIL) + 2)
      .getCell(header.indexOf('name') + 1);
    expect(nameCell.type).toBe(ExcelJS.ValueType.String);
  });

  it("writes the visible columns only when asked, and follows the table's filters", async () => {
    const { header, rows } = await workbook({
      columns: 'name,icp',
      filters: encodeFilters({ icp_tier: ['A', 'B'] }),
    });
    expect(header).toEqual(['name', 'icp_tier', 'icp_score', 'EMPLOYEES', 'Founded on', 'is_open', 'Note']);
    expect(rows.map((r) => [r.name, r.icp_tier, r.icp_score])).toEqual([
      ['Alpha Dental', 'A', 86],
      ['Delta Bakery', 'B', 70],
    ]);
  });

  it('answers 400 naming the format to send for an unknown one', async () => {
    const res = await download({ format: 'pdf' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain("'csv' or 'xlsx'");
  });
});
