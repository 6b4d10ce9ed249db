/**
 * Seven Up's agents beyond `random` and `first`. Decade's agents read Decade's values and action ids
 * (values capped at 10, runs of 2 to 14), so they do not play it; these read the line and Seven Up's ids.
 *
 * | agent     | fair | idea |
 * |-----------|------|------|
 * | `longest` | yes  | the legal run with the most cards, the oldest of equal ones; draws only when no run is legal |
 * | `optimal` | yes  | each move's exact value once nothing is left to draw (line-value.ts): the optimum on the line dealt whole; with a stock, the visible line's value |
 */
import { BestScoredAgent, checkPlaying, type ActionScores, type AgentSpec } from '../../../../agents/agent.js';
import type { GameKit } from '../../../../agents/kit.js';
import type { Env } from '../../../../env/env.js';
import { TengymError } from '../../../../env/errors.js';
import { lineRunLength, lineRunStart } from '../../../../env/layouts/line-rule.js';
import type { DecadeState } from '../../engine.js';
import { SEVEN_UP_RULE, sevenUpGame } from '../engine.js';
import { SevenUpLineValue } from './line-value.js';

const DRAW = 0;

/** The env's line state, refused for another game. */
function lineState(env: Env, agent: string): DecadeState {
  checkPlaying(env, agent);
  if (env.game !== sevenUpGame) throw new TengymError('bad-argument', `agent "${agent}" plays seven-up, not ${env.id}`);
  return env.rawState as DecadeState;
}

/** 64 × run length − start, the draw 0: `longest`'s order, and the tie-break of the others. */
function longestRank(action: number): number {
  return action === DRAW ? 0 : lineRunLength(SEVEN_UP_RULE, action) * 64 - lineRunStart(SEVEN_UP_RULE, action);
}

function ranked(kind: 'heuristic' | 'value', actions: number[], scores: number[]): ActionScores {
  const list = actions.map((action, i) => ({ action, score: scores[i] }));
  list.sort((x, y) => y.score - x.score || longestRank(y.action) - longestRank(x.action));
  return { kind, actions: list };
}

class LongestAgent extends BestScoredAgent {
  readonly name = 'longest';

  score(env: Env): ActionScores {
    lineState(env, this.name);
    const actions = env.legalActions();
    return ranked('heuristic', actions, actions.map(longestRank));
  }
}

class OptimalAgent extends BestScoredAgent {
  readonly name = 'optimal';
  private solver: SevenUpLineValue | null = null;
  private readonly vals = new Uint8Array(52);

  /** Score: minus the fewest cards the line can be brought to after the move (the draw: the line as it is). */
  score(env: Env): ActionScores {
    const s = lineState(env, this.name);
    const o = env.options as { minRun: number; maxRun: number | null };
    this.solver ??= new SevenUpLineValue(o.minRun, o.maxRun ?? SEVEN_UP_RULE.longest);
    const n = s.len[s.current];
    const base = s.current * 52;
    const actions = env.legalActions();
    const scores = actions.map((action) => {
      if (action === DRAW) return -this.leftWithout(s, base, n, -1, 0);
      return -this.leftWithout(s, base, n, lineRunStart(SEVEN_UP_RULE, action), lineRunLength(SEVEN_UP_RULE, action));
    });
    return ranked('value', actions, scores);
  }

  /** The fewest cards left of the current line without the run (start, length). */
  private leftWithout(s: DecadeState, base: number, n: number, start: number, length: number): number {
    let m = 0;
    for (let i = 0; i < n; i++) {
      if (i >= start && i < start + length) continue;
      this.vals[m++] = SEVEN_UP_RULE.value[s.table[base + i]];
    }
    return this.solver!.fewestLeft(this.vals, m);
  }
}

const SEVEN_UP = [sevenUpGame];

export const SEVEN_UP_AGENTS: AgentSpec[] = [
  {
    name: 'longest',
    description:
      'longest-run-first: discard the run with the most cards (the oldest on a tie); draw only when no run is',
    fair: true,
    games: SEVEN_UP,
    create: () => new LongestAgent(),
  },
  {
    name: 'optimal',
    description:
      'the exact optimum on a line dealt whole: each move valued by the fewest cards the line can then be ' +
      'brought to (a polynomial solve); with a stock, the visible line valued so',
    fair: true,
    games: SEVEN_UP,
    create: () => new OptimalAgent(),
  },
];

export const SEVEN_UP_KIT: GameKit = {
  agents: SEVEN_UP_AGENTS,
  simpleBaseline: 'longest',
  searches: ['optimal'],
  solver: 'optimal',
  hintBaseline: (_env, baseline) => baseline('optimal', 'the exact optimum on the line dealt whole'),
  ladders: {
    'seven-up': {
      deals: 3000,
      seed: 1,
      commands: [
        'tengym eval --env seven-up --agents random,first,longest,optimal --episodes 3000 --seed 1 --reference longest',
      ],
      wins: { random: 1557, first: 2069, longest: 1661, optimal: 2997 },
    },
  },
};
