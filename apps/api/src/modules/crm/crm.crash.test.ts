/**
 * A push survives a killed worker: two worker processes, the one holding the push killed (SIGKILL) once it has
 * stored a few batches; the other finds the job by its unbeaten lease, pg-boss retries it, and it resumes after the
 * last stored batch. The batch in flight when the worker died was sent in part: the retry looks for what it made
 * (HubSpot's notes on the companies, Pipedrive's organizations and notes), so in the end every record is in the
 * CRM exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type HubspotServer, startHubspotServer } from '../../../test/hubspot-server';
import { type PipedriveServer, startPipedriveServer } from '../../../test/pipedrive-server';
import { spawnWorkerProcess, type WorkerProcess } from '../../../test/workers';
import { createAdmin, type TestUser } from '../access/access.fixtures';
import { NOTE_MARK } from './clients/types';
import { type CrmWorld, seedCrmSession } from './crm.fixtures';

let t: TestApp;
let hubspot: HubspotServer;
let pipedrive: PipedriveServer;
let admin: TestUser;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  hubspot = await startHubspotServer();
  pipedrive = await startPipedriveServer();
  const env = { HUBSPOT_API_URL: hubspot.url, PIPEDRIVE_API_URL: pipedrive.url };
  t = await createTestApp(env);
  admin = await createAdmin(t);
  for (const [provider, body] of [
    ['hubspot', { token: hubspot.token }],
    ['pipedrive', { token: pipedrive.token, company_domain: 'acme' }],
  ] as const) {
    const connected = await t.call('PUT', `/api/accounts/crm/${provider}`, { token: admin.token, body });
    expect(connected.status).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  for (const worker of workers) worker.kill('SIGKILL');
  await t?.close();
  await hubspot?.close();
  await pipedrive?.close();
});

const startWorkerProcess = async () => {
  const worker = await spawnWorkerProcess(t.database.url, {
    HUBSPOT_API_URL: hubspot.url,
    PIPEDRIVE_API_URL: pipedrive.url,
    // A dead worker's jobs are found by their leases going unbeaten, as in production, only sooner.
    JOB_LEASES: JSON.stringify({ beatMs: 200, staleMs: 1500 }),
  });
  workers.push(worker);
  return worker;
};

async function readJob(id: string) {
  const res = await t.call('GET', `/api/crm/jobs/${id}`, { token: admin.token });
  expect(res.status).toBe(200);
  return res.body;
}

/** Pushes the session on two workers, and kills the one holding the push once `isTime()` says so. */
async function pushThroughACrash(
  sessionId: string,
  provider: 'hubspot' | 'pipedrive',
  isTime: () => boolean,
) {
  // The workers of an earlier case are stopped: the push runs on these two only.
  for (const worker of workers.splice(0)) worker.kill('SIGKILL');
  await startWorkerProcess();
  await startWorkerProcess();
  const started = await t.call('POST', `/api/user/session/${sessionId}/crm/push`, {
    token: admin.token,
    body: { provider, matching: {} },
  });
  expect(started.status).toBe(202);
  const id = started.body.id;
  const deadline = Date.now() + 120_000;
  let killed = false;
  for (;;) {
    const job = await readJob(id);
    if (!killed && isTime()) {
      const holder = workers.find((w) => [...w.activeJobs.values()].includes('crm.push'));
      if (holder) {
        holder.kill('SIGKILL');
        killed = true;
        await startWorkerProcess();
      }
    }
    if (['completed', 'failed', 'cancelled'].includes(job.status)) {
      expect(killed, `the push ended before the kill: ${JSON.stringify(job)}`).toBe(true);
      return job;
    }
    if (Date.now() > deadline) throw new Error(`push still ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a push through a killed worker', () => {
  it('HubSpot: every company, contact and note exactly once', async () => {
    const { sessionId } = await seedCrmSession({ t, admin } as CrmWorld, admin, 600, 'hcrash');
    hubspot.delayMs = 3;
    // Killed in the middle of a batch's notes: 200 businesses stored, 50 notes of the next batch written.
    const job = await pushThroughACrash(sessionId, 'hubspot', () => hubspot.notes.size >= 250);
    expect(job).toMatchObject({ status: 'completed', done: 600, failed: 0 });
    expect(hubspot.companies.size).toBe(600);
    expect(hubspot.contacts.size).toBe(1200);
    expect(hubspot.associations.size).toBe(1200);
    const notesPerCompany = new Map<string, number>();
    for (const note of hubspot.notes.values()) {
      expect(note.properties.hs_note_body?.startsWith(NOTE_MARK)).toBe(true);
      notesPerCompany.set(note.companyId, (notesPerCompany.get(note.companyId) ?? 0) + 1);
    }
    expect(notesPerCompany.size).toBe(600);
    expect([...notesPerCompany.values()].every((n) => n === 1)).toBe(true);
  }, 180_000);

  it('Pipedrive: every organization, person and note exactly once', async () => {
    const { sessionId } = await seedCrmSession({ t, admin } as CrmWorld, admin, 200, 'pcrash');
    pipedrive.delayMs = 2;
    // Killed in the middle of a batch: 50 businesses stored, 25 organizations of the next one made.
    const job = await pushThroughACrash(sessionId, 'pipedrive', () => pipedrive.organizations.size >= 75);
    expect(job).toMatchObject({ status: 'completed', done: 200, failed: 0 });
    expect(pipedrive.organizations.size).toBe(200);
    expect(pipedrive.persons.size).toBe(400);
    const notesPerOrg = new Map<number, number>();
    for (const note of pipedrive.notes.values()) {
      notesPerOrg.set(note.org_id as number, (notesPerOrg.get(note.org_id as number) ?? 0) + 1);
    }
    expect(notesPerOrg.size).toBe(200);
    expect([...notesPerOrg.values()].every((n) => n === 1)).toBe(true);
  }, 180_000);
});
