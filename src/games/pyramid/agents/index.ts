/**
 * The Pyramid agents: every one plays every Pyramid id and option set.
 *
 * | agent    | fair | idea |
 * |----------|------|------|
 * | `greedy` | yes  | a king at once; else the removal taking the most pyramid cards, then uncovering the most; draws only when nothing can be removed |
 * | `pimc`   | yes  | determinized search: solves sampled orders of the unseen stock exactly, plays the move that wins the most samples; exact once nothing is unseen (from the second pass) |
 * | `oracle` | NO   | cheats: the exact solver on the true stock order (the upper bound) |
 */
import type { AgentSpec } from '../../../agents/agent.js';
import type { GameKit } from '../../../agents/kit.js';
import { pyramidGame } from '../engine.js';
import { GreedyAgent } from './greedy.js';
import { OracleAgent } from './oracle.js';
import { PimcAgent } from './pimc.js';

const PYRAMID = [pyramidGame];

export const PYRAMID_AGENTS: AgentSpec[] = [
  {
    name: 'greedy',
    description:
      'a king at once; else the removal that takes the most pyramid cards, then uncovers the most; draws only ' +
      'when nothing can be removed',
    fair: true,
    games: PYRAMID,
    create: () => new GreedyAgent(),
  },
  {
    name: 'pimc',
    description:
      'determinized search: solves sampled orders of the unseen stock cards exactly and plays the move that wins ' +
      'in the most samples; exact from the second pass, when nothing is unseen',
    fair: true,
    games: PYRAMID,
    create: () => new PimcAgent(),
  },
  {
    name: 'oracle',
    description:
      'CHEATS, sees the stock order: the exact solver on the true deal. The upper bound for the fair agents, not ' +
      'a fair agent',
    fair: false,
    games: PYRAMID,
    create: () => new OracleAgent(),
  },
];

/** Pyramid: its agents, `greedy` the simple heuristic, `pimc` the search that ranks hints. No training presets yet. */
export const PYRAMID_KIT: GameKit = {
  agents: PYRAMID_AGENTS,
  simpleBaseline: 'greedy',
  searches: ['pimc'],
  solver: 'oracle',
  // docs/apps.md, "Winnable and daily deals, and their difficulty".
  difficultyThirds: {
    pyramid: {
      deals: 90,
      seed: 1,
      easy: 5,
      medium: 10,
      command: 'npx tsx research/deal-difficulty.ts --env pyramid --deals 90 --seed 1',
    },
  },
  // docs/agents.md, "Pyramid's baseline ladder".
  ladders: {
    pyramid: {
      deals: 3000,
      seed: 1,
      commands: [
        'tengym eval --env pyramid --agents random,first,greedy,oracle --episodes 3000 --seed 1 --reference greedy',
        'tengym eval --env pyramid --agents greedy,pimc --episodes 3000 --seed 1 --reference greedy',
      ],
      wins: { random: 33, first: 295, greedy: 343, pimc: 1656, oracle: 1951 },
    },
  },
  hintBaseline: (_env, baseline) => baseline('pimc', 'a search that plays out many guesses of the unseen stock cards'),
  // Only a king goes alone. It pairs with nothing, so taking it only frees the cards it covers, or the next stock
  // card: whatever line follows another move, the same line after the king does at least as well.
  dominates: (env, better, worse) => env.actionCards(better).length === 1 && env.actionCards(worse).length !== 1,
};
