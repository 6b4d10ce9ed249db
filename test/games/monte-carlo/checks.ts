// What the shared tests play of the grid games beyond their ids (test/helpers/game-checks.ts): every option off its
// default.
import type { GameChecks } from '../../helpers/game-checks.js';

export const checks: GameChecks = {
  variants: [['monte-carlo', { undoLimit: 3, reward: 'cards' }]],
};
