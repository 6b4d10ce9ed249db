// What the shared tests play of Seven Up beyond its id (test/helpers/game-checks.ts).
import type { GameChecks } from '../../helpers/game-checks.js';

export const checks: GameChecks = {
  variants: [
    ['seven-up', { dealAll: false, reward: 'cards' }],
    ['seven-up', { dealAll: false, discard: 'forced', minRun: 2, maxRun: 3, win: 'one-left' }],
    ['seven-up', { dealAll: false, stacks: 7, loop: true, pickedUp: 'deck-bottom', maxSteps: 300 }],
  ],
  boundVariants: [
    ['seven-up', { dealAll: false, minRun: 2, maxSteps: 60 }],
    ['seven-up', { dealAll: false, stacks: 7, pickedUp: 'deck-bottom', maxSteps: 300 }],
  ],
  cardValues: { 'seven-up': /ace = 1, 2 to 10 at face value, jack = 11, queen = 12, king = 13/ },
};
