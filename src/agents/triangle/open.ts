/**
 * The agents of a triangle of seven rows beside open piles, without a stock (Giza): every card is in sight.
 *
 * | agent    | fair | idea |
 * |----------|------|------|
 * | `greedy` | yes  | a king at once; else the removal taking the most pyramid cards, then uncovering the most, then from the tallest piles |
 * | `solver` | yes  | the exact solver (open-solver.ts): a move after which the deal can still be won, `greedy`'s favourite among them |
 *
 * A game's kit takes them from `openTriangleAgents([itsGame])`.
 */
import type { Env } from '../../env/env.js';
import { TengymError } from '../../env/errors.js';
import type { AnyGame } from '../../env/game.js';
import { triangleStateOf, type TriangleRules, type TriangleState } from '../../env/layouts/index.js';
import { checkPlaying, SeedlessAgent, type ActionScores, type AgentSpec } from '../agent.js';
import { sortedScores } from './common.js';
import { freeSlots, popCount } from './geometry.js';
import { OPEN_SOLVE_BUDGET, OpenTriangleSolver, type OpenPosition } from './open-solver.js';
import { ROWS } from './shape.js';

/** The env's state: a triangle of seven rows beside piles, without a stock; a clear error for another env. */
function openTriangleState(env: Env, agent: string): TriangleState {
  checkPlaying(env, agent);
  const state = triangleStateOf(env);
  if (!state || state.rules.rows !== ROWS || state.rules.hasTalon)
    throw new TengymError('bad-argument', `agent "${agent}" plays a pyramid beside open piles, not ${env.id}`);
  return state;
}

/**
 * `greedy`'s rank of a move, higher first: a king 10,000; else 100 per pyramid card taken, 10 per pyramid card it
 * uncovers, and the heights of the piles it takes from (a taller pile hides more).
 */
export function openGreedyRank(s: TriangleState, action: number): number {
  const r = s.rules;
  const places = action >= r.singleBase ? [action - r.singleBase] : [r.pairFirst[action], r.pairSecond[action]];
  if (places.length === 1) return 10_000;
  let taken = 0;
  let piles = 0;
  for (const place of places) {
    if (place < r.slots) taken |= 1 << place;
    else piles += s.piles.heights[place - r.pileBase];
  }
  const uncovered = freeSlots(s.present & ~taken) & ~freeSlots(s.present);
  return 100 * popCount(taken) + 10 * popCount(uncovered) + piles;
}

class OpenGreedyAgent extends SeedlessAgent {
  readonly name = 'greedy';
  act(env: Env): number {
    return this.score(env).actions[0].action;
  }
  /** Score: greedy's rank of each move (a king 10,000; 100 per pyramid card taken, 10 per card uncovered). */
  score(env: Env): ActionScores {
    const s = openTriangleState(env, this.name);
    const actions = env.legalActions();
    return sortedScores(
      'heuristic',
      actions,
      actions.map((a) => openGreedyRank(s, a)),
    );
  }
}

class OpenSolverAgent extends SeedlessAgent {
  readonly name = 'solver';
  private solver: OpenTriangleSolver | null = null;
  private readonly child: OpenPosition = { present: 0, heights: 0 };

  /** The first move in `greedy`'s order after which the deal can still be won; `greedy`'s move where none is. */
  act(env: Env): number {
    const s = openTriangleState(env, this.name);
    const order = sortedScores(
      'heuristic',
      env.legalActions(),
      env.legalActions().map((a) => openGreedyRank(s, a)),
    ).actions;
    if (order.length === 1) return order[0].action;
    const solver = this.solverFor(s.rules);
    const root = solver.load(s);
    for (const { action } of order) if (solver.solve(solver.after(root, action, this.child))) return action;
    return order[0].action;
  }

  /** Score: 1 for a move after which the deal can still be won, 0 for one after which it cannot, 0.5 unknown. */
  score(env: Env): ActionScores {
    const s = openTriangleState(env, this.name);
    const solver = this.solverFor(s.rules);
    const root = solver.load(s);
    const actions = env.legalActions();
    const wins = actions.map((a) => {
      const won = solver.solve(solver.after(root, a, this.child), OPEN_SOLVE_BUDGET);
      return won ? 1 : solver.aborted ? 0.5 : 0;
    });
    const list = actions.map((action, i) => ({ action, score: wins[i], rank: openGreedyRank(s, action) }));
    list.sort((x, y) => y.score - x.score || y.rank - x.rank || x.action - y.action);
    return { kind: 'win-probability', actions: list.map(({ action, score }) => ({ action, score })) };
  }

  private solverFor(rules: TriangleRules): OpenTriangleSolver {
    if (this.solver?.rules !== rules) this.solver = new OpenTriangleSolver(rules);
    return this.solver;
  }
}

/** The agents for the engines `games` (each a triangle of seven rows beside open piles, without a stock). */
export const openTriangleAgents = (games: readonly AnyGame[]): AgentSpec[] => [
  {
    name: 'greedy',
    description:
      'a king at once; else the removal that takes the most pyramid cards, then uncovers the most, then takes ' +
      'from the tallest piles',
    fair: true,
    games,
    create: () => new OpenGreedyAgent(),
  },
  {
    name: 'solver',
    description:
      'the exact solver of the open deal: a move after which the deal can still be won, the greedy choice among them',
    fair: true,
    games,
    create: () => new OpenSolverAgent(),
  },
];
