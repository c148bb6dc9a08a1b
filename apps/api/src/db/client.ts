import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { backendPriorityHook } from './backend-priority';
import * as schema from './schema';

/** The typed drizzle database every repository receives. `$client` is the pool underneath. */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** A transaction handed to `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Repositories that may run inside a caller's transaction accept either. */
export type DatabaseExecutor = Database | Transaction;

/**
 * A statement built and prepared (drizzle `.prepare(name)`) once per database handle, on first use: for the
 * fixed-shape statements of the hottest calls, which PostgreSQL would otherwise parse and plan on every call (each
 * pooled connection prepares a named statement once).
 */
export function preparedPerDatabase<T>(prepare: (db: DatabaseExecutor) => T): (db: DatabaseExecutor) => T {
  const byDatabase = new WeakMap<DatabaseExecutor, T>();
  return (db) => {
    let statement = byDatabase.get(db);
    if (!statement) {
      statement = prepare(db);
      byDatabase.set(db, statement);
    }
    return statement;
  };
}

/**
 * Planner settings of every connection the app opens (the benches' SQL references use them too):
 * - No JIT: the export's and the results' statements are estimated as costly (every jsonb_array_elements is guessed
 *   at 100 rows, each with a suppression sub-query), which crosses jit_above_cost, and compiling them took most of
 *   an export's time — our statements are short, JIT never pays.
 * - random_page_cost 1.1 instead of 4 (the value for spinning disks): a session's rows are read by index from
 *   memory or SSD. With 4, once the statistics lag behind a large import (autovacuum has not run yet, or is off),
 *   the planner counts a session's businesses by reading the whole table, and results pages, export fingerprints
 *   and the whole request mix slow down several times over. With a very large session the results and the export
 *   run as fast as with 4 (bench/results-query.mjs, bench/export.mjs).
 * Figures in docs/performance.md.
 */
export const SESSION_OPTIONS = '-c jit=off -c random_page_cost=1.1';

export interface DatabaseConnection {
  db: Database;
  pool: pg.Pool;
  /** Ends the pool; safe to call more than once. */
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Pool size (default 10). */
  max?: number;
  /** Shown in pg_stat_activity, e.g. 'argo-api' or 'argo-worker'. */
  applicationName?: string;
  /** An idle pooled connection failed (server restart, network); the pool drops it and reconnects on demand. */
  onIdleError?: (error: Error) => void;
  /**
   * Niceness for the PostgreSQL backends of this pool's connections when the server runs on this machine (job
   * pools: JOB_NICE, see backend-priority.ts); 0 or absent leaves them alone.
   */
  backendNice?: number;
}

export function createDatabase(url: string, opts: DatabaseOptions = {}): DatabaseConnection {
  const onConnect = opts.backendNice ? backendPriorityHook(url, opts.backendNice) : null;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    application_name: opts.applicationName ?? 'argo',
    options: SESSION_OPTIONS,
    ...(onConnect ? { onConnect } : {}),
  });
  // Without a listener an idle client's error would be an unhandled 'error' event and end the process.
  pool.on('error', (error) => opts.onIdleError?.(error));
  const db = drizzle({ client: pool, schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    pool,
    close: () => {
      closing ??= pool.end();
      return closing;
    },
  };
}
