/**
 * A seeded session for the CRM tests: `count` businesses of one completed run, each with a website and two people
 * with addresses in its stored people result (as the people analyzer stores them), plus a local HubSpot and
 * Pipedrive the test app is configured to call.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { type HubspotServer, startHubspotServer } from '../../../test/hubspot-server';
import { type PipedriveServer, startPipedriveServer } from '../../../test/pipedrive-server';
import { startWorker } from '../../../test/workers';
import { businesses, enrichmentResults, sessions } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { addUser, createAdmin, createSession, type TestUser } from '../access/access.fixtures';

export interface CrmWorld {
  t: TestApp;
  hubspot: HubspotServer;
  pipedrive: PipedriveServer;
  worker: JobQueue;
  admin: TestUser;
  member: TestUser;
  close(): Promise<void>;
}

export async function startCrmWorld(): Promise<CrmWorld> {
  const hubspot = await startHubspotServer();
  const pipedrive = await startPipedriveServer();
  const t = await createTestApp({ HUBSPOT_API_URL: hubspot.url, PIPEDRIVE_API_URL: `${pipedrive.url}/` });
  const worker = await startWorker(t);
  const admin = await createAdmin(t);
  const member = await addUser(t, admin);
  return {
    t,
    hubspot,
    pipedrive,
    worker,
    admin,
    member,
    async close() {
      await worker.stop({ graceful: false });
      await t.close();
      await hubspot.close();
      await pipedrive.close();
    },
  };
}

const domainOfIndex = (i: number, prefix = 'shop') => `${prefix}${String(i).padStart(4, '0')}.example`;

/** A session of the user with `count` businesses (shop0000.example …), each naming two people with addresses. */
export async function seedCrmSession(world: CrmWorld, user: TestUser, count: number, prefix = 'shop') {
  const { t } = world;
  const sessionId = await createSession(t, user, { name: `CRM ${count}` });
  const runId = randomUUID();
  await t.database.db.update(sessions).set({ runId, status: 'completed' }).where(eq(sessions.id, sessionId));
  const rows = await t.database.db
    .insert(businesses)
    .values(
      Array.from({ length: count }, (_, i) => ({
        accountId: user.accountId,
        sessionId,
        runId,
        name: `${prefix} ${i}`,
        domain: domainOfIndex(i, prefix),
        website: `https://${domainOfIndex(i, prefix)}/`,
        dedupeKey: `d:${domainOfIndex(i, prefix)}`,
        phone: '+4930123456',
        address: `Hauptstraße ${i + 1}`,
        city: 'Berlin',
        postalCode: '10115',
        country: 'DE',
        source: 'import',
        sources: [{ source: 'import', source_ref: null }],
        enrichmentState: 'done' as const,
        summary: 'A shop selling bread.',
      })),
    )
    .returning({ id: businesses.id, domain: businesses.domain });
  await t.database.db.insert(enrichmentResults).values(
    rows.map((row) => ({
      accountId: user.accountId,
      businessId: row.id,
      type: 'people' as const,
      producedBy: 'builtin' as const,
      data: {
        people: [
          {
            name: 'Anna Berg',
            role: 'Owner',
            seniority: 'owner_founder',
            email: `anna@${row.domain}`,
            phone: null,
          },
          {
            name: 'Lea Roth',
            role: 'Sales',
            seniority: 'staff',
            email: `lea@${row.domain}`,
            phone: '+4930999',
          },
        ],
        emails: [],
      },
    })),
  );
  const ids = new Map(rows.map((r) => [r.domain as string, r.id]));
  return { sessionId, runId, ids };
}

/** Polls GET /crm/jobs/:id until it has ended; throws with the last state after `timeoutMs`. */
export async function waitForCrmJob(t: TestApp, token: string, id: string, timeoutMs = 120_000) {
  const started = Date.now();
  for (;;) {
    const res = await t.call('GET', `/api/crm/jobs/${id}`, { token });
    if (res.status !== 200) throw new Error(`job ${res.status}: ${JSON.stringify(res.body)}`);
    if (['completed', 'failed', 'cancelled'].includes(res.body.status)) return res.body;
    if (Date.now() - started > timeoutMs) throw new Error(`job still ${JSON.stringify(res.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every line of a job's log. */
export async function readLog(t: TestApp, token: string, id: string, outcome?: string) {
  const items: {
    object: string;
    key: string;
    outcome: string;
    message: string | null;
    crm_id: string | null;
  }[] = [];
  for (let page = 0; ; page++) {
    const res = await t.call('GET', `/api/crm/jobs/${id}/log`, {
      token,
      query: { page, page_size: 200, ...(outcome ? { outcome } : {}) },
    });
    if (res.status !== 200) throw new Error(`log ${res.status}: ${JSON.stringify(res.body)}`);
    items.push(...res.body.items);
    if (items.length >= res.body.total || res.body.items.length === 0) return items;
  }
}
