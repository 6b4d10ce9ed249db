import { register } from 'tsx/esm/api';
import { defineConfig } from 'vitest/config';
import { sharedAndIsolated } from './test/helpers/projects.js';
import LongestFirst from './test/helpers/sequencer.js';

// The test files import the sources through Node's own `import`, with tsx's loader (registered here for this process,
// and by execArgv for the workers): Vite's module runner reads every imported binding through a getter, which made
// the searches and solvers two to ten times slower (docs/decisions/tests.md). The files that mock a module keep the
// module runner (test/helpers/projects.ts).
register();

/** The options of every test file, in every project (test/helpers/projects.ts). */
const options = {
  globalSetup: ['test/helpers/scratch-root.ts'],
  setupFiles: ['test/helpers/register-games.ts', 'test/helpers/backend-kept.ts'],
  // Twice the slowest test without a limit of its own (Four Ten's solver playing games: 39 s on a quiet 2-core
  // machine running two files at once), so that a slower or busier machine does not fail what passes.
  testTimeout: 120_000,
  pool: 'forks' as const,
  // V8 without threads of its own (compilers, collector) in the workers: on two cores, running two workers, those
  // threads only take turns with the other worker. The whole run took a tenth less processor time without them
  // (docs/decisions/tests.md).
  execArgv: ['--import', 'tsx', '--single-threaded'],
};

export default defineConfig({
  test: {
    ...options,
    // Node's own import; no loader hook of Vitest's, which only a mocked module needs (Node 20 has none to give).
    experimental: { viteModuleRunner: false, nodeLoader: false },
    include: ['test/**/*.test.ts'],
    // The engine tests share their workers' module graph; the CLI, training, browser and package tests do not, and
    // the files that mock a module run on Vite's module runner.
    projects: sharedAndIsolated(options, ['test/**/*.test.ts'], []),
    // Every core: vitest's default leaves one free, which on a 2-core machine runs the files one at a time.
    maxWorkers: '100%',
    // The longest files first (test/durations.json), so that the workers finish together.
    sequence: { sequencer: LongestFirst },
  },
});
