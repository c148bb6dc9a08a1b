import { defineProject } from 'vitest/config';

// Engine unit tests and the source contract tests (local HTTP servers on 127.0.0.1, real OSM fixtures).
export default defineProject({
  test: {
    name: 'engine',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
