/**
 * A seeded session for the people tests: four businesses of one completed run with stored `people` results shaped
 * as the engine's PeopleAnalysis (an imprint naming the owner with a personal address, a team page with an
 * executive and staff, a role address only, a site naming nobody) and one business never analysed for people.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type CallResult, createTestApp, type TestApp } from '../../../test/app';
import { businesses, enrichmentResults, sessions } from '../../db/schema';
import { addUser, createAdmin, createSession, type TestUser } from '../access/access.fixtures';

const OBSERVED = '2026-05-04T10:00:00.000Z';

const person = (over: Record<string, unknown>) => ({
  role: 'Inhaberin',
  seniority: 'owner_founder',
  email: null,
  phone: null,
  linkedin_url: null,
  source: 'legal',
  evidence: '',
  observed_at: OBSERVED,
  ...over,
});

const noCompany = {
  legal_name: null,
  legal_form: null,
  register: null,
  vat_id: null,
  founded: null,
  employees: null,
  opening_hours: null,
};

/** Stored people results by business name. */
export const PEOPLE: Record<string, Record<string, unknown>> = {
  'Bäckerei Sonne': {
    people: [
      person({
        name: 'Anna Berg',
        email: 'anna.berg@sonne.example',
        phone: '+4930123456',
        source_url: 'https://sonne.example/impressum',
        evidence: 'Inhaberin: Anna Berg',
      }),
      person({
        name: 'Lea Roth',
        role: 'Verkauf',
        seniority: 'staff',
        source: 'card',
        source_url: 'https://sonne.example/team',
        evidence: 'Lea Roth – Verkauf',
      }),
    ],
    company: {
      ...noCompany,
      legal_form: { value: 'GmbH', source_url: 'https://sonne.example/impressum', evidence: 'Sonne GmbH' },
      register: {
        value: { court: 'Amtsgericht Charlottenburg', number: 'HRB 123456' },
        source_url: 'https://sonne.example/impressum',
        evidence: 'Amtsgericht Charlottenburg HRB 123456',
      },
    },
    emails: [
      {
        email: 'anna.berg@sonne.example',
        domain: 'sonne.example',
        kind: 'personal',
        person: 'Anna Berg',
        source_url: 'https://sonne.example/impressum',
        mx: 'found',
      },
      {
        email: 'info@sonne.example',
        domain: 'sonne.example',
        kind: 'role',
        person: null,
        source_url: 'https://sonne.example/kontakt',
        mx: 'found',
      },
    ],
    suggested_emails: [
      {
        email: 'lea.roth@sonne.example',
        person: 'Lea Roth',
        pattern: 'first.last',
        based_on: ['anna.berg@sonne.example'],
        status: 'pattern_unverified',
      },
    ],
    mx: [{ domain: 'sonne.example', status: 'found', hosts: ['mx.sonne.example'] }],
    source_urls: ['https://sonne.example/impressum'],
  },
  'Kanzlei Weber': {
    people: [
      person({
        name: 'Jonas von der Heide',
        role: 'Geschäftsführer',
        seniority: 'executive',
        email: 'jvdh@weber.example',
        linkedin_url: 'https://www.linkedin.com/in/jvdh',
        source: 'card',
        source_url: 'https://weber.example/team',
      }),
      person({
        name: 'Mia Klein',
        role: 'Büroleitung',
        seniority: 'manager',
        email: 'mia.klein@weber.example',
        source: 'card',
        source_url: 'https://weber.example/team',
      }),
    ],
    company: noCompany,
    emails: [
      {
        email: 'jvdh@weber.example',
        kind: 'personal',
        person: 'Jonas von der Heide',
        source_url: 'https://weber.example/team',
        mx: null,
      },
      {
        email: 'mia.klein@weber.example',
        kind: 'personal',
        person: 'Mia Klein',
        source_url: 'https://weber.example/team',
        mx: null,
      },
    ],
    suggested_emails: [],
    mx: [],
    source_urls: ['https://weber.example/team'],
  },
  'Salon Lux': {
    people: [],
    company: noCompany,
    emails: [
      {
        email: 'hallo@lux.example',
        kind: 'role',
        person: null,
        source_url: 'https://lux.example/',
        mx: 'found',
      },
    ],
    suggested_emails: [],
    mx: [],
    source_urls: ['https://lux.example/'],
  },
};

export interface PeopleSession {
  t: TestApp;
  admin: TestUser;
  viewer: TestUser;
  sessionId: string;
  runId: string;
  ids: Record<string, string>;
  page: (query: Record<string, string | number>, user?: TestUser) => Promise<CallResult>;
  /** Names of the businesses matching the filters, A→Z; asserts a 200. */
  filtered: (filters: Record<string, unknown>) => Promise<string[]>;
}

/** Stores (or replaces) a business's people result as the enrichment job does: one upsert. */
export async function storePeople(
  t: TestApp,
  accountId: string,
  businessId: string,
  data: Record<string, unknown>,
) {
  await t.database.db
    .insert(enrichmentResults)
    .values({ accountId, businessId, type: 'people', data, producedBy: 'builtin' })
    .onConflictDoUpdate({ target: [enrichmentResults.businessId, enrichmentResults.type], set: { data } });
}

export async function seedPeopleSession(): Promise<PeopleSession> {
  const t = await createTestApp();
  const admin = await createAdmin(t);
  const viewer = await addUser(t, admin);
  const sessionId = await createSession(t, admin, { name: 'Berlin bakeries' });
  const runId = randomUUID();
  await t.database.db.update(sessions).set({ runId, status: 'completed' }).where(eq(sessions.id, sessionId));
  const ids: Record<string, string> = {};
  const seeds = [
    { name: 'Bäckerei Sonne', domain: 'sonne.example', email: 'info@sonne.example', icpScore: 80 },
    { name: 'Kanzlei Weber', domain: 'weber.example', email: null, icpScore: 60 },
    { name: 'Salon Lux', domain: 'lux.example', email: 'hallo@lux.example', icpScore: 40 },
    { name: 'Zahnarzt Ost', domain: 'ost.example', email: null, icpScore: 20 },
  ];
  for (const seed of seeds) {
    const [row] = await t.database.db
      .insert(businesses)
      .values({
        ...seed,
        accountId: admin.accountId,
        sessionId,
        runId,
        dedupeKey: `d:${seed.domain}`,
        website: `https://${seed.domain}/`,
        source: 'import',
        city: 'Berlin',
        country: 'DE',
        enrichmentState: 'done',
      })
      .returning({ id: businesses.id });
    ids[seed.name] = row?.id ?? '';
  }
  for (const [name, data] of Object.entries(PEOPLE)) {
    await storePeople(t, admin.accountId, ids[name] as string, data);
  }
  await t.database.db.insert(enrichmentResults).values({
    accountId: admin.accountId,
    businessId: ids['Bäckerei Sonne'] as string,
    type: 'ai_summary',
    producedBy: 'builtin',
    data: {
      contacts: [
        { kind: 'email', value: 'anna.berg@sonne.example', source_url: 'https://sonne.example/impressum' },
        { kind: 'email', value: 'info@sonne.example', source_url: 'https://sonne.example/kontakt' },
        { kind: 'phone', value: '+4930123456', source_url: 'https://sonne.example/impressum' },
      ],
    },
  });
  await t.call('POST', `/api/sessions/${sessionId}/grant-access`, {
    token: admin.token,
    body: { user_id: viewer.userId, access: 'view' },
  });
  const page = (query: Record<string, string | number>, user = viewer) =>
    t.call('GET', `/api/user/session/${sessionId}/results`, { token: user.token, query });
  async function filtered(filters: Record<string, unknown>) {
    const res = await page({ filters: JSON.stringify(filters), sortBy: 'name', sortOrder: 'asc' });
    if (res.status !== 200) throw new Error(`results ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.items.map((b: { name: string }) => b.name);
  }
  return { t, admin, viewer, sessionId, runId, ids, page, filtered };
}
