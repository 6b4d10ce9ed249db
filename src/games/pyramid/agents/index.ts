/**
 * Pyramid's kit: the agents written for the triangle layout (src/agents/triangle/: `greedy`, `pimc`, `oracle`),
 * with Pyramid's ladder, deal difficulty and hint source.
 */
import type { GameKit } from '../../../agents/kit.js';
import {
  triangleAgents,
  triangleSolverRules,
  type SolverRules,
  kingDominates,
} from '../../../agents/triangle/index.js';
import { pyramidGame, type PyramidOptions } from '../engine.js';

/** The rules the triangle solver plays for Pyramid's options. */
export const pyramidSolverRules = (o: PyramidOptions): SolverRules => triangleSolverRules(pyramidGame.rulesOf(o));

/** Pyramid's agents. */
export const PYRAMID_AGENTS = triangleAgents([pyramidGame]);

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
  dominates: kingDominates,
};
