/**
 * What every decade agent shares: reading the engine state of an env, the options a
 * search needs, and the scored-action list that `score()` returns.
 */
import type { Env } from '../../../env/env.js';
import { TengymError } from '../../../env/errors.js';
import { DRAW, decadeOf, runLengthOf, runStartOf, type DecadeOptions, type DecadeState } from '../engine.js';
import { checkPlaying, type ActionScores, type ScoreKind } from '../../../agents/agent.js';
import { rulesOf, type Rules } from './position.js';

/** The env's engine state and options; a clear error for an env of another game. */
export function decadeEnv(env: Env, agent: string): { state: DecadeState; options: DecadeOptions } {
  checkPlaying(env, agent);
  const decade = decadeOf(env);
  if (!decade) throw new TengymError('bad-argument', `agent "${agent}" plays the decade family, not ${env.id}`);
  return decade;
}

/**
 * Rules resolved once: the same object while the options are the same (agents keep
 * their solver and buffers for as long as the rules object is the same).
 */
export class RulesCache {
  private options: DecadeOptions | null = null;
  private key = '';
  private rules: Rules | null = null;
  get(options: DecadeOptions): Rules {
    if (options === this.options && this.rules !== null) return this.rules;
    const key = JSON.stringify(options);
    if (key !== this.key || this.rules === null) {
      this.rules = rulesOf(options);
      this.key = key;
    }
    this.options = options;
    return this.rules;
  }
}

/**
 * The order `longest` prefers: longer runs first, then the older (lower start) of two
 * runs of the same length, the draw last. Higher is better.
 */
export function longestRank(action: number): number {
  if (action === DRAW) return 0;
  return runLengthOf(action) * 64 - runStartOf(action);
}

/** Scores sorted best first (higher first; ties keep `tieRank`'s order, higher first). */
export function sortedScores(
  kind: ScoreKind,
  actions: readonly number[],
  scores: readonly number[],
  tieRank: (a: number) => number = longestRank,
): ActionScores {
  const list = actions.map((action, i) => ({ action, score: scores[i] }));
  list.sort((x, y) => y.score - x.score || tieRank(y.action) - tieRank(x.action));
  return { kind, actions: list };
}
