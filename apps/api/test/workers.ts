/**
 * Job workers for tests: a separate queue instance, as a worker process would have, running every job
 * definition against the test app's database with discovery overrides (local servers, small tiles, no HTTP
 * retries, fast progress).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LanguageModel } from '@argo/engine';
import type { JobLogger } from '../src/jobs/define-job';
import { jobDefinitions } from '../src/jobs/definitions';
import { createJobQueue, type JobQueue } from '../src/jobs/queue';
import { createCrmDeps } from '../src/modules/crm/crm.deps';
import { createDiscoveryDeps, type DiscoveryOverrides } from '../src/modules/discovery/discovery.deps';
import { createMailer } from '../src/modules/email/mailer';
import { createEnrichmentDeps, type EnrichmentOverrides } from '../src/modules/enrichment/enrichment.deps';
import { createWebhookDeps, type WebhookOverrides } from '../src/modules/webhooks/webhooks.deps';
import type { TestApp } from './app';

export const quietLog: JobLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** Overrides every discovery test wants: no HTTP retries or spacing, progress written at once. */
const FAST: DiscoveryOverrides = {
  progressIntervalMs: 0,
  cancelPollMs: 100,
};

export async function startWorker(
  t: TestApp,
  overrides: DiscoveryOverrides = {},
  options: {
    maintenanceIntervalSeconds?: number;
    log?: JobLogger;
    /** Default: the test app's model (null unless createTestApp was given one). */
    languageModel?: LanguageModel | null;
    /** Crawler overrides of the enrichment job (DNS answers for local servers, no retries). */
    enrichment?: EnrichmentOverrides;
    /** Webhook delivery overrides (short retry pauses). */
    webhooks?: WebhookOverrides;
  } = {},
): Promise<JobQueue> {
  const { languageModel = t.languageModel, enrichment, webhooks, ...queueOptions } = options;
  const queue = createJobQueue({
    connectionString: t.database.url,
    pollingIntervalSeconds: 0.5,
    max: 3,
    ...queueOptions,
  });
  await queue.start();
  await queue.work(jobDefinitions, {
    db: t.database.db,
    log: options.log ?? quietLog,
    discovery: createDiscoveryDeps(t.config, t.database.db, { ...FAST, ...overrides }),
    enrichment: createEnrichmentDeps(
      t.config,
      {
        progressIntervalMs: 0,
        cancelPollMs: 100,
        // No MX lookups through the machine's DNS unless a test brings its own resolver.
        mx: null,
        // No geocoding of ICP locations on the internet unless a test brings its own Nominatim (discovery's osm).
        geocodeIcpAreas: false,
        ...enrichment,
        fetcher: { retries: 0, ...enrichment?.fetcher },
      },
      t.database.db,
    ),
    webhooks: createWebhookDeps(t.config, webhooks),
    // Short pauses between a CRM's 5xx retries; a 429's Retry-After is still waited out as the CRM asks.
    crm: createCrmDeps(t.config, { retryDelayMs: 20 }),
    // The signals digest mails to the dev outbox (tests set no SMTP_URL).
    signals: {
      mailer: createMailer({ config: t.config, db: t.database.db, log: quietLog }),
      publicUrl: t.config.PUBLIC_URL,
    },
    languageModel,
  });
  return queue;
}

/** Calls GET info until `isDone(info)`; throws with the last info after `timeoutMs`. */
export async function waitForInfo(
  t: TestApp,
  token: string,
  sessionId: string,
  // biome-ignore lint/suspicious/noExplicitAny: test helper
  isDone: (info: any) => boolean,
  timeoutMs = 20_000,
  // biome-ignore lint/suspicious/noExplicitAny: test helper
): Promise<any> {
  const started = Date.now();
  let last: unknown;
  for (;;) {
    const res = await t.call('GET', `/api/user/session/${sessionId}/info`, { token });
    last = res.body;
    if (res.status === 200 && isDone(res.body)) return res.body;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`timed out waiting for the session: ${JSON.stringify(last).slice(0, 2000)}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
}

/**
 * Waits for the session to finish however long its work takes on a loaded machine, and fails only when it
 * stalls: no change in its stage or done count for `stallMs`.
 */
export async function waitWhileProgressing(
  t: TestApp,
  token: string,
  sessionId: string,
  stallMs = 60_000,
  // biome-ignore lint/suspicious/noExplicitAny: test helper
): Promise<any> {
  let mark = '';
  let markedAt = Date.now();
  for (;;) {
    const res = await t.call('GET', `/api/user/session/${sessionId}/info`, { token });
    if (res.status === 200 && isFinished(res.body)) return res.body;
    const now = `${res.body?.stage}:${res.body?.progress?.done}`;
    if (now !== mark) {
      mark = now;
      markedAt = Date.now();
    } else if (Date.now() - markedAt > stallMs) {
      throw new Error(`the session stalled for ${stallMs} ms: ${JSON.stringify(res.body).slice(0, 2000)}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}

const FINISHED = new Set(['completed', 'failed', 'cancelled']);
export const isFinished = (info: { status: string }) => FINISHED.has(info.status);

/** A multipart/form-data body for app.inject: text fields, then the file. */
export function multipart(
  fields: Record<string, string>,
  file: { field?: string; name: string; data: Buffer | string; type?: string } | null,
) {
  const boundary = `----argo${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A CSV import through the API as the web app makes it: the upload (its answer, with the preview and suggested
 * mapping, is returned), then the mapping confirmed — `mapping` turns the suggested one into the one sent (the
 * suggestion as it is by default). Resolves once the session is queued; the caller waits for the job.
 */
export async function queueImport(
  t: TestApp,
  token: string,
  file: { name: string; data: Buffer | string },
  options: {
    fields?: Record<string, string>;
    mapping?: (suggested: Record<string, string | null>) => object;
  } = {},
  // biome-ignore lint/suspicious/noExplicitAny: test helper (the upload's answer as the API sends it)
): Promise<{ id: string; uploaded: any }> {
  const form = multipart(options.fields ?? {}, file);
  const uploaded = await t.call('POST', '/api/discovery/import', {
    token,
    body: form.body,
    headers: form.headers,
  });
  if (uploaded.status !== 201)
    throw new Error(`upload answered ${uploaded.status}: ${JSON.stringify(uploaded.body)}`);
  const id: string = uploaded.body.session.id;
  const suggested = uploaded.body.mapping as Record<string, string | null>;
  const body = { mapping: options.mapping ? options.mapping(suggested) : suggested };
  const confirmed = await t.call('POST', `/api/discovery/import/${id}/mapping`, { token, body });
  if (confirmed.status !== 202)
    throw new Error(`mapping answered ${confirmed.status}: ${JSON.stringify(confirmed.body)}`);
  return { id, uploaded: uploaded.body };
}

const API_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A worker in a process of its own (test/worker-process.ts), for tests that kill it: runs every job against
 * `databaseUrl` with the given environment (DISCOVERY_OVERRIDES, ENRICHMENT_OVERRIDES, RESOLVE_HOSTS as JSON);
 * resolves once it says "ready", rejects with its stderr if it exits first.
 */
/** A worker process of test/worker-process.ts, with the jobs it has started and not yet finished (id → name). */
export type WorkerProcess = ChildProcess & { activeJobs: Map<string, string> };

export async function spawnWorkerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/worker-process.ts'], {
    cwd: API_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const worker = Object.assign(child, { activeJobs: new Map<string, string>() });
  let unread = '';
  await new Promise<void>((ready, fail) => {
    let errors = '';
    worker.stdout?.on('data', (chunk: Buffer) => {
      const lines = (unread + chunk.toString()).split('\n');
      unread = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'ready') ready();
        if (!line.startsWith('{')) continue;
        const { event, job, jobId } = JSON.parse(line) as { event?: string; job?: string; jobId?: string };
        if (!jobId) continue;
        if (event === 'job started') worker.activeJobs.set(jobId, String(job));
        else if (event === 'job completed' || event === 'job failed') worker.activeJobs.delete(jobId);
      }
    });
    worker.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    worker.on('exit', (code) => fail(new Error(`worker exited (${code}): ${errors}`)));
  });
  return worker;
}
