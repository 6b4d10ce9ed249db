/**
 * Agents for every game over a triangle of seven rows with a talon (src/env/layouts/triangle.ts): Pyramid, King
 * Tut's draw of three and idle passes, Pyramid Thirteen's face-down cards. Each game lists them in its kit with
 * `triangleAgents([itsGame])`. A triangle beside open piles without a stock (Giza) has its own: open.ts,
 * `openTriangleAgents`.
 *
 * | agent    | fair | idea |
 * |----------|------|------|
 * | `greedy` | yes  | a king at once; else the removal taking the most triangle cards, then uncovering the most; draws only when nothing can be removed |
 * | `pimc`   | yes  | determinized search: solves sampled deals of the unseen cards (the stock's and the face-down ones) exactly, plays the move that wins the most samples; exact once nothing is unseen |
 * | `oracle` | NO   | cheats: the exact solver on the true deal (the upper bound) |
 */
import type { AgentSpec } from '../agent.js';
import type { Env } from '../../env/env.js';
import type { AnyGame } from '../../env/game.js';
import type { GameKit } from '../kit.js';
import { GreedyAgent } from './greedy.js';
import { OracleAgent } from './oracle.js';
import { PimcAgent } from './pimc.js';

export { TriangleSolver, triangleSolverRules, type SolverRules } from './solver.js';
export { loadState } from './deal.js';
export { OracleAgent } from './oracle.js';
export { PimcAgent, PIMC_CONFIG } from './pimc.js';
export { GreedyAgent } from './greedy.js';
export { openTriangleAgents, openGreedyRank } from './open.js';
export { OpenTriangleSolver, OPEN_SOLVE_BUDGET, type OpenPosition } from './open-solver.js';

/**
 * Whether `better` is a king and `worse` is not (`GameKit.dominates`): in a triangle only a king goes alone. It pairs
 * with nothing, so taking it only frees the cards it covers, or the next card of the talon: whatever line follows
 * another move, the same line after the king does at least as well. Hints never rank a king below another move.
 */
export const kingDominates = (env: Env, better: number, worse: number): boolean =>
  env.actionCards(better).length === 1 && env.actionCards(worse).length !== 1;

/** The agents for the engines `games` (each a triangle of seven rows with a talon). */
export const triangleAgents = (games: readonly AnyGame[]): AgentSpec[] => [
  {
    name: 'greedy',
    description:
      'a king at once; else the removal that takes the most pyramid cards, then uncovers the most; draws only ' +
      'when nothing can be removed',
    fair: true,
    games,
    create: () => new GreedyAgent(),
  },
  {
    name: 'pimc',
    description:
      "determinized search: solves sampled deals of the unseen cards (the stock's order, any face-down cards) " +
      'exactly and plays the move that wins in the most samples; exact once nothing is unseen',
    fair: true,
    games,
    create: () => new PimcAgent(),
  },
  {
    name: 'oracle',
    description:
      'CHEATS, sees the stock order and any face-down cards: the exact solver on the true deal. The upper bound ' +
      'for the fair agents, not a fair agent',
    fair: false,
    games,
    create: () => new OracleAgent(),
  },
];

/** What a triangle game's kit holds beyond these agents: its measured ladders, and the rest only some games have. */
export interface TriangleKitParts {
  readonly ladders: GameKit['ladders'];
  readonly difficultyThirds?: GameKit['difficultyThirds'];
  /** What `pimc`, the hint source, is to a player (default: a search over guesses of the unseen stock cards). */
  readonly hintRole?: string;
}

/**
 * The kit of a game over a triangle of seven rows with a talon: these agents, `greedy` the simple heuristic, `pimc`
 * the fair search that ranks hints, `oracle` the exact solver on the true deal, and kings ranked first.
 */
export function triangleKit(game: AnyGame, parts: TriangleKitParts): GameKit {
  const role = parts.hintRole ?? 'a search that plays out many guesses of the unseen stock cards';
  return {
    agents: triangleAgents([game]),
    simpleBaseline: 'greedy',
    searches: ['pimc'],
    solver: 'oracle',
    ...(parts.difficultyThirds ? { difficultyThirds: parts.difficultyThirds } : {}),
    ladders: parts.ladders,
    hintBaseline: (_env, baseline) => baseline('pimc', role),
    dominates: kingDominates,
  };
}
