import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  define: { __ARGO_BUILD_ID__: JSON.stringify('test') },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // A screen test waits for what the user would see (findBy*, up to testing/setup.ts's asyncUtilTimeout): on two
    // cores busy with the API suites beside it, one test can take tens of seconds without anything being wrong.
    testTimeout: 45_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
