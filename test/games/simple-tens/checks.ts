// What the shared tests play of Simple Tens beyond its id (test/helpers/game-checks.ts): every option off its
// default, and its cards' values (aces to nines, no tens or court cards).
import type { GameChecks } from '../../helpers/game-checks.js';

export const checks: GameChecks = {
  variants: [['simple-tens', { undoLimit: 3, reward: 'cards' }]],
};
