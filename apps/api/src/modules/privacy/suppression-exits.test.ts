/**
 * The suppression list at every exit, on the real database, through a real import: a file's own unmapped
 * "Owner Email" and "Notes" columns, a person the site names, an address the website gives, the record's email —
 * none of the addresses the list covers reaches the results page, the drawer, the business CSV, the contacts CSV
 * or outreach content, whichever spelling of an internationalised domain the list or the address uses. Addresses
 * the list does not cover stay.
 */
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { isFinished, queueImport, startWorker, waitForInfo } from '../../../test/workers';
import { businesses, enrichmentResults } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { createAdmin, type TestUser } from '../access/access.fixtures';
import { storePeople } from '../people/people.fixtures';

const FILE = [
  'name,website,email,city,Owner Email,Notes',
  'Brauhaus Isar,https://brauhaus-isar.example,info@brauhaus-isar.example,München,max@xn--mnchen-3ya.de,"Call Max (max@münchen.de) after 5"',
  'Buchladen Lesezeit,https://www.bücher.de,post@lesezeit-mail.example,Berlin,,',
  'Café Offen,https://cafe-offen.example,hallo@cafe-offen.example,Hamburg,chef@cafe-offen.example,Ask for the chef',
  'Salon Kern,https://salon-kern.example,kern@salon-kern.example,Köln,inhaber@bücher.de,',
].join('\n');

/** Typed as a user would: a Unicode domain, a punycode domain, one single address. */
const LIST = ['münchen.de', 'xn--bcher-kva.de', 'chef@cafe-offen.example'];

/** Every covered address, in both spellings where its domain has two. */
const COVERED = [
  'max@xn--mnchen-3ya.de',
  'max@münchen.de',
  'presse@xn--mnchen-3ya.de',
  'presse@münchen.de',
  'inhaber@bücher.de',
  'inhaber@xn--bcher-kva.de',
  'chef@cafe-offen.example',
  // Buchladen's own domain (www.bücher.de) is listed: every address it holds is covered.
  'post@lesezeit-mail.example',
];
/** Addresses the list does not cover: still shown and exported. */
const KEPT = ['info@brauhaus-isar.example', 'hallo@cafe-offen.example', 'eva@brauhaus-isar.example'];

let t: TestApp;
let worker: JobQueue;
let admin: TestUser;
let sessionId: string;
let ids: Record<string, string>;

const expectNoCovered = (text: string) => {
  for (const address of COVERED) expect(text, address).not.toContain(address);
};

beforeAll(async () => {
  t = await createTestApp();
  worker = await startWorker(t);
  admin = await createAdmin(t);
  const { id } = await queueImport(
    t,
    admin.token,
    { name: 'owners.csv', data: FILE },
    // "email" is the record's email; "Owner Email" and "Notes" stay unmapped: kept as the business's attributes.
    { mapping: (suggested) => ({ ...suggested, email: 'email' }) },
  );
  const info = await waitForInfo(t, admin.token, id, isFinished, 60_000);
  expect(info.status).toBe('completed');
  sessionId = id;
  const page = await t.call('GET', `/api/user/session/${id}/results`, { token: admin.token });
  ids = Object.fromEntries(page.body.items.map((b: { name: string; id: string }) => [b.name, b.id]));

  // Brauhaus Isar's site names its owner with a punycode address at the listed münchen.de, and a managing
  // director with an address of its own; its contact page gives a press address at münchen.de.
  const brauhaus = ids['Brauhaus Isar'] as string;
  await storePeople(t, admin.accountId, brauhaus, {
    people: [
      'Max Huber|Inhaber|owner_founder|max@xn--mnchen-3ya.de',
      'Eva Roth|Geschäftsführerin|executive|eva@brauhaus-isar.example',
    ].map((line) => {
      const [name, role, seniority, email] = line.split('|');
      return {
        name,
        role,
        seniority,
        email,
        phone: null,
        linkedin_url: null,
        source: 'legal',
        source_url: 'https://brauhaus-isar.example/impressum',
        evidence: `${role}: ${name}, ${email}`,
        observed_at: '2026-05-04T10:00:00.000Z',
      };
    }),
    company: null,
    emails: [],
    suggested_emails: [],
    mx: [],
    source_urls: ['https://brauhaus-isar.example/impressum'],
  });
  const summary = {
    summary: 'Brewery with a beer garden. Press: presse@münchen.de.',
    contacts: [
      {
        kind: 'email',
        value: 'presse@xn--mnchen-3ya.de',
        source_url: 'https://brauhaus-isar.example/kontakt',
      },
      { kind: 'phone', value: '+49891234567', source_url: 'https://brauhaus-isar.example/kontakt' },
    ],
    produced_by: 'builtin',
  };
  await t.database.db.update(businesses).set({ summary: summary.summary }).where(eq(businesses.id, brauhaus));
  await t.database.db.insert(enrichmentResults).values({
    accountId: admin.accountId,
    businessId: brauhaus,
    type: 'ai_summary',
    data: summary,
    producedBy: 'builtin',
    sourceUrl: 'https://brauhaus-isar.example/',
  });

  const added = await t.call('POST', '/api/accounts/suppressions', {
    token: admin.token,
    body: { values: LIST },
  });
  expect(added.status).toBe(201);
}, 120_000);
afterAll(async () => {
  await worker?.stop({ timeoutMs: 2000 });
  await t?.close();
});

async function download(kind: 'export' | 'export/contacts') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/user/session/${sessionId}/${kind}`,
    query: { sortBy: 'name', sortOrder: 'asc' },
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const parsed = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  const [header = [], ...rows] = parsed.data;
  const records = rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? ''])));
  return { text: res.body, records: new Map(records.map((r) => [r.name ?? r['Company Name'], r])) };
}

describe('a suppressed address is withheld', () => {
  it('from the results page: the record, the website email and the imported columns', async () => {
    const res = await t.call('GET', `/api/user/session/${sessionId}/results`, {
      token: admin.token,
      query: { sortBy: 'name', sortOrder: 'asc' },
    });
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expectNoCovered(text);
    expect(text).toContain('info@brauhaus-isar.example');
    expect(text).toContain('hallo@cafe-offen.example');
    const byName = new Map(res.body.items.map((b: { name: string }) => [b.name, b]));
    expect(byName.get('Brauhaus Isar')).toMatchObject({
      email: 'info@brauhaus-isar.example',
      website_email: null,
      website_email_suppressed: true,
      attributes: { owner_email: '[suppressed]', notes: 'Call Max ([suppressed]) after 5' },
    });
    expect(byName.get('Buchladen Lesezeit')).toMatchObject({ email: null, email_suppressed: true });
    expect(byName.get('Café Offen')).toMatchObject({
      email: 'hallo@cafe-offen.example',
      attributes: { owner_email: '[suppressed]', notes: 'Ask for the chef' },
    });
    expect(byName.get('Salon Kern')).toMatchObject({ attributes: { owner_email: '[suppressed]' } });
  });

  it("from the drawer: 'From your file', the people and the website's contacts", async () => {
    for (const name of Object.keys(ids)) {
      const res = await t.call('GET', `/api/user/session/${sessionId}/businesses/${ids[name]}`, {
        token: admin.token,
      });
      expect(res.status).toBe(200);
      expectNoCovered(JSON.stringify(res.body));
    }
    const res = await t.call('GET', `/api/user/session/${sessionId}/businesses/${ids['Brauhaus Isar']}`, {
      token: admin.token,
    });
    expect(res.body.attributes.owner_email).toBe('[suppressed]');
    expect(res.body.details.people).toEqual([
      expect.objectContaining({
        name: 'Max Huber',
        email: null,
        email_suppressed: true,
        evidence: 'Inhaber: Max Huber, [suppressed]',
      }),
      expect.objectContaining({
        name: 'Eva Roth',
        email: 'eva@brauhaus-isar.example',
        email_suppressed: false,
      }),
    ]);
    expect(res.body.details.contacts).toEqual([
      expect.objectContaining({ kind: 'email', value: '[suppressed]', suppressed: true }),
      expect.objectContaining({ kind: 'phone', value: '+49891234567' }),
    ]);
    expect(res.body.summary).toBe('Brewery with a beer garden. Press: [suppressed].');
  });

  it('from the business CSV: an address cell blank, a longer text keeping its words', async () => {
    const { text, records } = await download('export');
    expectNoCovered(text);
    for (const address of KEPT.slice(0, 2)) expect(text).toContain(address);
    expect(records.get('Brauhaus Isar')).toMatchObject({
      email: 'info@brauhaus-isar.example',
      website_email: '',
      contacts: 'phone: +49891234567',
      'Owner Email': '',
      Notes: 'Call Max ([suppressed]) after 5',
      // The primary contact (the owner, whose address is covered) is not to be approached: all its cells blank.
      contact_name: '',
      contact_email: '',
      contact_phone: '',
    });
    expect(records.get('Café Offen')).toMatchObject({ email: 'hallo@cafe-offen.example', 'Owner Email': '' });
    expect(records.get('Salon Kern')?.['Owner Email']).toBe('');
    expect(records.get('Buchladen Lesezeit')?.email).toBe('');
  });

  it('from the contacts CSV: the person whose address is covered is left out', async () => {
    const { text, records } = await download('export/contacts');
    expectNoCovered(text);
    expect([...records.values()].map((r) => `${r['First Name']} ${r['Last Name']}`)).toEqual(['Eva Roth']);
    expect(text).toContain('eva@brauhaus-isar.example');
  });

  it('from outreach content: the owner with a covered address is not addressed; a listed domain gets none', async () => {
    const res = await t.call('POST', '/api/icp/generate_content', {
      token: admin.token,
      body: { business_id: ids['Brauhaus Isar'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const text = JSON.stringify(res.body);
    expectNoCovered(text);
    expect(text).not.toContain('Max');
    expect(res.body.items[0].body).toMatch(/^Hi Eva,/);
    for (const name of ['Café Offen', 'Salon Kern']) {
      const other = await t.call('POST', '/api/icp/generate_content', {
        token: admin.token,
        body: { business_id: ids[name] },
      });
      expect(other.status).toBe(200);
      expectNoCovered(JSON.stringify(other.body));
    }
    const listed = await t.call('POST', '/api/icp/generate_content', {
      token: admin.token,
      body: { business_id: ids['Buchladen Lesezeit'] },
    });
    expect(listed.status).toBe(409);
  });
});

// Last: it adds the other spellings to the list, which the tests above must do without.
describe('the list itself', () => {
  it('keeps one entry for both spellings of a domain, shown in Unicode', async () => {
    const again = await t.call('POST', '/api/accounts/suppressions', {
      token: admin.token,
      body: { values: ['xn--mnchen-3ya.de', 'BÜCHER.de'] },
    });
    expect(again.status).toBe(201);
    const listed = await t.call('GET', '/api/accounts/suppressions', { token: admin.token });
    expect(listed.body.map((e: { value: string }) => e.value).sort()).toEqual([
      'bücher.de',
      'chef@cafe-offen.example',
      'münchen.de',
    ]);
  });
});
