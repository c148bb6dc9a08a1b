/**
 * Corrections refused (PUT /user/session/:id/businesses/:business_id, on the real database), each changing
 * nothing: a view share 403, another organisation 404, a business of another session 404, and a 400 naming the
 * field for each bad value.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../access/access.fixtures';
import { type CorrectionsApp, startCorrectionsApp } from './corrections.fixtures';

let api: CorrectionsApp;
let admin: TestUser;
let editor: TestUser;
let viewer: TestUser;
let other: TestUser;

beforeAll(async () => {
  api = await startCorrectionsApp();
  ({ admin, editor, viewer, other } = api);
}, 60_000);
afterAll(() => api?.close());

describe('PUT /user/session/:id/businesses/:business_id', () => {
  it('answers a view share 403 and another organisation 404, and changes nothing', async () => {
    const { sessionId, businessId } = await api.seed();
    const viewed = await api.correct(viewer, sessionId, businessId, { name: 'Renamed' });
    expect(viewed.status).toBe(403);
    expect(viewed.body.error.message).toMatch(/view access/);
    const outside = await api.correct(other, sessionId, businessId, { name: 'Renamed' });
    expect(outside.status).toBe(404);
    // A business of another session (of the same account) is not this session's.
    const elsewhere = await api.seed();
    const mixed = await api.correct(admin, elsewhere.sessionId, businessId, { name: 'Renamed' });
    expect(mixed.status).toBe(404);
    expect(mixed.body.error.message).toBe('Business was not found.');
    expect((await api.drawer(admin, sessionId, businessId)).name).toBe('Old Bakery');
  });

  it.each([
    [{ website: 'htp:/not a url' }, 'website', /not a web address.*https:\/\/example\.com/],
    [{ website: 'http://10.9.9.9/' }, 'website', /CRAWL_ALLOW_HOSTS/],
    [{ website: 'https://www.facebook.com/oldbakery' }, 'website', /social network/],
    [{ phone: 'call us' }, 'phone', /not a phone number.*\+44/],
    [{ email: 'old bakery' }, 'email', /not an email address.*info@example\.com/],
    [{ country: 'Narnia' }, 'country', /two-letter code/],
    [{ name: '' }, 'name', /must not be empty/],
    [{ name: '!!!' }, 'name', /letters or digits/],
    [{ region: 'Yorkshire' }, null, /unknown field "region"/],
    [{}, null, /at least one field/],
  ])('refuses %j with a 400 naming the field', async (body, field, message) => {
    const { sessionId, businessId } = await api.seed();
    const res = await api.correct(editor, sessionId, businessId, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    if (field) expect(res.body.error.field).toBe(field);
    expect(res.body.error.message).toMatch(message);
    const shown = await api.drawer(admin, sessionId, businessId);
    expect(shown.corrections).toBeUndefined();
    expect(shown.website).toBe('https://old-bakery.example/');
  });
});
