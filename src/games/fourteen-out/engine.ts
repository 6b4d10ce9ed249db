/**
 * Fourteen Out (`fourteen-out`; PySolFC's Fourteen, also Fourteen Puzzle, Take Fourteen): the rules for
 * players are in rules.md beside this file.
 *
 * The 52 cards are dealt face up into twelve piles: piles 1 to 4 get five cards, piles 5 to 12 four
 * (PySolFC montecarlo.py:638, `Fourteen.startGame`). The deck is dealt pile by pile, each pile bottom card
 * first: deck[0..4] is pile 1, deck[20..23] pile 5, deck[48..51] pile 12. Only a pile's top card is
 * available. Remove two tops whose values make 14 (A = 1 … 10, J = 11, Q = 12, K = 13: A+K, 2+Q, 3+J,
 * 4+10, 5+9, 6+8, 7+7), whatever their suits (montecarlo.py:591, `Fourteen_RowStack`). There is no stock.
 * The engine is a declaration over the piles layout (src/env/layouts/piles.ts).
 *
 * ## Options
 *
 * | option      | values            | default | meaning                                                          |
 * |-------------|-------------------|---------|------------------------------------------------------------------|
 * | `undoLimit` | 0, 3, 'unlimited' | 0       | undos per game through `env.undo()` (an API call, not an action) |
 * | `reward`    | 'win', 'cards'    | 'win'   | see Rewards                                                      |
 *
 * ## Actions (66 ids)
 *
 * | id      | action |
 * |---------|--------|
 * | 0 … 65  | remove the tops of piles (i, j), i < j, counted from 0, in lexicographic order: id = 12i − i(i+1)/2 + j − i − 1. Legal when both piles hold cards and their tops make 14 |
 *
 * ## Observation (Float32Array of 806)
 *
 * | index              | meaning |
 * |--------------------|---------|
 * | 13·(5p + d) + r    | 1 when pile p (0 … 11) holds a card of rank r (A = 0 … K = 12) at depth d (0 = its top … 4) |
 * | 780 + p            | cards in pile p / 5 |
 * | 792 + r            | always 0: no card is unseen in an open deal (the layout's count of unseen cards) |
 * | 805                | always 0: no stock |
 *
 * Bounds (`observationBounds`): every float in [0, 1]; depth 4 and a height past 4/5 only for piles 0 … 3.
 *
 * ## Rewards
 *
 * 'win' (default): +1 on the step that removes the last card, else 0. 'cards': +2 a pair (the return is
 * 52 − cards left).
 *
 * ## Episode end
 *
 * Terminated when no two tops make 14; won when all 52 cards are removed. Never truncated: every move
 * removes two cards. Outcome: `{ won, cardsLeft }`.
 */
import * as z from 'zod/mini';
import { pilesGame, slotOptionFields } from '../../env/layouts/index.js';

/** Twelve open piles, four of five cards and eight of four; two tops making 14 go out. No stock. */
const FOURTEEN_OUT_LAYOUT = {
  piles: [5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4],
  hidden: false,
  distinctRanks: false,
  slots: 0,
  pairSum: 14,
  sameRank: false,
  singles: [],
};

export const fourteenOutOptionsSchema = z.strictObject({ ...slotOptionFields('removed') });

/** Fourteen Out's options, defaults filled in (the schema's output). */
export type FourteenOutOptions = z.output<typeof fourteenOutOptionsSchema>;

export const fourteenOutGame = pilesGame<FourteenOutOptions>({
  name: 'fourteen-out',
  rules: () => FOURTEEN_OUT_LAYOUT,
  optionsSchema: fourteenOutOptionsSchema,
});
