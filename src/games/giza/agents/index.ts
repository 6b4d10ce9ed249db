/**
 * Giza's kit: the agents written for a triangle beside open piles without a stock (src/agents/triangle/open.ts):
 * `greedy`, the simple heuristic, and `solver`, the exact solver, fair on this open deal, which ranks hints.
 */
import type { GameKit } from '../../../agents/kit.js';
import { kingDominates, openTriangleAgents } from '../../../agents/triangle/index.js';
import { gizaGame } from '../engine.js';

export const GIZA_KIT: GameKit = {
  agents: openTriangleAgents([gizaGame]),
  simpleBaseline: 'greedy',
  searches: ['solver'],
  solver: 'solver',
  hintBaseline: (_env, baseline) => baseline('solver', 'the exact solver: every card is in sight'),
  dominates: kingDominates,
};
