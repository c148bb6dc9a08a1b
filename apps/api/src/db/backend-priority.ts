import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import type pg from 'pg';

/**
 * A pool's `onConnect` hook that gives the PostgreSQL backend of each new connection the niceness `nice`, when
 * the server runs on this machine (the embedded one, or one on localhost); null when there is nothing to do.
 *
 * Why: lowering the job thread's priority (JOB_NICE) does not reach the database work it causes — every batch a
 * job writes runs in a PostgreSQL backend process at normal priority, beside the backends answering the API, on
 * the same cores. A backend is a process of the server's user: this works when that is ours (embedded
 * PostgreSQL) or we may renice it (root); otherwise it is skipped without a word. The process found by the pid
 * must be a postgres process: a server in a container reports pids of another namespace.
 */
export function backendPriorityHook(
  url: string,
  nice: number,
): ((client: pg.ClientBase) => Promise<void>) | null {
  if (nice <= 0 || !isOnThisMachine(url) || process.platform !== 'linux') return null;
  // Run by the pool on each new connection before handing it out; never fails the connection.
  return async (client) => {
    try {
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const pid = rows[0]?.pid;
      if (pid && (await isPostgresProcess(pid))) setPriority(pid, nice);
    } catch {}
  };
}

function isOnThisMachine(url: string): boolean {
  try {
    const parsed = new URL(url);
    const host = parsed.searchParams.get('host') ?? parsed.hostname;
    return host === '' || host.startsWith('/') || ['localhost', '127.0.0.1', '[::1]', '::1'].includes(host);
  } catch {
    return false;
  }
}

async function isPostgresProcess(pid: number): Promise<boolean> {
  try {
    return /postgres/i.test(await readFile(`/proc/${pid}/cmdline`, 'latin1'));
  } catch {
    return false;
  }
}
