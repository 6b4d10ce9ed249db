/**
 * Block Ten (`block-ten`): the published game (The Spruce, aisleriot, PySolFC), which
 * some descriptions confuse with Tens' hard mode; docs/rules.md, "Block Ten". The engine is the slot
 * layout's (src/env/layouts/slots.ts).
 *
 * A 3×3 tableau of 9 face-up slots dealt from a shuffled 52-card deck (deck[0..8] to
 * slots 0..8, the stock starts at deck[9]). Remove two cards whose values sum to 10
 * (A = 1 … 9: A+9, 2+8, 3+7, 4+6, 5+5) or two cards of the same face rank (J+J, Q+Q,
 * K+K). Tens are never removed: each blocks its slot for the rest of the game. Emptied
 * slots are refilled from the stock, lowest slot first. Decision-free like Tens.
 *
 * ## Options
 *
 * | option      | values                | default  | meaning                                                        |
 * |-------------|-----------------------|----------|----------------------------------------------------------------|
 * | `refill`    | 'strict', 'buffered'  | 'strict' | strict: emptied slots refill at once; buffered: they wait for the `deal` action |
 * | `undoLimit` | 0, 3, 'unlimited'     | 0        | undos per game through `session.undo()` (an API call, not an action) |
 * | `reward`    | 'win', 'cards'        | 'win'    | see Rewards                                                    |
 *
 * ## Actions
 *
 * | id      | action                                                                          |
 * |---------|---------------------------------------------------------------------------------|
 * | 0 … 35  | remove the cards of slots (i, j), i < j, in lexicographic order: (0,1) = 0, (0,2) = 1, …, (7,8) = 35; id = 9i − i(i+1)/2 + j − i − 1. Legal when they sum to 10 or are two J, two Q or two K |
 * | 36      | `deal` (only with `refill: 'buffered'`): fill every empty slot, lowest first, while the stock lasts; legal when a slot is empty and the stock is not, even when a removal is legal too |
 *
 * 36 ids (37 buffered). No quartets.
 *
 * ## Observation (Float32Array of 131)
 *
 * | index           | meaning                                                                 |
 * |-----------------|-------------------------------------------------------------------------|
 * | 13·i + r        | 1 when slot i (0..8) holds a card of rank r (A = 0 … K = 12); an empty slot is all zero |
 * | 117 + r, r < 13 | cards of rank r still in the stock (unseen) / 4                         |
 * | 130             | stock size / 52                                                         |
 *
 * Bounds (`observationBounds`): every float lies in [0, 1], except the stock size, in [0, 43/52]:
 * the deal takes 9 cards from the stock and nothing goes back.
 *
 * ## Rewards
 *
 * `'win'` (default): +1 on the final step of a won game, else 0. `'cards'`: +2 per pair,
 * 0 for `deal` (the return is 52 − cards left; 48 at most).
 *
 * ## Episode end
 *
 * Terminated when no action is legal (a deal with none is over at `reset`). Won when all
 * 52 cards have been dealt by then; only the four tens are then left. Outcome:
 * `{ won, cardsLeft }` with cardsLeft = 52 − cards removed (4 in a won game).
 */
import * as z from 'zod/mini';
import { slotGame } from '../../env/layouts/slot-game.js';
import { sharedOptionFields } from './options.js';

export const blockTenOptionsSchema = z.strictObject({ ...sharedOptionFields });

/** Block Ten's options, every field filled in (the module comment of this file tables them). */
export type BlockTenOptions = z.output<typeof blockTenOptionsSchema>;

export const blockTenGame = slotGame<BlockTenOptions>({
  name: 'block-ten',
  optionsSchema: blockTenOptionsSchema,
  rules: (o) => ({
    slots: 9,
    columns: 3,
    pairSum: 10,
    sameRankPairs: [10, 11, 12],
    blocked: [9],
    refill: o.refill === 'buffered' ? 'on-deal' : 'at-once',
  }),
});
