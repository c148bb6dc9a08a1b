import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

/** A build id such as "20250101T120000-k3x9q2": UTC time of the build plus a short random part. */
function createBuildId(): string {
  const time = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
  return `${time}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Writes dist/version.txt and exposes the same id as __ARGO_BUILD_ID__. The running app compares
 * /version.txt with the id it stored, and reloads when a new build has been deployed.
 */
function buildIdPlugin(buildId: string): Plugin {
  return {
    name: 'argo-build-id',
    config: () => ({ define: { __ARGO_BUILD_ID__: JSON.stringify(buildId) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.txt', source: buildId });
    },
  };
}

/**
 * Writes .br and .gz beside every JS, CSS, SVG and HTML file of the build, so the server sends them
 * precompressed (@fastify/static `preCompressed`) without compressing on each request.
 */
function precompressPlugin(): Plugin {
  const toBrotli = promisify(brotliCompress);
  const toGzip = promisify(gzip);
  return {
    name: 'argo-precompress',
    apply: 'build',
    enforce: 'post',
    // writeBundle, not generateBundle: Vite rewrites chunks (e.g. its preload helper) until they are written.
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|html)$/.test(fileName)) continue;
        const source = await readFile(path.join(outDir, fileName));
        const [br, gz] = await Promise.all([
          toBrotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
          toGzip(source, { level: 9 }),
        ]);
        await writeFile(path.join(outDir, `${fileName}.br`), br);
        await writeFile(path.join(outDir, `${fileName}.gz`), gz);
      }
    },
  };
}

export default defineConfig(({ mode }) => {
  // ARGO_API_URL points the dev/preview proxy at another API (default: the one `npm run dev` starts).
  const apiUrl = loadEnv(mode, '.', '').ARGO_API_URL || 'http://127.0.0.1:3000';
  const proxy = { '/api': { target: apiUrl, changeOrigin: false } };
  return {
    plugins: [
      // The router plugin must come before the react plugin. Loaders are split off with the components: what a
      // route loads (its feature's API calls, the contract's schemas) comes with that route, not with every page.
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        codeSplittingOptions: {
          defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
        },
        quoteStyle: 'single',
      }),
      react(),
      buildIdPlugin(createBuildId()),
      precompressPlugin(),
    ],
    server: { proxy },
    preview: { proxy },
    build: { outDir: 'dist', emptyOutDir: true },
  };
});
