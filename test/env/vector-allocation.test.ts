// VectorEnv.step allocates nothing but the outcome of each episode a step ends (as Env.step), in every
// mode: the Python package's engine process steps it for every frame, and its speed is `tengym bench`'s.
// @slow: child processes play every id to measure what a step allocates.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

type Report = Record<string, { bytes: number; steps: number; episodes: number }>;

/** Per episode: the ending step's outcome and Env.reset's result objects (Four Ten's, about 300 bytes);
 * one byte a step would show as thousands. */
const bound = (episodes: number) => 4096 + 512 * episodes;

function measure(ids: string[]): Report {
  const r = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--min-semi-space-size=64',
      '--max-semi-space-size=64',
      join(ROOT, 'test/env/fixtures/vector-allocation.mjs'),
      ...ids,
    ],
    { encoding: 'utf8' },
  );
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Report;
}

it('VectorEnv.step allocates only the outcomes of the episodes it ends, in every autoreset and illegal mode', () => {
  const report = measure([]);
  expect(Object.keys(report).length).toBeGreaterThan(0);
  // An id over the bound is measured again in a fresh process, as the Python package's engine process runs one
  // id. One process that has stepped every game can keep code the optimizer has made generic, and on a busy
  // machine that code boxed numbers on every step of the last ids (197,872 bytes where a fresh process
  // measures 256). A real allocation in the step shows in the fresh process too.
  const over = Object.entries(report).filter(([, m]) => m.bytes >= bound(m.episodes));
  const ids = [...new Set(over.map(([name]) => name.slice(0, name.indexOf(' ('))))];
  for (const id of ids) Object.assign(report, measure([id]));
  for (const [name, m] of Object.entries(report)) {
    expect(m.bytes, `${name}: ${m.bytes} bytes over ${m.steps} steps, ${m.episodes} episodes`).toBeLessThan(
      bound(m.episodes),
    );
  }
});
