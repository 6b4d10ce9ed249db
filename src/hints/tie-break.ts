/**
 * Ties in a hint list, broken for a person who follows the top hint: among moves of equal
 * value (`sameScore`), the one that ends the turn (or asks for fewer further moves) comes first. Agents break
 * ties by action id, which in Four Ten puts an exchange (ids 15–46) before "end turn" (47): a
 * player following the top hint then walks through exchanges that change nothing the score can
 * see (an exchange's score is the best configuration the turn can still reach, so when that is
 * the current one, exchange and "end turn" tie exactly). Done here, once, so that every source
 * (a model, a search, a solver) gets it. Browser-safe.
 */
import type { ActionScores, ScoredAction, ValueUnit } from '../agents/agent.js';
import type { Env } from '../env/env.js';
import type { AnyGame } from '../env/game.js';
import { FIRST_EXCHANGE, END_TURN, fourTenGame, fourTenOf } from '../games/four-ten/engine.js';
import { NOTHING, configOfKey, exchangedKey, judgeConfig } from '../games/four-ten/hands.js';

/**
 * What a move costs a player beyond itself, per engine: lower is shown first among equals.
 * Four Ten: an exchange that keeps the turn open (1); "end turn", an exchange that ends the
 * round (it scores, or faults), a placement and a replacement end the turn or are the only kind
 * of move at hand (0), so between "end turn" and points now at the same value the agent's order
 * decides (a solver's puts the points first). Engines not listed have no such ties.
 */
const EFFORT = new Map<AnyGame, (env: Env, action: number) => number>([
  [fourTenGame, (env, a) => (a >= FIRST_EXCHANGE && a < END_TURN && !exchangeEndsRound(env, a) ? 1 : 0)],
]);

/** Whether Four Ten exchange `action` ends the round: the check after it scores or faults. */
function exchangeEndsRound(env: Env, action: number): boolean {
  const four = fourTenOf(env);
  if (!four) return false;
  const key = exchangedKey(four.state.key, action - FIRST_EXCHANGE);
  return key >= 0 && judgeConfig(configOfKey(key), four.options) !== NOTHING;
}

/**
 * How far apart two values may be and still count as equal for a player, by unit: a hundredth
 * of a round or of a point is below what hints show (two decimals) and below what a model's
 * values can tell apart, yet a model that chases such gains walks through dozens of exchanges a
 * game. Probabilities and heuristic ranks tie only when equal: a solver's win chances near 1
 * differ in the last digits and those differences decide its pace.
 */
const NEAR: Partial<Record<ValueUnit, number>> = {
  'minus-rounds-left': 0.01,
  points: 0.01,
  'points-less-fault-cost': 0.01,
};

/** Whether two scores of `ranked` are the same value for a player (see NEAR). */
export function sameScore(ranked: Pick<ActionScores, 'kind' | 'unit'>, a: number, b: number): boolean {
  const near = ranked.kind === 'value' && ranked.unit ? (NEAR[ranked.unit] ?? 0) : 0;
  return a === b || Math.abs(a - b) <= near;
}

/**
 * `ranked`'s moves in `env` (best first) with the moves tied with the best-ranked move of their run
 * (`sameScore`) ordered by effort, the agent's order kept otherwise. Returns `ranked.actions`
 * itself when the engine has no effort table.
 */
export function preferFewerMoves(env: Env, ranked: ActionScores): readonly ScoredAction[] {
  const effortOf = EFFORT.get(env.game);
  const actions = ranked.actions;
  if (!effortOf) return actions;
  const effort = (action: number): number => effortOf(env, action);
  const out: ScoredAction[] = [];
  for (let i = 0; i < actions.length; ) {
    let j = i + 1;
    while (j < actions.length && sameScore(ranked, actions[j].score, actions[i].score)) j++;
    const run = actions.slice(i, j);
    // Array.prototype.sort is stable: equal effort keeps the agent's order.
    if (run.length > 1) run.sort((x, y) => effort(x.action) - effort(y.action));
    out.push(...run);
    i = j;
  }
  return out;
}
