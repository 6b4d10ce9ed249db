/**
 * Pyramid Thirteen's kit: the agents written for the triangle layout (src/agents/triangle/). `greedy` is the simple
 * heuristic (it reads no face-down card: only which slots are free); `pimc` the fair search, which deals the unseen
 * cards (the stock's and the face-down ones) afresh for each sample; `oracle` the exact solver on the true deal
 * (not fair: it reads the face-down cards).
 */
import type { GameKit } from '../../../agents/kit.js';
import { triangleAgents } from '../../../agents/triangle/index.js';
import { pyramidThirteenGame } from '../engine.js';

export const PYRAMID_THIRTEEN_KIT: GameKit = {
  agents: triangleAgents([pyramidThirteenGame]),
  simpleBaseline: 'greedy',
  searches: ['pimc'],
  solver: 'oracle',
  hintBaseline: (_env, baseline) =>
    baseline('pimc', 'a search that plays out many guesses of the unseen cards, face-down ones included'),
};
