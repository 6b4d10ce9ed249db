// What the shared tests play of Simple Pairs and Simple Carlo beyond their ids (test/helpers/game-checks.ts):
// every option off its default.
import type { GameChecks } from '../../helpers/game-checks.js';

export const checks: GameChecks = {
  variants: [['simple-pairs', { grid: 25, undoLimit: 3, reward: 'cards' }]],
  // Simple Carlo's 300 actions make its contract episodes slower than the 3 × 3 grid's.
  episodes: { 'simple-carlo': 500 },
};
