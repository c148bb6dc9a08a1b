import { defineConfig } from 'vitest/config';

// Browser journeys against the built app (`npm run build` first; `npm run test:e2e` does both).
// One server for the whole run (global-setup.ts); files run one after another so they do not fight over it.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
