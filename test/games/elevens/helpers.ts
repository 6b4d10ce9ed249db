// What Elevens' decision and agent tests share: the exhaustive search's memory of a state, and the ends it reaches.
import type { Env } from '../../../src/env/env.js';
import { elevensGame, elevensOf, type ElevensState } from '../../../src/games/elevens/engine.js';
import { reachableEnds } from '../helpers.js';

/**
 * The exhaustive search's memory of a state: the grid as a set (the rules never look at where a card
 * lies), the reserves, the stock's position; with any suits, ranks only (the rules never look at
 * suits then, and the stock's cards are fixed by the position).
 */
export function stateKey(s: ElevensState): string {
  const face = (c: number) => (s.rules.sameSuit || c === 255 ? c : c >> 2);
  return `${Array.from(s.slotCard, face)
    .sort((a, b) => a - b)
    .join()}|${Array.from(s.reserve, face).join()}|${s.stockPos}`;
}

/** Every end some order of moves reaches from the env's state (outcomes as JSON). */
export const endsFrom = (env: Env, maxStates = 200_000): Set<string> =>
  reachableEnds(elevensGame, env.options, elevensOf(env)!.state, stateKey, maxStates);
