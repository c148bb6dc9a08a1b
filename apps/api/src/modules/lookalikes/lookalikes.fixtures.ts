/**
 * Sessions for the lookalikes tests: a search session of wine shops, bakeries and dentists (two wine shops in
 * tier A), a competitors session whose customers are wine shops, a member's private session, and another account;
 * each business with the software and summary enrichment would have stored.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/app';
import { businesses, enrichmentResults, type NewBusinessRow, sessions } from '../../db/schema';
import { addUser, createAdmin, createSession, type TestUser } from '../access/access.fixtures';

type Kind = 'wine' | 'bakery' | 'dentist';

const FACTS: Record<
  Kind,
  { category: string; industry: string; software: string[]; summary: string; services: string[] }
> = {
  wine: {
    category: 'wine shop',
    industry: 'Retail',
    software: ['Shopware', 'Klarna Checkout'],
    summary: 'Weine aus Franken und Italien, Weinproben und Lieferung.',
    services: ['Weinproben', 'Geschenkkörbe'],
  },
  bakery: {
    category: 'bakery',
    industry: 'Food & Drink',
    software: ['WordPress'],
    summary: 'Frisches Brot, Brötchen und Kuchen jeden Morgen.',
    services: ['Torten'],
  },
  dentist: {
    category: 'dentist',
    industry: 'Healthcare',
    software: ['Doctolib'],
    summary: 'Zahnarztpraxis für Implantate und Prophylaxe.',
    services: ['Implantate'],
  },
};

export interface LookalikeWorld {
  t: TestApp;
  admin: TestUser;
  owner: TestUser;
  viewer: TestUser;
  editor: TestUser;
  stranger: TestUser;
  outsider: TestUser;
  sessionId: string;
  competitorsId: string;
  privateId: string;
  ids: Record<string, string>;
}

async function seedSession(
  t: TestApp,
  accountId: string,
  sessionId: string,
  rows: { name: string; kind: Kind; tier?: 'A' | 'B'; domain?: string; employees?: number; city?: string }[],
  ids: Record<string, string>,
) {
  const runId = randomUUID();
  await t.database.db.update(sessions).set({ runId, status: 'completed' }).where(eq(sessions.id, sessionId));
  for (const [i, row] of rows.entries()) {
    const facts = FACTS[row.kind];
    const values: NewBusinessRow = {
      accountId,
      sessionId,
      runId,
      dedupeKey: `k${i}`,
      source: 'osm',
      name: row.name,
      domain: row.domain ?? null,
      category: facts.category,
      industry: facts.industry,
      summary: facts.summary,
      city: row.city ?? 'Würzburg',
      icpTier: row.tier ?? null,
      enrichmentState: 'done',
      lat: 49.79 + i * 0.01,
      lng: 9.95,
    };
    const [inserted] = await t.database.db.insert(businesses).values(values).returning({ id: businesses.id });
    const id = inserted?.id as string;
    ids[row.name] = id;
    await t.database.db.insert(enrichmentResults).values([
      {
        accountId,
        businessId: id,
        type: 'software_detection',
        producedBy: 'builtin',
        data: {
          technologies: facts.software.map((name) => ({
            name,
            slug: name.toLowerCase(),
            categories: [{ id: 6, name: 'Ecommerce' }],
            version: null,
            confidence: 100,
            group: 'business',
            website: null,
            icon: '',
            evidence: [],
          })),
        },
      },
      {
        accountId,
        businessId: id,
        type: 'ai_summary',
        producedBy: 'builtin',
        data: {
          summary: facts.summary,
          services: facts.services,
          language: 'de',
          employee_estimate: row.employees ?? 12,
          produced_by: 'builtin',
        },
      },
    ]);
  }
}

export async function seedLookalikeWorld(t: TestApp): Promise<LookalikeWorld> {
  const admin = await createAdmin(t);
  const owner = await addUser(t, admin);
  const viewer = await addUser(t, admin);
  const editor = await addUser(t, admin);
  const stranger = await addUser(t, admin);
  const outsider = await createAdmin(t, 'Other Org');
  const ids: Record<string, string> = {};

  const sessionId = await createSession(t, owner, { name: 'Würzburg shops' });
  await seedSession(
    t,
    admin.accountId,
    sessionId,
    [
      { name: 'Weinhaus Mayer', kind: 'wine', tier: 'A', domain: 'weinhaus-mayer.de' },
      { name: 'Vinothek am Markt', kind: 'wine', tier: 'A' },
      { name: 'Weinkeller Roth', kind: 'wine' },
      { name: 'Weinladen Süd', kind: 'wine', employees: 400 },
      { name: 'Bäckerei Brandt', kind: 'bakery', tier: 'B' },
      { name: 'Backstube Klein', kind: 'bakery' },
      { name: 'Zahnarzt Dr. Weber', kind: 'dentist' },
      { name: 'Zahnpraxis Lind', kind: 'dentist' },
    ],
    ids,
  );
  for (const [user, access] of [
    [viewer, 'view'],
    [editor, 'edit'],
  ] as const) {
    await t.call('POST', `/api/sessions/${sessionId}/grant-access`, {
      token: owner.token,
      body: { user_id: user.userId, access },
    });
  }

  const competitorsId = await createSession(t, owner, { name: 'Customers of Vinify', type: 'competitors' });
  await t.database.db.update(sessions).set({ type: 'competitors' }).where(eq(sessions.id, competitorsId));
  await seedSession(
    t,
    admin.accountId,
    competitorsId,
    [
      { name: 'Weingut Sonne', kind: 'wine', city: 'Bamberg' },
      { name: 'Weinbar Eck', kind: 'wine', city: 'Bamberg' },
    ],
    ids,
  );
  await t.call('POST', `/api/sessions/${competitorsId}/grant-access`, {
    token: owner.token,
    body: { user_id: viewer.userId, access: 'view' },
  });

  const privateId = await createSession(t, stranger, { name: 'Private' });
  await seedSession(t, admin.accountId, privateId, [{ name: 'Weinstube Geheim', kind: 'wine' }], ids);

  return { t, admin, owner, viewer, editor, stranger, outsider, sessionId, competitorsId, privateId, ids };
}
