// What the shared tests play of Fourteen Out beyond its id (test/helpers/game-checks.ts): every option off its
// default, and explicit decks read back from seeded deals (its state has no stock to read a deal from).
import type { GameChecks } from '../../helpers/game-checks.js';
import { pileDecks } from '../../helpers/pile-decks.js';

export const checks: GameChecks = {
  variants: [['fourteen-out', { undoLimit: 3, reward: 'cards' }]],
  decks: (id, count) => (id === 'fourteen-out' ? pileDecks(id, count) : undefined),
  winnableDeals: { 'fourteen-out': 100 },
};
