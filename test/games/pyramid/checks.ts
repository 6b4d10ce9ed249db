// What the shared tests play of Pyramid beyond its ids (test/helpers/game-checks.ts): option sets that
// move every option off its default between them (stockWastePair only matters with the stock's top in
// play), the ones that move an observation bound, fewer episodes where a game may cycle to maxSteps, and
// fewer winnable deals where finding them is slow.
import type { GameChecks } from '../../helpers/game-checks.js';

export const checks: GameChecks = {
  variants: [
    [
      'pyramid',
      {
        passes: 1,
        goal: 'pyramid',
        stockTopPlayable: false,
        overlapPairs: true,
        maxSteps: 200,
        undoLimit: 3,
        reward: 'cards',
      },
    ],
    ['pyramid', { passes: 2, stockWastePair: false, overlapPairs: true, undoLimit: 'unlimited', reward: 'cards' }],
    ['pyramid', { passes: 'unlimited', maxSteps: 300, goal: 'all' }],
  ],
  boundVariants: [
    ['pyramid', { passes: 1 }],
    ['pyramid', { passes: 'unlimited', maxSteps: 300 }],
    ['pyramid', { stockTopPlayable: false, maxSteps: 40 }],
  ],
  episodes: { 'pyramid-unlimited': 500 },
  // 1,000 winnable deals and their checks take minutes on a quiet machine: 5.1, relaxed 1.6, classic 17.
  winnableDeals: { pyramid: 50, 'pyramid-classic': 50, 'pyramid-relaxed': 50 },
};
