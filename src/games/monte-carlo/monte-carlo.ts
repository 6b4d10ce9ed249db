/**
 * Monte Carlo (`monte-carlo`; also Quilt): the rules for players are in rules.md beside this file.
 *
 * Twenty-five face-up slots in five rows of five, dealt from a shuffled 52-card deck (deck[0..24] to slots 0..24,
 * the stock starts at deck[25]). Remove two cards of the same rank lying in touching slots: the eight slots around
 * a card, across rows and diagonals. Emptied slots stay empty until the player deals: the cards then slide to close
 * the gaps in reading order, and the stock fills the empty slots at the end (PySolFC `montecarlo.py` `MonteCarlo`,
 * line 111). The order of the pairs matters: a pair taken changes which cards touch after the next deal.
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
 * | 300      | consolidate: the cards close the gaps in reading order, then the stock fills the end slots. Legal while a gap lies before a card, or a slot is empty and the stock holds a card |
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

/** Monte Carlo's options: the grid games' (grid.ts). */
export type MonteCarloOptions = GridOptions;

/** Monte Carlo's engine: its layout and rules, declared. */
export const monteCarloGame = gridGame({
  name: 'monte-carlo',
  rules: { pairSum: 0, sameRankPairs: ALL_RANKS, touch: 'neighbours', consolidate: 'on-deal' },
  prompt: 'Remove two cards of one rank in touching slots, or consolidate.',
});
