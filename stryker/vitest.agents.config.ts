// The tests that guard the fair agents' decisions, for `npm run mutate:agents`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/agents/{decade/baselines,decade/lookahead-solver,four-ten/baselines,four-ten-solver/solver}.test.ts',
    ],
    testTimeout: 600_000,
  },
});
