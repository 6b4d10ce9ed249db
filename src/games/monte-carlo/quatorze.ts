/**
 * Quatorze (`quatorze`): the rules for players are in rules.md beside this file.
 *
 * Twenty-five face-up slots in five rows of five (deck[0..24] to slots 0..24, the stock starts at deck[25]). Remove
 * two cards whose values make 14 (A = 1 … 10, J = 11, Q = 12, K = 13) lying in one row or one column. While the
 * stock lasts each emptied slot takes a stock card in place, at once, in reading order; once the stock is out the
 * cards slide to close the gaps in reading order after every removal (PySolFC `montecarlo.py` `Quatorze`, line 292).
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
 * | 0 … 299  | remove the cards of slots (i, j), i < j, lexicographic: id = 25i − i(i+1)/2 + j − i − 1. Legal when they make 14 and share a row or a column |
 *
 * ## Observation (Float32Array of 339)
 *
 * 13·i + r is 1 when slot i holds a card of rank r (A = 0 … K = 12); 325 + r is the unseen cards of rank r / 4;
 * 338 is the stock size / 52. The order of the stock is never shown.
 *
 * ## Rewards
 *
 * 'win' (default): +1 on the step that wins, else 0. 'cards': +2 a pair.
 *
 * ## Episode end
 *
 * Terminated when no action is legal; never truncated: every move removes two cards. Won when all 52 cards are
 * removed. Outcome: `{ won, cardsLeft }`.
 */
import { gridGame, type GridOptions } from './grid.js';

/** Quatorze's options: the grid games' (grid.ts). */
export type QuatorzeOptions = GridOptions;

/** Quatorze's engine: its layout and rules, declared. */
export const quatorzeGame = gridGame({
  name: 'quatorze',
  rules: { refill: 'at-once', pairSum: 14, touch: 'line', consolidate: 'once-stock-out' },
  prompt: 'Remove two cards that make 14 in one row or one column.',
});
