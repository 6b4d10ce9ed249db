import { describe, expect, it } from 'vitest';
import { make } from '../../../../src/env/registry.js';
import type { Env } from '../../../../src/env/env.js';
import { TengymError } from '../../../../src/env/errors.js';
import type { FourTenOutcome } from '../../../../src/games/four-ten/engine.js';
import {
  fourTenGame,
  orderedFourTenDeck,
  type FourTenJSON,
  type FourTenState,
} from '../../../../src/games/four-ten/engine.js';
import { createRng, randomInt, shuffleInPlace, type Rng } from '../../../../src/env/rng.js';
import { scaled } from '../../../helpers/scale.js';
import { thrown } from '../../../helpers/pairing.js';

const HAND = 0;
const HOME = 1;
const SHADOW = 2;
const END = 47;
const replaceId = (h: number, v: number): number => 3 + h * 4 + (v - 1);
const exchangeId = (side: number, a: number, b: number): number => 15 + side * 16 + (a - 1) * 4 + (b - 1);

/** A valid 32-card deck starting with `prefix`; the rest follow in value order. */
function deckOf(prefix: number[]): number[] {
  const left = [8, 8, 8, 8];
  for (const v of prefix) left[v - 1]--;
  if (left.some((c) => c < 0)) throw new Error(`prefix ${prefix.join(' ')} has more than eight of a value`);
  const rest: number[] = [];
  left.forEach((c, i) => {
    for (let k = 0; k < c; k++) rest.push(i + 1);
  });
  return [...prefix, ...rest];
}

function game(env: Env): FourTenJSON {
  return env.getState().game as FourTenJSON;
}

/** Steps through `actions`, returning the rewards. */
function play(env: Env, actions: number[]): number[] {
  return actions.map((a) => env.step(a).reward);
}

/** Places each card into the given hand and ends the turn (no exchanges). */
function placeAll(env: Env, hands: number[]): number[] {
  return play(
    env,
    hands.flatMap((h) => [h, END]),
  );
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

// Home 4,4,2 = 10 then Hand 4,3,3 = 10: scores with no fault under either check.
const CLEAN_TEN = [4, 4, 2, 4, 3, 3];
const CLEAN_TEN_MOVES = [HOME, END, HOME, END, HOME, END, HAND, END, HAND, END, HAND];
// Home 4, Hand 3, Home 8, Hand 7, then a 3 into Hand: Hand = 10 while Home = 8 < Hand.
const TEN_AND_FAULT = [4, 3, 4, 4, 3];
const TEN_AND_FAULT_MOVES = [HOME, END, HAND, END, HOME, END, HAND, END, HAND];
// Home 4 3 2 1 = 10, Hand 1 1 3 4 = 9, Shadow 1 1 3 4 = 9: twelve cards, no fault, no score.
const FULL_HANDS = [4, 3, 2, 1, 1, 1, 3, 4, 1, 1, 3, 4];
const FULL_HANDS_TARGETS = [HOME, HOME, HOME, HOME, HAND, HAND, HAND, HAND, SHADOW, SHADOW, SHADOW, SHADOW];

describe('four-ten: options and basics', () => {
  it('has 48 actions, a 33-float observation and the documented defaults', () => {
    const env = make('four-ten');
    expect(env.actionSpace.n).toBe(48);
    expect(env.observationSpace.shape).toEqual([33]);
    expect(env.options).toEqual({
      drawVisible: true,
      check: 'points-first',
      handTarget: 10,
      gameTarget: 50,
      safeties: 3,
      maxRounds: 100,
      reward: 'points',
    });
  });

  it('rejects bad options naming the field', () => {
    expect(() => make('four-ten' as string, { check: 'never' })).toThrow(/check/);
    expect(() => make('four-ten', { handTarget: 0 })).toThrow(/handTarget/);
    expect(() => make('four-ten', { handTarget: 41 })).toThrow(/handTarget/);
    expect(() => make('four-ten', { gameTarget: 0 })).toThrow(/gameTarget/);
    expect(() => make('four-ten', { safeties: -1 })).toThrow(/safeties/);
    expect(() => make('four-ten', { maxRounds: 0 })).toThrow(/maxRounds/);
    expect(() => make('four-ten' as string, { reward: 'win' })).toThrow(/reward/);
    expect(() => make('four-ten' as string, { jokers: true })).toThrow(/jokers/);
  });

  it('shows the drawn card and offers the three placements at the start', () => {
    const env = make('four-ten');
    env.reset({ deck: deckOf([3]) });
    expect(env.legalActions()).toEqual([0, 1, 2]);
    expect(game(env).drawn).toBe('3');
    expect(game(env).stock).toHaveLength(31);
    const obs = env.observation;
    expect(Array.from(obs.subarray(18, 22))).toEqual([0, 0, 1, 0]);
    expect(Array.from(obs.subarray(22, 25))).toEqual([1, 0, 0]);
    expect(obs[25 + 2]).toBeCloseTo(7 / 8);
    expect(obs[29]).toBeCloseTo(31 / 32);
  });
});

describe('four-ten: placements and faults', () => {
  it('the first placement into Home is the only one that does not fault', () => {
    for (const h of [HAND, HOME, SHADOW]) {
      const env = make('four-ten');
      env.reset({ deck: deckOf([3]) });
      const r = env.step(h);
      expect(r.reward).toBe(0);
      const st = game(env);
      if (h === HOME) {
        expect(st).toMatchObject({ phase: 'exchange', home: ['3'], safeties: 3, rounds: 0 });
      } else {
        // The fault used a safety and the next round started in the same step, its first card showing.
        expect(st).toMatchObject({ phase: 'place', hand: [], home: [], shadow: [], safeties: 2, rounds: 1 });
        expect(st.drawn).not.toBeNull();
        expect(st.stock).toHaveLength(31);
      }
    }
  });

  it('faults when a hand goes over handTarget, even with Home ≥ Hand ≥ Shadow', () => {
    const env = make('four-ten');
    env.reset({ deck: deckOf([4, 4, 3]) });
    placeAll(env, [HOME, HOME]);
    expect(game(env).home).toEqual(['4', '4']);
    env.step(HOME); // Home 11 > 10
    expect(game(env)).toMatchObject({ safeties: 2, rounds: 1, home: [] });
  });

  it('handTarget moves both the limit and the score', () => {
    const env = make('four-ten', { handTarget: 6 });
    env.reset({ deck: deckOf([4, 3]) });
    placeAll(env, [HOME]);
    env.step(HOME); // Home 7 > 6
    expect(game(env)).toMatchObject({ safeties: 2, rounds: 1 });
    env.reset({ deck: deckOf([4, 2, 4, 2]) });
    expect(placeAll(env, [HOME, HOME, HAND]).every((r) => r === 0)).toBe(true);
    expect(env.step(HAND).reward).toBe(6); // Hand 4 + 2 = 6
    expect(game(env)).toMatchObject({ points: 6, rounds: 1, safeties: 3 });
  });

  it('faults when Shadow > Hand and when Home < Hand after an exchange', () => {
    const env = make('four-ten');
    env.reset({ deck: deckOf([4, 2]) });
    placeAll(env, [HOME]);
    env.step(SHADOW); // Shadow 2 > Hand 0
    expect(game(env)).toMatchObject({ safeties: 2, rounds: 1 });

    env.reset({ deck: deckOf([4, 3]) });
    placeAll(env, [HOME]);
    env.step(HAND); // Hand 3 ≤ Home 4: fine
    expect(game(env)).toMatchObject({ phase: 'exchange', hand: ['3'], home: ['4'], safeties: 3 });
    env.step(exchangeId(0, 3, 4)); // Hand 4 > Home 3
    expect(game(env)).toMatchObject({ safeties: 2, rounds: 1, phase: 'place' });
  });

  it('Hand = handTarget scores +10 and ends the round under both checks when nothing faults', () => {
    for (const check of ['points-first', 'faults-first']) {
      const env = make('four-ten' as string, { check });
      env.reset({ deck: deckOf(CLEAN_TEN) });
      const rewards = play(env, CLEAN_TEN_MOVES);
      expect(rewards.slice(0, -1).every((r) => r === 0)).toBe(true);
      expect(rewards.at(-1)).toBe(10);
      expect(game(env)).toMatchObject({ points: 10, rounds: 1, safeties: 3, phase: 'place', hand: [] });
    }
  });

  it('check decides a placement that both makes Hand = 10 and makes Home < Hand', () => {
    const first = make('four-ten', { check: 'points-first' });
    first.reset({ deck: deckOf(TEN_AND_FAULT) });
    expect(play(first, TEN_AND_FAULT_MOVES).at(-1)).toBe(10);
    expect(game(first)).toMatchObject({ points: 10, safeties: 3, rounds: 1 });

    const faults = make('four-ten', { check: 'faults-first' });
    faults.reset({ deck: deckOf(TEN_AND_FAULT) });
    expect(play(faults, TEN_AND_FAULT_MOVES).at(-1)).toBe(0);
    expect(game(faults)).toMatchObject({ points: 0, safeties: 2, rounds: 1 });
  });

  it('faults are paid by safeties, then by points, then the game busts', () => {
    const decks = [deckOf([2]), deckOf(CLEAN_TEN), deckOf([3]), deckOf([4, 4])].flat();
    const moves = [HAND, ...CLEAN_TEN_MOVES, HAND, HOME, END, SHADOW];
    for (const reward of ['points', 'rounds'] as const) {
      const env = make('four-ten', { safeties: 1, reward });
      env.reset({ deck: decks });
      env.step(moves[0]); // Hand 2 > Home 0: the only safety
      expect(game(env)).toMatchObject({ safeties: 0, points: 0, rounds: 1 });
      play(env, moves.slice(1, 12));
      expect(game(env)).toMatchObject({ safeties: 0, points: 10, rounds: 2 });
      const paid = env.step(HAND); // Hand 3 > Home 0, paid with 3 points
      expect(game(env)).toMatchObject({ safeties: 0, points: 7, rounds: 3 });
      expect(paid.reward).toBe(reward === 'points' ? -3 : -1);
      env.step(HOME);
      env.step(END);
      const last = env.step(SHADOW); // Shadow 4 > Hand 0, costs 8 > 7 points: bust
      expect(last.terminated).toBe(true);
      expect(last.truncated).toBe(false);
      expect(last.reward).toBe(reward === 'points' ? 0 : -100);
      expect(last.info.outcome).toEqual({ won: false, points: 7, rounds: 4, safeties: 0 });
      expect(game(env).phase).toBe('bust');
      expect(env.legalActions()).toEqual([]);
      expect(Array.from(env.mask).every((m) => m === 0)).toBe(true);
      expect(env.episodeReturn).toBe(fourTenGame.expectedReturn!(last.info.outcome!, env.options as never));
      expect(env.episodeReturn).toBe(reward === 'points' ? 7 : -3 - 100);
      expect(() => env.step(0)).toThrow(/episode is over/);
    }
  });

  it('a fault with no safeties is paid exactly when points equal the hands', () => {
    const env = make('four-ten', { safeties: 0 });
    // Score 10, then Home 4 + 4 and a 2 into Shadow: Shadow 2 > Hand 0 costs 10.
    env.reset({ deck: [...deckOf(CLEAN_TEN), ...deckOf([4, 4, 2])] });
    play(env, CLEAN_TEN_MOVES);
    placeAll(env, [HOME, HOME]);
    const r = env.step(SHADOW);
    expect(r.reward).toBe(-10);
    expect(r.terminated).toBe(false);
    expect(game(env)).toMatchObject({ points: 0, rounds: 2, phase: 'place' });
  });
});

describe('four-ten: replacement and the bottom of the deck', () => {
  it('all hands full: a replaced card leaves play and the next (unseen) card takes its place', () => {
    const env = make('four-ten', { drawVisible: true });
    env.reset({ deck: deckOf([...FULL_HANDS, 2]) });
    expect(placeAll(env, FULL_HANDS_TARGETS).every((r) => r === 0)).toBe(true);
    const st = game(env);
    expect(st).toMatchObject({
      phase: 'replace',
      drawn: null,
      hand: ['1', '1', '3', '4'],
      home: ['1', '2', '3', '4'],
      shadow: ['1', '1', '3', '4'],
    });
    expect(env.legalActions()).toEqual([
      replaceId(HAND, 1),
      replaceId(HAND, 3),
      replaceId(HAND, 4),
      replaceId(HOME, 1),
      replaceId(HOME, 2),
      replaceId(HOME, 3),
      replaceId(HOME, 4),
      replaceId(SHADOW, 1),
      replaceId(SHADOW, 3),
      replaceId(SHADOW, 4),
    ]);
    // The next card is not revealed: no drawn card, nothing about it in the text.
    expect(Array.from(env.observation.subarray(18, 22))).toEqual([0, 0, 0, 0]);
    expect(Array.from(env.observation.subarray(22, 25))).toEqual([0, 1, 0]);
    expect(env.describeAction(replaceId(SHADOW, 3))).toBe('replace 3 in Shadow');
    expect(env.observation[29]).toBeCloseTo(20 / 32);
    expect(() => env.step(HOME)).toThrow(/all three hands hold 4 cards/);
  });

  it('replacing takes the next card into the same hand, then exchanges follow', () => {
    const env = make('four-ten');
    env.reset({ deck: deckOf([...FULL_HANDS, 2]) });
    placeAll(env, FULL_HANDS_TARGETS);
    const r = env.step(replaceId(SHADOW, 3)); // Shadow 1 1 4 + 2 = 8 ≤ Hand 9
    expect(r.reward).toBe(0);
    const st = game(env);
    expect(st).toMatchObject({ phase: 'exchange', shadow: ['1', '1', '2', '4'], outOfPlay: ['3'], rounds: 0 });
    expect(st.stock).toHaveLength(19);
    // 3s: 2 in hands, 1 out of play, 5 in the stock; the entering 2 left the stock.
    expect(env.observation[25 + 2]).toBeCloseTo(5 / 8);
    expect(env.observation[25 + 1]).toBeCloseTo(6 / 8);
    expect(env.legalActions()).toContain(END);
  });

  it('a replacement can score or fault like a placement', () => {
    const env = make('four-ten');
    env.reset({ deck: deckOf([...FULL_HANDS, 2]) });
    placeAll(env, FULL_HANDS_TARGETS);
    expect(env.step(replaceId(HAND, 1)).reward).toBe(10); // Hand 1 3 4 + 2 = 10
    env.reset({ deck: deckOf([...FULL_HANDS, 2]) });
    placeAll(env, FULL_HANDS_TARGETS);
    env.step(replaceId(HOME, 1)); // Home 2 3 4 + 2 = 11
    expect(game(env)).toMatchObject({ safeties: 2, rounds: 1, points: 0 });
  });

  it('the 32nd card ends the round with Hand + Home + Shadow and no exchange after it', () => {
    for (const reward of ['points', 'rounds'] as const) {
      const env = make('four-ten', { reward });
      const deck = deckOf(FULL_HANDS);
      env.reset({ deck });
      placeAll(env, FULL_HANDS_TARGETS);
      let steps = 0;
      let last = 0;
      for (let i = FULL_HANDS.length; i < 32; i++) {
        // Replace Home's card of the coming value: the hands never change, nothing ends early.
        expect(game(env).phase).toBe('replace');
        expect(game(env).rounds).toBe(0);
        last = env.step(replaceId(HOME, deck[i])).reward;
        steps++;
        if (i < 31) {
          expect(last).toBe(0);
          expect(game(env).phase).toBe('exchange');
          env.step(END);
        }
      }
      expect(steps).toBe(20);
      expect(last).toBe(reward === 'points' ? 10 + 9 + 9 : -1);
      const st = game(env);
      expect(st).toMatchObject({ rounds: 1, points: 28, safeties: 3, phase: 'place', outOfPlay: [], hand: [] });
      expect(st.stock).toHaveLength(31);
    }
  });
});

describe('four-ten: exchanges', () => {
  it('lists exchanges, and never allows one back to a configuration seen this turn', () => {
    const env = make('four-ten');
    env.reset({ deck: deckOf([4, 1, 3]) });
    placeAll(env, [HOME, HOME]);
    env.step(HAND); // Hand 3, Home 1 4
    expect(env.legalActions()).toEqual([exchangeId(0, 3, 1), exchangeId(0, 3, 4), END]);
    env.step(exchangeId(0, 3, 4)); // Hand 4, Home 1 3
    expect(game(env)).toMatchObject({ hand: ['4'], home: ['1', '3'], phase: 'exchange' });
    // Back to Hand 3 / Home 1 4 was seen right after the placement.
    expect(env.legalActions()).toEqual([exchangeId(0, 4, 1), END]);
    expect(() => env.step(exchangeId(0, 4, 3))).toThrow(/already seen this turn/);
    env.step(exchangeId(0, 4, 1)); // Hand 1, Home 3 4
    // Both ways out lead to a configuration of this turn.
    expect(env.legalActions()).toEqual([END]);
    expect(game(env).seenThisTurn).toHaveLength(3);
    env.step(END);
    expect(game(env)).toMatchObject({ phase: 'place', seenThisTurn: [], hand: ['1'], home: ['3', '4'] });
  });

  it('a new turn forgets the configurations of the last one', () => {
    const env = make('four-ten');
    env.reset({ deck: deckOf([4, 1, 3, 1]) });
    placeAll(env, [HOME, HOME]);
    env.step(HAND);
    env.step(exchangeId(0, 3, 4));
    env.step(END);
    env.step(SHADOW); // Shadow 1 ≤ Hand 4
    // Hand 4 ↔ Home 3 restores last turn's Hand and Home: legal this turn.
    expect(env.legalActions()).toContain(exchangeId(0, 4, 3));
  });

  it('swapping equal values is never legal', () => {
    const env = make('four-ten');
    env.reset({ deck: deckOf([3, 3, 1]) });
    placeAll(env, [HOME]);
    env.step(HAND); // Hand 3, Home 3
    expect(env.legalActions()).toEqual([END]);
    expect(() => env.step(exchangeId(0, 3, 3))).toThrow(/equal values/);
    env.step(END);
    env.step(SHADOW); // Shadow 1
    expect(env.legalActions()).toEqual([exchangeId(1, 3, 1), END]);
  });

  it('exchanges with Shadow use ids 31..46 and can fault', () => {
    const env = make('four-ten');
    // Home 4 4 2 = 10, Hand 4 3 = 7, Shadow 2 1 = 3.
    env.reset({ deck: deckOf([4, 4, 2, 4, 3, 2, 1]) });
    placeAll(env, [HOME, HOME, HOME, HAND, HAND, SHADOW]); // Hand 4 3 = 7, Shadow 2
    env.step(SHADOW); // Shadow 2 1 = 3 ≤ 7
    const rewards = play(env, [exchangeId(1, 4, 1)]); // Hand 3 1 = 4, Shadow 2 4 = 6 > Hand: fault
    expect(rewards).toEqual([0]);
    expect(game(env)).toMatchObject({ safeties: 2, rounds: 1 });
  });

  it('faulting placements and exchanges stay legal', () => {
    const env = make('four-ten');
    env.reset({ deck: deckOf([4, 3]) });
    placeAll(env, [HOME]);
    expect(env.legalActions()).toEqual([HAND, HOME, SHADOW]); // Shadow 3 > Hand 0 would fault
    env.step(HAND);
    expect(env.legalActions()).toEqual([exchangeId(0, 3, 4), END]); // the exchange faults
  });
});

describe('four-ten: decks and rounds', () => {
  it('explicit decks are used one per round in order, then rounds reshuffle from the seeded rng', () => {
    const a = deckOf([1]);
    const b = deckOf([4]).reverse();
    b.unshift(...b.splice(b.indexOf(2), 1)); // b starts with a 2
    const env = make('four-ten');
    env.reset({ seed: 42, deck: [...a, ...b] });
    expect(game(env).drawn).toBe('1');
    expect(game(env).stock).toEqual(a.slice(1).map(String));
    expect(game(env).queuedDecks).toEqual([b.map(String)]);
    env.step(HAND); // fault
    expect(game(env).drawn).toBe(String(b[0]));
    expect(game(env).stock).toEqual(b.slice(1).map(String));
    expect(game(env).queuedDecks).toEqual([]);
    env.step(HAND); // fault
    const shuffled = orderedFourTenDeck();
    shuffleInPlace(createRng(42), shuffled);
    expect(game(env).drawn).toBe(String(shuffled[0]));
    expect(game(env).stock).toEqual(Array.from(shuffled.subarray(1), String));
    // The same as the first round of the seed alone.
    const seeded = make('four-ten');
    seeded.reset({ seed: 42 });
    expect(game(seeded).stock).toEqual(game(env).stock);
    expect(game(seeded).drawn).toBe(game(env).drawn);
  });

  it('takes decks as strings or arrays of numbers', () => {
    const env = make('four-ten');
    const deck = deckOf([2, 3]);
    env.reset({ deck: deck.join(' ') });
    const fromString = game(env);
    env.reset({ deck });
    expect(game(env)).toEqual(fromString);
    env.reset({ deck: [...deck, ...deck].join(',') });
    expect(game(env).queuedDecks).toHaveLength(1);
  });

  it('rejects decks that are not whole 32-card decks of eight each', () => {
    const env = make('four-ten');
    const deck = deckOf([]);
    const bad = (d: unknown, re: RegExp): void => {
      let err: unknown;
      try {
        env.reset({ deck: d as never });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(TengymError);
      expect((err as TengymError).code).toBe('bad-deck');
      expect((err as TengymError).message).toMatch(re);
    };
    bad(deck.slice(1), /31 cards/);
    bad([...deck, 1], /33 cards/);
    bad([], /0 cards/);
    bad([...deck.slice(1), 5], /"5" at index 31/);
    bad(['x', ...deck.slice(1)], /"x" at index 0/);
    bad([1, ...deck.slice(0, 31)], /the deck has 9× 1, 7× 4/);
    bad([...deck, ...deck.slice(1), 2], /deck 2 \(cards 32..63\) has 7× 1, 9× 2/);
  });

  it('reset() without a seed continues the stream; the same seed gives the same rounds', () => {
    const run = (seed: number): string[] => {
      const env = make('four-ten', { safeties: 10 });
      env.reset({ seed });
      const seen: string[] = [];
      for (let i = 0; i < 5; i++) {
        seen.push(game(env).stock.join(''));
        env.step(HAND); // fault: next round
      }
      return seen;
    };
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
    const env = make('four-ten');
    env.reset({ seed: 7 });
    const first = game(env).stock.join('');
    env.reset();
    expect(game(env).stock.join('')).not.toBe(first);
  });

  it('drawVisible false: the player picks the hand, then the top card goes there', () => {
    const env = make('four-ten', { drawVisible: false });
    env.reset({ deck: deckOf([2, 4]) });
    expect(game(env)).toMatchObject({ drawn: null, phase: 'place' });
    expect(game(env).stock).toHaveLength(32);
    expect(Array.from(env.observation.subarray(18, 22))).toEqual([0, 0, 0, 0]);
    expect(env.observation[22]).toBe(1);
    expect(env.observation[29]).toBe(1);
    expect(env.describeAction(HOME)).toBe('place the next card into Home');
    env.step(HOME);
    expect(game(env)).toMatchObject({ home: ['2'], drawn: null, phase: 'exchange' });
    env.step(END);
    expect(game(env).stock).toHaveLength(31);
    env.step(HOME);
    expect(game(env).home).toEqual(['2', '4']);
  });

  it('the observation never depends on the order of the undrawn cards', () => {
    const x = deckOf([4, 3]);
    const y = [...x.slice(0, 2), ...x.slice(2).reverse()];
    const obs = (deck: number[]): number[] => {
      const env = make('four-ten');
      env.reset({ deck });
      env.step(HOME);
      env.step(END);
      return Array.from(env.observation);
    };
    expect(obs(x)).toEqual(obs(y));
  });
});

describe('four-ten: the end of the game', () => {
  it('is won at gameTarget', () => {
    const env = make('four-ten', { gameTarget: 10 });
    env.reset({ deck: deckOf(CLEAN_TEN) });
    const rewards = play(env, CLEAN_TEN_MOVES.slice(0, -1));
    const last = env.step(HAND);
    expect(last.terminated).toBe(true);
    expect(last.truncated).toBe(false);
    expect(last.info.outcome).toEqual({ won: true, points: 10, rounds: 1, safeties: 3 });
    expect(sum(rewards) + last.reward).toBe(10);
    expect(env.legalActions()).toEqual([]);
    expect(env.observation[30]).toBe(1);
    expect(game(env).phase).toBe('won');
    expect(env.render()).toMatch(/Won with 10 points/);
  });

  it('maxRounds truncates, and both reward kinds add up to expectedReturn', () => {
    for (const reward of ['points', 'rounds'] as const) {
      const env = make('four-ten', { maxRounds: 2, reward });
      env.reset({ deck: [...deckOf([1]), ...deckOf([1])] });
      const r1 = env.step(HAND);
      expect(r1.truncated).toBe(false);
      const r2 = env.step(HAND);
      expect(r2.truncated).toBe(true);
      expect(r2.terminated).toBe(false);
      const o = r2.info.outcome as FourTenOutcome;
      expect(o).toEqual({ won: false, points: 0, rounds: 2, safeties: 1 });
      expect([r1.reward, r2.reward]).toEqual(reward === 'points' ? [0, 0] : [-1, -1]);
      expect(fourTenGame.expectedReturn!(o, env.options as never)).toBe(r1.reward + r2.reward);
      expect(game(env).phase).toBe('truncated');
      expect(env.legalActions()).toEqual([]);
    }
  });

  it('a bust on the last allowed round is terminated, not truncated', () => {
    const env = make('four-ten', { maxRounds: 1, safeties: 0, reward: 'rounds' });
    env.reset({ deck: deckOf([1]) });
    const r = env.step(HAND);
    expect(r.terminated).toBe(true);
    expect(r.truncated).toBe(false);
    expect(r.reward).toBe(-1);
    expect(r.info.outcome).toEqual({ won: false, points: 0, rounds: 1, safeties: 0 });
    // Lost at maxRounds with no safeties: bust or truncation, the outcome can't tell.
    expect(fourTenGame.expectedReturn!(r.info.outcome!, env.options as never)).toBeNull();
  });

  it('a won game in rounds mode returns minus the rounds', () => {
    const env = make('four-ten', { gameTarget: 10, reward: 'rounds' });
    env.reset({ deck: [...deckOf([2]), ...deckOf(CLEAN_TEN)] });
    const rewards = play(env, [HAND, ...CLEAN_TEN_MOVES]);
    expect(rewards.filter((r) => r !== 0)).toEqual([-1, -1]);
    expect(env.outcome()).toEqual({ won: true, points: 10, rounds: 2, safeties: 2 });
    expect(fourTenGame.expectedReturn!(env.outcome(), env.options as never)).toBe(-2);
  });
});

describe('four-ten: text', () => {
  it('numbers the actions as documented and names the cards', () => {
    const env = make('four-ten');
    env.reset({ deck: deckOf([3]) });
    expect(env.describeAction(0)).toBe('place 3 into Hand');
    expect(env.describeAction(1)).toBe('place 3 into Home');
    expect(env.describeAction(2)).toBe('place 3 into Shadow');
    expect(env.describeAction(3)).toBe('replace 1 in Hand');
    expect(env.describeAction(3 + 1 * 4 + 3)).toBe('replace 4 in Home');
    expect(env.describeAction(14)).toBe('replace 4 in Shadow');
    expect(env.describeAction(15)).toBe('exchange Hand 1 with Home 1');
    expect(env.describeAction(15 + 2 * 4 + 3)).toBe('exchange Hand 3 with Home 4');
    expect(env.describeAction(15 + 16 + 1 * 4 + 0)).toBe('exchange Hand 2 with Shadow 1');
    expect(env.describeAction(46)).toBe('exchange Hand 4 with Shadow 4');
    expect(env.describeAction(47)).toBe('end turn');
    const names = new Set(Array.from({ length: 48 }, (_, a) => env.describeAction(a)));
    expect(names.size).toBe(48);
    expect(() => env.describeAction(48)).toThrow(/ids 0..47/);
  });

  it('explains illegal actions and leaves the state unchanged', () => {
    const env = make('four-ten');
    env.reset({ deck: deckOf([4, 3]) });
    const before = env.getState();
    expect(() => env.step(END)).toThrow(/"end turn" is not legal: place the drawn card first/);
    expect(() => env.step(replaceId(HAND, 1))).toThrow(/a hand holds 3 cards or fewer/);
    expect(() => env.step(exchangeId(0, 1, 2))).toThrow(/exchanges come after the placement/);
    expect(env.getState()).toEqual(before);
    env.step(HOME);
    expect(() => env.step(HAND)).toThrow(/this turn's card is placed/);
    expect(() => env.step(exchangeId(0, 1, 4))).toThrow(/Hand holds no 1/);
    env.step(END);
    env.step(HAND);
    expect(() => env.step(exchangeId(1, 3, 2))).toThrow(/Shadow holds no 2/);
    const e = thrown(() => env.step(exchangeId(1, 3, 2)));
    expect(e.code).toBe('illegal-action');
    expect(e.message).toMatch(/Legal now: 26 \(exchange Hand 3 with Home 4\), 47 \(end turn\)/);
  });

  it('renders the hands, the stock and the phase', () => {
    const env = make('four-ten');
    env.reset({ deck: deckOf([4, 3]) });
    env.step(HOME);
    env.step(END);
    const text = env.render();
    expect(text).toMatch(/round 1/);
    expect(text).toMatch(/Home\s+4\s+= 4/);
    expect(text).toMatch(/Drawn 3/);
    expect(text).toMatch(/stock 30 \(1:8 2:8 3:7 4:7\)/);
    expect(text).toMatch(/Place the 3/);
  });
});

describe('four-ten: state JSON', () => {
  function midGame(): Env {
    const env = make('four-ten');
    env.reset({ deck: [...deckOf([...FULL_HANDS, 2]), ...deckOf([3])] });
    placeAll(env, FULL_HANDS_TARGETS);
    env.step(replaceId(SHADOW, 3));
    return env;
  }

  it('round-trips through getState/setState and plays on identically', () => {
    const env = midGame();
    const json = env.getState();
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
    const copy = make('four-ten');
    copy.setState(json);
    expect(copy.getState()).toEqual(json);
    expect(Array.from(copy.mask)).toEqual(Array.from(env.mask));
    expect(Array.from(copy.observation)).toEqual(Array.from(env.observation));
    const rng = createRng(3);
    for (let i = 0; i < 200 && env.running; i++) {
      const a = env.legal[randomInt(rng, 0, env.legalCount - 1)];
      expect(copy.step(a).reward).toBe(env.step(a).reward);
      expect(copy.getState()).toEqual(env.getState());
    }
  });

  it('rejects malformed states and leaves the env as it was', () => {
    const env = midGame();
    const good = env.getState();
    const target = make('four-ten');
    target.reset({ seed: 1 });
    const before = target.getState();
    const withGame = (patch: Partial<FourTenJSON>): unknown => ({
      ...good,
      game: { ...(good.game as FourTenJSON), ...patch },
    });
    const g = good.game as FourTenJSON;
    const cases: [unknown, RegExp][] = [
      [withGame({ hand: ['1', '1', '3', '4', '2'] }), /hand/],
      [withGame({ hand: ['1', '1', '3', '5'] }), /hand/],
      [withGame({ stock: g.stock.slice(1) }), /eight of each value/],
      [withGame({ stock: [...g.stock, '1'] }), /cards of value 1/],
      [withGame({ outOfPlay: [] }), /cards of value 3/],
      [withGame({ queuedDecks: [g.queuedDecks[0].slice(1)] }), /queuedDecks/],
      [withGame({ queuedDecks: [[...g.queuedDecks[0].slice(1), '1']] }), /queuedDecks has 9× 1/],
      [withGame({ seenThisTurn: [] }), /seenThisTurn/],
      [withGame({ seenThisTurn: [{ hand: ['1'], home: [], shadow: [] }] }), /current configuration/],
      [withGame({ phase: 'place' }), /all three hands hold 4/],
      [withGame({ drawn: '2', stock: g.stock.filter((_, i) => i !== g.stock.indexOf('2')) }), /drawn card shows only/],
      [withGame({ points: 50 }), /gameTarget/],
      [withGame({ safeties: 4 }), /safeties/],
      [withGame({ phase: 'won', seenThisTurn: [] }), /"won" needs at least one ended round/],
      [withGame({ shadow: ['1', '2', '3', '4'], outOfPlay: ['1'] }), /score or fault, so the round should have ended/],
      [withGame({ extra: 1 } as never), /extra/],
      [{ ...good, options: { ...good.options, safeties: 2 } }, /options/],
    ];
    for (const [json, re] of cases) {
      let err: unknown;
      try {
        target.setState(json);
      } catch (e) {
        err = e;
      }
      expect(err, String(re)).toBeInstanceOf(TengymError);
      expect((err as TengymError).code).toBe('bad-state');
      expect((err as TengymError).message).toMatch(re);
      expect(target.getState()).toEqual(before);
    }
  });
});

describe('four-ten: invariants over random games', () => {
  type Policy = 'random' | 'no-loss' | 'long-rounds';
  /**
   * Random play busts within a few rounds, so some games look one step ahead (on a clone):
   * 'no-loss' avoids faults, 'long-rounds' also avoids scoring, to reach replacements and the
   * bottom of the deck. Random among what is left.
   */
  function chooseAction(env: Env, probe: Env, rng: Rng, policy: Policy): number {
    const legal = env.legalActions();
    if (policy === 'random') return legal[randomInt(rng, 0, legal.length - 1)];
    const kept: number[] = [];
    const before = env.outcome() as FourTenOutcome;
    for (const a of legal) {
      probe.copyFrom(env);
      probe.step(a);
      const after = probe.outcome() as FourTenOutcome;
      const ok =
        policy === 'no-loss'
          ? after.safeties === before.safeties && after.points >= before.points
          : after.rounds === before.rounds;
      if (ok && probe.running) kept.push(a);
    }
    const pool = kept.length ? kept : legal;
    return pool[randomInt(rng, 0, pool.length - 1)];
  }

  it(
    'over 300 games of each option set keeps every card in one place, the mask equal to the legal list, and ' +
      'returns that add up',
    () => {
      const optionSets = [
        {},
        { drawVisible: false },
        { check: 'faults-first' },
        { reward: 'rounds' },
        { reward: 'rounds', safeties: 0, maxRounds: 3 },
        { handTarget: 7, gameTarget: 20, safeties: 5 },
        { maxRounds: 4, gameTarget: 200 },
      ];
      const rng = createRng(2024);
      let replacements = 0;
      let bottoms = 0;
      let exchanges = 0;
      for (const [k, opts] of optionSets.entries()) {
        const env = make('four-ten' as string, opts);
        const probe = env.clone();
        for (let g = 0; g < scaled(300, 48); g++) {
          env.reset({ seed: 1000 * k + g });
          const policy = g % 12 === 1 ? 'no-loss' : g % 12 === 2 ? 'long-rounds' : 'random';
          let total = 0;
          for (let steps = 0; env.running; steps++) {
            expect(steps).toBeLessThan(20000);
            const s = env.rawState as FourTenState;
            expect(fourTenGame.checkState!(s, env.options as never)).toBeNull();
            const maskIds = Array.from(env.mask).flatMap((m, a) => (m ? [a] : []));
            expect(maskIds).toEqual(env.legalActions());
            expect(maskIds.length).toBeGreaterThan(0);
            expect(maskIds.some((a) => a >= 15 && a < 47 && (((a - 15) >> 2) & 3) === ((a - 15) & 3))).toBe(false);
            expect(env.observation.every((x) => x >= 0 && x <= 1)).toBe(true);
            const a = chooseAction(env, probe, rng, policy);
            if (a >= 3 && a < 15) replacements++;
            if (a >= 15 && a < 47) exchanges++;
            const pointsBefore = s.points;
            const r = env.step(a);
            if (a >= 3 && a < 15 && r.reward > 10 && opts.reward !== 'rounds') bottoms++;
            if (opts.reward !== 'rounds') expect(r.reward).toBe(s.points - pointsBefore);
            total += r.reward;
            if (steps % 50 === 0) {
              const copy = make('four-ten' as string, opts);
              copy.setState(env.getState());
              expect(copy.getState()).toEqual(env.getState());
            }
          }
          const outcome = env.outcome() as FourTenOutcome;
          const expected = fourTenGame.expectedReturn!(outcome, env.options as never);
          if (expected !== null) expect(total).toBe(expected);
          // The return read off the final state: −1 per round, −maxRounds for the bust; or the points.
          const end = env.getState().game as FourTenJSON;
          const maxRounds = env.options.maxRounds as number;
          expect(total).toBe(
            opts.reward === 'rounds'
              ? end.phase === 'bust'
                ? -(end.rounds - 1) - maxRounds
                : -end.rounds
              : end.points,
          );
          expect(outcome.rounds).toBeLessThanOrEqual(env.options.maxRounds as number);
          expect(env.legalActions()).toEqual([]);
        }
      }
      // The careful games reach the deep parts of the rules.
      expect(replacements).toBeGreaterThan(scaled(100, 10));
      expect(exchanges).toBeGreaterThan(scaled(100, 10));
      expect(bottoms).toBeGreaterThan(0);
    },
  );
});
