/**
 * Ties in a hint list, broken for a person who follows the top hint: among moves of equal value
 * (`sameScore`), the one that asks for fewer further moves comes first, as the game's kit counts a
 * move's effort (`GameKit.effort`). Agents break ties by action id, which need not put first the move
 * that ends a turn: a player following the top hint would then walk through moves that change nothing
 * the score can see. Done here, once, so that every source (a model, a search, a solver) gets it.
 * Browser-safe.
 */
import type { ActionScores, ScoredAction, ValueUnit } from '../agents/agent.js';
import { kitOf } from '../agents/modules.js';
import type { Env } from '../env/env.js';

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
};

/** Whether two scores of `ranked` are the same value for a player (see NEAR; a unit of a game's own says its own). */
export function sameScore(ranked: Pick<ActionScores, 'kind' | 'unit'>, a: number, b: number): boolean {
  const unit = ranked.unit;
  const near = ranked.kind !== 'value' || !unit ? 0 : typeof unit === 'string' ? (NEAR[unit] ?? 0) : (unit.near ?? 0);
  return a === b || Math.abs(a - b) <= near;
}

/**
 * `ranked`'s moves in `env` (best first) with the moves tied with the best-ranked move of their run
 * (`sameScore`) ordered by effort, the agent's order kept otherwise. Returns `ranked.actions`
 * itself when the game counts no effort.
 */
export function preferFewerMoves(env: Env, ranked: ActionScores): readonly ScoredAction[] {
  const effortOf = kitOf(env.game).effort;
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

/**
 * `ranked`'s moves with every move the game proves at least as good as another (`GameKit.dominates`) scored at
 * least as high and listed first among equals: a sampled search can rate a move below one it dominates by chance
 * (16 samples score in steps of 6.25%). The lifted score is an estimate of a move it is no worse than. Returns the
 * actions unchanged where the game proves nothing, or where the scores only mark a choice.
 */
export function respectDominance(env: Env, ranked: ActionScores): ActionScores {
  const dominates = kitOf(env.game).dominates;
  if (!dominates || ranked.kind === 'choice') return ranked;
  const actions = ranked.actions.map((a) => ({ ...a }));
  const beats = (x: ScoredAction, y: ScoredAction) => x.action !== y.action && dominates(env, x.action, y.action);
  // Lift until nothing changes: a lift can pass on through a chain of dominated moves.
  for (let changed = true; changed; ) {
    changed = false;
    for (const x of actions)
      for (const y of actions)
        if (y.score > x.score && beats(x, y)) {
          x.score = y.score;
          changed = true;
        }
  }
  // Stable: equal scores keep the agent's order, except that a dominating move goes before what it dominates.
  const byScore = actions.map((a, i) => ({ a, i })).sort((x, y) => y.a.score - x.a.score || x.i - y.i);
  const out: ScoredAction[] = [];
  for (let i = 0; i < byScore.length; ) {
    let j = i + 1;
    while (j < byScore.length && byScore[j].a.score === byScore[i].a.score) j++;
    const run = byScore.slice(i, j).map((e) => e.a);
    while (run.length > 0) {
      const k = run.findIndex((x) => !run.some((y) => beats(y, x) && !beats(x, y)));
      // A cycle of dominance (none a game declares) would leave no such move: take the first.
      out.push(...run.splice(Math.max(k, 0), 1));
    }
    i = j;
  }
  return { ...ranked, actions: out };
}

/**
 * Each move's place in a ranked list as a player reads it: moves of the same score (`sameScore`) share the place of
 * the first of them (1, 1, 3), so a tie shows as one.
 */
export function sharedRanks(ranked: Pick<ActionScores, 'kind' | 'unit'>, scores: readonly number[]): number[] {
  const ranks: number[] = [];
  for (let i = 0; i < scores.length; i++)
    ranks.push(i > 0 && sameScore(ranked, scores[i], scores[i - 1]) ? ranks[i - 1] : i + 1);
  return ranks;
}
