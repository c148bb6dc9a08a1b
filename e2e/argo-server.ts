import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Starting and stopping a built Argo server (apps/api/dist/main.js) as a child process: global-setup.ts starts the
 * run's main server with it, cognito-server.ts a second one in Cognito mode.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/api/dist/main.js');
const ARTIFACTS_DIR = path.join(ROOT, 'e2e/artifacts');
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

export interface RunningServer {
  child: ChildProcess;
  /** The last lines the server printed, for the error message when it does not come up. */
  recentOutput: string[];
}

/** Spawns the built server with `env`; everything it says goes to e2e/artifacts/<logName>, which CI keeps. */
export async function startServer(env: NodeJS.ProcessEnv, logName: string): Promise<RunningServer> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recentOutput: string[] = [];
  const log = createWriteStream(path.join(ARTIFACTS_DIR, logName));
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      recentOutput.push(line);
      if (recentOutput.length > 80) recentOutput.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', (code, signal) => {
    log.end(`[e2e] server exited (${code ?? signal})\n`);
  });
  return { child, recentOutput };
}

/** Polls GET /api/health until it answers 200; throws (with the server's last output) when it exits or times out. */
export async function waitUntilHealthy(
  baseUrl: string,
  server: RunningServer,
  label = 'The Argo server',
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    const { exitCode, signalCode } = server.child;
    if (exitCode !== null || signalCode !== null) {
      throw new Error(
        `${label} exited (${exitCode ?? signalCode}) before it was ready. Its output:\n${server.recentOutput.join('\n')}`,
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
    `${label} was not ready within ${READY_TIMEOUT_MS / 1000} s (${lastProblem}). Its output:\n${server.recentOutput.join('\n')}`,
  );
}

/** SIGTERM, then SIGKILL after 20 s; resolves when the process has exited. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
