// `npm run test:quick`, the edit loop: the engines, rules, hints and statistics, at npm test's scale (some
// sweeps' thresholds need that many games). Left out, chosen by folder: the agents' and solvers' searches, training,
// the CLI, the packed package, the browser, Metro/Hermes, Python and the docs, which `npm test` runs. Left out by a
// tag: a file whose header has a line `// @slow: why` (a compiler run, child processes timed for allocation, a
// solver's deals).
// A few of the tests kept run the CLI from dist/, which holds the last `npm run build`.
import { readFileSync, readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

const FOLDERS = ['test/env', 'test/games', 'test/hints', 'test/stats'];
/** The test files of FOLDERS tagged `// @slow: …`. */
const slow = FOLDERS.flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${folder}/${f}`)
    .filter((f) => /^\/\/ @slow: /m.test(readFileSync(f, 'utf8'))),
);

// The base config with its file lists replaced (mergeConfig would add them to the base's).
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: FOLDERS.map((f) => `${f}/**/*.test.ts`),
    exclude: ['test/games/*/{agents,solver,training}/**', 'test/games/*/{agents,solver}.test.ts', ...slow],
  },
});
