// What the shared tests play of Elevens beyond its ids (test/helpers/game-checks.ts): option sets that
// move every option off its default between them, the ones that move an observation bound, and its
// agent that ranks no moves.
import type { GameChecks } from '../../helpers/game-checks.js';

export const checks: GameChecks = {
  variants: [
    ['elevens', { grid: 15, faceCards: 'reserve-no-refill', suits: 'same', undoLimit: 'unlimited', reward: 'cards' }],
    ['elevens', { suits: 'same', undoLimit: 3 }],
  ],
  boundVariants: [
    ['elevens', { grid: 15 }],
    ['elevens', { faceCards: 'reserve-no-refill' }],
  ],
  // `patient` plays a fixed rule (the move that needs no search first), so it has no score(env).
  unscoredAgents: ['patient'],
};
