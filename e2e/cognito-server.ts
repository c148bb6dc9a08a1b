import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CognitoLocal, type CognitoPool, startCognitoLocal } from '../apps/api/test/cognito-local';
import {
  databaseUrlFor,
  findFreePort,
  findTestPostgres,
  quoteIdent,
  withClient,
} from '../apps/api/test/postgres-server';

/*
 * A second Argo server in Cognito mode for e2e/cognito.e2e.ts: cognito-local on 127.0.0.1 with a fresh pool, and
 * the built app (apps/api/dist/main.js) on its own database with COGNITO_* pointing at that pool. The run's main
 * server (global-setup.ts) keeps the built-in sign-in for the other journeys.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = path.join(ROOT, 'apps/api/dist/main.js');
const ARTIFACTS_DIR = path.join(ROOT, 'e2e/artifacts');
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

export interface CognitoArgo {
  baseUrl: string;
  cognito: CognitoLocal;
  pool: CognitoPool;
  stop(): Promise<void>;
}

export async function startCognitoArgo(): Promise<CognitoArgo> {
  if (!existsSync(SERVER_ENTRY))
    throw new Error('apps/api/dist/main.js is missing: run `npm run build` first.');
  const cleanups: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    const cognito = await startCognitoLocal();
    cleanups.push(() => cognito.stop());
    const pool = await cognito.createPool('argo-e2e');

    const postgres = await findTestPostgres();
    cleanups.push(() => postgres.stop());
    const name = `argo_e2e_cognito_${randomBytes(5).toString('hex')}`;
    await withClient(postgres.adminUrl, (admin) => admin.query(`CREATE DATABASE ${quoteIdent(name)}`));
    cleanups.push(() =>
      withClient(postgres.adminUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
      ),
    );

    const port = await findFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = await startServer({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ARGO_ROLE: 'all',
      DATABASE_URL: databaseUrlFor(postgres.adminUrl, name),
      COGNITO_USER_POOL_ID: pool.userPoolId,
      COGNITO_CLIENT_ID: pool.clientId,
      COGNITO_ENDPOINT: cognito.endpoint,
    });
    cleanups.push(() => stopChild(server.child));
    await waitUntilHealthy(baseUrl, server);
    return { baseUrl, cognito, pool, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

interface RunningServer {
  child: ChildProcess;
  recentOutput: string[];
}

async function startServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recentOutput: string[] = [];
  const log = createWriteStream(path.join(ARTIFACTS_DIR, 'server-cognito.log'));
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      recentOutput.push(line);
      if (recentOutput.length > 80) recentOutput.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', (code, signal) => log.end(`[e2e] server exited (${code ?? signal})\n`));
  return { child, recentOutput };
}

async function waitUntilHealthy(baseUrl: string, server: RunningServer): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    const { exitCode, signalCode } = server.child;
    if (exitCode !== null || signalCode !== null) {
      throw new Error(
        `The Cognito-mode Argo server exited (${exitCode ?? signalCode}). Its output:\n${server.recentOutput.join('\n')}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `GET /api/health answered ${response.status}`;
    } catch (error) {
      lastProblem = String(error);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(
    `The Cognito-mode Argo server was not ready within ${READY_TIMEOUT_MS / 1000} s (${lastProblem}):\n${server.recentOutput.join('\n')}`,
  );
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
