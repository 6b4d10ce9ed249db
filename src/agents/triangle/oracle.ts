/**
 * `oracle` — CHEATS: it reads the true order of the stock (what a player cannot see) and plays
 * the exact solver (solver.ts) on the real deal. At a decision it solves the position after each
 * legal move and plays a winning one (`greedy`'s favourite among them); in a deal it cannot win
 * it plays `greedy`'s move. It is the upper bound for every fair agent, never a fair agent
 * itself (`fair: false`).
 *
 * The solver's table is kept from move to move while the deal stays the same (checked: the
 * pyramid's cards are where they were and the stock and waste are what is left of the sequence
 * the table was filled for, in order), so a whole game costs about one solve of the deal.
 */
import type { Env } from '../../env/env.js';
import { checkUnusedSeed, type ActionScores, type Agent } from '../agent.js';
import type { TriangleRules, TriangleState } from '../../env/layouts/index.js';
import { greedyIndex, greedyRank, triangleEnv } from './common.js';
import { KnownDeal, applyAction, type SearchPosition } from './deal.js';
import { TriangleSolver, SOLVE_BUDGET, triangleSolverRules } from './solver.js';

export interface OracleConfig {
  /**
   * Moves the solves of one decision may apply together (default `SOLVE_BUDGET`): past it the moves not yet solved
   * count as losses, and a deal where no move was then known to win is given up (`greedy` plays the rest of it).
   */
  budget?: number;
  /** log2 of the solver's table size. */
  tableBits?: number;
}

export class OracleAgent implements Agent {
  readonly name = 'oracle';
  readonly fair = false;
  private readonly budget: number;
  private readonly tableBits: number;
  private solver: TriangleSolver | null = null;
  private rulesKey = '';
  /** The deal the table was filled for. */
  private readonly deal = new KnownDeal();
  private readonly root: SearchPosition = { present: 0, talon: 0, cursor: 0, pass: 1 };
  private readonly child: SearchPosition = { present: 0, talon: 0, cursor: 0, pass: 1 };
  /** The deal (`KnownDeal.loads`) given up when the budget ran out, or -1. */
  private givenUp = -1;

  constructor(config: OracleConfig = {}) {
    this.budget = config.budget ?? SOLVE_BUDGET;
    this.tableBits = config.tableBits ?? 20;
  }

  reset(seed?: number): void {
    checkUnusedSeed(seed, this.name);
    this.deal.forget();
  }

  act(env: Env): number {
    const { state, rules } = triangleEnv(env, this.name);
    if (env.legalCount === 1) return env.legal[0];
    const wins = this.wins(env, state, rules);
    let best = -1;
    for (let i = 0; i < env.legalCount; i++) {
      if (wins[i] && (best < 0 || greedyRank(state, env.legal[i]) > greedyRank(state, env.legal[best]))) best = i;
    }
    return env.legal[best >= 0 ? best : greedyIndex(state, env.legal, env.legalCount)];
  }

  /** Score: 1 for a move after which the deal can still be won, else 0 (`greedy`'s order among equals). */
  score(env: Env): ActionScores {
    const { state, rules } = triangleEnv(env, this.name);
    const wins = this.wins(env, state, rules);
    const actions = env
      .legalActions()
      .map((action, i) => ({ action, score: wins[i] ? 1 : 0, rank: greedyRank(state, action) }));
    actions.sort((x, y) => y.score - x.score || y.rank - x.rank);
    return { kind: 'win-probability', actions: actions.map(({ action, score }) => ({ action, score })) };
  }

  /** Whether the deal can still be won after each legal move, in the env's legal order. */
  private wins(env: Env, state: TriangleState, rules: TriangleRules): boolean[] {
    const solver = this.solverFor(rules);
    this.deal.position(solver, state, this.root);
    const out: boolean[] = [];
    if (this.deal.loads === this.givenUp) return env.legalActions().map(() => false);
    let left = this.budget;
    let ranOut = false;
    for (let i = 0; i < env.legalCount; i++) {
      if (left <= 0) {
        out.push(false);
        ranOut = true;
        continue;
      }
      const c = applyAction(this.root, env.legal[i], this.child, solver.rules);
      out.push(solver.solve(c.present, c.talon, c.cursor, c.pass, left));
      left -= solver.nodes;
      ranOut ||= solver.aborted;
    }
    if (ranOut && !out.includes(true)) this.givenUp = this.deal.loads;
    return out;
  }

  private solverFor(rules: TriangleRules): TriangleSolver {
    const key = JSON.stringify(triangleSolverRules(rules));
    if (this.solver === null || key !== this.rulesKey) {
      this.solver = new TriangleSolver(triangleSolverRules(rules), this.tableBits);
      this.rulesKey = key;
    }
    return this.solver;
  }
}
