/**
 * People in the results on the real database: the columns the trigger keeps from the stored
 * people result, the drawer's people with their evidence, the new filters (and 400 for bad ones), and the
 * suppression list marking addresses.
 */
import { encodeFilters } from '@argo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawerBusinesses, type TestApp } from '../../../test/app';
import type { TestUser } from '../access/access.fixtures';
import { type PeopleSession, seedPeopleSession, storePeople } from './people.fixtures';

let s: PeopleSession;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  s = await seedPeopleSession();
  ({ t, admin } = s);
});
afterAll(() => t?.close());

const byName = async () => {
  const res = await s.page({ sortBy: 'name', sortOrder: 'asc' });
  expect(res.status).toBe(200);
  const shown = await drawerBusinesses(t, admin.token, s.sessionId, res.body.items);
  return Object.fromEntries(shown.map((b) => [b.name, b]));
};

describe('people in the results', () => {
  it('says whether a decision-maker was found and leads with the primary contact', async () => {
    const rows = await byName();
    expect(rows['Bäckerei Sonne']).toMatchObject({
      decision_maker: true,
      primary_contact: {
        name: 'Anna Berg',
        role: 'Inhaberin',
        seniority: 'owner_founder',
        email: 'anna.berg@sonne.example',
        phone: '+4930123456',
        source_url: 'https://sonne.example/impressum',
      },
    });
    expect(rows['Kanzlei Weber'].primary_contact.name).toBe('Jonas von der Heide');
    // Analysed, nobody named: false; never analysed: null.
    expect(rows['Salon Lux']).toMatchObject({ decision_maker: false, primary_contact: null });
    expect(rows['Zahnarzt Ost']).toMatchObject({ decision_maker: null, primary_contact: null });
  });

  it('keeps the drawer details out of a page of results: the drawer reads its business by id', async () => {
    const page = await s.page({ sortBy: 'name', sortOrder: 'asc' });
    expect(page.status).toBe(200);
    // The table's columns are on the page (decision-maker, primary contact) but no people, emails or facts.
    const sonne = page.body.items.find((b: { name: string }) => b.name === 'Bäckerei Sonne');
    expect(sonne.primary_contact.name).toBe('Anna Berg');
    expect(page.body.items.some((b: { details?: unknown }) => b.details !== undefined)).toBe(false);
    const [opened] = await drawerBusinesses(t, admin.token, s.sessionId, [sonne]);
    expect({ ...opened, details: undefined }).toEqual({ ...sonne, details: undefined });
    expect(opened.details.people.length).toBeGreaterThan(0);
  });

  it('gives the drawer every person with role, seniority, email kind, phone, LinkedIn and evidence, and the company facts', async () => {
    const { details } = (await byName())['Bäckerei Sonne'];
    expect(details.people).toEqual([
      expect.objectContaining({
        name: 'Anna Berg',
        seniority: 'owner_founder',
        email: 'anna.berg@sonne.example',
        email_kind: 'personal',
        email_mx: 'found',
        email_suppressed: false,
        suggested_email: null,
        phone: '+4930123456',
        source_url: 'https://sonne.example/impressum',
        evidence: 'Inhaberin: Anna Berg',
        observed_at: '2026-05-04T10:00:00.000Z',
      }),
      expect.objectContaining({
        name: 'Lea Roth',
        seniority: 'staff',
        email: null,
        suggested_email: { email: 'lea.roth@sonne.example', pattern: 'first.last' },
      }),
    ]);
    expect(details.emails.map((e: { email: string; kind: string }) => `${e.kind}:${e.email}`)).toEqual([
      'personal:anna.berg@sonne.example',
      'role:info@sonne.example',
    ]);
    expect(details.company.register.value).toEqual({
      court: 'Amtsgericht Charlottenburg',
      number: 'HRB 123456',
    });
    expect(details.company.legal_form).toMatchObject({
      value: 'GmbH',
      source_url: 'https://sonne.example/impressum',
    });
    const weber = (await byName())['Kanzlei Weber'].details.people[0];
    expect(weber.linkedin_url).toBe('https://www.linkedin.com/in/jvdh');
  });

  it('filters by decision-maker, seniority and email kind', async () => {
    expect(await s.filtered({ decision_maker: true })).toEqual(['Bäckerei Sonne', 'Kanzlei Weber']);
    expect(await s.filtered({ decision_maker: false })).toEqual(['Salon Lux']);
    expect(await s.filtered({ decision_maker: null })).toEqual(['Zahnarzt Ost']);
    expect(await s.filtered({ seniority: 'manager' })).toEqual(['Kanzlei Weber']);
    expect(await s.filtered({ seniority: ['staff', 'manager'] })).toEqual([
      'Bäckerei Sonne',
      'Kanzlei Weber',
    ]);
    expect(await s.filtered({ seniority: null })).toEqual(['Salon Lux', 'Zahnarzt Ost']);
    expect(await s.filtered({ email_kind: 'role' })).toEqual(['Bäckerei Sonne', 'Salon Lux']);
    expect(await s.filtered({ email_kind: 'personal', decision_maker: true })).toEqual([
      'Bäckerei Sonne',
      'Kanzlei Weber',
    ]);
    expect(await s.filtered({ email_kind: { present: false } })).toEqual(['Zahnarzt Ost']);
  });

  it('answers 400 naming the filter for a value it does not know', async () => {
    const bad = async (filters: Record<string, unknown>) => {
      const res = await s.page({ filters: encodeFilters(filters) });
      expect(res.status, JSON.stringify(filters)).toBe(400);
      return res.body.error;
    };
    expect(await bad({ seniority: 'ceo' })).toMatchObject({
      field: 'filters.seniority',
      message: 'filters.seniority: must be one of owner_founder, executive, manager, staff',
    });
    expect((await bad({ email_kind: ['personal', 'private'] })).message).toBe(
      'filters.email_kind: must be one of personal, role, unknown',
    );
    expect((await bad({ decision_maker: 'yes' })).message).toBe(
      'filters.decision_maker: must be true or false (or null for unknown)',
    );
    expect((await bad({ seniority: { contains: 'own' } })).field).toBe('filters.seniority');
    expect((await bad({ email_kind: { gte: 1 } })).field).toBe('filters.email_kind');
  });

  it('follows a new people result: the columns change with the stored data', async () => {
    const id = s.ids['Zahnarzt Ost'] as string;
    await storePeople(t, admin.accountId, id, {
      people: [
        {
          name: 'Olaf Ost',
          role: 'Praxisinhaber',
          seniority: 'owner_founder',
          email: null,
          phone: null,
          source_url: 'https://ost.example/impressum',
          evidence: 'Praxisinhaber Olaf Ost',
          observed_at: '2026-05-04T10:00:00.000Z',
        },
      ],
      emails: [],
    });
    expect(await s.filtered({ decision_maker: true })).toContain('Zahnarzt Ost');
    // The ICP overview counts them: Olaf Ost is named without an email or phone, so not reachable.
    const overview = await t.call('POST', '/api/icp/overview', {
      token: admin.token,
      body: { session_id: s.sessionId },
    });
    expect(overview.status).toBe(200);
    expect(overview.body.decision_makers).toEqual({ analysed: 4, found: 3, reachable: 2 });
    expect(overview.body.narrative).toContain(
      '3 of the 4 businesses whose people were analysed name a decision-maker on their site, 2 with an email or phone.',
    );
    await storePeople(t, admin.accountId, id, { people: [], emails: [] });
    expect(await s.filtered({ decision_maker: false })).toEqual(['Salon Lux', 'Zahnarzt Ost']);
  });

  it('marks suppressed addresses in the drawer', async () => {
    const added = await t.call('POST', '/api/accounts/suppressions', {
      token: admin.token,
      body: { values: ['anna.berg@sonne.example', 'weber.example'] },
    });
    expect(added.status).toBe(201);
    const rows = await byName();
    expect(rows['Bäckerei Sonne'].details.people[0]).toMatchObject({ email_suppressed: true });
    expect(rows['Bäckerei Sonne'].details.emails.map((e: { suppressed: boolean }) => e.suppressed)).toEqual([
      true,
      false,
    ]);
    expect(
      rows['Kanzlei Weber'].details.people.every((p: { email_suppressed: boolean }) => p.email_suppressed),
    ).toBe(true);
    for (const entry of added.body) {
      await t.call('DELETE', `/api/accounts/suppressions/${entry.id}`, { token: admin.token });
    }
  });
});
