// Bundles the API (and the workspace packages it imports, which ship TypeScript source) into dist/.
// Third-party packages stay external and load from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@argo/'));

await build({
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  // Bundled ESM still needs require() for the odd CommonJS dependency.
  banner: {
    js: "import { createRequire as __argoRequire } from 'node:module'; const require = __argoRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log('api: built dist/main.js');
