/**
 * Removing a person from a session's results on the real database: gone from the drawer, the
 * columns and the page contacts at once, and still gone after the business is enriched again or the session
 * restarted; other sessions are untouched; view shares may not remove.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawerBusinesses, type TestApp } from '../../../test/app';
import { businesses, enrichmentResults, sessions } from '../../db/schema';
import { createSession, type TestUser } from '../access/access.fixtures';
import { PEOPLE, type PeopleSession, seedPeopleSession, storePeople } from './people.fixtures';

let s: PeopleSession;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  s = await seedPeopleSession();
  ({ t, admin } = s);
});
afterAll(() => t?.close());

const remove = (businessId: string, name: string, user = admin, sessionId = s.sessionId) =>
  t.call('POST', `/api/user/session/${sessionId}/people/remove`, {
    token: user.token,
    body: { business_id: businessId, name },
  });

async function sonne() {
  const res = await s.page({ filters: JSON.stringify({ name: 'Bäckerei Sonne' }) });
  expect(res.status).toBe(200);
  const [shown] = await drawerBusinesses(t, admin.token, s.sessionId, res.body.items.slice(0, 1));
  return shown;
}

describe('POST /user/session/:id/people/remove', () => {
  it('takes the person, their own addresses and their page contacts out of the results', async () => {
    const res = await remove(s.ids['Bäckerei Sonne'] as string, 'anna  BERG');
    expect(res.status).toBe(204);
    const business = await sonne();
    expect(business.details.people.map((p: { name: string }) => p.name)).toEqual(['Lea Roth']);
    expect(business.details.emails.map((e: { email: string }) => e.email)).toEqual(['info@sonne.example']);
    expect(business.details.contacts.map((c: { value: string }) => c.value)).toEqual([
      'info@sonne.example',
      '+4930123456',
    ]);
    // Lea Roth is staff: no decision-maker left, and she leads now.
    expect(business.decision_maker).toBe(false);
    expect(business.primary_contact.name).toBe('Lea Roth');
    expect(await s.filtered({ decision_maker: true })).toEqual(['Kanzlei Weber']);
  });

  it('does not bring the person back when the business is enriched again', async () => {
    const id = s.ids['Bäckerei Sonne'] as string;
    await storePeople(t, admin.accountId, id, PEOPLE['Bäckerei Sonne'] as Record<string, unknown>);
    await t.database.db
      .update(enrichmentResults)
      .set({
        data: {
          contacts: [
            {
              kind: 'email',
              value: 'Anna.Berg@sonne.example',
              source_url: 'https://sonne.example/impressum',
            },
            { kind: 'email', value: 'info@sonne.example', source_url: 'https://sonne.example/kontakt' },
          ],
        },
      })
      .where(and(eq(enrichmentResults.businessId, id), eq(enrichmentResults.type, 'ai_summary')));
    const business = await sonne();
    expect(business.details.people.map((p: { name: string }) => p.name)).toEqual(['Lea Roth']);
    expect(JSON.stringify(business)).not.toMatch(/anna\.berg/i);
  });

  it('does not bring the person back when the session is restarted (a new run of the same businesses)', async () => {
    const runId = randomUUID();
    const [fresh] = await t.database.db
      .insert(businesses)
      .values({
        accountId: admin.accountId,
        sessionId: s.sessionId,
        runId,
        dedupeKey: 'd:sonne.example',
        name: 'Bäckerei Sonne',
        domain: 'sonne.example',
        source: 'import',
      })
      .returning({ id: businesses.id });
    await storePeople(
      t,
      admin.accountId,
      fresh?.id as string,
      PEOPLE['Bäckerei Sonne'] as Record<string, unknown>,
    );
    await t.database.db.update(sessions).set({ runId }).where(eq(sessions.id, s.sessionId));
    const business = await sonne();
    expect(business.id).toBe(fresh?.id);
    expect(business.details.people.map((p: { name: string }) => p.name)).toEqual(['Lea Roth']);
    await t.database.db.update(sessions).set({ runId: s.runId }).where(eq(sessions.id, s.sessionId));
  });

  it('leaves the same business in another session alone', async () => {
    const otherSession = await createSession(t, admin, { name: 'Another look' });
    const runId = randomUUID();
    await t.database.db
      .update(sessions)
      .set({ runId, status: 'completed' })
      .where(eq(sessions.id, otherSession));
    const [copy] = await t.database.db
      .insert(businesses)
      .values({
        accountId: admin.accountId,
        sessionId: otherSession,
        runId,
        dedupeKey: 'd:sonne.example',
        name: 'Bäckerei Sonne',
        domain: 'sonne.example',
        source: 'import',
      })
      .returning({ id: businesses.id });
    await storePeople(
      t,
      admin.accountId,
      copy?.id as string,
      PEOPLE['Bäckerei Sonne'] as Record<string, unknown>,
    );
    const res = await t.call('GET', `/api/user/session/${otherSession}/results`, { token: admin.token });
    const [shown] = await drawerBusinesses(t, admin.token, otherSession, res.body.items);
    expect(shown.details.people.map((p: { name: string }) => p.name)).toEqual(['Anna Berg', 'Lea Roth']);
  });

  it('refuses a view share, an unknown name, and a business of another session', async () => {
    const weber = s.ids['Kanzlei Weber'] as string;
    const viewer = await remove(weber, 'Mia Klein', s.viewer);
    expect(viewer.status).toBe(403);
    const unknown = await remove(weber, 'Max Mustermann');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({
      field: 'name',
      message: 'No person named "Max Mustermann" among this business\'s people.',
    });
    const elsewhere = await createSession(t, admin, { name: 'Empty' });
    expect((await remove(weber, 'Mia Klein', admin, elsewhere)).status).toBe(404);
    const page = await s.page({ filters: JSON.stringify({ name: 'Kanzlei Weber' }) });
    const [shown] = await drawerBusinesses(t, admin.token, s.sessionId, page.body.items);
    expect(shown.details.people).toHaveLength(2);
  });
});
