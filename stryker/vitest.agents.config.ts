// The tests that guard the fair agents' decisions, for `npm run mutate:agents`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/{agents-decade,decade-search,agents-four-ten,four-ten-solver}.test.ts'],
    testTimeout: 600_000,
  },
});
