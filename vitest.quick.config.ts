// `npm run test:quick`, the edit loop: the engines, rules, hints and statistics, at a twentieth of the sampled sweeps
// (TENGYM_TEST_SCALE=0.05). Left out, chosen by folder: the agents' and solvers' searches, training, the CLI, the
// packed package, the browser, Metro/Hermes, Python and the docs, which `npm test` runs. A few of these tests run
// the CLI from dist/, which holds the last `npm run build`.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// The base config with its file lists replaced (mergeConfig would add them to the base's).
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/env/**/*.test.ts', 'test/games/**/*.test.ts', 'test/hints/**/*.test.ts', 'test/stats/**/*.test.ts'],
    exclude: ['test/games/*/{agents,solver,training}/**', 'test/games/*/{agents,solver}.test.ts'],
  },
});
