// What the shared tests play of Tens and Block Ten beyond their ids (test/helpers/game-checks.ts).
import type { GameChecks } from '../../helpers/game-checks.js';

export const checks: GameChecks = {
  variants: [
    ['tens', { tableau: 15 }],
    ['tens', { refill: 'buffered' }],
    ['tens', { blockTens: true, reward: 'cards' }],
    ['tens', { undoLimit: 'unlimited' }],
    ['tens', { highCards: 'reserves', blockTens: true, tableau: 15 }],
    ['block-ten', { refill: 'buffered', reward: 'cards' }],
    ['block-ten', { undoLimit: 3 }],
  ],
  boundVariants: [
    ['tens', { tableau: 15 }],
    ['tens', { refill: 'buffered', blockTens: true }],
    ['block-ten', { refill: 'buffered' }],
  ],
  goldens: [
    { file: 'tens', id: 'tens', options: {}, seeds: [1, 2, 3, 4] },
    { file: 'tens-15-buffered', id: 'tens', options: { tableau: 15, refill: 'buffered', reward: 'cards' }, seeds: [3] },
    { file: 'tens-blocktens', id: 'tens', options: { blockTens: true }, seeds: [4] },
    { file: 'block-ten', id: 'block-ten', options: {}, seeds: [5, 6] },
    { file: 'tens-reserves', id: 'tens-reserves', options: {}, seeds: [1, 2] },
  ],
};
