import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit, engine and API integration tests. Browser journeys live in e2e/ with their own config.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'eval/vitest.config.ts'],
    // Vitest's default is one worker fewer than the cores: a single one on a 2-core machine, so the files ran one
    // after another. Most of their time is spent waiting (PostgreSQL, the servers and processes they start), so one
    // worker per core, at least two, overlaps that wait: the whole run took 594 s with one worker, 414 s with two.
    // Every file has its own database (apps/api/test/database.ts) and its own ports, so the files do not collide.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
