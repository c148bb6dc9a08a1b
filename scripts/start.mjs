// `npm start` / `npm run worker`: builds what is missing or older than its sources (the web app, the API),
// then runs the API server (with in-process workers) or, with `worker`, the job workers only.
// The server runs in this process (no second Node start): apps/api/dist/main.js reads `worker` from argv[2] and
// handles SIGINT/SIGTERM itself.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { buildParts, ROOT, SERVER_ENTRY } from './build-state.mjs';

const toBuild = buildParts().filter((part) => part.state);
for (const [index, part] of toBuild.entries()) {
  const why = part.state === 'missing' ? 'first start' : 'sources changed since the last build';
  const took = part.workspace === 'apps/web' ? 'about a minute' : 'a few seconds';
  console.log(`[${index + 1}/${toBuild.length}] Building ${part.name} (${why}; ${took})…`);
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', part.workspace], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (toBuild.length > 0) console.log('Build done. Starting Argo…');

await import(pathToFileURL(SERVER_ENTRY).href);
