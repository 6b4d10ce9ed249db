/**
 * Baroness (`baroness`; also Five Piles, Foxfire 13): the rules for players are in rules.md beside this
 * file. A declaration over the piles layout (src/env/layouts/piles.ts) with its dealt stock and its moves
 * into an empty pile.
 *
 * Five piles of one face-up card each; the other 47 cards are the stock, face down. The player deals when
 * they choose: each deal puts the stock's next card on every pile, pile 0 first; the deal at seven stock
 * cards also fills the two reserve slots. Only a pile's top and the slots' cards are available. Two
 * available cards whose values make 13 go out (A+Q, 2+J, 3+10, 4+9, 5+8, 6+7), and a king alone. An
 * available card may move into an empty pile. An emptied slot stays empty.
 *
 * ## Options
 *
 * | option      | values            | default | meaning                                                          |
 * |-------------|-------------------|---------|------------------------------------------------------------------|
 * | `undoLimit` | 0, 3, 'unlimited' | 0       | undos per game through `session.undo()` (an API call, not an action) |
 * | `reward`    | 'win', 'cards'    | 'win'   | see Rewards                                                      |
 *
 * ## Actions (36 ids)
 *
 * Places: the five piles (0 … 4), then the two slots (5, 6).
 *
 * | id      | action |
 * |---------|--------|
 * | 0 … 20  | remove the cards at places i < j: id = 7i − i(i+1)/2 + j − i − 1. Legal when their values make 13 |
 * | 21 … 27 | remove the king at place 21 − id. Legal when it holds a king |
 * | 28      | deal: legal while the stock holds cards |
 * | 29 … 35 | move the card at place id − 29 into the lowest empty pile. Legal when a pile is empty and the place holds a card, not a pile's only one |
 *
 * ## Observation (Float32Array of 695)
 *
 * | index             | meaning |
 * |-------------------|---------|
 * | 13·(10p + d) + r  | 1 when pile p holds a card of rank r (A = 0 … K = 12) at depth d (0 = its top) |
 * | 650 + 13k + r     | 1 when slot k holds a card of rank r |
 * | 676 + p           | cards in pile p / 10 |
 * | 681 + r           | cards of rank r in the stock / 4 |
 * | 694               | stock size / 47 |
 *
 * Bounds (`observationBounds`): every float in [0, 1].
 *
 * ## Rewards
 *
 * 'win' (default): +1 on the step that removes the last card, else 0. 'cards': +2 a pair, +1 a king.
 *
 * ## Episode end
 *
 * Terminated when no action is legal: no pair, no king, no card to move and an empty stock. Never
 * truncated: a move into an empty pile fills one, and only a removal empties one, so play ends. Won when
 * all 52 cards are removed. Outcome: `{ won, cardsLeft }`.
 */
import * as z from 'zod/mini';
import { pilesGame, slotOptionFields } from '../../env/layouts/index.js';

/** Baroness's options: undos and the reward, as every pile game's. */
export const baronessOptionsSchema = z.strictObject(slotOptionFields('removed'));

/** Baroness's options, defaults filled in (the schema's output). */
export type BaronessOptions = z.output<typeof baronessOptionsSchema>;

/** Baroness (pyramid.py:1280): five piles fed by deals, two slots filled at seven stock cards (line 1257). */
export const baronessGame = pilesGame<BaronessOptions>({
  name: 'baroness',
  optionsSchema: baronessOptionsSchema,
  rules: () => ({
    piles: [1, 1, 1, 1, 1],
    hidden: false,
    distinctRanks: false,
    slots: 2,
    pairSum: 13,
    sameRank: false,
    singles: [12],
    dealtStock: { slotsAt: 7 },
    moveToEmpty: true,
  }),
});
