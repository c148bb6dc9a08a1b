/**
 * Crash safety of the server process: the real `src/main.ts` in its default role — HTTP and the
 * job workers in one process, as `npm start` runs it — is killed (SIGKILL, no goodbye) during a CSV import that is
 * driven over HTTP against it, and started again after each kill:
 *  - in the middle of the upload's body: the upload is read whole before anything is written (session and file in
 *    one transaction), so nothing of it is stored, and uploading again works;
 *  - 5 times while the import job of a 30,000-row file runs, each time just after the job has committed the batch
 *    holding a seeded random line (one in each sixth of the file, so every kill lands mid-run however fast the
 *    machine): pg-boss hands the orphaned job to the restarted server (its expiry and retry delay are shortened
 *    here so the test does not wait half an hour), which resumes after the last committed batch. At the end
 *    every valid row is one business, every rejected row is recorded once, progress never went back, and info
 *    and results answer through the last server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, type JobQueue } from '../../src/jobs/queue';
import { createAdmin, type TestUser } from '../../src/modules/access/access.fixtures';
import { createTestApp, type TestApp } from '../app';
import { isFinished, multipart } from '../workers';

const API_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROWS = 30_000;
/** Every 997th row has no name: rejected with its line number. */
const isNameless = (i: number) => i % 997 === 0;
const REJECTED = Array.from({ length: ROWS }, (_, i) => i + 1).filter(isNameless).length;
const KILLS = 5;

/** mulberry32: the kill moments are random but the same on every run (seed 11). */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Header + ROWS rows; row i is on line i + 1, with its own name and domain (nothing merges). */
function generateCsv(): string {
  const lines = ['Company Name,Website,City,Category'];
  for (let i = 1; i <= ROWS; i++) {
    const name = isNameless(i) ? '' : `"Server Crash Bakery ${i}, Inc."`;
    lines.push(`${name},https://www.server-bakery-${i}.com/,Springfield,bakery`);
  }
  return `${lines.join('\n')}\n`;
}

interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<unknown>;
}

// biome-ignore lint/suspicious/noExplicitAny: test helper; the shapes are asserted where they matter
type Body = any;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const address = probe.address();
  await new Promise((done) => probe.close(done));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Bytes the process has read through read(2) so far (sockets included); null where /proc is not there. */
function bytesRead(pid: number | undefined): number | null {
  try {
    const match = /^rchar:\s*(\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

describe('a CSV import survives kills of the server process (API + jobs in one process)', () => {
  let t: TestApp;
  let admin: TestUser;
  let maintenance: JobQueue;
  let server: ServerProcess | null = null;
  const random = seeded(11);
  const csv = generateCsv();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    // Expires the job of a killed server (the test shortens its expiry) and queues its retry.
    maintenance = createJobQueue({ connectionString: t.database.url, maintenanceIntervalSeconds: 1 });
    await maintenance.start();
  }, 60_000);

  afterAll(async () => {
    if (server) await kill(server);
    await maintenance?.stop({ timeoutMs: 2000 });
    await t?.close();
  });

  /** `node --import tsx src/main.ts` (no build needed) on a free port against the test database; ready at 200 health. */
  async function startServer(): Promise<ServerProcess> {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        DATABASE_URL: t.database.url,
        ARGO_ROLE: 'all',
        HOST: '127.0.0.1',
        PORT: String(port),
        // The issuer of the test app's ID tokens: the same identity provider, keys and secret from the database.
        PUBLIC_URL: t.config.PUBLIC_URL,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise((done) => child.once('exit', done));
    let hasExited = false;
    void exited.then(() => {
      hasExited = true;
    });
    const started = Date.now();
    for (;;) {
      if (hasExited) throw new Error(`the server exited while starting: ${output.slice(-2000)}`);
      if (Date.now() - started > 120_000) {
        child.kill('SIGKILL');
        throw new Error(`the server did not answer /api/health in 120 s: ${output.slice(-2000)}`);
      }
      const ok = await fetch(`${baseUrl}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return { child, baseUrl, exited };
      await sleep(100);
    }
  }

  async function kill(target: ServerProcess): Promise<void> {
    target.child.kill('SIGKILL');
    await target.exited;
    if (server === target) server = null;
  }

  /** A call to the running server process, as the admin. */
  async function api(
    method: string,
    path: string,
    body?: { json?: unknown; raw?: Buffer; headers?: Record<string, string> },
  ): Promise<{ status: number; body: Body }> {
    if (!server) throw new Error('no server is running');
    const headers: Record<string, string> = { authorization: `Bearer ${admin.token}`, ...body?.headers };
    let payload: Buffer | string | undefined = body?.raw;
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    }
    const res = await fetch(`${server.baseUrl}/api${path}`, { method, headers, body: payload });
    const text = await res.text();
    const isJson = (res.headers.get('content-type') ?? '').includes('json') && text;
    return { status: res.status, body: isJson ? JSON.parse(text) : text };
  }

  /** Every progress.done seen, in the order seen: from info answers and from the table right after each kill. */
  const seenDone: number[] = [];

  /** GET info through the server until `isDone(info)`. */
  async function waitForInfo(id: string, isDone: (info: Body) => boolean, timeoutMs = 30_000): Promise<Body> {
    const started = Date.now();
    let last: unknown;
    for (;;) {
      const res = await api('GET', `/user/session/${id}/info`);
      last = res.body;
      if (res.status === 200) {
        seenDone.push(res.body.progress.done);
        if (isDone(res.body)) return res.body;
      }
      if (Date.now() - started > timeoutMs) {
        throw new Error(`timed out waiting for the session: ${JSON.stringify(last).slice(0, 2000)}`);
      }
      await sleep(50);
    }
  }

  const form = (name: string) => multipart({ name }, { name: 'bakeries.csv', data: csv });

  async function upload(name: string) {
    const { body, headers } = form(name);
    return api('POST', '/discovery/import', { raw: body, headers });
  }

  /** What the account has stored of sessions and uploaded files, straight from the tables. */
  async function storedUploads() {
    const { rows } = await t.database.pool.query(
      `select
        (select count(*)::int from sessions where account_id = $1) as sessions,
        (select count(*)::int from session_files where account_id = $1) as files`,
      [admin.accountId],
    );
    return rows[0] as { sessions: number; files: number };
  }

  it('killed in the middle of the upload body: nothing is stored; after a restart uploading again works', async () => {
    server = await startServer();
    const target = server;
    const { body, headers } = form('Cut-off upload');
    const cutAt = Math.floor(body.length * (0.3 + random() * 0.4));
    const readBefore = bytesRead(target.child.pid);
    const req = request(`${target.baseUrl}/api/discovery/import`, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(body.length), authorization: `Bearer ${admin.token}` },
    });
    const answer = new Promise<string>((done) => {
      req.on('response', (res) => done(`answered ${res.statusCode}`));
      req.on('error', (error) => done(`failed: ${error.message}`));
    });
    // The body goes out in 16 KB pieces, each handed to the socket before the next, and stops at cutAt.
    for (let sent = 0; sent < cutAt; sent += 16 * 1024) {
      const piece = body.subarray(sent, Math.min(sent + 16 * 1024, cutAt));
      await new Promise<void>((done, fail) => req.write(piece, (error) => (error ? fail(error) : done())));
    }
    // The server is reading the stream, not just the kernel buffering it: the process has read at least as many
    // bytes as were sent (Linux: /proc/<pid>/io; elsewhere the kill just follows the last write).
    if (readBefore !== null) {
      for (let i = 0; i < 400; i++) {
        const read = bytesRead(target.child.pid);
        if (read !== null && read - readBefore >= cutAt) break;
        await sleep(25);
      }
      expect((bytesRead(target.child.pid) ?? 0) - readBefore).toBeGreaterThanOrEqual(cutAt);
    }
    await kill(target);
    expect(await answer).toMatch(/^failed: /);

    // The upload is read whole before the session and its file are stored in one transaction: nothing half-stored.
    expect(await storedUploads()).toEqual({ sessions: 0, files: 0 });
    server = await startServer();
    const listed = await api('GET', '/users/sessions');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain('Cut-off upload');

    const again = await upload('Uploaded again');
    expect(again.status, JSON.stringify(again.body).slice(0, 500)).toBe(201);
    expect(again.body.session).toMatchObject({ status: 'draft', name: 'Uploaded again' });
    expect(again.body.preview.row_count).toBe(ROWS);
    expect(await storedUploads()).toEqual({ sessions: 1, files: 1 });
  }, 120_000);

  /**
   * The server answers /api/health once its API listens; its job thread may still be loading its modules (from
   * source with tsx, on a machine busy with the rest of the suite), so the job can wait a while to be taken.
   */
  async function waitForActiveJob(): Promise<void> {
    const started = Date.now();
    while (Date.now() - started < 150_000) {
      const { rows } = await t.database.pool.query(
        `select count(*)::int as n from pgboss.job where name = 'session.import' and state = 'active'`,
      );
      if (rows[0].n > 0) return;
      await sleep(50);
    }
    const { rows } = await t.database.pool.query(
      `select state::text, retry_count, retry_limit, start_after, expire_in::text from pgboss.job where name = 'session.import'`,
    );
    const session = await t.database.pool.query(`select status::text, progress_done, error from sessions`);
    throw new Error(
      `no server took the session.import job: ${JSON.stringify(rows)} ${JSON.stringify(session.rows)}`,
    );
  }

  /**
   * The job of the killed server: expired now (not in 30 minutes), retries not spent, its retry due at once and
   * given its own expiry back (else the maintenance here would expire the restarted server's attempt after 1 s).
   */
  async function reviveJob(): Promise<void> {
    const { rows } = await t.database.pool.query(
      `select id, expire_in::text from pgboss.job where name = 'session.import' and state = 'active'`,
    );
    expect(rows).toHaveLength(1);
    await t.database.pool.query(
      `update pgboss.job set expire_in = interval '1 second', retry_limit = 50 where id = $1`,
      [rows[0].id],
    );
    for (let i = 0; i < 200; i++) {
      const { rowCount } = await t.database.pool.query(
        `update pgboss.job set start_after = now(), expire_in = $1::interval
         where name = 'session.import' and state = 'retry'`,
        [rows[0].expire_in],
      );
      if (rowCount) return;
      await sleep(100);
    }
    throw new Error('pg-boss never retried the session.import job of the killed server');
  }

  /** The session as the killed server left it: status, progress, and the run's cursor (last committed line). */
  async function sessionRow(id: string) {
    const { rows } = await t.database.pool.query(
      `select s.status::text, s.progress_done::int as done, coalesce((r.state->>'line')::int, 0) as line
       from sessions s join session_runs r on r.session_id = s.id where s.id = $1`,
      [id],
    );
    return rows[0] as { status: string; done: number; line: number };
  }

  /** Waits until the running job has committed the batch holding `line` (the cursor is written with each batch). */
  async function waitForLine(id: string, line: number): Promise<void> {
    const started = Date.now();
    while ((await sessionRow(id)).line < line) {
      // Generous: on two cores busy with the rest of the suite a restarted worker takes long to get going.
      if (Date.now() - started > 180_000) throw new Error(`the import never reached line ${line}`);
      await sleep(20);
    }
  }

  /** Counts straight from the tables: rows, distinct names, sources, rejected rows and distinct lines. */
  async function stored(id: string) {
    const { rows } = await t.database.pool.query(
      `select
        (select count(*)::int from businesses where session_id = $1) as businesses,
        (select count(distinct name)::int from businesses where session_id = $1) as names,
        (select coalesce(sum(jsonb_array_length(sources)), 0)::int from businesses where session_id = $1) as sources,
        (select count(*)::int from session_rejected_rows where session_id = $1) as rejected,
        (select count(distinct line)::int from session_rejected_rows where session_id = $1) as rejected_lines`,
      [id],
    );
    return rows[0] as Record<'businesses' | 'names' | 'sources' | 'rejected' | 'rejected_lines', number>;
  }

  it('killed at 5 seeded random points of the import job: completes, every valid row once, every rejected row once', async () => {
    server ??= await startServer();
    const uploaded = await upload('Server crash import');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.mapping).toMatchObject({ name: 'Company Name', website: 'Website', city: 'City' });
    const id: string = uploaded.body.session.id;
    const confirmed = await api('POST', `/discovery/import/${id}/mapping`, {
      json: { mapping: uploaded.body.mapping },
    });
    expect(confirmed.status).toBe(202);

    const kills: Array<{ target: number; line: number; done: number }> = [];
    for (let k = 0; k < KILLS; k++) {
      // A seeded random line in the k-th sixth of the file: the server dies just after the batch holding it.
      const target = Math.floor((ROWS * (k + 0.1 + 0.8 * random())) / (KILLS + 1));
      await waitForActiveJob();
      await waitForInfo(id, (i) => i.status === 'running');
      await waitForLine(id, target);
      await kill(server as ServerProcess);
      const killed = await sessionRow(id);
      seenDone.push(killed.done);
      // The kill landed while the job ran: the session is neither finished nor done.
      expect(killed.status, `kill ${k + 1}`).toBe('running');
      expect(killed.line, `kill ${k + 1}`).toBeLessThan(ROWS + 1);
      kills.push({ target, line: killed.line, done: killed.done });
      [server] = await Promise.all([startServer(), reviveJob()]);
    }

    const info = await waitForInfo(id, isFinished, 180_000);
    expect(info).toMatchObject({ status: 'completed', error: null, rejected_count: REJECTED });
    expect(info.progress).toEqual({ total: ROWS, done: ROWS, failed: REJECTED });
    expect(await stored(id)).toEqual({
      businesses: ROWS - REJECTED,
      names: ROWS - REJECTED,
      sources: ROWS - REJECTED,
      rejected: REJECTED,
      rejected_lines: REJECTED,
    });
    const lines = info.rejected_rows.map((r: { line: number }) => r.line);
    expect(lines.slice(0, 3)).toEqual([998, 1995, 2992]);

    const results = await api('GET', `/user/session/${id}/results?pageSize=5000&sortBy=name&sortOrder=asc`);
    expect(results.status).toBe(200);
    expect(results.body.total).toBe(ROWS - REJECTED);
    expect(results.body.items).toHaveLength(5000);
    expect(new Set(results.body.items.map((b: { name: string }) => b.name)).size).toBe(5000);

    // Each restarted server went on from where the killed one stopped: progress never went back.
    expect(seenDone).toEqual([...seenDone].sort((a, b) => a - b));
    const killedAt = kills.map((k) => k.line);
    expect(killedAt).toEqual([...killedAt].sort((a, b) => a - b));
    expect(kills).toHaveLength(KILLS);
    console.info(`[server-crash-import] kills survived: ${JSON.stringify(kills)}`);
  }, 900_000);
});
