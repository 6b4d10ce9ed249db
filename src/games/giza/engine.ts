/**
 * Giza (PySolFC `pyramid.py:344` `Giza`, registered at line 1922): docs/rules.md, "Giza" (this folder's rules.md).
 *
 * Pyramid's triangle and removals (src/games/pyramid/engine.ts): 28 cards face up in seven rows, kings removed alone
 * and two available cards making 13 together. Its own rules: no stock; the other 24 cards lie face up in eight open
 * piles of three beside the pyramid, only each pile's top card available. Won when all 52 cards are removed. Every
 * card is in sight from the deal: an open game. A declaration over the toolkit's triangle layout
 * (src/env/layouts/triangle.ts) with its row of piles.
 *
 * ## Options
 *
 * | option      | values            | default | meaning |
 * |-------------|-------------------|---------|---------|
 * | `undoLimit` | 0, 3, 'unlimited' | 0       | undos per game through `session.undo()` (an API call, not an action) |
 * | `reward`    | 'win', 'cards'    | 'win'   | see Rewards |
 *
 * ## Actions (666 ids)
 *
 * Places: 0 … 27 the pyramid's slots (slot r(r+1)/2 + c is row r, card c), 28 … 35 the tops of piles 1 … 8.
 *
 * | id        | action |
 * |-----------|--------|
 * | 0 … 629   | remove the cards at places (i, j), i < j: id = i·36 − i(i+1)/2 + j − i − 1; legal when both are available, are not kings, and make 13 |
 * | 630 … 665 | remove the king at place p: id 630 + p; legal when it is available |
 *
 * ## Observation (Float32Array of 712)
 *
 * | index               | meaning |
 * |---------------------|---------|
 * | 13·i + r            | 1 when slot i (0 … 27) holds a card of rank r (A = 0 … K = 12); an empty slot is all zero |
 * | 364 + i             | 1 when slot i holds a free card |
 * | 392 + (3p + d)·13 + r | 1 when pile p (0 … 7) holds a card of rank r at depth d from its top (0 the top) |
 * | 704 + p             | pile p's cards / 3 |
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
 * Won, and terminated, once all 52 cards are removed. Terminated, lost, when no action is legal. A game takes at
 * most 28 removals, so it is never truncated. Outcome: `{ won, cardsLeft }`.
 */
import type * as z from 'zod/mini';
import { plainSlotOptionsSchema, plainTriangleGame } from '../../env/layouts/index.js';

/** The triangle's name: its field in the state JSON and its word in messages, as in Pyramid's. */
const TRIANGLE = 'pyramid';
/** Eight piles of three (PySolFC's `reserves=8` and its deal of three rows, lines 349 and 352). */
const PILES = [3, 3, 3, 3, 3, 3, 3, 3];

/** Giza's options: those every game over the toolkit's layouts takes (undos per game, the training reward). */
export const gizaOptionsSchema = plainSlotOptionsSchema;

/** Giza's options, defaults filled in. */
export type GizaOptions = z.output<typeof gizaOptionsSchema>;

/** The Giza engine: Pyramid's triangle beside eight open piles, no stock, all 52 cards to win. */
export const gizaGame = plainTriangleGame({
  name: 'giza',
  // 28 removals at most: a step limit never reached.
  rules: {
    ...{ rows: 7, name: TRIANGLE, piles: PILES, pairSum: 13, singles: [12], overlapPairs: false, goal: 'all' },
    maxSteps: 1000,
  },
  prompt: "Remove a king, or two uncovered cards that make 13 (J = 11, Q = 12); a pile's top card counts.",
});
