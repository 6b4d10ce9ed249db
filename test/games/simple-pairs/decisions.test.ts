// Simple Pairs and Simple Carlo have no real decisions: first, last and random play reach the same
// outcome, which a rank-count model's is, and from many deals every legal order of moves (an
// exhaustive search) reaches one end.
import { describe, expect, it } from 'vitest';
import { DECK_SIZE, parseCardCode } from '../../../src/env/cards.js';
import type { Env } from '../../../src/env/env.js';
import type { CardOutcome } from '../../../src/env/game.js';
import type { SlotState } from '../../../src/env/layouts/index.js';
import { make } from '../../../src/env/registry.js';
import { simplePairsGame } from '../../../src/games/simple-pairs/engine.js';
import { scaled } from '../../helpers/scale.js';
import { first, gameJSON, last, playOut, randomPolicy, reachableEnds } from '../helpers.js';

/** An independent model of the rules on rank counts alone: G slots, a pair of any rank out, refill at once. */
function referenceOutcome(deck: readonly number[], slots: number): CardOutcome {
  const held = new Array<number>(13).fill(0);
  let dealt = 0;
  let onGrid = 0;
  let removed = 0;
  for (;;) {
    for (; onGrid < slots && dealt < DECK_SIZE; onGrid++) held[deck[dealt++] >> 2]++;
    const r = held.findIndex((n) => n >= 2);
    if (r < 0) break;
    held[r] -= 2;
    onGrid -= 2;
    removed += 2;
  }
  return { won: removed === DECK_SIZE, cardsLeft: DECK_SIZE - removed };
}

const dealOrder = (env: Env): number[] =>
  [...(gameJSON(env).tableau as string[]), ...gameJSON(env).stock].map(parseCardCode);

/** The search's memory: the grid's ranks as a multiset and the stock's position. */
const stateKey = (s: SlotState): string =>
  `${Array.from(s.slotCard, (c) => (c === 255 ? c : c >> 2))
    .sort((a, b) => a - b)
    .join()}|${s.stockPos}`;

describe('simple pairs: no real decisions', () => {
  for (const [id, slots, deals] of [
    ['simple-pairs', 9, 1000],
    ['simple-carlo', 25, 300],
  ] as const) {
    it(`${id}: first, last and random reach the rank-count model's outcome on ${deals} deals`, () => {
      const envs = [make(id), make(id), make(id)];
      const policies = [first, last, randomPolicy(5)];
      let wins = 0;
      for (let seed = 0; seed < scaled(deals); seed++) {
        const outcomes = envs.map((env, k) => {
          env.reset({ seed });
          playOut(env, policies[k]);
          return env.outcome();
        });
        envs[0].reset({ seed });
        const expected = referenceOutcome(dealOrder(envs[0]), slots);
        for (const outcome of outcomes) expect(outcome, `seed ${seed}`).toEqual(expected);
        if (expected.won) wins++;
      }
      expect(wins).toBeGreaterThan(0);
    });
  }

  it('from 100 Simple Pairs deals, every legal order of moves reaches one end (an exhaustive search)', () => {
    let searched = 0;
    for (let seed = 0; seed < scaled(100, 10); seed++) {
      const env = make('simple-pairs');
      env.reset({ seed: 500 + seed });
      if (!env.running) continue;
      const ends = reachableEnds(simplePairsGame, env.options, env.rawState as SlotState, stateKey, 200_000);
      expect(ends.size, `seed ${500 + seed}: ${[...ends].join(' or ')}`).toBe(1);
      searched++;
    }
    expect(searched).toBeGreaterThan(0);
  });
});
