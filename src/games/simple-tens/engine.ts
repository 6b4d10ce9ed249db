/**
 * Simple Tens (`simple-tens`): the rules for players are in rules.md beside this file.
 *
 * Nine face-up slots in a 3 × 3 grid, dealt from a shuffled 36-card deck of aces to nines (deck[0..8] to slots
 * 0..8, the stock starts at deck[9]). Remove two cards whose values make 10 (A = 1 … 9: A+9, 2+8, 3+7, 4+6, 5+5),
 * from any two slots. Emptied slots are refilled from the stock at once, lowest slot first (PySolFC `SimpleTens`,
 * montecarlo.py:374, a `BlockTen` won at 36 cards; its tens and court cards are stripped from the deck).
 *
 * No real decisions: every legal order of moves reaches the same end (test/games/simple-tens/decisions.test.ts).
 *
 * ## Options
 *
 * | option      | values            | default | meaning                                                          |
 * |-------------|-------------------|---------|------------------------------------------------------------------|
 * | `undoLimit` | 0, 3, 'unlimited' | 0       | undos per game through `session.undo()` (an API call, not an action) |
 * | `reward`    | 'win', 'cards'    | 'win'   | see Rewards                                                      |
 *
 * ## Actions
 *
 * | id      | action                                                                                        |
 * |---------|-----------------------------------------------------------------------------------------------|
 * | 0 … 35  | remove the cards of slots (i, j), i < j, lexicographic: id = 9i − i(i+1)/2 + j − i − 1. Legal when they make 10 |
 *
 * 36 ids.
 *
 * ## Observation (Float32Array of 131)
 *
 * 13·i + r is 1 when slot i (0..8) holds a card of rank r (A = 0 … K = 12; ranks 9 to 12 never occur); 117 + r is
 * the unseen cards of rank r / 4; 130 is the stock size / 36, at most 27/36. The order of the stock is never shown.
 *
 * ## Rewards
 *
 * 'win' (default): +1 on the step that wins, else 0. 'cards': +2 a pair (the return is 36 − cards left).
 *
 * ## Episode end
 *
 * Terminated when no pair is left (a deal with none is over at `reset`); never truncated. Won when all 36 cards are
 * removed. Outcome: `{ won, cardsLeft }`.
 */
import type * as z from 'zod/mini';
import { plainSlotGame, plainSlotOptionsSchema } from '../../env/layouts/index.js';

/** Simple Tens' options: the undos and the reward only. */
export const simpleTensOptionsSchema = plainSlotOptionsSchema;

/** Simple Tens' options, defaults filled in (the schema's output). */
export type SimpleTensOptions = z.output<typeof simpleTensOptionsSchema>;

/** Simple Tens' engine: its layout and rules, declared over the slot layout. */
export const simpleTensGame = plainSlotGame({
  name: 'simple-tens',
  // The 3 × 3 grid and pairs making 10, dealt from aces to nines (PySolFC registers the game with ranks 0 to 8).
  rules: { slots: 9, columns: 3, pairSum: 10, ranks: [0, 1, 2, 3, 4, 5, 6, 7, 8], refill: 'at-once' },
  prompt: 'Remove two cards that make 10.',
});
