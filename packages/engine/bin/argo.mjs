#!/usr/bin/env node
// The `argo` command. `npm run build` bundles it into dist/cli.mjs (scripts/build-cli.mjs), which starts in a
// fraction of the time; without a bundle, or when a source file is newer than it, tsx compiles the TypeScript
// source on the fly, so the command always runs the code as it is, on plain Node 20 with no build step.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/cli.mjs', import.meta.url));
const SOURCES = ['../src/', '../../contract/src/'].map((dir) => fileURLToPath(new URL(dir, import.meta.url)));

/** The newest modification time of the engine's and the contract's source files. */
function newestSource() {
  let newest = 0;
  for (const dir of SOURCES) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(`${entry.parentPath}/${entry.name}`).mtimeMs);
    }
  }
  return newest;
}

let main;
if (existsSync(bundle) && statSync(bundle).mtimeMs >= newestSource()) {
  ({ main } = await import(bundle));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
