/**
 * Weddings (`weddings`): the rules for players are in rules.md beside this file.
 *
 * Monte Carlo's grid and pairs: twenty-five face-up slots in five rows of five (deck[0..24] to slots 0..24, the
 * stock starts at deck[25]); remove two cards of the same rank lying in touching slots, the eight around a card.
 * Emptied slots stay empty until the player deals: then each card rises up its own column past the empty slots
 * above it, and the stock fills the empty slots, now at the foot of the columns, in reading order (PySolFC
 * `montecarlo.py` `Weddings`, line 233).
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
 * | id       | action                                                                                        |
 * |----------|-----------------------------------------------------------------------------------------------|
 * | 0 … 299  | remove the cards of slots (i, j), i < j, lexicographic: id = 25i − i(i+1)/2 + j − i − 1. Legal when they have one rank and their slots touch |
 * | 300      | consolidate: the cards rise up their columns, then the stock fills the empty slots. Legal while an empty slot lies above a card, or a slot is empty and the stock holds a card |
 *
 * ## Observation (Float32Array of 339)
 *
 * 13·i + r is 1 when slot i holds a card of rank r (A = 0 … K = 12); 325 + r is the unseen cards of rank r / 4;
 * 338 is the stock size / 52. The order of the stock is never shown.
 *
 * ## Rewards
 *
 * 'win' (default): +1 on the step that wins, else 0. 'cards': +2 a pair, 0 the deal.
 *
 * ## Episode end
 *
 * Terminated when no action is legal; never truncated (every deal moves a card or deals one). Won when all 52
 * cards are removed. Outcome: `{ won, cardsLeft }`.
 */
import { ALL_RANKS, gridGame, type GridOptions } from './grid.js';

/** Weddings's options: the grid games' (grid.ts). */
export type WeddingsOptions = GridOptions;

/** Weddings's engine: its layout and rules, declared. */
export const weddingsGame = gridGame({
  name: 'weddings',
  rules: { pairSum: 0, sameRankPairs: ALL_RANKS, touch: 'neighbours', consolidate: 'up-columns' },
  prompt: 'Remove two cards of one rank in touching slots, or consolidate up the columns.',
});
