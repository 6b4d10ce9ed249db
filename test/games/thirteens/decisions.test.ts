// Thirteens has no real decisions: first, last and random play reach the same outcome on 1,000
// deals, which is a rank-count model's; from many positions every legal order of moves (an
// exhaustive search) reaches one end. And the random-game invariants and the contract checker.
import { describe, expect, it } from 'vitest';
import { DECK_SIZE } from '../../../src/env/cards.js';
import { checkEnv } from '../../../src/env/checker.js';
import type { CardOutcome } from '../../../src/env/game.js';
import { make } from '../../../src/env/registry.js';
import { createRng, randomInt } from '../../../src/env/rng.js';
import { thirteensGame } from '../../../src/games/thirteens/engine.js';
import { scaled } from '../../helpers/scale.js';
import { describeNoDecisions } from '../helpers.js';

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

describeNoDecisions('thirteens', thirteensGame, referenceOutcome, (deals) => deals / 3);

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
