// Simple Tens has no real decisions: first, last and random play reach the same outcome on 1,000 deals, which is
// a rank-count model's; from many deals every legal order of moves (an exhaustive search) reaches one end.
import { describe, expect, it } from 'vitest';
import { parseCardCode } from '../../../src/env/cards.js';
import type { Env } from '../../../src/env/env.js';
import type { CardOutcome } from '../../../src/env/game.js';
import type { SlotState } from '../../../src/env/layouts/index.js';
import { make } from '../../../src/env/registry.js';
import { simpleTensGame } from '../../../src/games/simple-tens/engine.js';
import { scaled } from '../../helpers/scale.js';
import { first, gameJSON, last, playOut, randomPolicy, reachableEnds } from '../helpers.js';

const DECK = 36;

/** An independent model of the rules on rank counts alone: nine slots, pairs of ranks r and 8 − r. */
function referenceOutcome(deck: readonly number[]): CardOutcome {
  const held = new Array<number>(9).fill(0);
  let dealt = 0;
  let onGrid = 0;
  let removed = 0;
  const deal = (): void => {
    for (; onGrid < 9 && dealt < DECK; onGrid++) held[deck[dealt++] >> 2]++;
  };
  deal();
  for (;;) {
    let gone = false;
    for (let r = 0; r <= 4 && !gone; r++) {
      const need = r === 4 ? 2 : 1;
      if (held[r] >= need && held[8 - r] >= need) {
        held[r]--;
        held[8 - r]--;
        gone = true;
      }
    }
    if (!gone) break;
    removed += 2;
    onGrid -= 2;
    deal();
  }
  return { won: removed === DECK, cardsLeft: DECK - removed };
}

const dealOrder = (env: Env): number[] =>
  [...(gameJSON(env).tableau as string[]), ...gameJSON(env).stock].map(parseCardCode);

/** The search's memory: the grid's ranks as a multiset (slots and suits never matter) and the stock's position. */
const stateKey = (s: SlotState): string =>
  `${Array.from(s.slotCard, (c) => (c === 255 ? c : c >> 2))
    .sort((a, b) => a - b)
    .join()}|${s.stockPos}`;

describe('simple-tens: no real decisions', () => {
  it('first, last and random reach the same outcome as the rank-count model on 1,000 deals', () => {
    const envs = [make('simple-tens'), make('simple-tens'), make('simple-tens')];
    const policies = [first, last, randomPolicy(99)];
    let wins = 0;
    for (let seed = 0; seed < scaled(1000); seed++) {
      const outcomes = envs.map((env, k) => {
        env.reset({ seed });
        playOut(env, policies[k]);
        return env.outcome();
      });
      expect(outcomes[1], `seed ${seed}`).toEqual(outcomes[0]);
      expect(outcomes[2], `seed ${seed}`).toEqual(outcomes[0]);
      envs[0].reset({ seed });
      expect(outcomes[0], `seed ${seed}`).toEqual(referenceOutcome(dealOrder(envs[0])));
      if (outcomes[0].won) wins++;
    }
    expect(wins).toBeGreaterThan(0);
  });

  it('from the deal of 150 deals, every legal order of moves reaches one end (an exhaustive search)', () => {
    let searched = 0;
    for (let seed = 0; seed < scaled(150, 10); seed++) {
      const env = make('simple-tens');
      env.reset({ seed: 700 + seed });
      if (!env.running) continue;
      const ends = reachableEnds(simpleTensGame, env.options, env.rawState as SlotState, stateKey, 200_000);
      expect(ends.size, `seed ${700 + seed}: ${[...ends].join(' or ')}`).toBe(1);
      searched++;
    }
    expect(searched).toBeGreaterThan(0);
  });
});
