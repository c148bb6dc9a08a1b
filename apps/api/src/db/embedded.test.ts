import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../test/postgres-server';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded';

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

function postgresUserIds(): { uid: number; gid: number } {
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** The pid of a process that has exited, as a killed server leaves behind in postmaster.pid. */
async function deadPid(): Promise<number> {
  const child = spawn('true');
  await new Promise((done) => child.once('exit', done));
  return child.pid ?? 0;
}

describe('startEmbeddedPostgres', () => {
  let dataDir: string;
  let port: number;
  const started: EmbeddedPostgres[] = [];
  const start = async () => {
    const server = await startEmbeddedPostgres({ dataDir, port });
    started.push(server);
    return server;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'argo-embedded-test-'));
    port = await findFreePort();
  });
  afterAll(async () => {
    for (const server of started) await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates a cluster and the argo database on first start, and finds the data after a restart', async () => {
    const first = await start();
    expect(first.url).toContain(`@127.0.0.1:${port}/argo`);
    // Through the Unix socket in the cluster's directory (no server address: not TCP).
    expect(first.url).toContain(`?host=${encodeURIComponent(join(dataDir, 'postgres'))}`);
    expect(await query(first.url, 'SELECT inet_server_addr() AS address')).toEqual([{ address: null }]);
    // TCP on 127.0.0.1 too, for other tools.
    const tcp = first.url.replace(/\?.*$/, '');
    expect(await query(tcp, 'SELECT inet_server_addr() AS address')).toEqual([{ address: '127.0.0.1' }]);
    expect(first.isReused).toBe(false);
    expect(first.initialised).toBe(true); // main.ts says "first start" in its progress lines
    await query(first.url, 'CREATE TABLE kept (value text); INSERT INTO kept VALUES ($$still here$$)');
    const [version] = await query<{ server_version_num: string }>(first.url, 'SHOW server_version_num');
    expect(Number(version?.server_version_num)).toBeGreaterThanOrEqual(180000);
    await first.stop();
    await expect(query(first.url, 'SELECT 1')).rejects.toThrow();

    const second = await start();
    expect(second.initialised).toBe(false);
    expect(await query(second.url, 'SELECT value FROM kept')).toEqual([{ value: 'still here' }]);
    await second.stop();
  });

  it('starts despite a stale postmaster.pid, also when its pid now belongs to another process', async () => {
    const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
    // The layout PostgreSQL writes: pid, data dir, start time, port, socket dir, listen address, shm key, status.
    // A killed server leaves its socket's lock file too, naming the same pid.
    const writeStalePidFile = async (pid: number) => {
      const cluster = join(dataDir, 'postgres');
      const lines = [pid, cluster, '0', port, cluster, '127.0.0.1', '0 0', 'ready   ', ''].join('\n');
      await writeFile(pidFile, lines);
      await writeFile(
        join(cluster, `.s.PGSQL.${port}.lock`),
        [pid, cluster, '0', port, cluster, ''].join('\n'),
      );
    };

    await writeStalePidFile(await deadPid());
    const afterKill = await start();
    expect(await query(afterKill.url, 'SELECT value FROM kept')).toEqual([{ value: 'still here' }]);
    await afterKill.stop();

    // In a container a killed server's pid is soon reused. PostgreSQL alone refuses to start when the new owner
    // runs as the same user as PostgreSQL (the `postgres` user when we are root).
    const unrelated = spawn('sleep', ['30'], process.getuid?.() === 0 ? postgresUserIds() : {});
    try {
      await writeStalePidFile(unrelated.pid ?? 0);
      const afterReuse = await start();
      expect(afterReuse.isReused).toBe(false);
      expect(Number((await readFile(pidFile, 'utf8')).split('\n')[0])).not.toBe(unrelated.pid);
      await afterReuse.stop();
    } finally {
      unrelated.kill();
    }
  });

  it('reuses a server another process already runs on the same directory, and leaves it running', async () => {
    const owner = await start();
    const guest = await start();
    expect(guest.isReused).toBe(true);
    expect(guest.url).toBe(owner.url);
    await guest.stop();
    expect(await query(owner.url, 'SELECT value FROM kept')).toEqual([{ value: 'still here' }]);
    await owner.stop();
  });
});
