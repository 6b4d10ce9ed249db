/**
 * King Tut's kit: the agents written for the triangle layout (src/agents/triangle/), which play every triangle of
 * seven rows with a talon. `greedy` is the simple heuristic; `pimc` the fair search (the stock is face down on the
 * first pass, and the order of three-card draws matters); `oracle` the exact solver on the true stock order (not
 * fair).
 */
import { triangleKit } from '../../../agents/triangle/index.js';
import { kingTutGame } from '../engine.js';

export const KING_TUT_KIT = triangleKit(kingTutGame, {
  // Measured on a machine shared with other work: oracle took 740 s and pimc 1,063 s of one core for the 3,000 deals.
  ladders: {
    'king-tut': {
      deals: 3000,
      seed: 1,
      commands: [
        'tengym eval --env king-tut --agents random,first,greedy,oracle,pimc --episodes 3000 --seed 1 ' +
          '--reference greedy',
      ],
      wins: { random: 5, first: 70, greedy: 99, pimc: 1223, oracle: 1589 },
    },
  },
});
