// What the shared tests play of the grid games beyond their ids (test/helpers/game-checks.ts): every option off its
// default, and fewer winnable deals of Monte Carlo, whose solves take longest.
import type { GameChecks } from '../../helpers/game-checks.js';

export const checks: GameChecks = {
  variants: [
    ['monte-carlo', { undoLimit: 3, reward: 'cards' }],
    ['weddings', { undoLimit: 3, reward: 'cards' }],
    ['neighbour', { undoLimit: 3, reward: 'cards' }],
    ['quatorze', { undoLimit: 3, reward: 'cards' }],
  ],
  winnableDeals: { 'monte-carlo': 200 },
};
