// What the shared tests play of King Tut beyond its id (test/helpers/game-checks.ts): every option off its
// default, and a step limit short enough to truncate some games.
import type { GameChecks } from '../../helpers/game-checks.js';

export const checks: GameChecks = {
  variants: [['king-tut', { maxSteps: 40, undoLimit: 3, reward: 'cards' }]],
  winnableDeals: { 'king-tut': 100 },
};
