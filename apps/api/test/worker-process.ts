/**
 * A worker process for the crash test: runs every job definition against DATABASE_URL with the discovery
 * overrides in DISCOVERY_OVERRIDES (JSON), the job leases' timing in JOB_LEASES (JSON), and the enrichment overrides
 * in ENRICHMENT_OVERRIDES (JSON; RESOLVE_HOSTS,
 * a JSON table host → address with "*" for every name, is the crawler's DNS), prints "ready", and runs until it
 * is killed. Prints a JSON line for every job it starts, completes or fails.
 *   node --import tsx test/worker-process.ts
 */

import { createStaticResolver } from '@argo/engine';
import { loadConfig } from '../src/config/env';
import { createLanguageModel } from '../src/config/language-model';
import { createDatabase } from '../src/db/client';
import type { JobLogger } from '../src/jobs/define-job';
import { jobDefinitions } from '../src/jobs/definitions';
import { createJobQueue } from '../src/jobs/queue';
import { createCrmDeps } from '../src/modules/crm/crm.deps';
import { createDiscoveryDeps } from '../src/modules/discovery/discovery.deps';
import { createEnrichmentDeps, type EnrichmentOverrides } from '../src/modules/enrichment/enrichment.deps';
import { createWebhookDeps } from '../src/modules/webhooks/webhooks.deps';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const config = loadConfig({
  DATABASE_URL: url,
  LOG_LEVEL: 'silent',
  LLM_BASE_URL: process.env.LLM_BASE_URL,
  LLM_API_KEY: process.env.LLM_API_KEY,
  LLM_MODEL: process.env.LLM_MODEL,
  HUBSPOT_API_URL: process.env.HUBSPOT_API_URL,
  PIPEDRIVE_API_URL: process.env.PIPEDRIVE_API_URL,
});
const { db } = createDatabase(url, { max: 3, applicationName: 'argo-test-worker' });
const enrichment: EnrichmentOverrides = JSON.parse(process.env.ENRICHMENT_OVERRIDES ?? '{}');
const resolveHosts = process.env.RESOLVE_HOSTS ? JSON.parse(process.env.RESOLVE_HOSTS) : null;
/** One JSON line per job started, completed or failed: the crash test knows which jobs a process holds. */
const jobEvents: JobLogger = {
  info: (details, message) => console.log(JSON.stringify({ ...details, event: message })),
  warn: () => {},
  error: (details, message) => {
    const { job, jobId } = details as { job?: string; jobId?: string };
    console.log(JSON.stringify({ job, jobId, event: message }));
  },
};
const queue = createJobQueue({
  connectionString: url,
  pollingIntervalSeconds: 0.5,
  max: 3,
  log: jobEvents,
  leases: JSON.parse(process.env.JOB_LEASES ?? '{}'),
});
await queue.start();
await queue.work(jobDefinitions, {
  db,
  log: jobEvents,
  discovery: createDiscoveryDeps(config, db, JSON.parse(process.env.DISCOVERY_OVERRIDES ?? '{}')),
  enrichment: createEnrichmentDeps(
    config,
    {
      progressIntervalMs: 0,
      cancelPollMs: 100,
      // No MX lookups through the machine's DNS (the tests here are about crash safety).
      mx: null,
      ...enrichment,
      fetcher: {
        retries: 0,
        ...enrichment.fetcher,
        ...(resolveHosts ? { resolve: createStaticResolver(resolveHosts) } : {}),
      },
    },
    db,
  ),
  webhooks: createWebhookDeps(config),
  crm: createCrmDeps(config, { retryDelayMs: 20 }),
  languageModel: createLanguageModel(config),
});
console.log('ready');
