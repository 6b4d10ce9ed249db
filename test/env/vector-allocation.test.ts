// VectorEnv.step allocates nothing but the outcome of each episode a step ends (as Env.step), in every
// mode: the Python package's engine process steps it for every frame, and its speed is `tengym bench`'s.
// @slow: child processes play every id to measure what a step allocates.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

it('VectorEnv.step allocates only the outcomes of the episodes it ends, in every autoreset and illegal mode', () => {
  const r = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--min-semi-space-size=64',
      '--max-semi-space-size=64',
      join(ROOT, 'test/env/fixtures/vector-allocation.mjs'),
    ],
    { encoding: 'utf8' },
  );
  expect(r.status, r.stderr).toBe(0);
  const report = JSON.parse(r.stdout) as Record<string, { bytes: number; steps: number; episodes: number }>;
  expect(Object.keys(report).length).toBeGreaterThan(0);
  for (const [name, m] of Object.entries(report)) {
    // Per episode: the ending step's outcome and Env.reset's result objects (Four Ten's, about 300 bytes);
    // one byte a step would show as thousands.
    expect(m.bytes, `${name}: ${m.bytes} bytes over ${m.steps} steps, ${m.episodes} episodes`).toBeLessThan(
      4096 + 512 * m.episodes,
    );
  }
});
