// Decade's per-stack observation block with seven stacks, read against the state JSON: cards in
// each stack / 52, 1 for an eliminated stack, and the one-hot of the current stack, in positions
// where the current stack is each of the seven in turn.
import { describe, expect, it } from 'vitest';
import type { Env } from '../../../../src/env/env.js';
import { make } from '../../../../src/env/registry.js';
import { randomPosition } from '../../../helpers/decade.js';

interface Json {
  stacks: string[][];
  eliminated: boolean[];
  current: number;
}

/** The 21 floats after the card one-hots, as the observation table gives them. */
function expectedBlock(env: Env): number[] {
  const g = env.getState().game as Json;
  return [
    ...g.stacks.map((cards) => Math.fround(cards.length / 52)),
    ...g.eliminated.map((e) => (e ? 1 : 0)),
    ...g.stacks.map((_, k) => (k === g.current ? 1 : 0)),
  ];
}

const block = (env: Env) => Array.from(env.observation.subarray(520 * 7, 520 * 7 + 21));

describe('decade observation, seven stacks', () => {
  it('marks the current stack: 6 after the deal, then each stack a draw goes onto', () => {
    const env = make('decade-stacks', { discard: 'optional' });
    env.reset({ seed: 4 });
    expect(block(env).slice(14)).toEqual([0, 0, 0, 0, 0, 0, 1]);
    const seen = new Set<number>();
    for (let i = 0; i < 7; i++) {
      seen.add((env.getState().game as Json).current);
      expect(block(env)).toEqual(expectedBlock(env));
      env.step(0);
    }
    expect(seen.size).toBe(7);
  });

  it('sizes, eliminated stacks and the current stack match the state in random games', () => {
    const currents = new Set<number>();
    for (let seed = 0; seed < 30; seed++) {
      const env = randomPosition('decade-stacks', seed, 4 + seed * 3);
      currents.add((env.getState().game as Json).current);
      expect(block(env), `seed ${seed}`).toEqual(expectedBlock(env));
    }
    expect(currents.size).toBeGreaterThanOrEqual(5);
  });
});
