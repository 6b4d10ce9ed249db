// The pile games with cards hidden or in a stock have real decisions too: on each deal below, one first move keeps
// the deal winnable and another loses it (seen with every card known: the oracle, which the play after each move
// confirms). Fourteen Out's and Nestor's are in their own tests.
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/agents/index.js';
import { make } from '../../../src/env/registry.js';

const CASES = [
  { id: 'patient-pairs', seed: 5, wins: 'remove 10♣ + 10♠', loses: 'remove 4♣ + 4♥' },
  { id: 'the-wish', seed: 3, wins: 'remove 9♥ + 9♠', loses: 'remove 9♥ + 9♣' },
  { id: 'hurricane', seed: 7, wins: 'remove 4♦ + 10♠', loses: 'remove 10♥ + 4♦' },
  { id: 'ides-of-march', seed: 6, wins: 'remove Q♦ + 3♦', loses: 'remove K♣ + 2♥' },
] as const;

describe('the order of moves matters', () => {
  it.each(CASES)('$id seed $seed: "$wins" keeps the deal winnable, "$loses" loses it', ({ id, seed, wins, loses }) => {
    for (const [move, won] of [
      [wins, true],
      [loses, false],
    ] as const) {
      const env = make(id);
      env.reset({ seed });
      const action = env.legalActions().find((a) => env.describeAction(a) === move);
      expect(action, move).toBeDefined();
      env.step(action!);
      const oracle = createAgent('oracle', id);
      oracle.reset(0);
      while (env.running) env.step(oracle.act(env));
      expect((env.outcome() as { won: boolean }).won, move).toBe(won);
    }
  });
});
