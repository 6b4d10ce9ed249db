// What the shared tests play of Giza beyond its id (test/helpers/game-checks.ts): every option off its default, and
// its own decks: without a stock in its state, a deal is not read back from it.
import { createRng, randomInt } from '../../../src/env/rng.js';
import type { GameChecks } from '../../helpers/game-checks.js';

const ORDERED = [...'A23456789TJQK'].flatMap((r) => [...'CDHS'].map((s) => r + s));

export const checks: GameChecks = {
  variants: [['giza', { undoLimit: 3, reward: 'cards' }]],
  winnableDeals: { giza: 40 },
  decks: (id, count) => {
    if (id !== 'giza') return undefined;
    const rng = createRng(4242);
    return Array.from({ length: count }, () => {
      const deck = [...ORDERED];
      for (let i = deck.length - 1; i > 0; i--) {
        const j = randomInt(rng, 0, i);
        [deck[i], deck[j]] = [deck[j], deck[i]];
      }
      return deck;
    });
  },
};
