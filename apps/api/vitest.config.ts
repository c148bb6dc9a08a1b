import { defineProject } from 'vitest/config';

// API unit and integration tests. Every test file that needs PostgreSQL calls createTestDatabase()
// (test/database.ts) and gets its own database cloned from the template that test/global-setup.ts migrates.
export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: './test/global-setup.ts',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
