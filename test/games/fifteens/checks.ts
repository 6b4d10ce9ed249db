// What the shared tests play of Fifteens beyond its id (test/helpers/game-checks.ts): every option off its default.
import type { GameChecks } from '../../helpers/game-checks.js';

export const checks: GameChecks = {
  variants: [['fifteens', { undoLimit: 3, reward: 'cards' }]],
  // Nearly every deal is winnable, and the oracle's solve of one takes seconds on a loaded machine.
  winnableDeals: { fifteens: 3 },
};
