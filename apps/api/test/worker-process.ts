/**
 * A worker process for the crash test: runs every job definition against DATABASE_URL with the discovery
 * overrides in DISCOVERY_OVERRIDES (JSON), prints "ready", and runs until it is killed.
 *   node --import tsx test/worker-process.ts
 */
import { loadConfig } from '../src/config/env';
import { createLanguageModel } from '../src/config/language-model';
import { createDatabase } from '../src/db/client';
import { jobDefinitions } from '../src/jobs/definitions';
import { createJobQueue } from '../src/jobs/queue';
import { createDiscoveryDeps } from '../src/modules/discovery/discovery.deps';
import { quietLog } from './workers';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const config = loadConfig({
  DATABASE_URL: url,
  LOG_LEVEL: 'silent',
  LLM_BASE_URL: process.env.LLM_BASE_URL,
  LLM_API_KEY: process.env.LLM_API_KEY,
  LLM_MODEL: process.env.LLM_MODEL,
});
const { db } = createDatabase(url, { max: 3, applicationName: 'argo-test-worker' });
const queue = createJobQueue({ connectionString: url, pollingIntervalSeconds: 0.5, max: 3 });
await queue.start();
await queue.work(jobDefinitions, {
  db,
  log: quietLog,
  discovery: createDiscoveryDeps(config, db, JSON.parse(process.env.DISCOVERY_OVERRIDES ?? '{}')),
  languageModel: createLanguageModel(config),
});
console.log('ready');
