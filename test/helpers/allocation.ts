// The allocation tests' measurements (test/env/engines.test.ts, vector-allocation.test.ts): a fixture under
// test/env/fixtures/ run in a child process whose young generation is too large to be collected within a measured
// window, its JSON report read back. An entry over its bound is measured again in a fresh process for its id alone:
// one process that has stepped every game can keep code the optimizer made generic, which on a busy machine boxes
// numbers on every step of the last ids (197,872 bytes where a fresh process measured 256). A real allocation in the
// step shows in the fresh process too. Below full scale the pass over every id may take fewer windows
// and a shorter warm-up (TENGYM_ALLOCATION_QUICK, read by both fixtures): a real allocation shows in each window, and
// the recheck of an entry a noisy window put over its bound takes them all. The hot path's fixture keeps its windows
// and warms less: its short ones (fifteens: 500 steps) went over their bound on a loaded machine, in the recheck too,
// with half of them. The shorter warm-up took each fixture from about 20 s to about 10 s.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { fullScale } from './scale.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function measure<T>(fixture: string, ids: string[], quick = false): Record<string, T> {
  const r = spawnSync(
    process.execPath,
    ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64', join(ROOT, fixture), ...ids],
    { encoding: 'utf8', env: { ...process.env, TENGYM_ALLOCATION_QUICK: quick ? '1' : '' } },
  );
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, T>;
}

/**
 * The fixture's report for every id, each entry `within` its bound measured again alone where it was not. `idOf`
 * names the id of an entry (an entry per id and mode).
 */
export function measuredAllocations<T>(
  fixture: string,
  within: (entry: T) => boolean,
  idOf: (name: string) => string = (name) => name,
): Record<string, T> {
  const report = measure<T>(fixture, [], !fullScale);
  const over = Object.keys(report).filter((name) => !within(report[name]));
  for (const id of new Set(over.map(idOf))) Object.assign(report, measure<T>(fixture, [id]));
  return report;
}
