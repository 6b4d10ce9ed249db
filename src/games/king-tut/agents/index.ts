/**
 * King Tut's kit: the agents written for the triangle layout (src/agents/triangle/), which play every triangle of
 * seven rows with a talon. `greedy` is the simple heuristic; `pimc` the fair search (the stock is face down on the first pass, and
 * the order of three-card draws matters); `oracle` the exact solver on the true stock order (not fair).
 */
import type { GameKit } from '../../../agents/kit.js';
import { triangleAgents } from '../../../agents/triangle/index.js';
import { kingTutGame } from '../engine.js';

export const KING_TUT_KIT: GameKit = {
  agents: triangleAgents([kingTutGame]),
  simpleBaseline: 'greedy',
  searches: ['pimc'],
  solver: 'oracle',
  hintBaseline: (_env, baseline) => baseline('pimc', 'a search that plays out many guesses of the unseen stock cards'),
};
