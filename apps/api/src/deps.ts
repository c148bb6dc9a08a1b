import type { LanguageModel } from '@argo/engine';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { IdentityProvider } from './auth/identity-provider';
import type { Config } from './config/env';
import type { Database } from './db/client';
import type { JobQueue } from './jobs/queue';

/** Everything the HTTP app depends on, passed in by main.ts (or a test), never read from globals. */
export interface AppDeps {
  config: Config;
  db: Database;
  /**
   * The pool CSV downloads stream from: each holds a connection for as long as its client takes to read the file.
   * Kept apart from `db`'s (API_POOL_MAX, a few), so slow downloads never hold up pages and polls.
   */
  downloads: pg.Pool;
  identity: IdentityProvider;
  jobs: JobQueue;
  /** The build id shown by /api/health and the OpenAPI document. */
  version: string;
  /** Extra origins the browser may connect to (the Cognito endpoints when that provider is configured). */
  connectSources: string[];
  /** The configured language model (LLM_BASE_URL + LLM_MODEL), or null/absent: built-in analyzers only. */
  languageModel?: LanguageModel | null;
  logger?: FastifyBaseLogger | false;
  clock?: () => Date;
}
