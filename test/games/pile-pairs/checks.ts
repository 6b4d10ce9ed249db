// What the shared tests play of the pile games beyond their ids (test/helpers/game-checks.ts): every option off its
// default, explicit decks read back from seeded deals (pile by pile, then slots and stock), fewer winnable deals
// for the slower solves, and The Wish's card values.
import type { GameChecks } from '../../helpers/game-checks.js';
import { pileDecks } from '../../helpers/pile-decks.js';

const IDS = ['fourteen-out', 'nestor', 'patient-pairs', 'the-wish', 'hurricane', 'ides-of-march'];

export const checks: GameChecks = {
  variants: IDS.map((id) => [id, { undoLimit: 3, reward: 'cards' }] as const),
  decks: (id, count) => (IDS.includes(id) ? pileDecks(id, count) : undefined),
  winnableDeals: Object.fromEntries(IDS.map((id) => [id, 50])),
  episodes: Object.fromEntries(IDS.map((id) => [id, 500])),
  cardValues: { 'the-wish': /ace = 1, and the sevens/ },
};
