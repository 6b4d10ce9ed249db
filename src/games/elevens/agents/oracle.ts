/**
 * `oracle` — CHEATS: it reads the stock's order and plays the full-information optimum (solver.ts):
 * the upper bound for the fair agents, not a fair agent. Its scores are minus the fewest cards left
 * after each move on the true deal.
 */
import type { Env } from '../../../env/env.js';
import { checkUnusedSeed, type ActionScores, type Agent } from '../../../agents/agent.js';
import { rulesOf, type ElevensOptions } from '../engine.js';
import { DECISION, elevensEnv, patientChoice } from './common.js';
import { ElevensSolver, decisionMoves, nextMove } from './solver.js';

export class OracleAgent implements Agent {
  readonly name = 'oracle';
  readonly fair = false;
  private solver: ElevensSolver | null = null;

  reset(seed?: number): void {
    checkUnusedSeed(seed, this.name);
  }

  act(env: Env): number {
    const { state, options } = elevensEnv(env, this.name);
    const move = nextMove(state);
    if (move >= 0) return move;
    if (move !== DECISION) return env.legal[0];
    const solver = this.solverFor(options);
    const moves = decisionMoves(state, []);
    // Fewest cards left on the true deal; patient's choice among equals.
    let best = patientChoice(state, moves);
    let fewest = solver.cardsLeftAfter(state, best);
    for (const m of moves) {
      const left = solver.cardsLeftAfter(state, m, true);
      if (left < fewest) {
        fewest = left;
        best = m;
      }
    }
    return best;
  }

  /** Every legal move, by minus the fewest cards left after it on the true deal (0 = it still wins). */
  score(env: Env): ActionScores {
    const { state, options } = elevensEnv(env, this.name);
    const solver = this.solverFor(options);
    const actions = env
      .legalActions()
      .map((action, i) => ({ action, score: -solver.cardsLeftAfter(state, action, i > 0) }));
    actions.sort((a, b) => b.score - a.score || a.action - b.action);
    return { kind: 'value', unit: 'minus-cards-left', actions: actions.map((a) => ({ ...a, cardsLeft: -a.score })) };
  }

  private solverFor(options: ElevensOptions): ElevensSolver {
    if (this.solver === null || this.solver.rules !== rulesOf(options)) this.solver = new ElevensSolver(options);
    return this.solver;
  }
}
