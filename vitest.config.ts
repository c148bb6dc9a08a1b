import { defineConfig } from 'vitest/config';

// Unit, engine and API integration tests. Browser journeys live in e2e/ with their own config.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'eval/vitest.config.ts'],
  },
});
