// What the shared tests play of the decade family beyond its ids (test/helpers/game-checks.ts).
import type { GameChecks } from '../../helpers/game-checks.js';

export const checks: GameChecks = {
  variants: [
    ['decade', { reward: 'cards' }],
    ['decade', { win: 'one-left', minRun: 3 }],
    ['decade-stacks', { discard: 'optional', reward: 'cards' }],
    ['decade', { pickedUp: 'deck-bottom', maxSteps: 300 }],
    ['decade-loop', { maxRun: null, fives: true }],
  ],
  boundVariants: [
    ['decade', { minRun: 3, maxSteps: 60 }],
    ['decade', { pickedUp: 'deck-bottom', maxSteps: 300 }],
    ['decade-optional', { maxSteps: 40 }],
    ['decade-stacks', { discard: 'optional', pickedUp: 'deck-bottom', maxSteps: 400 }],
    ['decade-loop', { maxRun: null, fives: true }],
  ],
  goldens: [
    { file: 'decade', id: 'decade', options: {}, seeds: [7, 8] },
    { file: 'decade-open', id: 'decade-open', options: {}, seeds: [15, 16] },
    { file: 'decade-optional', id: 'decade-optional', options: { reward: 'cards' }, seeds: [9] },
    { file: 'decade-max3', id: 'decade-max3', options: {}, seeds: [10] },
    { file: 'decade-loop', id: 'decade-loop', options: {}, seeds: [11] },
    { file: 'decade-fives', id: 'decade-fives', options: {}, seeds: [12] },
    { file: 'decade-stacks', id: 'decade-stacks', options: {}, seeds: [13] },
    { file: 'ten-twenty-thirty', id: 'ten-twenty-thirty', options: {}, seeds: [14] },
  ],
  episodes: { 'decade-stacks': 1000, 'ten-twenty-thirty': 300 },
  // 1,000 winnable deals and their checks take minutes on a quiet machine: seven stacks 1.9, Ten-Twenty-Thirty 3.4;
  // decade-max3's are rare (5 in the first 30,000 seeds).
  winnableDeals: { 'decade-stacks': 50, 'ten-twenty-thirty': 50, 'decade-max3': 50 },
};
