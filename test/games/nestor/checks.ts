// What the shared tests play of Nestor beyond its id (test/helpers/game-checks.ts): every option off its default,
// and explicit decks read back from seeded deals (which keep its rule on ranks).
import type { GameChecks } from '../../helpers/game-checks.js';
import { pileDecks } from '../../helpers/pile-decks.js';

export const checks: GameChecks = {
  variants: [['nestor', { undoLimit: 3, reward: 'cards' }]],
  decks: (id, count) => (id === 'nestor' ? pileDecks(id, count) : undefined),
  winnableDeals: { nestor: 100 },
};
