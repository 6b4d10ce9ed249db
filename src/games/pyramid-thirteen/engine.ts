/**
 * Pyramid Thirteen (PySolFC `pyramid.py:416` `Thirteen`, registered as "Pyramid Thirteen"): docs/rules.md, "Pyramid
 * Thirteen" (this folder's rules.md).
 *
 * Pyramid's layout and removals (src/games/pyramid/engine.ts): 28 cards in seven rows, the other 24 the stock, its
 * top card face up and in play, kings removed alone and two available cards making 13 together. Its own rules: the
 * top six rows (21 cards) are dealt face down, each turning face up once no card covers it, and the stock is gone
 * through once. Won when all 52 cards are removed. A declaration over the toolkit's triangle layout
 * (src/env/layouts/triangle.ts).
 *
 * ## Options
 *
 * | option      | values            | default | meaning |
 * |-------------|-------------------|---------|---------|
 * | `undoLimit` | 0, 3, 'unlimited' | 0       | undos per game through `session.undo()` (an API call, not an action) |
 * | `reward`    | 'win', 'cards'    | 'win'   | see Rewards |
 *
 * ## Actions (467 ids): Pyramid's
 *
 * Places: 0 … 27 the pyramid's slots, 28 the waste's top card, 29 the stock's face-up top card.
 *
 * | id        | action |
 * |-----------|--------|
 * | 0 … 434   | remove the cards at places (i, j), i < j: id = i·30 − i(i+1)/2 + j − i − 1; legal when both are available and make 13 (a face-down card never is) |
 * | 435 … 464 | remove the king at place p: id 435 + p |
 * | 465       | draw: the stock's top card onto the waste |
 * | 466       | turn the waste over: never legal (one pass) |
 *
 * ## Observation (Float32Array of 449): Pyramid's, face-down cards hidden
 *
 * | index    | meaning |
 * |----------|---------|
 * | 13·i + r | 1 when slot i holds a face-up card of rank r; a face-down or empty slot is all zero (a slot is face down while a card covers it) |
 * | 364 + i  | 1 when slot i holds a free card |
 * | 392 + r  | the waste's top rank; 405 + r the stock's face-up top rank |
 * | 418 + r  | cards of rank r in the waste / 4 |
 * | 431 + r  | unseen cards of rank r / 4: the stock's face-down cards and the pyramid's face-down cards together |
 * | 444 … 448 | stock size / 24, waste size / 24, turn-overs left (0), later pass (0), steps / 1000 |
 *
 * Every float lies in [0, 1].
 *
 * ## Rewards
 *
 * 'win' (default): +1 on the step that removes the last card, else 0. 'cards': +1 per card removed (+2 a pair,
 * +1 a king); the return is then 52 − cardsLeft.
 *
 * ## Episode end
 *
 * Won, and terminated, once all 52 cards are removed. Terminated, lost, when no action is legal: the stock empty
 * and nothing to remove. A game takes at most 28 removals and 24 draws, so it is never truncated. Outcome:
 * `{ won, cardsLeft }`.
 */
import type * as z from 'zod/mini';
import { plainSlotOptionsSchema, plainTriangleGame } from '../../env/layouts/index.js';

/** The triangle's name: its field in the state JSON and its word in messages, as in Pyramid's. */
const TRIANGLE = 'pyramid';

/** Pyramid Thirteen's options: those every game over the toolkit's layouts takes (undos per game, the reward). */
export const pyramidThirteenOptionsSchema = plainSlotOptionsSchema;

/** Pyramid Thirteen's options, defaults filled in. */
export type PyramidThirteenOptions = z.output<typeof pyramidThirteenOptionsSchema>;

/** The Pyramid Thirteen engine: Pyramid's triangle with its top six rows face down and one pass. */
export const pyramidThirteenGame = plainTriangleGame({
  name: 'pyramid-thirteen',
  // One pass through the stock, whose top card is in play; all 52 cards to win. Never truncated: 52 steps at most.
  rules: {
    ...{ rows: 7, name: TRIANGLE, pairSum: 13, singles: [12], faceDownRows: 6, overlapPairs: false, goal: 'all' },
    ...{ talon: { draw: 1, passes: 1, topPlayable: true, topPairsWithWaste: true }, maxSteps: 1000 },
  },
  prompt: 'Remove a king, or two uncovered cards that make 13 (J = 11, Q = 12); draw when you need a new card.',
});
