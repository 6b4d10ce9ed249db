/**
 * King Tut (also Tut's Tomb; PySolFC `pyramid.py:1647` `KingTut`): docs/rules.md, "King Tut" (this folder's
 * rules.md).
 *
 * Pyramid's layout and removals (src/games/pyramid/engine.ts): 28 cards face up in seven rows, the other 24 the
 * stock, kings removed alone and two available cards making 13 together. Its own rules: a draw turns three cards
 * onto the waste (fewer when the stock holds fewer), only the waste's top card is available (the stock lies face
 * down), the waste may be turned over as often as wanted, but only after a pass that removed a card, and the game
 * is won once the pyramid is cleared. A declaration over the toolkit's triangle layout (src/env/layouts/triangle.ts).
 *
 * ## Options
 *
 * | option      | values            | default | meaning |
 * |-------------|-------------------|---------|---------|
 * | `maxSteps`  | integer 1..100000 | 1000    | actions since reset before the episode is truncated (a game ends before 600: see Episode end) |
 * | `undoLimit` | 0, 3, 'unlimited' | 0       | undos per game through `session.undo()` (an API call, not an action) |
 * | `reward`    | 'win', 'cards'    | 'win'   | see Rewards |
 *
 * ## Actions (467 ids): Pyramid's
 *
 * Places: 0 … 27 the pyramid's slots, 28 the waste's top card, 29 the stock's top card (never available here).
 *
 * | id        | action |
 * |-----------|--------|
 * | 0 … 434   | remove the cards at places (i, j), i < j: id = i·30 − i(i+1)/2 + j − i − 1; legal when both are available and make 13 |
 * | 435 … 464 | remove the king at place p: id 435 + p |
 * | 465       | draw: three cards (or the rest of the stock) onto the waste, one at a time, the last on top |
 * | 466       | turn the waste over into the stock (same order); legal when the stock is empty, the waste is not, and a card was removed since the last turn-over (or the deal) |
 *
 * ## Observation (Float32Array of 450)
 *
 * Pyramid's 449 floats (its engine's table: the slots' ranks and free flags, the waste's top rank, the stock's top
 * rank, always zero here, the waste's and the stock's rank counts, the sizes, 446 = 1 for the unlimited passes, 447
 * the later-pass flag, 448 steps / maxSteps), then 449: 1 when a card was removed in this pass (the turn-over is
 * legal once the stock is empty). Every float lies in [0, 1].
 *
 * ## Rewards
 *
 * 'win' (default): +1 on the step that clears the pyramid, else 0. 'cards': +1 per pyramid card removed; the
 * return is then 28 − cardsLeft.
 *
 * ## Episode end
 *
 * Won, and terminated, once the pyramid's 28 cards are removed. Terminated, lost, when no action is legal: the
 * stock empty, no card removed in this pass (the next pass would go just as this one did, since nothing changed)
 * and nothing to remove; or when no card can ever be removed again (Pyramid's rule for unlimited passes). A pass
 * takes at most 8 draws and a turn-over, and every pass but the last removes a card: a game ends within about 500
 * steps. Truncated at `maxSteps` otherwise (never won). Outcome: `{ won, cardsLeft }`, the pyramid's cards left.
 */
import * as z from 'zod/mini';
import { slotOptionFields, triangleGame, triangleRewardRules } from '../../env/layouts/index.js';

/** The triangle's name: its field in the state JSON and its word in messages, as in Pyramid's. */
const TRIANGLE = 'pyramid';
/** The rank removed alone (A = 0). */
const KING = 12;
/** The most `maxSteps` takes. */
const MAX_STEPS_CAP = 100_000;

export const kingTutOptionsSchema = z.strictObject({
  maxSteps: z
    ._default(z.int().check(z.minimum(1), z.maximum(MAX_STEPS_CAP)), 1000)
    .check(z.describe('Moves before the game is stopped')),
  ...slotOptionFields('removed'),
});

/** King Tut's options, defaults filled in. */
export type KingTutOptions = z.output<typeof kingTutOptionsSchema>;

/** The King Tut engine: Pyramid's triangle with a draw of three, the waste's top alone, the pyramid as the goal. */
export const kingTutGame = triangleGame<KingTutOptions>({
  name: 'king-tut',
  optionsSchema: kingTutOptionsSchema,
  rules: (o) => ({
    ...{ rows: 7, name: TRIANGLE, pairSum: 13, singles: [KING], overlapPairs: false, goal: 'triangle' },
    talon: { draw: 3, passes: 'unlimited', idlePassEnds: true, topPlayable: false, topPairsWithWaste: false },
    maxSteps: o.maxSteps,
    ...triangleRewardRules(o),
  }),
  prompt: () => "Remove a king, or two uncovered cards that make 13 (J = 11, Q = 12); the waste's top card counts.",
});
