/**
 * The company size from an imported file, through the real scoring path: POST
 * /enrichment/icp_analysis on a session whose businesses carry the file's own columns (sessions.attribute_columns,
 * businesses.attributes, as the import writes them), the worker scoring, the reasons read back from GET results.
 * A number column headed as an employee count stands in when the site states no size, and the reason says it came
 * from the file; a size the site states wins.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drawerBusinesses, type TestApp } from '../../../test/app';
import { isFinished, startWorker, waitForInfo } from '../../../test/workers';
import { businesses, enrichmentResults, sessions } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { createAdmin, createSession, type TestUser } from '../access/access.fixtures';

let t: TestApp;
let worker: JobQueue;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  worker = await startWorker(t);
  admin = await createAdmin(t);
}, 60_000);

afterAll(async () => {
  await worker?.stop({ graceful: false });
  await t?.close();
});

type Reason = { criterion: string; matched: boolean; evidence: string };

describe('ICP company size from the imported file', () => {
  it('uses the EMPLOYEES column when the site states no size, says so in the reason, and keeps a stated size', async () => {
    const venture = await t.call('POST', '/api/ventures/create', {
      token: admin.token,
      body: { name: 'Size from file', icp: { employee_min: 10, employee_max: 50 } },
    });
    expect(venture.status, JSON.stringify(venture.body)).toBe(201);
    const sessionId = await createSession(t, admin, {
      venture_id: venture.body.venture_id ?? venture.body.id,
    });
    const runId = randomUUID();
    await t.database.db
      .update(sessions)
      .set({
        runId,
        status: 'completed',
        attributeColumns: [
          { key: 'revenue', label: 'REVENUE', type: 'number' },
          { key: 'employees', label: 'EMPLOYEES', type: 'number' },
        ],
      })
      .where(eq(sessions.id, sessionId));
    const rows: { name: string; attributes: Record<string, number> }[] = [
      { name: 'Fits By File', attributes: { revenue: 2_000_000, employees: 24 } },
      { name: 'Too Big By File', attributes: { employees: 400 } },
      { name: 'Nothing Known', attributes: { revenue: 30 } },
      { name: 'Site Says 200', attributes: { employees: 24 } },
      // Two more of each size the file gives, so the session makes two profiles of three.
      { name: 'Also Fits By File', attributes: { employees: 12 } },
      { name: 'Fits By File Too', attributes: { employees: 30 } },
      { name: 'Also Too Big', attributes: { employees: 300 } },
      { name: 'Too Big Too', attributes: { employees: 900 } },
    ];
    const inserted = await t.database.db
      .insert(businesses)
      .values(
        rows.map((row, i) => ({
          accountId: admin.accountId,
          sessionId,
          runId,
          dedupeKey: `k${i}`,
          source: 'import',
          ...row,
        })),
      )
      .returning({ id: businesses.id, name: businesses.name });
    const siteSays = inserted.find((b) => b.name === 'Site Says 200')?.id as string;
    await t.database.db.insert(enrichmentResults).values({
      accountId: admin.accountId,
      businessId: siteSays,
      type: 'ai_summary',
      data: {
        summary: 'A large firm.',
        services: [],
        industry: null,
        employee_estimate: 200,
        keywords: [],
        source_urls: ['https://big.example/about'],
        produced_by: 'builtin',
      },
      producedBy: 'builtin',
      sourceUrl: 'https://big.example/about',
    });

    const started = await t.call('POST', '/api/enrichment/icp_analysis', {
      token: admin.token,
      body: { session_id: sessionId },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const info = await waitForInfo(t, admin.token, sessionId, isFinished, 60_000);
    expect(info.status).toBe('completed');
    const res = await t.call('GET', `/api/user/session/${sessionId}/results`, {
      token: admin.token,
      query: { pageSize: 100 },
    });
    expect(res.status).toBe(200);
    const shown = await drawerBusinesses(t, admin.token, sessionId, res.body.items);
    const found = Object.fromEntries(
      shown.map((b: { name: string; icp_score: number; details: { icp_reasons: Reason[] } }) => [
        b.name,
        { score: b.icp_score, reason: b.details.icp_reasons.find((r) => r.criterion === 'employee_size') },
      ]),
    ) as Record<string, { score: number; reason: Reason | undefined }>;

    expect(found['Fits By File']).toEqual({
      score: 100,
      reason: expect.objectContaining({
        matched: true,
        evidence: `24 employees (from the imported file's "EMPLOYEES" column), within 10–50`,
      }),
    });
    expect(found['Too Big By File']?.reason).toMatchObject({
      matched: false,
      evidence: `400 employees (from the imported file's "EMPLOYEES" column), outside 10–50`,
    });
    expect(found['Too Big By File']?.score).toBe(0);
    // REVENUE is no headcount.
    expect(found['Nothing Known']?.reason?.evidence).toBe('employee count unknown; wanted 10–50');
    expect(found['Site Says 200']?.reason?.evidence).toBe(
      'about 200 employees (https://big.example/about), outside 10–50',
    );

    // The profiles derived from the session read the same sizes: the three the file sizes at 12–30 employees make
    // one profile of 10–49 employees, the three at 300 and more another (the site's 200 stands for its business).
    const profiles = await t.call('POST', '/api/icp/create_profiles', {
      token: admin.token,
      body: { session_id: sessionId, count: 2 },
    });
    expect(profiles.status, JSON.stringify(profiles.body)).toBe(200);
    type Profile = {
      name: string;
      size: number;
      criteria: { employee_min: number | null; employee_max: number | null };
      examples: { name: string }[];
    };
    const withFits = (profiles.body as Profile[]).find((p) =>
      p.examples.some((e) => e.name === 'Fits By File'),
    );
    expect(withFits, JSON.stringify(profiles.body)).toMatchObject({
      name: 'Businesses with 10–49 employees',
      size: 3,
      criteria: { employee_min: 10, employee_max: 49 },
    });
    expect((profiles.body as Profile[]).map((p) => p.name).sort()).toEqual([
      'Businesses with 10–49 employees',
      'Businesses with 250+ employees',
    ]);
  }, 90_000);
});
