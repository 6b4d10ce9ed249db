// Helpers of the game tests, game-free: 52-card decks, the error a call throws, the state JSON, every end
// reachable from a state, and the proof that a slot game has no real decisions (`describeNoDecisions`).
import { describe, expect, it } from 'vitest';
import { DECK_SIZE, cardCode, parseCardCode } from '../../src/env/cards.js';
import type { Env } from '../../src/env/env.js';
import { TengymError } from '../../src/env/errors.js';
import type { AnyGame, CardOutcome } from '../../src/env/game.js';
import type { SlotState } from '../../src/env/layouts/index.js';
import { make } from '../../src/env/registry.js';
import { createRng, randomInt } from '../../src/env/rng.js';
import { scaled } from '../helpers/scale.js';

/** The given cards first (the grid's slots, then the top of the stock), then the rest in card order (AC AD AH …). */
export function deckWith(first: readonly string[]): string[] {
  const used = new Set(first);
  if (used.size !== first.length) throw new Error(`deckWith: a card twice in ${first.join(' ')}`);
  const rest: string[] = [];
  for (let c = 0; c < DECK_SIZE; c++) if (!used.has(cardCode(c))) rest.push(cardCode(c));
  return [...first, ...rest];
}

/** The TengymError `fn` throws (fails the test if it throws nothing or something else). */
export function thrown(fn: () => unknown): TengymError {
  try {
    fn();
  } catch (e) {
    if (e instanceof TengymError) return e;
    throw e;
  }
  throw new Error('nothing was thrown');
}

/** The `game` part of an env's state JSON. */
export function gameJSON<
  T = { tableau: (string | null)[]; stock: string[]; removed: string[]; reserve?: (string | null)[] },
>(env: Env): T {
  return env.getState().game as T;
}

/** Plays `choose` to the end; the rewards. */
export function playOut(env: Env, choose: (env: Env) => number): number[] {
  const rewards: number[] = [];
  while (env.running) rewards.push(env.step(choose(env)).reward);
  return rewards;
}

export const first = (env: Env): number => env.legal[0];
export const last = (env: Env): number => env.legal[env.legalCount - 1];

/** A policy drawing uniformly from the legal moves with its own seeded generator. */
export function randomPolicy(seed: number): (env: Env) => number {
  const rng = createRng(seed);
  return (env) => env.legal[randomInt(rng, 0, env.legalCount - 1)];
}

/** Thrown by `reachableEnds` past its budget. */
export class TooManyStates extends Error {}

/**
 * Every outcome (as JSON) that some legal order of moves reaches from `state`, by an exhaustive
 * search over the engine's own functions. `key` names a state for the search's memory (two states
 * with the same key must have the same futures: a key may forget where the cards lie on the grid
 * where the rules never look). Throws TooManyStates past `maxStates` distinct states.
 */
export function reachableEnds<S>(
  game: AnyGame,
  options: object,
  state: S,
  key: (s: S) => string,
  maxStates: number,
): Set<string> {
  const n = game.numActions(options);
  const mask = new Uint8Array(n);
  const rng = createRng(0);
  const seen = new Set<string>();
  const ends = new Set<string>();
  // One state and one list of moves per depth, reused by siblings: a game takes at most 52 moves.
  const states: S[] = [];
  const moves: Int32Array[] = [];
  const visit = (s: S, depth: number): void => {
    const k = key(s);
    if (seen.has(k)) return;
    seen.add(k);
    if (seen.size > maxStates) throw new TooManyStates();
    if (moves.length <= depth) {
      moves.push(new Int32Array(n));
      states.push(game.createState(options) as S);
    }
    const legal = moves[depth];
    const count = game.legalActions(s, options, mask, legal);
    if (count === 0) {
      ends.add(JSON.stringify(game.outcome(s, options)));
      return;
    }
    const next = states[depth];
    for (let k2 = 0; k2 < count; k2++) {
      game.copyState(s, next);
      game.step(next, options, legal[k2], rng);
      visit(next, depth + 1);
    }
  };
  visit(state, 0);
  return ends;
}

/**
 * The proof that a slot game has no real decisions: first, last and random play reach the outcome of an independent
 * rank-count model (`reference`, on the deal order) on 1,000 deals, winning more than `leastWins` of them; and from
 * 150 deals every legal order of moves reaches one end (an exhaustive search on the grid's ranks and the stock's
 * place).
 */
export function describeNoDecisions(
  id: string,
  game: AnyGame,
  reference: (deck: readonly number[]) => CardOutcome,
  leastWins: (deals: number) => number,
): void {
  const dealOrder = (env: Env): number[] =>
    [...(gameJSON(env).tableau as string[]), ...(gameJSON(env).stock as string[])].map(parseCardCode);
  const stateKey = (s: SlotState): string =>
    `${Array.from(s.slotCard, (c) => (c === 255 ? c : c >> 2))
      .sort((a, b) => a - b)
      .join()}|${s.stockPos}`;
  describe(`${id}: no real decisions`, () => {
    it('first, last and random reach the same outcome as the rank-count model on 1,000 deals', () => {
      const envs = [make(id), make(id), make(id)];
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
        expect(outcomes[0], `seed ${seed}`).toEqual(reference(dealOrder(envs[0])));
        if (outcomes[0].won) wins++;
      }
      expect(wins).toBeGreaterThan(leastWins(scaled(1000)));
    });

    it('from the deal of 150 deals, every legal order of moves reaches one end (an exhaustive search)', () => {
      let searched = 0;
      for (let seed = 0; seed < scaled(150, 10); seed++) {
        const env = make(id);
        env.reset({ seed: 700 + seed });
        if (!env.running) continue;
        const ends = reachableEnds(game, env.options, env.rawState as SlotState, stateKey, 200_000);
        expect(ends.size, `seed ${700 + seed}: ${[...ends].join(' or ')}`).toBe(1);
        searched++;
      }
      expect(searched).toBeGreaterThan(0);
    });
  });
}
