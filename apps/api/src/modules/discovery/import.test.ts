import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type ImportBatch, importCsv, previewCsv, suggestMapping } from '@argo/engine';
import { fixturesPresent } from '@argo/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { FIXTURES_DIR } from '../../../test/osm-server';
import { isFinished, multipart, startWorker, waitForInfo } from '../../../test/workers';
import type { JobQueue } from '../../jobs/queue';
import { addUser, createAdmin, type TestUser } from '../access/access.fixtures';

const CSV = {
  chicago: resolve(FIXTURES_DIR, 'csv/chicago_business_licenses_w-chicago-ave.csv'),
  gmaps: resolve(FIXTURES_DIR, 'csv/google-maps-scraper_gyro-restaurants_plano-frisco-tx.csv'),
  yc: resolve(FIXTURES_DIR, 'csv/yc_companies_essential_data.csv'),
};
const hasCsvFixtures = fixturesPresent(
  Object.values(CSV).every((file) => existsSync(file)),
  'the CSV fixtures of ../shared/fixtures/csv',
);

let t: TestApp;
let worker: JobQueue;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp({ IMPORT_MAX_BYTES: String(5 * 1024 * 1024) });
  worker = await startWorker(t, { importBatchSize: 500 });
  admin = await createAdmin(t);
  member = await addUser(t, admin);
});
afterAll(async () => {
  await worker?.stop({ timeoutMs: 2000 });
  await t?.close();
});

async function upload(
  user: TestUser,
  name: string,
  data: Buffer | string,
  fields: Record<string, string> = {},
) {
  const form = multipart(fields, { name, data });
  return t.call('POST', '/api/discovery/import', {
    token: user.token,
    body: form.body,
    headers: form.headers,
  });
}

async function confirm(user: TestUser, sessionId: string, mapping: Record<string, string | null>) {
  return t.call('POST', `/api/discovery/import/${sessionId}/mapping`, {
    token: user.token,
    body: { mapping },
  });
}

async function results(user: TestUser, sessionId: string) {
  const res = await t.call('GET', `/api/user/session/${sessionId}/results`, {
    token: user.token,
    query: { pageSize: 5000, sortBy: 'name', sortOrder: 'asc' },
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** What the engine alone makes of the file: the businesses after merging, across batches too. */
async function engineImport(bytes: Buffer) {
  const preview = await previewCsv(bytes);
  const batches: ImportBatch[] = [];
  for await (const batch of importCsv(bytes, suggestMapping(preview.headers, preview.rows), {
    batchSize: 500,
  }))
    batches.push(batch);
  const keys = new Set(batches.flatMap((b) => b.records.map((r) => r.dedupe_key)));
  return { businesses: keys.size, progress: batches.at(-1)?.progress };
}

/** Uploads, confirms the suggested mapping and waits for the import to finish. */
async function importFile(user: TestUser, file: string) {
  const bytes = readFileSync(file);
  const uploaded = await upload(user, file.split('/').pop() as string, bytes);
  expect(uploaded.status).toBe(201);
  const queued = await confirm(user, uploaded.body.session.id, uploaded.body.mapping);
  expect(queued.status).toBe(202);
  expect(queued.body.status).toBe('queued');
  const info = await waitForInfo(t, user.token, uploaded.body.session.id, isFinished, 60_000);
  return { bytes, uploaded: uploaded.body, info };
}

describe.skipIf(!hasCsvFixtures)('CSV import of the real fixtures: upload → mapping → job', () => {
  it('Chicago licences: the upload answers a draft, a preview and the mapping; duplicates merged', async () => {
    const { bytes, uploaded, info } = await importFile(member, CSV.chicago);
    expect(uploaded.session).toMatchObject({
      name: 'chicago_business_licenses_w-chicago-ave',
      type: 'import',
      status: 'draft',
      access: 'owner',
      input: {
        file_name: 'chicago_business_licenses_w-chicago-ave.csv',
        size: bytes.length,
        encoding: 'utf-8',
        delimiter: ',',
        row_count: 561,
      },
    });
    expect(uploaded.session.input.headers).toEqual(uploaded.preview.headers);
    expect(uploaded.preview.rows).toHaveLength(20);
    expect(uploaded.preview).toMatchObject({ delimiter: ',', encoding: 'utf-8', row_count: 561 });
    expect(uploaded.mapping).toMatchObject({
      name: 'DOING BUSINESS AS NAME',
      website: null,
      phone: null,
      address: 'ADDRESS',
      city: 'CITY',
      region: 'STATE',
      postal_code: 'ZIP CODE',
    });

    expect(info).toMatchObject({ status: 'completed', error: null, rejected_rows: [], rejected_count: 0 });
    expect(info.progress).toEqual({ total: 561, done: 561, failed: 0 });
    const expected = await engineImport(bytes);
    const page = await results(member, uploaded.session.id);
    expect(page.total).toBe(expected.businesses);
    expect(page.total).toBeLessThan(561);
    expect(page.items.reduce((n: number, b: { sources: unknown[] }) => n + b.sources.length, 0)).toBe(561);
    expect(page.items.find((b: { name: string }) => b.name === 'LIBERTY TAX SERVICE')).toMatchObject({
      city: 'CHICAGO',
      region: 'IL',
      postal_code: '60651',
      country: 'US',
      source: 'import',
    });
  });

  it('google-maps-scraper: name, website, phone (E.164) and address mapped; same domain or phone merged', async () => {
    const { bytes, uploaded, info } = await importFile(member, CSV.gmaps);
    expect(uploaded.mapping).toMatchObject({
      name: 'title',
      website: 'website',
      phone: 'phone',
      address: 'address',
      category: 'category',
    });
    expect(info.status).toBe('completed');
    const page = await results(member, uploaded.session.id);
    expect(page.total).toBe((await engineImport(bytes)).businesses);
    expect(page.items.find((b: { phone: string }) => b.phone === '+14692872159')).toMatchObject({
      name: 'The Gyro Shop',
      domain: 'thegyroshoptx.com',
      address: '8549 Gaylord Pkwy #111',
      city: 'Frisco',
      region: 'TX',
      postal_code: '75034',
    });
  });

  it('YC companies: 4,423 rows in batches, the same website and name merged across batches', async () => {
    const { bytes, uploaded, info } = await importFile(member, CSV.yc);
    expect(uploaded.mapping).toMatchObject({ name: 'name', website: 'website', address: 'all_locations' });
    expect(info.progress).toEqual({ total: 4423, done: 4423, failed: 0 });
    const expected = await engineImport(bytes);
    const page = await results(member, uploaded.session.id);
    expect(page.total).toBe(expected.businesses);
    // Rows with the same website and name are one business ("Lokal" is listed twice); companies that only share
    // a platform's address (three on github.com, two on linktr.ee) stay apart.
    const items = page.items as Array<{ name: string; domain: string | null }>;
    const withDomain = items.filter((b) => b.domain);
    expect(new Set(withDomain.map((b) => `${b.domain} ${b.name}`)).size).toBe(withDomain.length);
    expect(withDomain.filter((b) => b.domain === 'getlokalapp.com')).toHaveLength(1);
    expect(
      withDomain
        .filter((b) => b.domain === 'github.com')
        .map((b) => b.name)
        .sort(),
    ).toEqual(['Athens Research', 'BerriAI', 'Yatima Inc.']);
    expect(page.items.reduce((n: number, b: { sources: unknown[] }) => n + b.sources.length, 0)).toBe(4423);
    // 4,423 rows through the worker and the same file through the engine: past the default 30 s on two cores busy
    // with the rest of the suite.
  }, 120_000);
});

describe('CSV import: rejected rows, mapping checks, limits', () => {
  const messy = [
    'Company;Web;Telefon;Stadt',
    'Bäckerei Müller;baeckerei-mueller.de;+49 345 123456;Halle',
    ';nameless.de;;Halle',
    '',
    'Müller Bäckerei GmbH;https://www.baeckerei-mueller.de/;;Halle',
    '"Broken;quote.de;;Halle',
  ].join('\r\n');

  it('lists every rejected row with its line and reason; duplicates merged; Latin-1 and ";" read', async () => {
    const uploaded = await upload(member, 'messy.csv', Buffer.from(messy, 'latin1'), { name: 'Messy list' });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.preview).toMatchObject({
      delimiter: ';',
      encoding: expect.stringMatching(/1252|latin/i),
    });
    expect(uploaded.body.mapping).toMatchObject({
      name: 'Company',
      website: 'Web',
      phone: 'Telefon',
      city: 'Stadt',
    });
    expect(uploaded.body.session.name).toBe('Messy list');
    await confirm(member, uploaded.body.session.id, uploaded.body.mapping);
    const info = await waitForInfo(t, member.token, uploaded.body.session.id, isFinished);
    expect(info.status).toBe('completed');
    expect(info.rejected_count).toBe(2);
    expect(info.rejected_rows.map((r: { line: number }) => r.line)).toEqual([3, 6]);
    expect(info.rejected_rows[0].reason).toMatch(/no name/);
    expect(info.progress.failed).toBe(2);
    const page = await results(member, uploaded.body.session.id);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      name: 'Bäckerei Müller',
      domain: 'baeckerei-mueller.de',
      phone: '+49345123456',
    });
    expect(page.items[0].sources.map((s: { source_ref: string }) => s.source_ref)).toEqual([
      'line/2',
      'line/5',
    ]);
  });

  it('imports a row whose website or phone cannot be read without it, and says so by line', async () => {
    const csv = [
      'Company,Web,Telefon,Stadt',
      'Bäckerei Müller,baeckerei-mueller.de,+49 345 123456,Halle',
      'Konditorei Krause,www.krause,+49 345 654321,Halle',
      'Café Sonne,n/a,call us,Halle',
    ].join('\n');
    const uploaded = await upload(member, 'notes.csv', csv, { name: 'Notes list' });
    expect(uploaded.status).toBe(201);
    await confirm(member, uploaded.body.session.id, uploaded.body.mapping);
    const info = await waitForInfo(t, member.token, uploaded.body.session.id, isFinished);
    expect(info).toMatchObject({ status: 'completed', rejected_count: 0, import_note_count: 2 });
    expect(info.import_notes).toEqual([
      { line: 3, note: 'website "www.krause" could not be read; left empty' },
      { line: 4, note: 'phone number "call us" could not be read; left empty' },
    ]);
    const page = await results(member, uploaded.body.session.id);
    expect(page.total).toBe(3);
    expect(page.items.find((b: { name: string }) => b.name === 'Konditorei Krause')).toMatchObject({
      website: null,
      phone: '+49345654321',
    });
  });

  it('tells at the upload which rows cannot be read, and lists them as not imported after', async () => {
    const csv = 'name,city\n"Unclosed quote,Leeds\nGood Bakery,York\n';
    const uploaded = await upload(member, 'badquote.csv', csv);
    expect(uploaded.status).toBe(201);
    const unreadable = [
      {
        line: 2,
        reason:
          'a quote (") opened on this line is never closed, so this line and the one after it could not be read',
      },
    ];
    expect(uploaded.body.preview).toMatchObject({
      row_count: 1,
      unreadable_rows: unreadable,
      unreadable_count: 1,
    });
    // Kept with the upload: the mapping page reads it from the session after a reload.
    const draft = await t.call('GET', `/api/user/session/${uploaded.body.session.id}/info`, {
      token: member.token,
    });
    expect(draft.body.input).toMatchObject({ unreadable_rows: unreadable, unreadable_count: 1 });
    await confirm(member, uploaded.body.session.id, uploaded.body.mapping);
    const info = await waitForInfo(t, member.token, uploaded.body.session.id, isFinished);
    expect(info).toMatchObject({ rejected_count: 1 });
    expect(info.rejected_rows?.[0]).toMatchObject({
      line: 2,
      reason: expect.stringContaining('the one after it'),
    });
  });

  it('gives every refused line and every note in the import report, beyond the ones the info lists', async () => {
    // 120 rows without a name (more than the info lists) and a website that cannot be read.
    const csv = [
      'name,website',
      ...Array.from({ length: 120 }, () => ',https://x.example/'),
      'Krause,www.krause',
    ];
    const uploaded = await upload(member, 'many.csv', csv.join('\n'), { name: 'Müller & Söhne' });
    await confirm(member, uploaded.body.session.id, uploaded.body.mapping);
    const info = await waitForInfo(t, member.token, uploaded.body.session.id, isFinished);
    expect(info.rejected_count).toBe(120);
    expect(info.rejected_rows.length).toBeLessThan(120);
    const reportOf = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/user/session/${uploaded.body.session.id}/import-report`,
        headers: { authorization: `Bearer ${token}` },
      });
    const report = await reportOf(member.token);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(report.headers['content-disposition']).toMatch(
      /filename="muller-sohne-\d{4}-\d{2}-\d{2}-import-report\.csv"/,
    );
    const lines = report.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('line,outcome,reason');
    expect(lines).toHaveLength(1 + 120 + 1);
    expect(lines[1]).toMatch(/^2,not imported,/);
    expect(lines[121]).toBe(
      '122,imported without a value,"website ""www.krause"" could not be read; left empty"',
    );
    // Another account hears 404, as for the session itself.
    const stranger = await createAdmin(t, 'Elsewhere too');
    expect((await reportOf(stranger.token)).statusCode).toBe(404);
  });

  it('checks the mapping against the file: an unknown column is a 400 naming the field', async () => {
    const uploaded = await upload(member, 'messy.csv', messy);
    const res = await confirm(member, uploaded.body.session.id, { name: 'Company', website: 'Homepage' });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('mapping.website');
    expect(res.body.error.message).toMatch(/no column "Homepage"/);
    const noName = await confirm(member, uploaded.body.session.id, { website: 'Web' });
    expect(noName.status).toBe(400);
  });

  it('answers 413 for a file over IMPORT_MAX_BYTES, and 400 without a file or for an unreadable one', async () => {
    const big = `name,website\n${'Acme Inc,acme.example\n'.repeat(260_000)}`;
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const tooLarge = await upload(member, 'big.csv', big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toMatchObject({ code: 'payload_too_large', field: 'file' });
    expect(tooLarge.body.error.message).toMatch(/^The file is larger than 5 MB/);

    const form = multipart({ name: 'x' }, null);
    const noFile = await t.call('POST', '/api/discovery/import', {
      token: member.token,
      body: form.body,
      headers: form.headers,
    });
    expect(noFile.status).toBe(400);
    expect(noFile.body.error.field).toBe('file');
    const empty = await upload(member, 'empty.csv', '');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/empty/);
    const json = await t.call('POST', '/api/discovery/import', { token: member.token, body: { file: 'x' } });
    expect(json.status).toBe(400);
  });

  it('a finished import may be mapped again: that restarts it; mapping while it runs is a 409', async () => {
    const uploaded = await upload(member, 'messy.csv', messy);
    const id = uploaded.body.session.id;
    const first = await confirm(member, id, uploaded.body.mapping);
    expect(first.status).toBe(202);
    const whileQueued = await confirm(member, id, uploaded.body.mapping);
    if (whileQueued.status !== 202) expect(whileQueued.status).toBe(409);
    await waitForInfo(t, member.token, id, isFinished);
    const again = await confirm(member, id, { ...uploaded.body.mapping, phone: null });
    expect(again.status).toBe(202);
    const info = await waitForInfo(t, member.token, id, (i) => isFinished(i) && i.run.mode === 'restart');
    expect(info.status).toBe('completed');
    expect(info.input.mapping.phone).toBeNull();
    const page = await results(member, id);
    expect(page.total).toBe(1);
    expect(page.items[0].phone).toBeNull();
  });

  it('another account cannot see or map an upload (404)', async () => {
    const uploaded = await upload(member, 'messy.csv', messy);
    const stranger = await createAdmin(t, 'Elsewhere');
    const res = await confirm(stranger, uploaded.body.session.id, uploaded.body.mapping);
    expect(res.status).toBe(404);
  });
});
