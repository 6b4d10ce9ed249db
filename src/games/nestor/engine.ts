/**
 * Nestor (`nestor`): the rules for players are in rules.md beside this file.
 *
 * The 52 cards are dealt face up: eight piles of six, then four single cards, each a pile of its own
 * (PySolFC montecarlo.py:684, `Nestor`). No pile of six holds two cards of one rank: a seeded deal
 * swaps a repeat with a random later card, as PySolFC's `_shuffleHook` (line 741), and an explicit deck
 * that breaks the rule is refused. The deck is dealt pile by pile, bottom card first: deck[0..5] is pile
 * 1, deck[48..51] are piles 9 to 12. Only a pile's top card is available. Remove two tops of the same
 * rank, whatever their suits (line 676). There is no stock. The engine is a declaration over the piles
 * layout (src/env/layouts/piles.ts).
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
 * | 0 … 65  | remove the tops of piles (i, j), i < j, counted from 0 (8 … 11 the single cards), in lexicographic order: id = 12i − i(i+1)/2 + j − i − 1. Legal when both piles hold cards of one rank |
 *
 * ## Observation (Float32Array of 962)
 *
 * | index              | meaning |
 * |--------------------|---------|
 * | 13·(6p + d) + r    | 1 when pile p (0 … 11) holds a card of rank r (A = 0 … K = 12) at depth d (0 = its top … 5) |
 * | 936 + p            | cards in pile p / 6 |
 * | 948 + r            | always 0: no card is unseen in an open deal |
 * | 961                | always 0: no stock |
 *
 * Bounds (`observationBounds`): every float in [0, 1]; the single cards' piles hold one card at most.
 *
 * ## Rewards
 *
 * 'win' (default): +1 on the step that removes the last card, else 0. 'cards': +2 a pair.
 *
 * ## Episode end
 *
 * Terminated when no two tops are of one rank; won when all 52 cards are removed. Never truncated.
 * Outcome: `{ won, cardsLeft }`.
 */
import * as z from 'zod/mini';
import { pilesGame, slotOptionFields } from '../../env/layouts/index.js';

/** Eight open piles of six without a repeated rank, and four single cards; two tops of one rank go out. */
const NESTOR_LAYOUT = {
  piles: [6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1],
  hidden: false,
  distinctRanks: true,
  slots: 0,
  pairSum: null,
  sameRank: true,
  singles: [],
};

export const nestorOptionsSchema = z.strictObject({ ...slotOptionFields('removed') });

/** Nestor's options, defaults filled in (the schema's output). */
export type NestorOptions = z.output<typeof nestorOptionsSchema>;

export const nestorGame = pilesGame<NestorOptions>({
  name: 'nestor',
  rules: () => NESTOR_LAYOUT,
  optionsSchema: nestorOptionsSchema,
});
