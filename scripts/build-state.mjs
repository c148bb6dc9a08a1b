// Whether the build in apps/*/dist is missing or older than the sources it is made from.
// Used by `npm start` (builds only what is needed) and by the benchmarks (which measure the built app).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/api/dist/main.js');
/**
 * Node flags of a process that serves the API (`npm start`, `ARGO_ROLE=api`; not a worker): a 32 MB young-generation
 * semi-space instead of V8's 16 MB. A results page allocates about 1 MB (rows, their JSON); with the default, the
 * scavenges of a busy API took a sixth of its CPU (GC 18% of a results request's profile). 32 MB cut the API's CPU
 * per results page by 13-20% (2.3-2.5 → 2.0-2.2 ms) and lowered its peak RSS (fewer objects promoted). V8 reads it
 * only at start: package.json's `start` script and README "Scaling out" give it on the command line, and the
 * benches start API processes with it.
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=32'];

/** The two builds of `npm run build`, in its order: each one's output and the sources it is made from. */
const BUILD_PARTS = [
  {
    name: 'the web app',
    workspace: 'apps/web',
    output: path.join(ROOT, 'apps/web/dist/index.html'),
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/contract/src',
      'package-lock.json',
    ],
  },
  {
    name: 'the API',
    workspace: 'apps/api',
    output: SERVER_ENTRY,
    // The API bundles its third-party packages too: an `npm install` that changes one rebuilds it.
    sources: [
      'apps/api/src',
      'apps/api/scripts',
      'packages/contract/src',
      'packages/engine/src',
      'package-lock.json',
    ],
  },
];

/** The newest mtime of a file, or of a folder and everything in it (a folder's own changes when a file is deleted). */
function newestMtime(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

/** Each part with its state: 'missing' when never built, 'stale' when a source changed since, else null. */
export function buildParts() {
  const newest = new Map(); // a source both parts share is walked once
  const changed = (source) => {
    if (!newest.has(source)) newest.set(source, newestMtime(path.join(ROOT, source)));
    return newest.get(source);
  };
  return BUILD_PARTS.map((part) => {
    const builtAt = existsSync(part.output) ? statSync(part.output).mtimeMs : 0;
    if (builtAt === 0) return { ...part, state: 'missing' };
    const changedAt = Math.max(...part.sources.map(changed));
    return { ...part, state: changedAt > builtAt ? 'stale' : null };
  });
}

/** 'missing' when a part was never built, 'stale' when a source changed since, else null. */
export function buildState() {
  const states = buildParts().map((part) => part.state);
  return states.includes('missing') ? 'missing' : states.includes('stale') ? 'stale' : null;
}
