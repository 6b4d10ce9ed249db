/**
 * Fifteens (`fifteens`): the rules for players are in rules.md beside this file.
 *
 * Sixteen face-up slots in a 4 × 4 grid, dealt from a shuffled 52-card deck (deck[0..15] to slots 0..15,
 * the stock starts at deck[16]), and one open pile without a size limit. Remove two cards from A to 9
 * whose values make 15 (6+9, 7+8), or put any slot card on the pile. After each move the pile goes out
 * when it holds cards from A to 9 only, totalling exactly 15, or exactly one 10, one J, one Q and one K.
 * Emptied slots are refilled from the stock at once, lowest first, but none while the pile holds a card
 * (PySolFC `Fifteens`, pyramid.py:852, `Fifteens_RowStack` line 827, `fillStack` line 869). The pile is the
 * slot layout's group pile (src/env/layouts/slots.ts, `groupPile`).
 *
 * Real decisions: which cards go on the pile, and in which order, decides whether it goes out
 * (test/games/fifteens/decisions.test.ts).
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
 * | id          | action                                                                          |
 * |-------------|---------------------------------------------------------------------------------|
 * | 0 … 119     | remove the cards of slots (i, j), i < j, in lexicographic order: (0,1) = 0, …, (14,15) = 119; id = 16i − i(i+1)/2 + j − i − 1. Legal when both are A–9 and make 15 |
 * | 120 … 135   | put the card of slot i on the pile: id = 120 + i. Legal when slot i holds a card and the pile can still go out |
 *
 * 136 ids.
 *
 * ## Observation (Float32Array of 236)
 *
 * | index            | meaning                                                                  |
 * |------------------|--------------------------------------------------------------------------|
 * | 13·i + r         | 1 when slot i (0..15) holds a card of rank r (A = 0 … K = 12); an empty slot is all zero |
 * | 208 + r, r < 13  | cards of rank r on the pile / 4                                           |
 * | 221              | the pile's A–9 cards' total / 15                                          |
 * | 222 + r, r < 13  | cards of rank r unseen (in the stock) / 4                                 |
 * | 235              | stock size / 52                                                           |
 *
 * The order of the stock is never shown. Bounds (`observationBounds`): every float lies in [0, 1], except
 * the pile's total, in [0, 23/15] (at most 14 while the pile can go out, and a 9 on top), and the stock
 * size, in [0, 36/52].
 *
 * ## Rewards
 *
 * `'win'` (default): +1 on the final step of a won game, else 0. `'cards'`: +2 a pair, the pile's size on
 * the step it goes out, 0 for the other cards put on it (the return is 52 − cards left).
 *
 * ## Episode end
 *
 * Terminated when no action is legal: the slots are empty, or the pile can never go out (its A–9 total
 * past 15, a 10–K with A–9 cards, or a rank of 10–K twice). No move could then win, so the game ends
 * there, lost. A deal is never over at `reset`: any card may go on the pile. Never truncated: every move
 * takes a card off the slots. Won when all 52 cards are removed. Outcome: `{ won, cardsLeft }`.
 */
import type * as z from 'zod/mini';
import { plainSlotGame, plainSlotOptionsSchema } from '../../env/layouts/index.js';

/** Fifteens' options: the undos and the reward only. */
export const fifteensOptionsSchema = plainSlotOptionsSchema;

/** Fifteens' options, defaults filled in (the schema's output). */
export type FifteensOptions = z.output<typeof fifteensOptionsSchema>;

/** Fifteens' engine: its layout and rules, declared over the slot layout. */
export const fifteensGame = plainSlotGame({
  name: 'fifteens',
  // The 4 × 4 grid, pairs of A–9 making 15, and the pile that goes out at 15 or as 10-J-Q-K.
  rules: { slots: 16, columns: 4, pairSum: 15, groupPile: { sum: 15, set: [9, 10, 11, 12] }, refill: 'at-once' },
  prompt: 'Remove two cards that make 15, or put a card on the pile: it goes out at 15, or as 10-J-Q-K.',
  sameOutcome: false,
});
