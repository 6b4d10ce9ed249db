// Thirteens has no real decisions: first, last and random play reach the same outcome on 1,000
// deals, which is a rank-count model's; from many positions every legal order of moves (an
// exhaustive search) reaches one end. And the random-game invariants and the contract checker.
import { describe, expect, it } from 'vitest';
import { DECK_SIZE, parseCardCode } from '../../../src/env/cards.js';
import { checkEnv } from '../../../src/env/checker.js';
import type { Env } from '../../../src/env/env.js';
import type { CardOutcome } from '../../../src/env/game.js';
import { make } from '../../../src/env/registry.js';
import { createRng, randomInt } from '../../../src/env/rng.js';
import { thirteensGame, thirteensOf, type ThirteensState } from '../../../src/games/thirteens/engine.js';
import { scaled } from '../../helpers/scale.js';
import { first, gameJSON, last, playOut, randomPolicy, reachableEnds } from '../helpers.js';

/** An independent model of the rules on rank counts alone. */
function referenceOutcome(deck: readonly number[]): CardOutcome {
  const held = new Array<number>(13).fill(0);
  let dealt = 0;
  let onGrid = 0;
  let removed = 0;
  const deal = (): void => {
    for (; onGrid < 10 && dealt < DECK_SIZE; onGrid++) held[deck[dealt++] >> 2]++;
  };
  deal();
  for (;;) {
    let gone = 0;
    if (held[12] > 0) {
      held[12]--;
      gone = 1;
    }
    for (let r = 0; r < 6 && !gone; r++) {
      if (held[r] > 0 && held[11 - r] > 0) {
        held[r]--;
        held[11 - r]--;
        gone = 2;
      }
    }
    if (!gone) break;
    removed += gone;
    onGrid -= gone;
    deal();
  }
  return { won: removed === DECK_SIZE, cardsLeft: DECK_SIZE - removed };
}

const dealOrder = (env: Env): number[] =>
  [...(gameJSON(env).tableau as string[]), ...gameJSON(env).stock].map(parseCardCode);

/** The search's memory: the grid's ranks as a multiset (slots and suits never matter) and the stock's position. */
const stateKey = (s: ThirteensState): string =>
  `${Array.from(s.slotCard, (c) => (c === 255 ? c : c >> 2))
    .sort((a, b) => a - b)
    .join()}|${s.stockPos}`;

describe('thirteens: no real decisions', () => {
  it('first, last and random reach the same outcome as the rank-count model on 1,000 deals', () => {
    const envs = [make('thirteens'), make('thirteens'), make('thirteens')];
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
    expect(wins).toBeGreaterThan(scaled(1000) / 3);
  });

  it('from the deal of 150 deals, every legal order of moves reaches one end (an exhaustive search)', () => {
    let searched = 0;
    for (let seed = 0; seed < scaled(150, 10); seed++) {
      const env = make('thirteens');
      env.reset({ seed: 700 + seed });
      if (!env.running) continue;
      const ends = reachableEnds(thirteensGame, env.options, thirteensOf(env)!.state, stateKey, 200_000);
      expect(ends.size, `seed ${700 + seed}: ${[...ends].join(' or ')}`).toBe(1);
      searched++;
    }
    expect(searched).toBeGreaterThan(0);
  });
});

describe('thirteens: invariants and the contract', () => {
  it('every card in one place, mask = legal list, rewards add up, over random games', () => {
    for (const reward of ['win', 'cards'] as const) {
      const env = make('thirteens', { reward });
      const rng = createRng(7);
      for (let seed = 0; seed < scaled(600); seed++) {
        env.reset({ seed: 10_000 + seed });
        let total = 0;
        for (;;) {
          const problem = env.game.checkState!(env.rawState, env.options);
          if (problem) expect.fail(`seed ${seed}: ${problem}`);
          const maskIds = Array.from(env.mask.keys()).filter((a) => env.mask[a] === 1);
          if (maskIds.join() !== env.legalActions().join())
            expect.fail(`seed ${seed}: mask ${maskIds} but legal ${env.legalActions()}`);
          if (!env.running) break;
          total += env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]).reward;
        }
        expect(total).toBe(env.game.expectedReturn!(env.outcome(), env.options));
      }
    }
  });

  it('passes the contract checker, with explicit decks, under the defaults and every option off them', () => {
    const rng = createRng(4242);
    const cards = [...'A23456789TJQK'].flatMap((r) => [...'CDHS'].map((s) => r + s));
    const decks = Array.from({ length: scaled(12, 4) }, () => {
      const deck = [...cards];
      for (let i = deck.length - 1; i > 0; i--) {
        const j = randomInt(rng, 0, i);
        [deck[i], deck[j]] = [deck[j], deck[i]];
      }
      return deck;
    });
    expect(checkEnv('thirteens', {}, { episodes: scaled(1000), seed: 1000, decks }).wins).toBeGreaterThan(0);
    expect(
      checkEnv(
        'thirteens',
        { undoLimit: 'unlimited', reward: 'cards' },
        { episodes: scaled(300), seed: 77, decks: decks.slice(0, 4) },
      ).decks,
    ).toBe(Math.min(4, decks.length));
  });
});
