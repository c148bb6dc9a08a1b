// Bundles the `argo` command (src/cli/main.ts, with the contract it imports) into dist/cli.mjs, so that
// bin/argo.mjs loads one file instead of having tsx compile some three hundred source files on every run. The
// third-party packages stay in node_modules (the fingerprint data is read from its package's files).
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

const OUT_DIR = new URL('../dist/', import.meta.url);

/** Workspace packages ship TypeScript source: bundled. Everything else loads from node_modules. */
const thirdPartyExternal = {
  name: 'third-party-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@argo/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(OUT_DIR, { recursive: true, force: true });
await build({
  entryPoints: [new URL('../src/cli/main.ts', import.meta.url).pathname],
  outfile: new URL('cli.mjs', OUT_DIR).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [thirdPartyExternal],
  logLevel: 'warning',
});
