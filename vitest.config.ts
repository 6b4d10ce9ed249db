import { defineConfig } from 'vitest/config';
import LongestFirst from './test/helpers/sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/scratch-root.ts'],
    setupFiles: ['test/helpers/register-games.ts'],
    // Twice the slowest test without a limit of its own (Four Ten's solver playing games: 39 s on a quiet 2-core
    // machine running two files at once), so that a slower or busier machine does not fail what passes.
    testTimeout: 120_000,
    pool: 'forks',
    // Every core: vitest's default leaves one free, which on a 2-core machine runs the files one at a time.
    maxWorkers: '100%',
    // The longest files first (test/durations.json), so that the workers finish together.
    sequence: { sequencer: LongestFirst },
  },
});
