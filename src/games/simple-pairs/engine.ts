/**
 * Simple Pairs (`simple-pairs`; also Jamestown, Pirate Gold, Treasure Hunt, Hunter) and Simple Carlo
 * (`simple-carlo`): the rules for players are in rules.md beside this file.
 *
 * A grid of `grid` face-up slots (3 × 3, or 5 × 5 for Simple Carlo) dealt from a shuffled 52-card deck
 * (deck[0..G−1] to slots 0..G−1, the stock starts at deck[G]). Remove two cards of the same rank, from
 * any two slots. Emptied slots are refilled from the stock at once, lowest slot first (PySolFC
 * `SimplePairs`, montecarlo.py:309; `SimpleCarlo`, montecarlo.py:267, whose slide before the refill
 * changes nothing here: any two slots pair). The game has no real decisions: a pair stays on the grid
 * until it is played, and two pairs that compete for a card differ only in suits, which never matter;
 * so every legal order of moves reaches the same end (test/games/simple-pairs/decisions.test.ts).
 *
 * ## Options
 *
 * | option      | values             | default | meaning                                                          |
 * |-------------|--------------------|---------|------------------------------------------------------------------|
 * | `grid`      | 9, 25              | 9       | slots: 3 × 3 (Simple Pairs) or 5 × 5 (Simple Carlo)              |
 * | `undoLimit` | 0, 3, 'unlimited'  | 0       | undos per game through `session.undo()` (an API call, not an action) |
 * | `reward`    | 'win', 'cards'     | 'win'   | see Rewards                                                      |
 *
 * ## Actions (G = `grid`, P = G(G−1)/2)
 *
 * | id       | action                                                                          |
 * |----------|---------------------------------------------------------------------------------|
 * | 0 … P−1  | remove the cards of slots (i, j), i < j, in lexicographic order: (0,1) = 0, (0,2) = 1, …; id = G·i − i(i+1)/2 + j − i − 1. Legal when they are of one rank |
 *
 * G = 9: 36 ids; G = 25: 300 ids.
 *
 * ## Observation (Float32Array of 13·G + 14)
 *
 * | index             | meaning                                                                  |
 * |-------------------|--------------------------------------------------------------------------|
 * | 13·i + r          | 1 when slot i holds a card of rank r (A = 0 … K = 12); an empty slot is all zero |
 * | 13·G + r, r < 13  | cards of rank r unseen (in the stock) / 4                                 |
 * | 13·G + 13         | stock size / 52                                                           |
 *
 * 131 floats for G = 9, 339 for G = 25. Suits never matter and the order of the stock is never shown.
 * Bounds (`observationBounds`): every float lies in [0, 1], except the stock size, in [0, (52 − G)/52].
 *
 * ## Rewards
 *
 * `'win'` (default): +1 on the final step of a won game, else 0. `'cards'`: +2 a pair (the return is
 * 52 − cards left).
 *
 * ## Episode end
 *
 * Terminated when no action is legal (a deal with none is over at `reset`); never truncated: every
 * move removes two cards. Won when all 52 cards are removed. Outcome: `{ won, cardsLeft }`.
 */
import * as z from 'zod/mini';
import { slotGame, slotOptionFields } from '../../env/layouts/index.js';

export const simplePairsOptionsSchema = z.strictObject({
  grid: z._default(z.literal([9, 25]), 9).check(z.describe('Slots: 3 × 3 (Simple Pairs) or 5 × 5 (Simple Carlo)')),
  ...slotOptionFields('removed'),
});

/** Simple Pairs' options, defaults filled in (the schema's output). */
export type SimplePairsOptions = z.output<typeof simplePairsOptionsSchema>;

const EVERY_RANK = Array.from({ length: 13 }, (_, r) => r);

/** Simple Pairs' engine: its layout and rules, declared over the slot layout. */
export const simplePairsGame = slotGame<SimplePairsOptions>({
  name: 'simple-pairs',
  optionsSchema: simplePairsOptionsSchema,
  // Every rank pairs with its own rank only, so no sum is ever made; square grids, rows of √G.
  rules: (o) => ({
    slots: o.grid,
    columns: Math.sqrt(o.grid),
    pairSum: 0,
    sameRankPairs: EVERY_RANK,
    refill: 'at-once',
  }),
  prompt: () => 'Remove two cards of the same rank.',
});
