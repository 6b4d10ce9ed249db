/**
 * Pyramid's kit: the agents written for the triangle layout (src/agents/triangle/: `greedy`, `pimc`, `oracle`),
 * with Pyramid's ladder, deal difficulty and hint source.
 */
import type { AgentSpec } from '../../../agents/agent.js';
import { triangleKit, triangleSolverRules, type SolverRules } from '../../../agents/triangle/index.js';
import { pyramidGame, type PyramidOptions } from '../engine.js';

/** The rules the triangle solver plays for Pyramid's options. */
export const pyramidSolverRules = (o: PyramidOptions): SolverRules => triangleSolverRules(pyramidGame.rulesOf(o));

/** Pyramid: its agents, `greedy` the simple heuristic, `pimc` the search that ranks hints. No training presets yet. */
export const PYRAMID_KIT = triangleKit(pyramidGame, {
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
});

/** Pyramid's agents. */
export const PYRAMID_AGENTS: readonly AgentSpec[] = PYRAMID_KIT.agents ?? [];
