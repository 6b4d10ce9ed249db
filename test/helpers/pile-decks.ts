// Explicit decks for the games over the piles layout, as the contract test plays them: the deal of seed k,
// read back from its state JSON (each pile bottom first, then the slots, then the stock), which is the deck
// order the layout deals. Face-down cards and a seeded deal's own rules (Nestor's ranks) come with it.
import { make } from '../../src/env/registry.js';

export function pileDecks(id: string, count: number): string[][] {
  const env = make(id);
  return Array.from({ length: count }, (_, k) => {
    env.reset({ seed: 9000 + k });
    const game = env.getState().game as { piles: string[][]; slots?: (string | null)[]; stock?: string[] };
    // A dealt stock's slots start empty: its deal is the piles, then the stock.
    const slots = (game.slots ?? []).filter((c): c is string => c !== null);
    return [...game.piles.flat(), ...slots, ...(game.stock ?? [])];
  });
}
