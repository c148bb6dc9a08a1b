import { defineProject } from 'vitest/config';

// The accuracy floors: the evaluation run on the labelled corpora may not fall below them (npm test runs this).
export default defineProject({
  test: {
    name: 'eval',
    include: ['*.test.ts'],
    testTimeout: 120_000,
  },
});
