/**
 * `greedy` — the simple Pyramid heuristic: remove a king at once; else the removal that takes the
 * most pyramid cards, then the one that uncovers the most (the waste's top card before the
 * stock's on a tie); draw, or turn the waste over, only when nothing can be removed.
 *
 * Reads the legal moves and the pyramid, never the stock's face-down cards.
 */
import type { Env } from '../../env/env.js';
import { SeedlessAgent, type ActionScores } from '../agent.js';
import { greedyIndex, greedyRank, triangleEnv, sortedScores } from './common.js';

export class GreedyAgent extends SeedlessAgent {
  readonly name = 'greedy';

  act(env: Env): number {
    const { state } = triangleEnv(env, this.name);
    return env.legal[greedyIndex(state, env.legal, env.legalCount)];
  }

  /**
   * Score: greedy's rank of each move (a king 10,000; 100 per pyramid card taken, 10 per card uncovered; a draw 0),
   * higher first.
   */
  score(env: Env): ActionScores {
    const { state } = triangleEnv(env, this.name);
    const actions = env.legalActions();
    return sortedScores(
      'heuristic',
      actions,
      actions.map((a) => greedyRank(state, a)),
    );
  }
}
