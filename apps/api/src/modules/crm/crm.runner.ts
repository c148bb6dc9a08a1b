/**
 * The CRM jobs. A push sends the businesses chosen when it was asked for, a batch at a time (the CRM's batch size),
 * and after each batch stores its log lines, the CRM ids to remember and its cursor (`done`), so a retried job goes
 * on after the last stored batch; it stops at the next batch once cancelled. A sync reads the CRM's companies, then
 * its contacts, a page at a time with the CRM's cursor kept likewise, and at the end drops what it did not see.
 */
import { z } from 'zod';
import type { JobRunContext } from '../../jobs/define-job';
import { loadSuppressionRule } from '../privacy/suppressed-addresses';
import { CrmError } from './clients/http';
import type { CrmClient } from './clients/types';
import { type CrmDeps, createCrmClient } from './crm.deps';
import {
  findConnection,
  findPushBusinesses,
  findRemembered,
  findRunnableJob,
  finishJob,
  finishSync,
  isCancelRequested,
  saveBatch,
  saveSyncPage,
  startJob,
} from './crm.repository';
import { toPushItems } from './push-items';
import { decryptToken, encryptionKey } from './token-cipher';

export const CrmJobPayload = z.object({ job_id: z.uuid() });
export type CrmJobPayload = z.infer<typeof CrmJobPayload>;

type Job = NonNullable<Awaited<ReturnType<typeof findRunnableJob>>>;

function requireDeps(ctx: JobRunContext): CrmDeps {
  if (!ctx.crm) throw new Error('the CRM job needs ctx.crm (start-workers builds it from the configuration)');
  return ctx.crm;
}

async function clientFor(ctx: JobRunContext, job: Job): Promise<CrmClient | null> {
  const deps = requireDeps(ctx);
  const connection = await findConnection(ctx.db, job.accountId, job.provider);
  if (!connection) return null;
  const key = await encryptionKey(ctx.db, deps.config);
  const token = decryptToken(key, connection.tokenEncrypted);
  return createCrmClient(
    deps,
    { provider: job.provider, token, companyDomain: connection.companyDomain },
    ctx.signal,
  );
}

/** Runs a job's body; a refusal or a last failed attempt ends the job as failed with the reason in words. */
async function settle(ctx: JobRunContext, job: Job, body: (client: CrmClient) => Promise<void>) {
  await startJob(ctx.db, job.id);
  try {
    const client = await clientFor(ctx, job);
    if (!client) {
      await finishJob(ctx.db, job.id, 'failed', 'The CRM was disconnected; connect it again in Settings.');
      return;
    }
    await body(client);
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    const isRefusal = error instanceof CrmError && (error.status === 401 || error.status === 403);
    const isLast = ctx.retryCount >= ctx.retryLimit;
    if (isRefusal || isLast) {
      const words = error instanceof Error ? error.message : String(error);
      const message = isRefusal
        ? `The CRM refused the token: ${words}. An admin can connect it again in Settings.`
        : words;
      await finishJob(ctx.db, job.id, 'failed', message);
      ctx.log.warn({ err: error, jobId: job.id }, 'CRM job failed');
      return;
    }
    throw error;
  }
}

export async function runCrmPushJob(payload: CrmJobPayload, ctx: JobRunContext): Promise<void> {
  const job = await findRunnableJob(ctx.db, payload.job_id);
  if (job?.kind !== 'push' || !['queued', 'running'].includes(job.status)) return;
  await settle(ctx, job, async (client) => {
    const rule = await loadSuppressionRule(ctx.db, { accountId: job.accountId });
    const resumedAt = job.done;
    for (let done = job.done; done < job.businessIds.length; ) {
      if (await isCancelRequested(ctx.db, job.id)) {
        await finishJob(ctx.db, job.id, 'cancelled');
        return;
      }
      const ids = job.businessIds.slice(done, done + client.batchSize);
      const { items, lines } = toPushItems(await findPushBusinesses(ctx.db, ids), rule);
      const keys = items.flatMap((i) => [i.company.domain, ...i.contacts.map((c) => c.email)]);
      const remembered = await findRemembered(ctx.db, job.accountId, job.provider, keys);
      // The first batch of a retry may have been sent in part by the attempt that died.
      const isResumed = ctx.retryCount > 0 && done === resumedAt;
      lines.push(
        ...(await client.pushBatch(items, (kind, key) => remembered.get(`${kind}:${key}`), { isResumed })),
      );
      done += ids.length;
      const reached = done;
      await ctx.db.transaction((tx) => saveBatch(tx, job, lines, reached));
    }
    await finishJob(ctx.db, job.id, 'completed');
  });
}

export async function runCrmSyncJob(payload: CrmJobPayload, ctx: JobRunContext): Promise<void> {
  const job = await findRunnableJob(ctx.db, payload.job_id);
  if (job?.kind !== 'sync' || !['queued', 'running'].includes(job.status)) return;
  await settle(ctx, job, async (client) => {
    const startedAt = (await findRunnableJob(ctx.db, job.id))?.startedAt ?? new Date();
    const cursor = (job.cursor ?? {}) as { phase?: 'companies' | 'contacts'; next?: string | null };
    for (const phase of ['companies', 'contacts'] as const) {
      if (phase === 'companies' && cursor.phase === 'contacts') continue;
      let next: string | null = cursor.phase === phase ? (cursor.next ?? null) : null;
      do {
        if (await isCancelRequested(ctx.db, job.id)) {
          await finishJob(ctx.db, job.id, 'cancelled');
          return;
        }
        const page = await client.readKnown(phase, next);
        next = page.next;
        const values = [
          ...page.domains.map((value) => ({ kind: 'domain' as const, value })),
          ...page.emails.map((value) => ({ kind: 'email' as const, value })),
        ];
        const reached = next;
        await ctx.db.transaction((tx) => saveSyncPage(tx, job, values, page.read, { phase, next: reached }));
      } while (next);
    }
    await finishSync(ctx.db, { accountId: job.accountId, provider: job.provider, startedAt });
    await finishJob(ctx.db, job.id, 'completed');
  });
}
