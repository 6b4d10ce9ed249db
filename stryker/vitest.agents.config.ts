// The tests that guard the fair agents' decisions, for `npm run mutate:agents`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/games/decade/agents/{baselines,lookahead-solver}.test.ts',
      'test/games/four-ten/{agents/baselines,solver/solver}.test.ts',
    ],
    setupFiles: ['test/helpers/register-games.ts'],
    testTimeout: 600_000,
  },
});
