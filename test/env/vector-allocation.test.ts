// VectorEnv.step allocates nothing but the outcome of each episode a step ends (as Env.step), in every
// mode: the Python package's engine process steps it for every frame, and its speed is `tengym bench`'s.
// @slow: child processes play every id to measure what a step allocates.
import { expect, it } from 'vitest';
import { measuredAllocations } from '../helpers/allocation.js';

interface Measured {
  bytes: number;
  steps: number;
  episodes: number;
}

/** Per episode: the ending step's outcome and Env.reset's result objects (Four Ten's, about 300 bytes);
 * one byte a step would show as thousands. */
const bound = (episodes: number) => 4096 + 512 * episodes;

it('VectorEnv.step allocates only the outcomes of the episodes it ends, in every autoreset and illegal mode', () => {
  // An entry is an id and a mode, "tens (same-step)"; one over the bound is measured again for its id alone.
  const report = measuredAllocations<Measured>(
    'test/env/fixtures/vector-allocation.mjs',
    (m) => m.bytes < bound(m.episodes),
    (name) => name.slice(0, name.indexOf(' (')),
  );
  expect(Object.keys(report).length).toBeGreaterThan(0);
  for (const [name, m] of Object.entries(report)) {
    expect(m.bytes, `${name}: ${m.bytes} bytes over ${m.steps} steps, ${m.episodes} episodes`).toBeLessThan(
      bound(m.episodes),
    );
  }
});
