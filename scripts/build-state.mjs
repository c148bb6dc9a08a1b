// Whether the build in apps/*/dist is missing or older than the sources it is made from.
// Used by `npm start` (builds only when needed) and by the benchmarks (which measure the built app).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/api/dist/main.js');
const OUTPUTS = [SERVER_ENTRY, path.join(ROOT, 'apps/web/dist/index.html')];
const SOURCES = [
  'apps/api/src',
  'apps/api/drizzle',
  'apps/web/src',
  'apps/web/public',
  'packages/contract/src',
  'packages/engine/src',
];

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** 'missing' when never built, 'stale' when a source changed since, else null. */
export function buildState() {
  const builtAt = Math.min(...OUTPUTS.map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
  if (builtAt === 0) return 'missing';
  const changedAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  return changedAt > builtAt ? 'stale' : null;
}
