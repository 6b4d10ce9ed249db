// `npm run test:quick`, the edit loop: the engines, rules, hints, the player's session and statistics, at npm
// test's scale (some sweeps' thresholds need that many games). Left out, chosen by folder: the agents' and solvers'
// searches, training, the CLI, the packed package, the browser, Metro/Hermes, Python and the docs, which `npm test`
// runs. Left out by a tag: a file whose header has a line `// @slow: why` (a compiler run, child processes timed for
// allocation, a solver's deals). The projects are npm test's (test/helpers/projects.ts): most files share a module
// graph.
// A few of the tests kept run the CLI from dist/, which holds the last `npm run build`.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';
import { ENGINE_FOLDERS, filesMatching, sharedAndIsolated } from './test/helpers/projects.js';

/** The test files of the folders tagged `// @slow: …`. */
const slow = filesMatching(ENGINE_FOLDERS, /^\/\/ @slow: /m);
const exclude = ['test/games/*/{agents,solver,training}/**', 'test/games/*/{agents,solver}.test.ts', ...slow];
const { include: _all, projects: _both, ...options } = base.test ?? {};

export default defineConfig({
  ...base,
  test: {
    ...options,
    projects: sharedAndIsolated(
      { ...options, sequence: undefined, maxWorkers: undefined },
      ENGINE_FOLDERS.map((f) => `${f}/**/*.test.ts`),
      exclude,
    ),
  },
});
