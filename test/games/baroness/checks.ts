// What the shared tests play of Baroness beyond its id (test/helpers/game-checks.ts): every option off its default,
// explicit decks read back from seeded deals (the five pile cards, then the stock), and fewer episodes and winnable
// deals, since its search steps whole states.
import type { GameChecks } from '../../helpers/game-checks.js';
import { pileDecks } from '../../helpers/pile-decks.js';

export const checks: GameChecks = {
  variants: [['baroness', { undoLimit: 3, reward: 'cards' }]],
  decks: (id, count) => (id === 'baroness' ? pileDecks(id, count) : undefined),
  winnableDeals: { baroness: 10 },
  episodes: { baroness: 300 },
};
