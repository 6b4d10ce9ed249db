// `npm run test:quick`, the edit loop: the engines, rules, hints and statistics, at npm test's scale (some
// sweeps' thresholds need that many games). Left out, chosen by folder: the agents' and solvers' searches, training,
// the CLI, the packed package, the browser, Metro/Hermes, Python and the docs, which `npm test` runs. Left out by a
// tag: a file whose header has a line `// @slow: why` (a compiler run, child processes timed for allocation, a
// solver's deals).
// The files share their workers' module graph (`isolate: false`): each file otherwise imports and registers every
// game again, a third of this loop's time. A file that registers a game of its own (`registerGame`) runs isolated,
// so that no other file's sweep over the registry meets its game.
// A few of the tests kept run the CLI from dist/, which holds the last `npm run build`.
import { readFileSync, readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

const FOLDERS = ['test/env', 'test/games', 'test/hints', 'test/stats'];
const files = FOLDERS.flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${folder}/${f}`),
);
const withText = (pattern: RegExp) => files.filter((f) => pattern.test(readFileSync(f, 'utf8')));
/** The test files of FOLDERS tagged `// @slow: …`. */
const slow = withText(/^\/\/ @slow: /m);
/** The files that register a game of their own: directly, or through the test folder's Ten Pairs. */
const registering = withText(/\bregisterGame\b|helpers\/ten-pairs\.js/);
const exclude = ['test/games/*/{agents,solver,training}/**', 'test/games/*/{agents,solver}.test.ts', ...slow];

// The base config with its file lists replaced: each project repeats the base's test options itself, since a project
// that extends the root config would add the root's file list to its own.
const { include: _all, ...shared } = base.test ?? {};
export default defineConfig({
  ...base,
  test: {
    ...shared,
    projects: [
      {
        test: {
          ...shared,
          name: 'shared',
          include: FOLDERS.map((f) => `${f}/**/*.test.ts`),
          exclude: [...exclude, ...registering],
          isolate: false,
        },
      },
      { test: { ...shared, name: 'isolated', include: registering, exclude } },
    ],
  },
});
