/**
 * Pyramid Thirteen's kit: the agents written for the triangle layout (src/agents/triangle/). `greedy` is the simple
 * heuristic (it reads no face-down card: only which slots are free); `pimc` the fair search, which deals the unseen
 * cards (the stock's and the face-down ones) afresh for each sample; `oracle` the exact solver on the true deal
 * (not fair: it reads the face-down cards).
 */
import { triangleKit } from '../../../agents/triangle/index.js';
import { pyramidThirteenGame } from '../engine.js';

export const PYRAMID_THIRTEEN_KIT = triangleKit(pyramidThirteenGame, {
  // Measured on a machine shared with other work: oracle took 342 s and pimc 760 s of one core for the 3,000 deals.
  // One pass with all 52 cards to win is rarely won: pimc's samples seldom hold a win, and it plays as greedy does.
  ladders: {
    'pyramid-thirteen': {
      deals: 3000,
      seed: 1,
      commands: [
        'tengym eval --env pyramid-thirteen --agents random,first,greedy,oracle,pimc --episodes 3000 --seed 1 ' +
          '--reference greedy',
      ],
      wins: { random: 0, first: 8, greedy: 9, pimc: 9, oracle: 193 },
    },
  },
  hintRole: 'a search that plays out many guesses of the unseen cards, face-down ones included',
});
