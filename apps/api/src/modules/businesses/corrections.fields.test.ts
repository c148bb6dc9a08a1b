/**
 * Correcting a business's fields (PUT /user/session/:id/businesses/:business_id) on the real database: the fields
 * as the import reads them, who corrected each and when (the same in the drawer for everyone who may see the
 * session), a corrected website enrichable at once, and a later correction replacing its field's who and when.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { businessCorrections } from '../../db/schema';
import type { TestUser } from '../access/access.fixtures';
import { type CorrectionsApp, startCorrectionsApp } from './corrections.fixtures';

let api: CorrectionsApp;
let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  api = await startCorrectionsApp();
  ({ t, admin, editor, viewer } = api);
}, 60_000);
afterAll(() => api?.close());

describe('PUT /user/session/:id/businesses/:business_id', () => {
  it('corrects the fields as the import reads them, with who corrected each and when', async () => {
    const { sessionId, businessId } = await api.seed();
    const before = Date.now();
    const res = await api.correct(editor, sessionId, businessId, {
      name: '  Sonne   Bakery ',
      website: api.siteUrl('/site-2/'),
      phone: '01904 496111',
      email: ' Hello@Sonne.Example ',
      address: '2  Market Street',
      postal_code: 'YO1 7HH',
      city: 'York',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: businessId,
      name: 'Sonne Bakery',
      website: api.siteUrl('/site-2/'),
      domain: '127.0.0.1',
      phone: '+441904496111',
      email: 'hello@sonne.example',
      address: '2 Market Street',
      postal_code: 'YO1 7HH',
      city: 'York',
      country: 'GB',
      // A corrected website is enrichable at once.
      enrichment_state: 'pending',
    });
    // The corrected website and number lead; the old ones stay known.
    expect(res.body.websites).toEqual([api.siteUrl('/site-2/'), 'https://old-bakery.example/']);
    expect(res.body.phones).toEqual(['+441904496111', '+441134960000']);
    const corrections = res.body.corrections as {
      field: string;
      corrected_by: unknown;
      corrected_at: string;
    }[];
    expect(corrections.map((c) => c.field).sort()).toEqual(
      ['address', 'city', 'email', 'name', 'phone', 'postal_code', 'website'].sort(),
    );
    for (const c of corrections) {
      expect(c.corrected_by).toEqual({ id: editor.userId, name: 'Edith Editor' });
      expect(Date.parse(c.corrected_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(c.corrected_at)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    // The drawer reads the same, for every user who may see the session.
    const shown = await api.drawer(viewer, sessionId, businessId);
    expect(shown.name).toBe('Sonne Bakery');
    expect(shown.corrections).toHaveLength(7);

    // A later correction of a field replaces its who and when; a cleared field stays cleared.
    const again = await api.correct(admin, sessionId, businessId, { email: '', country: 'Germany' });
    expect(again.status).toBe(200);
    expect(again.body.email).toBeNull();
    expect(again.body.country).toBe('DE');
    const byField = Object.fromEntries(
      (again.body.corrections as { field: string; corrected_by: { id: string } }[]).map((c) => [c.field, c]),
    );
    expect(byField.email?.corrected_by.id).toBe(admin.userId);
    expect(byField.name?.corrected_by.id).toBe(editor.userId);
    const stored = await t.database.db
      .select()
      .from(businessCorrections)
      .where(eq(businessCorrections.businessId, businessId));
    expect(stored).toHaveLength(8);
  });
});
