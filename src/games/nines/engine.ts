/**
 * Nines (`nines`): the rules for players are in rules.md beside this file.
 *
 * Nine face-up slots in a 3 × 3 grid, dealt from a shuffled 52-card deck (deck[0..8] to slots 0..8,
 * the stock starts at deck[9]). Remove two cards whose values make 9 (A = 1 … 8: A+8, 2+7, 3+6, 4+5),
 * or a nine alone. Tens, jacks, queens and kings are set aside one at a time into four reserves, one
 * per rank; once all four hold a card, the set goes out. Emptied slots are refilled from the stock at
 * once, lowest slot first, but none while a reserve holds a card (PySolFC `Nines`, pyramid.py:739,
 * `Nines_RowStack` line 704, `Nines_Reserve` line 718; the refill is `ElevensToo.fillStack`, line 618).
 *
 * Real decisions: a card set aside while a card of its set is in the stock stops the grid for good,
 * so the order of moves matters (test/games/nines/decisions.test.ts). The slot layout's `patient`
 * (src/agents/slot-patient.ts) never does that, and is the full-information optimum.
 *
 * ## Options
 *
 * | option      | values             | default | meaning                                                          |
 * |-------------|--------------------|---------|------------------------------------------------------------------|
 * | `undoLimit` | 0, 3, 'unlimited'  | 0       | undos per game through `session.undo()` (an API call, not an action) |
 * | `reward`    | 'win', 'cards'     | 'win'   | see Rewards                                                      |
 *
 * ## Actions
 *
 * | id       | action                                                                          |
 * |----------|---------------------------------------------------------------------------------|
 * | 0 … 35   | remove the cards of slots (i, j), i < j, in lexicographic order: (0,1) = 0, …, (7,8) = 35; id = 9i − i(i+1)/2 + j − i − 1. Legal when their values make 9 |
 * | 36 … 44  | remove the nine of slot i: id = 36 + i. Legal when slot i holds a nine           |
 * | 45 … 53  | set aside the card of slot i: id = 45 + i. Legal when it is a 10, J, Q or K whose rank's reserve is empty |
 *
 * 54 ids.
 *
 * ## Observation (Float32Array of 147)
 *
 * | index            | meaning                                                                  |
 * |------------------|--------------------------------------------------------------------------|
 * | 13·i + r         | 1 when slot i (0..8) holds a card of rank r (A = 0 … K = 12); an empty slot is all zero |
 * | 117 + 4f + u     | 1 when the reserve of rank f (10 = 0, J = 1, Q = 2, K = 3) holds the card of suit u |
 * | 133 + r, r < 13  | cards of rank r unseen (in the stock) / 4                                 |
 * | 146              | stock size / 52                                                           |
 *
 * The order of the stock is never shown. Bounds (`observationBounds`): every float lies in [0, 1],
 * except the stock size, in [0, 43/52].
 *
 * ## Rewards
 *
 * `'win'` (default): +1 on the final step of a won game, else 0. `'cards'`: +2 a pair, +1 a nine, +4 on
 * the step that sets aside the set's last card, 0 for the others (the return is 52 − cards left).
 *
 * ## Episode end
 *
 * Terminated when no action is legal (a deal with none is over at `reset`); never truncated: every
 * move takes a card off the grid for good. Won when all 52 cards are removed (cards in a reserve are
 * not). Outcome: `{ won, cardsLeft }`.
 */
import type * as z from 'zod/mini';
import { plainSlotGame, plainSlotOptionsSchema, type PlainSlotGameSpec } from '../../env/layouts/index.js';

/** Nines' options: the undos and the reward only. */
export const ninesOptionsSchema = plainSlotOptionsSchema;

/** Nines' options, defaults filled in (the schema's output). */
export type NinesOptions = z.output<typeof ninesOptionsSchema>;

/** The 3 × 3 grid, pairs making 9, nines alone, and the 10-J-Q-K set aside with no refill meanwhile. */
const NINES_RULES: PlainSlotGameSpec['rules'] = {
  slots: 9,
  columns: 3,
  pairSum: 9,
  singles: [8],
  sets: { ranks: [9, 10, 11, 12], how: 'reserve-no-refill' },
  refill: 'at-once',
};

/** Nines' engine: its layout and rules, declared over the slot layout. */
export const ninesGame = plainSlotGame({
  name: 'nines',
  rules: NINES_RULES,
  prompt: 'Remove two cards that make 9 or a nine alone, or set a 10, a jack, a queen or a king aside.',
  sameOutcome: false,
});
