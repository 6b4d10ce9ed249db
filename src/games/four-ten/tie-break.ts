/**
 * What a Four Ten move costs a player beyond itself, among moves of equal value (the kit's `effort`,
 * which src/hints/tie-break.ts applies): an exchange that keeps the turn open (1); "end turn", an
 * exchange that ends the round (it scores, or faults), a placement and a replacement end the turn or
 * are the only kind of move at hand (0), so between "end turn" and points now at the same value the
 * agent's order decides (a solver's puts the points first). Agents break ties by action id, which puts
 * an exchange (ids 15–46) before "end turn" (47): a player following the top hint would then walk
 * through exchanges that change nothing the score can see (an exchange's score is the best
 * configuration the turn can still reach, so when that is the current one, exchange and "end turn"
 * tie exactly).
 */
import type { Env } from '../../env/env.js';
import { END_TURN, FIRST_EXCHANGE, fourTenOf } from './engine.js';
import { NOTHING, configOfKey, exchangedKey, judgeConfig } from './hands.js';

/** Whether exchange `action` ends the round: the check after it scores or faults. */
function exchangeEndsRound(env: Env, action: number): boolean {
  const four = fourTenOf(env);
  if (!four) return false;
  const key = exchangedKey(four.state.key, action - FIRST_EXCHANGE);
  return key >= 0 && judgeConfig(configOfKey(key), four.options) !== NOTHING;
}

/** 1 for an exchange that keeps the turn open, 0 for any other move. */
export function fourTenEffort(env: Env, action: number): number {
  return action >= FIRST_EXCHANGE && action < END_TURN && !exchangeEndsRound(env, action) ? 1 : 0;
}
