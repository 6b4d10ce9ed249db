// Four Ten states saved and loaded: an edited state whose hands, cards out of play or seen
// configurations could not arise in play is refused by setState with the reason; states that
// do arise (the end at the bottom of the deck, a position from before an exchange) load back
// and play on as they were.
import { describe, expect, it } from 'vitest';
import { BottomAgent } from '../../../../src/games/four-ten/agents/bottom.js';
import type { Env, EnvState } from '../../../../src/env/env.js';
import {
  FourTenState,
  fourTenGame,
  fourTenOf,
  maxRoundPoints,
  type FourTenJSON,
} from '../../../../src/games/four-ten/engine.js';
import { TengymError } from '../../../../src/env/errors.js';
import { make } from '../../../../src/env/registry.js';

type Config = { hand: string[]; home: string[]; shadow: string[] };

/** A deck whose first cards are `top` (drawn in that order), the rest of the 32 cards after them. */
function deckStarting(top: string[]): string[] {
  const rest = Array.from({ length: 32 }, (_, i) => String(1 + (i >> 3)));
  for (const c of top) rest.splice(rest.indexOf(c), 1);
  return [...top, ...rest];
}

/** Exchange phase with Hand 1 2, Home 3 4, Shadow empty: 3 and 4 placed into Home, 1 and 2 into Hand. */
function handOneTwoHomeThreeFour(): Env {
  const env = make('four-ten');
  env.reset({ deck: deckStarting(['3', '4', '1', '2']) });
  for (const [i, into] of [1, 1, 0, 0].entries()) {
    env.step(into);
    if (i < 3) env.step(47);
  }
  const g = env.getState().game as FourTenJSON;
  expect([g.phase, g.hand, g.home, g.shadow]).toEqual(['exchange', ['1', '2'], ['3', '4'], []]);
  return env;
}

/** `env`'s state with the hands (and the rest of the game JSON) changed; the stock keeps the round's 32 cards. */
function edited(env: Env, change: Partial<FourTenJSON>): EnvState {
  const state = structuredClone(env.getState());
  const g = { ...(state.game as FourTenJSON), ...change };
  const stock = Array.from({ length: 32 }, (_, i) => String(1 + (i >> 3)));
  for (const c of [...g.hand, ...g.home, ...g.shadow, ...g.outOfPlay, ...(g.drawn ? [g.drawn] : [])])
    stock.splice(stock.indexOf(c), 1);
  g.stock = stock;
  state.game = g;
  return state;
}

const current: Config = { hand: ['1', '2'], home: ['3', '4'], shadow: [] };

describe('four-ten setState: configurations seen this turn', () => {
  it('loads seen configurations that exchanges reach', () => {
    const env = handOneTwoHomeThreeFour();
    const seen = [current, { hand: ['2', '3'], home: ['1', '4'], shadow: [] }];
    env.setState(edited(env, { seenThisTurn: seen }));
    expect((env.getState().game as FourTenJSON).seenThisTurn).toEqual(seen);
  });

  it('refuses one whose hands hold other numbers of cards', () => {
    const env = handOneTwoHomeThreeFour();
    const bad = edited(env, { seenThisTurn: [current, { hand: ['1', '2', '3'], home: ['4'], shadow: [] }] });
    expect(() => env.setState(bad)).toThrow(
      'bad four-ten state: seenThisTurn[1]: Hand holds 3 cards, exchanges keep it at 2',
    );
    const home = edited(env, { seenThisTurn: [current, { hand: ['1', '2'], home: ['3'], shadow: ['4'] }] });
    expect(() => env.setState(home)).toThrow(
      'bad four-ten state: seenThisTurn[1]: Home holds 1 cards, exchanges keep it at 2',
    );
  });

  it('refuses one that holds other cards than the hands', () => {
    const env = handOneTwoHomeThreeFour();
    for (const other of [
      { hand: ['1', '3'], home: ['3', '4'], shadow: [] },
      { hand: ['1', '2'], home: ['3', '3'], shadow: [] },
    ]) {
      expect(() => env.setState(edited(env, { seenThisTurn: [current, other] }))).toThrow(
        'bad four-ten state: seenThisTurn[1] holds other cards than the hands',
      );
    }
  });

  it('refuses one that faults, since the round would have ended there', () => {
    const env = handOneTwoHomeThreeFour();
    const faulting = { hand: ['3', '4'], home: ['1', '2'], shadow: [] };
    expect(() => env.setState(edited(env, { seenThisTurn: [current, faulting] }))).toThrow(
      'bad four-ten state: seenThisTurn[1] scores or faults, so the round would have ended there',
    );
  });

  it('refuses hands that score, since the round would have ended', () => {
    const env = handOneTwoHomeThreeFour();
    const scoring = { hand: ['2', '4', '4'], home: ['2', '4', '4'], shadow: [] };
    expect(() => env.setState(edited(env, { ...scoring, seenThisTurn: [scoring] }))).toThrow(
      'bad four-ten state: the hands score or fault, so the round should have ended',
    );
  });

  it('makes the exchanges made since the saved position legal again', () => {
    const env = handOneTwoHomeThreeFour();
    const saved = env.getState();
    const legal = env.legalActions();
    // Hand 1 for Home 3: Hand 2 3, Home 1 4, no fault; the turn goes on.
    const oneForThree = 15 + 0 * 4 + 2;
    expect(legal).toContain(oneForThree);
    env.step(oneForThree);
    expect((env.getState().game as FourTenJSON).seenThisTurn).toHaveLength(2);
    expect(env.legalActions()).not.toContain(15 + 2 * 4 + 0); // Hand 3 for Home 1, back to Hand 1 2: seen
    env.setState(saved);
    expect(env.legalActions()).toEqual(legal);
  });
});

describe('four-ten setState: cards out of play', () => {
  it('refuses a card of any value out of play while a hand has room', () => {
    const env = handOneTwoHomeThreeFour();
    for (const v of ['1', '2', '3', '4']) {
      expect(() => env.setState(edited(env, { outOfPlay: [v] }))).toThrow(
        'bad four-ten state: cards are out of play only after a replacement, which needs all three hands full',
      );
    }
  });
});

describe('four-ten setState: the end of a game', () => {
  it('loads the final state of a game that ended at the bottom of the deck', () => {
    const env = make('four-ten', { maxRounds: 1 });
    const bottom = new BottomAgent(env.options as Record<string, unknown>);
    let found = 0;
    for (let seed = 0; seed < 40 && found < 2; seed++) {
      env.reset({ seed });
      while (env.running) env.step(bottom.act(env));
      const final = env.getState();
      if ((final.game as FourTenJSON).stock.length > 0) continue;
      found++;
      const other = make('four-ten', { maxRounds: 1 });
      other.reset({ seed: 0 });
      other.setState(final);
      expect(other.getState()).toEqual(final);
      expect(other.outcome()).toEqual(env.outcome());
    }
    expect(found).toBe(2);
  });
});

describe('four-ten checkState: queued decks', () => {
  it('numbers a bad queued deck as queuedDecks lists it, after the decks already used', () => {
    const env = make('four-ten');
    env.reset({ seed: 1 });
    const s = new FourTenState();
    const view = fourTenOf(env)!;
    fourTenGame.copyState(view.state, s);
    const good = Array.from({ length: 32 }, (_, i) => 1 + (i >> 3));
    const bad = good.map((v, i) => (i === 8 ? 1 : v));
    s.queue = Uint8Array.from([...good, ...good, ...bad]);
    s.queueNext = 1;
    expect(fourTenGame.checkState!(s, view.options)).toBe(
      'queuedDecks deck 2 (cards 32..63) has 9× 1, 7× 2; each deck needs eight each of 1, 2, 3, 4',
    );
  });
});

describe('four-ten counters agree with the rounds', () => {
  /**
   * setState of a fresh deal with `change` over its game part: the error message with the env as it was, or '' when it
   * loads.
   */
  function refused(change: Partial<FourTenJSON>, options: Record<string, unknown> = {}): string {
    const env = make('four-ten', options);
    env.reset({ seed: 1 });
    const state = env.getState();
    const before = JSON.stringify(state);
    let message = '';
    try {
      env.setState({ ...state, game: { ...(state.game as FourTenJSON), ...change } });
    } catch (e) {
      expect(e).toBeInstanceOf(TengymError);
      expect((e as TengymError).code).toBe('bad-state');
      message = (e as TengymError).message;
      expect(JSON.stringify(env.getState())).toBe(before);
    }
    return message;
  }

  it(
    'a round adds at most handTarget or the bottom of the deck: 28 for 10 (three hands that pass the check), 44 ' +
      'past 16, handTarget itself when no full hands pass',
    () => {
      expect(maxRoundPoints({ handTarget: 10 })).toBe(28);
      expect(maxRoundPoints({ handTarget: 16 })).toBe(44);
      expect(maxRoundPoints({ handTarget: 40 })).toBe(44);
      expect(maxRoundPoints({ handTarget: 1 })).toBe(1);
    },
  );

  it('points the ended rounds could not have scored are refused', () => {
    expect(refused({ points: 1 })).toBe(
      'bad four-ten state: 1 points after 0 ended rounds; a round adds at most 28, so at most 0',
    );
    expect(refused({ points: 29, rounds: 1 })).toBe(
      'bad four-ten state: 29 points after 1 ended rounds; a round adds at most 28, so at most 28',
    );
    expect(refused({ points: 28, rounds: 1 })).toBe('');
    const end = { hand: [], home: [], shadow: [], drawn: null, stock: FOUR_TEN_ALL, seenThisTurn: [] };
    expect(refused({ ...end, phase: 'won', points: 1000, rounds: 2 })).toBe(
      'bad four-ten state: 1000 points after 2 ended rounds; a round adds at most 28, so at most 56',
    );
  });

  it('safeties used beyond the ended rounds are refused; a bust uses none', () => {
    expect(refused({ safeties: 0, rounds: 2 })).toBe(
      'bad four-ten state: 3 safeties used after 2 ended rounds; each safety pays the fault that ends a round',
    );
    expect(refused({ safeties: 0, rounds: 3 })).toBe('');
    const end = { hand: [], home: [], shadow: [], drawn: null, stock: FOUR_TEN_ALL, seenThisTurn: [] };
    expect(refused({ ...end, phase: 'bust', safeties: 0, rounds: 3 })).toBe(
      'bad four-ten state: 3 safeties used after 3 ended rounds (the last a bust); each safety pays the fault ' +
        'that ends a round',
    );
    expect(refused({ ...end, phase: 'bust', safeties: 0, rounds: 4 })).toBe('');
  });
});

const FOUR_TEN_ALL = Array.from({ length: 32 }, (_, i) => String(1 + (i >> 3)));
