import { defineConfig } from 'vitest/config';
import { sharedAndIsolated } from './test/helpers/projects.js';
import LongestFirst from './test/helpers/sequencer.js';

/** The options of every test file, in both projects (test/helpers/projects.ts). */
const options = {
  globalSetup: ['test/helpers/scratch-root.ts'],
  setupFiles: ['test/helpers/register-games.ts'],
  // Twice the slowest test without a limit of its own (Four Ten's solver playing games: 39 s on a quiet 2-core
  // machine running two files at once), so that a slower or busier machine does not fail what passes.
  testTimeout: 120_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    ...options,
    include: ['test/**/*.test.ts'],
    // The engine tests share their workers' module graph; the CLI, training, browser and package tests do not.
    projects: sharedAndIsolated(options, ['test/**/*.test.ts'], []),
    // Every core: vitest's default leaves one free, which on a 2-core machine runs the files one at a time.
    maxWorkers: '100%',
    // The longest files first (test/durations.json), so that the workers finish together.
    sequence: { sequencer: LongestFirst },
  },
});
