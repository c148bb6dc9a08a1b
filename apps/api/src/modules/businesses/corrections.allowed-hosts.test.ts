/**
 * Websites on addresses CRAWL_ALLOW_HOSTS allows, on the real database (the API runs with 127.0.0.1, where two
 * local sites are): a CSV's "Website" column mapped by itself and every row imported with its website, and a
 * venture's website taken on an allowed address and refused on one not allowed.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { isFinished, multipart, waitForInfo } from '../../../test/workers';
import type { TestUser } from '../access/access.fixtures';
import { type CorrectionsApp, startCorrectionsApp } from './corrections.fixtures';

let api: CorrectionsApp;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  api = await startCorrectionsApp();
  ({ t, admin } = api);
}, 60_000);
afterAll(() => api?.close());

describe('a CSV of websites on addresses CRAWL_ALLOW_HOSTS allows', () => {
  it('maps the "Website" column by itself and imports every row with its website', async () => {
    const csv = `Name,Website\nSite One,${api.siteUrl('/site-1/')}\nSite Two,${api.siteUrl('/site-2/')}\n`;
    const form = multipart({ name: 'Local sites' }, { name: 'local-sites.csv', data: csv });
    const uploaded = await t.call('POST', '/api/discovery/import', {
      token: admin.token,
      body: form.body,
      headers: form.headers,
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.mapping).toMatchObject({ name: 'Name', website: 'Website' });
    const sessionId: string = uploaded.body.session.id;
    const queued = await t.call('POST', `/api/discovery/import/${sessionId}/mapping`, {
      token: admin.token,
      body: { mapping: uploaded.body.mapping },
    });
    expect(queued.status).toBe(202);
    const info = await waitForInfo(t, admin.token, sessionId, isFinished, 60_000);
    expect(info).toMatchObject({ status: 'completed', rejected_count: 0 });
    expect(JSON.stringify(info)).not.toContain('could not be read');
    const page = await t.call('GET', `/api/user/session/${sessionId}/results`, {
      token: admin.token,
      query: { sortBy: 'name', sortOrder: 'asc' },
    });
    expect(page.body.items.map((b: { name: string; website: string }) => [b.name, b.website])).toEqual([
      ['Site One', api.siteUrl('/site-1/')],
      ['Site Two', api.siteUrl('/site-2/')],
    ]);
  });
});

describe('venture websites on addresses CRAWL_ALLOW_HOSTS allows', () => {
  it('takes an allowed address and refuses one it does not allow', async () => {
    const ok = await t.call('POST', '/api/ventures/create', {
      token: admin.token,
      body: { name: 'Intranet tool', website: api.siteUrl('/site-1/') },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.website).toBe(api.siteUrl('/site-1/'));
    const refused = await t.call('POST', '/api/ventures/create', {
      token: admin.token,
      body: { name: 'Elsewhere', website: 'http://10.9.9.9/' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.field).toBe('website');
  });
});
