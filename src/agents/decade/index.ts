/**
 * The decade family's baselines. Every agent plays every decade id and option (one or
 * seven stacks, loop, fives, minRun/maxRun, optional discards, deck-bottom, 'one-left');
 * each file's doc comment gives the idea.
 *
 * | agent       | fair | idea |
 * |-------------|------|------|
 * | `longest`   | yes  | longest-run-first, oldest cards on a tie; draws only when no run is legal |
 * | `lookahead` | yes  | expectimax over the next cards from the unseen composition; exact search once nothing is unseen |
 * | `pimc`      | yes  | determinized search: solves K shuffles of the unseen cards exactly, plays what clears most often |
 * | `oracle`    | NO   | cheats: the exact solver on the true stock order (the upper bound) |
 * | `optimal`   | yes  | only where holding is free (hold.ts): `lookahead`'s plan there (draw every card, then solve the full line) with the oracle's solver budget; the optimum, the ceiling |
 */
import { decadeGame, decadeOptionsOf } from '../../env/games/decade.js';
import type { AgentSpec } from '../agent.js';
import { LongestRunAgent } from './longest.js';
import { holdsUntilStockEmpty } from './hold.js';
import { HOLD_OPTIMAL_CONFIG, LookaheadAgent } from './lookahead.js';
import { OracleAgent } from './oracle.js';
import { PimcAgent } from './pimc.js';
import { rulesOf } from './position.js';

const DECADE = [decadeGame];

export const DECADE_AGENTS: AgentSpec[] = [
  {
    name: 'longest',
    description: 'longest-run-first: discard the longest legal run (the oldest cards on a tie); draw only when no run is legal',
    fair: true,
    games: DECADE,
    create: () => new LongestRunAgent(),
  },
  {
    name: 'lookahead',
    description: 'expectimax over the next cards drawn from the unseen composition (fewest cards on the table at the horizon); exact search once no card is unseen',
    fair: true,
    games: DECADE,
    create: () => new LookaheadAgent(),
  },
  {
    name: 'pimc',
    description: 'determinized search: solves sampled orders of the unseen cards exactly and plays the action that clears the table in the most samples',
    fair: true,
    games: DECADE,
    create: () => new PimcAgent(),
  },
  {
    name: 'oracle',
    description: 'CHEATS, sees the stock order: the exact solver on the true deal. The upper bound for the fair agents, not a fair agent',
    fair: false,
    games: DECADE,
    create: () => new OracleAgent(),
  },
  {
    name: 'optimal',
    description: 'the exact optimal policy where holding is free (optional discards on one straight line): draws every card, then solves the full line exactly. The ceiling, not a baseline',
    fair: true,
    ceiling: true,
    games: DECADE,
    plays: (env) => {
      const options = decadeOptionsOf(env);
      return options !== null && holdsUntilStockEmpty(rulesOf(options));
    },
    create: () => new LookaheadAgent(HOLD_OPTIMAL_CONFIG, 'optimal'),
  },
];
