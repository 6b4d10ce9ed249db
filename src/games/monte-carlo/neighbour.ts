/**
 * Neighbour (`neighbour`): the rules for players are in rules.md beside this file.
 *
 * Twenty-five face-up slots in five rows of five (deck[0..24] to slots 0..24, the stock starts at deck[25]). Remove
 * two cards whose values make 13 (A = 1 … 10, J = 11, Q = 12) lying in touching slots, the eight around a card, or
 * a king alone. After every removal the cards slide to close the gaps in reading order and the stock fills the end
 * slots (PySolFC `montecarlo.py` `Neighbour`, line 572).
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
 * | id        | action                                                                                       |
 * |-----------|----------------------------------------------------------------------------------------------|
 * | 0 … 299   | remove the cards of slots (i, j), i < j, lexicographic: id = 25i − i(i+1)/2 + j − i − 1. Legal when they make 13 and their slots touch |
 * | 300 … 324 | remove the king of slot i: id = 300 + i                                                       |
 *
 * ## Observation (Float32Array of 339)
 *
 * 13·i + r is 1 when slot i holds a card of rank r (A = 0 … K = 12); 325 + r is the unseen cards of rank r / 4;
 * 338 is the stock size / 52. The order of the stock is never shown.
 *
 * ## Rewards
 *
 * 'win' (default): +1 on the step that wins, else 0. 'cards': +2 a pair, +1 a king.
 *
 * ## Episode end
 *
 * Terminated when no action is legal; never truncated: every move removes a card. Won when all 52 cards are
 * removed. Outcome: `{ won, cardsLeft }`.
 */
import { gridGame, type GridOptions } from './grid.js';

/** Neighbour's options: the grid games' (grid.ts). */
export type NeighbourOptions = GridOptions;

/** Neighbour's engine: its layout and rules, declared. */
export const neighbourGame = gridGame({
  name: 'neighbour',
  rules: {
    refill: 'at-once',
    pairSum: 13,
    singles: [12],
    touch: 'neighbours',
    consolidate: 'after-removal',
  },
  prompt: 'Remove two touching cards that make 13, or a king alone.',
});
