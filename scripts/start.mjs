// `npm start` / `npm run worker`: builds the app when the build is missing or older than the sources,
// then runs the API server (with in-process workers) or, with `worker`, the job workers only.
import { spawn, spawnSync } from 'node:child_process';
import { buildState, ROOT, SERVER_ENTRY } from './build-state.mjs';

const state = buildState();
if (state) {
  console.log(
    state === 'missing'
      ? 'Building Argo (first start)…'
      : 'Sources changed since the last build: rebuilding…',
  );
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY, ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
