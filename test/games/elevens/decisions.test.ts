// Where Elevens has real decisions, and where it has none (engine.ts, `sameOutcome`):
// - decision-free rule sets: first, last and random play reach the same outcome on 1,000 deals, the
//   book rule's outcome is an independent rank-count model's, and from many positions every legal
//   order of moves (an exhaustive search) reaches one end;
// - Elevens Too and Suit Elevens: explicit deals where the order of moves changes the end.
import { describe, expect, it } from 'vitest';
import { DECK_SIZE, parseCardCode } from '../../../src/env/cards.js';
import type { Env } from '../../../src/env/env.js';
import type { CardOutcome } from '../../../src/env/game.js';
import { make } from '../../../src/env/registry.js';
import { createRng, randomInt } from '../../../src/env/rng.js';
import { elevensOf, elevensSameOutcome } from '../../../src/games/elevens/engine.js';
import { pairId } from '../../../src/env/layouts/index.js';
import { patientMove } from '../../../src/games/elevens/agents/common.js';
import { DECISION, ElevensSolver, decisionMoves, nextMove } from '../../../src/games/elevens/agents/solver.js';
import { scaled } from '../../helpers/scale.js';
import { deckWith, first, gameJSON, last, playOut, randomPolicy } from '../helpers.js';
import { endsFrom } from './helpers.js';

/** An independent model of the book rule (any grid, any suits) on rank counts alone: no slots, no order of moves. */
function bookOutcome(deck: readonly number[], slots: number): CardOutcome {
  const held = new Array<number>(13).fill(0);
  let dealt = 0;
  let onGrid = 0;
  let removed = 0;
  const deal = (): void => {
    for (; onGrid < slots && dealt < DECK_SIZE; onGrid++) held[deck[dealt++] >> 2]++;
  };
  deal();
  for (;;) {
    let gone = 0;
    for (let r = 0; r < 5 && !gone; r++) {
      if (held[r] > 0 && held[9 - r] > 0) {
        held[r]--;
        held[9 - r]--;
        gone = 2;
      }
    }
    if (!gone && held[10] > 0 && held[11] > 0 && held[12] > 0) {
      for (let r = 10; r < 13; r++) held[r]--;
      gone = 3;
    }
    if (!gone) break;
    removed += gone;
    onGrid -= gone;
    deal();
  }
  return { won: removed === DECK_SIZE, cardsLeft: DECK_SIZE - removed };
}

/** The deal order of a freshly reset env: the slots, then the stock. */
const dealOrder = (env: Env): number[] =>
  [...(gameJSON(env).tableau as string[]), ...gameJSON(env).stock].map(parseCardCode);

/** Plays random moves from a seeded deal until at most `stockLeft` cards are in the stock (or the end); the env. */
function positionNearEnd(id: string, options: object, seed: number, stockLeft: number): Env {
  const env = make(id as 'elevens', options);
  env.reset({ seed });
  const choose = randomPolicy(seed + 1);
  while (env.running && DECK_SIZE - elevensOf(env)!.state.stockPos > stockLeft) env.step(choose(env));
  return env;
}

/** The decision-free rule sets, where the exhaustive search starts (stock cards left) and from how many deals. */
const DECISION_FREE: [string, object, number, number][] = [
  ['elevens', {}, 52, 150],
  ['elevens', { suits: 'same' }, 52, 150],
  ['elevens', { grid: 15 }, 14, 40],
  ['elevens', { grid: 15, suits: 'same' }, 14, 40],
  ['elevens-reserve', {}, 30, 100],
  ['elevens-reserve', { grid: 15 }, 12, 15],
];

describe('elevens: decision-free rule sets', () => {
  it.each(DECISION_FREE)(
    '%s %j says sameOutcome, and first, last and random reach the same outcome on 1,000 deals',
    (id, options) => {
      const envs = [make(id as 'elevens', options), make(id as 'elevens', options), make(id as 'elevens', options)];
      expect(elevensSameOutcome(envs[0].options as never)).toBe(true);
      const policies = [first, last, randomPolicy(99)];
      let fewest = DECK_SIZE;
      // All 1,000 at every scale: they take milliseconds, and a sample may hold no deal near a win.
      for (let seed = 0; seed < 1000; seed++) {
        const outcomes = envs.map((env, k) => {
          env.reset({ seed });
          playOut(env, policies[k]);
          return env.outcome();
        });
        expect(outcomes[1], `seed ${seed}`).toEqual(outcomes[0]);
        expect(outcomes[2], `seed ${seed}`).toEqual(outcomes[0]);
        fewest = Math.min(fewest, outcomes[0].cardsLeft);
      }
      // Won deals among them, but on 3 × 3 with one suit (a one-suit set on nine slots at once: none in 1,000).
      const oneSuitOnNine = 'suits' in options && !('grid' in options);
      if (!oneSuitOnNine) expect(fewest).toBe(0);
      expect(fewest).toBeLessThan(40);
    },
  );

  it('the book rule ends as a rank-count model of it does, on 3 × 3 and 3 × 5', () => {
    for (const grid of [9, 15] as const) {
      const env = make('elevens', { grid });
      for (let seed = 0; seed < scaled(1000); seed++) {
        env.reset({ seed });
        const deck = dealOrder(env);
        playOut(env, first);
        expect(env.outcome(), `grid ${grid} seed ${seed}`).toEqual(bookOutcome(deck, grid));
      }
    }
  });

  it.each(DECISION_FREE)(
    '%s %j: every legal order of moves reaches one end, from positions %i cards from the end of the stock',
    (id, options, stockLeft, deals) => {
      let searched = 0;
      // Every deal at every scale: a sample may hold no position still running.
      for (let seed = 0; seed < deals; seed++) {
        const env = positionNearEnd(id, options, 500 + seed, stockLeft);
        if (!env.running) continue;
        const ends = endsFrom(env);
        expect(ends.size, `seed ${500 + seed}: ${[...ends].join(' or ')}`).toBe(1);
        searched++;
      }
      expect(searched).toBeGreaterThan(0);
    },
  );
});

describe('elevens: real decisions', () => {
  it('Elevens Too: setting a jack aside before its queen and king are in sight loses; waiting wins', () => {
    // J♣ and Q♦ on the grid, K♥ first in the stock behind a pair (5♣ 6♣); the rest in card order.
    const deck = deckWith(['JC', 'QD', '5C', '6C', 'AC', 'AD', 'AH', 'AS', '2C', 'KH']);
    const env = make('elevens-too');
    env.reset({ deck });
    const ends = [...endsFrom(env)].map((e) => JSON.parse(e) as CardOutcome);
    expect(ends.length).toBeGreaterThan(1);
    // The pair first deals K♥ and the set goes out; J♣ aside first ends the game on the spot.
    const early = make('elevens-too');
    early.reset({ deck });
    early.step(36);
    early.step(37);
    playOut(early, first);
    const patient = make('elevens-too');
    patient.reset({ deck });
    playOut(patient, (e) => patientMove(e, elevensOf(e)!.state));
    expect(early.outcome().cardsLeft).toBeGreaterThan(patient.outcome().cardsLeft);
    expect(Math.min(...ends.map((e) => e.cardsLeft))).toBe(patient.outcome().cardsLeft);
  });

  it('Elevens Too at its best is the book rule, deal for deal (1,000 deals)', () => {
    const too = make('elevens-too');
    const book = make('elevens');
    for (let seed = 0; seed < scaled(1000); seed++) {
      too.reset({ seed });
      book.reset({ seed });
      playOut(too, (e) => patientMove(e, elevensOf(e)!.state));
      playOut(book, first);
      expect(too.outcome(), `seed ${seed}`).toEqual(book.outcome());
    }
  });

  it(
    'Suit Elevens: the suit of the first set decides a deal (seed 43 of the shipped shuffle, as an explicit ' + 'deck)',
    () => {
      const deck =
        '9D 9S 5D 4C 9H 7S 3C QC 8D KH 7C AC AH 9C 6C JC AD 7H 8C QH TH TC 6H AS TD 5C 2S 5S QS 8H 2D 6S TS 7D 2C ' +
        '3S 4S KC 3D 4D KD 3H 8S 4H 6D KS JH JS 2H QD 5H JD';
      const env = make('suit-elevens');
      env.reset({ deck });
      // A move that needs no search (4♣ + 7♣; J♣, A♦ dealt), then a suit to choose: clubs (J♣, Q♣) or hearts (K♥).
      expect(env.legalActions()).toEqual([pairId(15, 3, 10), 112, 114]);
      env.step(pairId(15, 3, 10));
      const { state } = elevensOf(env)!;
      expect(nextMove(state)).toBe(DECISION);
      expect(decisionMoves(state, [])).toEqual([108, 114]);
      expect(env.describeAction(108)).toBe('set J♣ aside');
      expect(env.describeAction(114)).toBe('set K♥ aside');
      const endAfter = (action: number) => {
        const e = make('suit-elevens');
        e.setState(env.getState());
        e.step(action);
        playOut(e, (x) => patientMove(x, elevensOf(x)!.state));
        return e.outcome();
      };
      // Clubs first wins (the solver's line from there is patient's); hearts first strands the clubs and loses.
      expect(endAfter(108)).toEqual({ won: true, cardsLeft: 0 });
      expect(endAfter(114).won).toBe(false);
      const solver = new ElevensSolver(env.options as never);
      expect(solver.cardsLeftAfter(state, 108)).toBe(0);
      expect(solver.cardsLeftAfter(state, 114)).toBe(50);
    },
  );

  it('sameOutcome is false where some position has two ends: Suit Elevens, Elevens Too, one-suit Elevens Too', () => {
    // Along patient's games, each legal move followed by patient's play: two moves ending apart are two ends.
    const patient = (e: Env) => patientMove(e, elevensOf(e)!.state);
    for (const [id, options] of [
      ['suit-elevens', {}],
      ['elevens-too', {}],
      ['elevens-too', { suits: 'same' }],
    ] as const) {
      expect(elevensSameOutcome(make(id, options).options as never)).toBe(false);
      let found = false;
      for (let seed = 0; seed < 200 && !found; seed++) {
        const env = make(id, options);
        env.reset({ seed });
        while (env.running && !found) {
          const ends = new Set(
            env.legalActions().map((action) => {
              const e = env.clone();
              e.step(action);
              playOut(e, patient);
              return JSON.stringify(e.outcome());
            }),
          );
          found = ends.size > 1;
          env.step(patient(env));
        }
      }
      expect(found, `${id} ${JSON.stringify(options)}`).toBe(true);
    }
  });
});

describe('elevens: random play hides nothing the rules do not', () => {
  it('a random policy never beats the best line (1,000 Elevens Too deals)', () => {
    const env = make('elevens-too');
    const rng = createRng(5);
    for (let seed = 0; seed < scaled(1000); seed++) {
      env.reset({ seed });
      const best = new ElevensSolver(env.options as never).cardsLeft(elevensOf(env)!.state);
      playOut(env, (e) => e.legal[randomInt(rng, 0, e.legalCount - 1)]);
      expect(env.outcome().cardsLeft).toBeGreaterThanOrEqual(best);
    }
  });
});
