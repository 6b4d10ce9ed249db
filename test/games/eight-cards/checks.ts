// What the shared tests play of Eight Cards beyond its id (test/helpers/game-checks.ts): every option off its default.
import type { GameChecks } from '../../helpers/game-checks.js';

export const checks: GameChecks = {
  variants: [['eight-cards', { undoLimit: 3, reward: 'cards' }]],
};
