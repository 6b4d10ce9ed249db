/**
 * `longest` — longest-run-first: when a run is legal, discard the longest one; of two
 * runs of the same length, the one whose cards are oldest (the lower start position);
 * draw only when no run is legal. With optional discards it still discards whenever a
 * run exists (it never draws past a run).
 *
 * Reads only the legal-action list: a run's length and start are in its id.
 */
import type { Env } from '../../../env/env.js';
import { SeedlessAgent, type ActionScores } from '../../../agents/agent.js';
import { decadeEnv, longestRank, sortedScores } from './common.js';

export class LongestRunAgent extends SeedlessAgent {
  readonly name = 'longest';

  act(env: Env): number {
    decadeEnv(env, this.name);
    return longestMove(env.legal, env.legalCount);
  }

  /** Score: 64 × run length − start (the draw scores 0); higher first. */
  score(env: Env): ActionScores {
    decadeEnv(env, this.name);
    const actions = env.legalActions();
    return sortedScores('heuristic', actions, actions.map(longestRank));
  }
}

/** The move `longest` plays among the first `n` legal ids: the longest run, the oldest of equal ones, the draw last. */
export function longestMove(legal: ArrayLike<number>, n: number): number {
  let best = legal[0];
  let bestRank = longestRank(best);
  for (let i = 1; i < n; i++) {
    const rank = longestRank(legal[i]);
    if (rank > bestRank) {
      best = legal[i];
      bestRank = rank;
    }
  }
  return best;
}
