// What the shared tests play of Eight Cards beyond its id (test/helpers/game-checks.ts): every option off its
// default, and its explicit decks: shuffles of the 52 cards (its empty extra slot keeps a deal from being read back).
import { DECK_SIZE, cardCode } from '../../../src/env/cards.js';
import { createRng, shuffleInPlace } from '../../../src/env/rng.js';
import type { GameChecks } from '../../helpers/game-checks.js';

export const checks: GameChecks = {
  variants: [['eight-cards', { undoLimit: 3, reward: 'cards' }]],
  // Its solver takes about a quarter of a second a winnable deal.
  winnableDeals: { 'eight-cards': 50 },
  decks: (id, count) => {
    if (id !== 'eight-cards') return undefined;
    const rng = createRng(4242);
    return Array.from({ length: count }, () => {
      const deck = Uint8Array.from({ length: DECK_SIZE }, (_, c) => c);
      shuffleInPlace(rng, deck);
      return Array.from(deck, cardCode);
    });
  },
};
