import type { BusinessSource } from '@argo/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import {
  businesses,
  type CrmProviderName,
  crmConnections,
  crmJobLog,
  crmJobs,
  crmKnown,
  crmRecords,
  users,
} from '../../db/schema';
import type { LogOutcome, PushLine } from './clients/types';

// ------------------------------------------------------------------ connections

export async function findConnections(db: DatabaseExecutor, accountId: string) {
  const rows = await db
    .select({
      provider: crmConnections.provider,
      tokenHint: crmConnections.tokenHint,
      companyDomain: crmConnections.companyDomain,
      connectedAt: crmConnections.connectedAt,
      connectedBy: crmConnections.connectedBy,
      connectedByName: users.name,
      lastSyncAt: crmConnections.lastSyncAt,
    })
    .from(crmConnections)
    .leftJoin(users, eq(users.id, crmConnections.connectedBy))
    .where(eq(crmConnections.accountId, accountId));
  const counts = await db
    .select({ provider: crmKnown.provider, kind: crmKnown.kind, count: sql<number>`count(*)::int` })
    .from(crmKnown)
    .where(eq(crmKnown.accountId, accountId))
    .groupBy(crmKnown.provider, crmKnown.kind);
  return rows.map((row) => ({
    ...row,
    knownCompanies: counts.find((c) => c.provider === row.provider && c.kind === 'domain')?.count ?? 0,
    knownContacts: counts.find((c) => c.provider === row.provider && c.kind === 'email')?.count ?? 0,
  }));
}

export async function findConnection(db: DatabaseExecutor, accountId: string, provider: CrmProviderName) {
  const [row] = await db
    .select()
    .from(crmConnections)
    .where(and(eq(crmConnections.accountId, accountId), eq(crmConnections.provider, provider)));
  return row ?? null;
}

export async function saveConnection(
  db: DatabaseExecutor,
  values: {
    accountId: string;
    provider: CrmProviderName;
    tokenEncrypted: string;
    tokenHint: string;
    companyDomain: string | null;
    connectedBy: string;
  },
): Promise<void> {
  await db
    .insert(crmConnections)
    .values(values)
    .onConflictDoUpdate({
      target: [crmConnections.accountId, crmConnections.provider],
      set: {
        tokenEncrypted: values.tokenEncrypted,
        tokenHint: values.tokenHint,
        companyDomain: values.companyDomain,
        connectedBy: values.connectedBy,
        connectedAt: sql`now()`,
      },
    });
}

/** Deletes the connection and what its syncs read; the ids of what Argo pushed stay, so a reconnect updates them. */
export async function deleteConnection(db: DatabaseExecutor, accountId: string, provider: CrmProviderName) {
  const deleted = await db
    .delete(crmConnections)
    .where(and(eq(crmConnections.accountId, accountId), eq(crmConnections.provider, provider)))
    .returning({ provider: crmConnections.provider });
  await db.delete(crmKnown).where(and(eq(crmKnown.accountId, accountId), eq(crmKnown.provider, provider)));
  return deleted.length > 0;
}

// ------------------------------------------------------------------ jobs

const jobColumns = {
  id: crmJobs.id,
  accountId: crmJobs.accountId,
  provider: crmJobs.provider,
  kind: crmJobs.kind,
  sessionId: crmJobs.sessionId,
  status: crmJobs.status,
  total: crmJobs.total,
  done: crmJobs.done,
  created: crmJobs.created,
  updated: crmJobs.updated,
  skipped: crmJobs.skipped,
  failed: crmJobs.failed,
  error: crmJobs.error,
  createdAt: crmJobs.createdAt,
  finishedAt: crmJobs.finishedAt,
  createdBy: crmJobs.createdBy,
  createdByName: users.name,
};
export type CrmJobListRow = Awaited<ReturnType<typeof findJob>> & {};

export async function insertJob(
  db: DatabaseExecutor,
  values: {
    accountId: string;
    provider: CrmProviderName;
    kind: 'push' | 'sync';
    sessionId: string | null;
    businessIds: string[];
    createdBy: string;
  },
): Promise<string> {
  const [row] = await db
    .insert(crmJobs)
    .values({ ...values, total: values.businessIds.length })
    .returning({ id: crmJobs.id });
  if (!row) throw new Error('could not store the CRM job');
  return row.id;
}

export async function findJob(db: DatabaseExecutor, accountId: string, id: string) {
  const [row] = await db
    .select(jobColumns)
    .from(crmJobs)
    .leftJoin(users, eq(users.id, crmJobs.createdBy))
    .where(and(eq(crmJobs.id, id), eq(crmJobs.accountId, accountId)));
  return row ?? null;
}

export async function listSessionJobs(db: DatabaseExecutor, sessionId: string, limit = 10) {
  return db
    .select(jobColumns)
    .from(crmJobs)
    .leftJoin(users, eq(users.id, crmJobs.createdBy))
    .where(eq(crmJobs.sessionId, sessionId))
    .orderBy(desc(crmJobs.createdAt))
    .limit(limit);
}

/** A push of this session (or a sync of the account) to this CRM still queued or running. */
export async function findActiveJob(
  db: DatabaseExecutor,
  scope: { accountId: string; provider: CrmProviderName; kind: 'push' | 'sync'; sessionId: string | null },
) {
  const [row] = await db
    .select({ id: crmJobs.id })
    .from(crmJobs)
    .where(
      and(
        eq(crmJobs.accountId, scope.accountId),
        eq(crmJobs.provider, scope.provider),
        eq(crmJobs.kind, scope.kind),
        scope.sessionId ? eq(crmJobs.sessionId, scope.sessionId) : sql`true`,
        inArray(crmJobs.status, ['queued', 'running']),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Fails the account's pushes and syncs still shown queued or running whose pg-boss job was given up on (every attempt
 * failed or expired: a worker killed again and again), or is gone: no runner will ever settle them, and a push of the
 * same session would wait for them forever. Only jobs older than a minute are looked at (a new one is being queued);
 * a job waiting for a worker or being worked on is left alone whatever its age.
 */
export async function failStuckJobs(db: DatabaseExecutor, accountId: string): Promise<void> {
  const candidates = await db.execute<{
    id: string;
    kind: string;
    state: string | null;
    retry_count: number | null;
  }>(sql`
    select c.id, c.kind, j.state::text as state, j.retry_count
    from ${crmJobs} c
    left join lateral (
      select x.state, x.retry_count from (
        select state, retry_count, 0 as o from pgboss.job where data @> jsonb_build_object('job_id', c.id::text)
        union all
        select state, retry_count, 1 as o from pgboss.archive where data @> jsonb_build_object('job_id', c.id::text)
      ) x order by x.o limit 1
    ) j on true
    where c.account_id = ${accountId} and c.status in ('queued', 'running')
      and c.created_at < now() - interval '1 minute'`);
  for (const row of candidates.rows) {
    if (row.state === 'created' || row.state === 'retry' || row.state === 'active') continue;
    const what = row.kind === 'push' ? 'push' : 'sync';
    const error =
      row.state === 'failed'
        ? `The ${what} stopped: its background job failed ${(row.retry_count ?? 0) + 1} times and will not be tried again. Start it again to go on.`
        : `The ${what} stopped: its background job was lost. Start it again to go on.`;
    await db
      .update(crmJobs)
      .set({ status: 'failed', error, finishedAt: sql`now()` })
      .where(and(eq(crmJobs.id, row.id), inArray(crmJobs.status, ['queued', 'running'])));
  }
}

/** Asks a job to stop: a queued one is cancelled at once, a running one at its next batch. */
export async function requestCancel(db: DatabaseExecutor, accountId: string, id: string) {
  await db
    .update(crmJobs)
    .set({
      cancelRequestedAt: sql`coalesce(${crmJobs.cancelRequestedAt}, now())`,
      status: sql`case when ${crmJobs.status} = 'queued' then 'cancelled' else ${crmJobs.status} end`,
      finishedAt: sql`case when ${crmJobs.status} = 'queued' then now() else ${crmJobs.finishedAt} end`,
    })
    .where(and(eq(crmJobs.id, id), eq(crmJobs.accountId, accountId)));
}

/** The job as its runner needs it. */
export async function findRunnableJob(db: DatabaseExecutor, id: string) {
  const [row] = await db.select().from(crmJobs).where(eq(crmJobs.id, id));
  return row ?? null;
}

export async function startJob(db: DatabaseExecutor, id: string) {
  await db
    .update(crmJobs)
    .set({ status: 'running', startedAt: sql`coalesce(${crmJobs.startedAt}, now())` })
    .where(and(eq(crmJobs.id, id), eq(crmJobs.status, 'queued')));
}

export async function isCancelRequested(db: DatabaseExecutor, id: string): Promise<boolean> {
  const [row] = await db.select({ at: crmJobs.cancelRequestedAt }).from(crmJobs).where(eq(crmJobs.id, id));
  return !row || row.at !== null;
}

export async function finishJob(
  db: DatabaseExecutor,
  id: string,
  status: 'completed' | 'failed' | 'cancelled',
  error: string | null = null,
) {
  await db.update(crmJobs).set({ status, error, finishedAt: sql`now()` }).where(eq(crmJobs.id, id));
}

// ------------------------------------------------------------------ what to push

export async function findPushIds(db: DatabaseExecutor, where: SQL): Promise<string[]> {
  const rows = await db.select({ id: businesses.id }).from(businesses).where(where).orderBy(businesses.id);
  return rows.map((r) => r.id);
}

export interface PushBusinessRow {
  id: string;
  name: string;
  domain: string | null;
  website: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
  industry: string | null;
  summary: string | null;
  icpScore: number | null;
  icpTier: string | null;
  sources: BusinessSource[];
  /** The stored people result's people and emails (removed people are already scrubbed from it). */
  people: unknown;
  emails: unknown;
}

export async function findPushBusinesses(db: DatabaseExecutor, ids: string[]): Promise<PushBusinessRow[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<PushBusinessRow & Record<string, unknown>>(sql`
    select b.id, b.name, b.domain, b.website, coalesce(b.phone, b.website_phone) as "phone", b.address, b.city,
      b.region, b.postal_code as "postalCode", b.country, b.industry, b.summary, b.icp_score as "icpScore",
      b.icp_tier as "icpTier", b.sources, p.data -> 'people' as "people", p.data -> 'emails' as "emails"
    from ${businesses} b
    left join enrichment_results p on p.business_id = b.id and p.type = 'people'
    where b.id = any (${sql.param(ids)}::uuid[])`);
  const byId = new Map(result.rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findRemembered(
  db: DatabaseExecutor,
  accountId: string,
  provider: CrmProviderName,
  keys: string[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ kind: crmRecords.kind, key: crmRecords.key, crmId: crmRecords.crmId })
    .from(crmRecords)
    .where(
      and(
        eq(crmRecords.accountId, accountId),
        eq(crmRecords.provider, provider),
        inArray(crmRecords.key, keys),
      ),
    );
  return new Map(rows.map((r) => [`${r.kind}:${r.key}`, r.crmId]));
}

const COUNTED: readonly string[] = ['company', 'contact'];

/**
 * One batch's outcome, in one transaction: its log lines, the CRM ids to remember, the domains and emails now in
 * the CRM, the job's counts and cursor. A batch retried after a crash writes its records again (same keys).
 */
export async function saveBatch(
  db: DatabaseExecutor,
  job: { id: string; accountId: string; provider: CrmProviderName },
  lines: PushLine[],
  done: number,
): Promise<void> {
  const count = (outcome: LogOutcome) =>
    lines.filter((l) => l.outcome === outcome && COUNTED.includes(l.object)).length;
  if (lines.length) {
    for (let i = 0; i < lines.length; i += 1000) {
      await db.insert(crmJobLog).values(
        lines.slice(i, i + 1000).map((l) => ({
          jobId: job.id,
          object: l.object,
          key: l.key,
          outcome: l.outcome,
          crmId: l.crmId,
          message: l.message,
          businessId: l.businessId,
        })),
      );
    }
  }
  const kept = lines.filter(
    (l): l is PushLine & { crmId: string; object: 'company' | 'contact' | 'note' } =>
      l.crmId !== null && l.object !== 'association',
  );
  const records = [...new Map(kept.map((l) => [`${l.object}:${l.key}`, l])).values()];
  if (records.length) {
    await db
      .insert(crmRecords)
      .values(
        records.map((l) => ({
          accountId: job.accountId,
          provider: job.provider,
          kind: l.object,
          key: l.key,
          crmId: l.crmId,
        })),
      )
      .onConflictDoUpdate({
        target: [crmRecords.accountId, crmRecords.provider, crmRecords.kind, crmRecords.key],
        set: { crmId: sql`excluded.crm_id`, pushedAt: sql`now()` },
      });
  }
  const known = records
    .filter((l) => l.object !== 'note')
    .map((l) => ({ kind: l.object === 'company' ? ('domain' as const) : ('email' as const), value: l.key }));
  await saveKnown(db, job.accountId, job.provider, known);
  await db
    .update(crmJobs)
    .set({
      done,
      created: sql`${crmJobs.created} + ${count('created')}`,
      updated: sql`${crmJobs.updated} + ${count('updated')}`,
      skipped: sql`${crmJobs.skipped} + ${count('skipped')}`,
      failed: sql`${crmJobs.failed} + ${count('failed')}`,
    })
    .where(eq(crmJobs.id, job.id));
}

// ------------------------------------------------------------------ what the CRM holds

async function saveKnown(
  db: DatabaseExecutor,
  accountId: string,
  provider: CrmProviderName,
  values: { kind: 'domain' | 'email'; value: string }[],
): Promise<void> {
  const unique = [...new Map(values.map((v) => [`${v.kind}:${v.value}`, v])).values()];
  if (unique.length === 0) return;
  await db
    .insert(crmKnown)
    .values(unique.map((v) => ({ accountId, provider, ...v })))
    .onConflictDoUpdate({
      target: [crmKnown.accountId, crmKnown.kind, crmKnown.value, crmKnown.provider],
      set: { seenAt: sql`now()` },
    });
}

/** A sync's page: what it read, and the job's cursor and count. */
export async function saveSyncPage(
  db: DatabaseExecutor,
  job: { id: string; accountId: string; provider: CrmProviderName },
  values: { kind: 'domain' | 'email'; value: string }[],
  read: number,
  cursor: Record<string, unknown>,
) {
  await saveKnown(db, job.accountId, job.provider, values);
  await db
    .update(crmJobs)
    .set({ done: sql`${crmJobs.done} + ${read}`, total: sql`${crmJobs.total} + ${read}`, cursor })
    .where(eq(crmJobs.id, job.id));
}

/** After a whole sync: drop what the CRM no longer holds (not seen since the sync began), note the time. */
export async function finishSync(
  db: DatabaseExecutor,
  job: { accountId: string; provider: CrmProviderName; startedAt: Date },
) {
  await db
    .delete(crmKnown)
    .where(
      and(
        eq(crmKnown.accountId, job.accountId),
        eq(crmKnown.provider, job.provider),
        sql`${crmKnown.seenAt} < ${job.startedAt}`,
      ),
    );
  await db
    .update(crmConnections)
    .set({ lastSyncAt: sql`now()` })
    .where(and(eq(crmConnections.accountId, job.accountId), eq(crmConnections.provider, job.provider)));
}

// ------------------------------------------------------------------ the log

export async function findLogPage(
  db: DatabaseExecutor,
  jobId: string,
  query: { page: number; page_size: number; outcome?: LogOutcome | undefined },
) {
  const where = and(
    eq(crmJobLog.jobId, jobId),
    query.outcome ? eq(crmJobLog.outcome, query.outcome) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(crmJobLog)
      .where(where)
      .orderBy(
        sql`case ${crmJobLog.outcome} when 'failed' then 0 when 'skipped' then 1 else 2 end`,
        crmJobLog.at,
        crmJobLog.id,
      )
      .limit(query.page_size)
      .offset(query.page * query.page_size),
    db.select({ count: sql<number>`count(*)::int` }).from(crmJobLog).where(where),
  ]);
  return { items, total: total?.count ?? 0 };
}
