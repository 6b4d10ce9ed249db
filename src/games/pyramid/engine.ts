/**
 * Pyramid (`pyramid` and its presets): docs/rules.md, "Pyramid" (this folder's rules.md).
 *
 * 28 cards are dealt face up into a pyramid of seven rows (deck[0] the apex, then row by row,
 * left to right: slot r(r+1)/2 + c is row r, card c); the other 24 cards are the stock,
 * deck[28] on top. A pyramid card is **free** when neither of the two cards of the row below
 * that overlap it is still there. Remove a king alone, or two available cards whose ranks add
 * up to 13 (A = 1, J = 11, Q = 12): the available cards are the free pyramid cards, the waste's
 * top card and, with `stockTopPlayable`, the stock's top card, which lies face up. A draw turns
 * the stock's top card onto the waste; once the stock is empty the waste may be turned over to
 * make a new stock, in the same order (the card drawn first on top again), while passes remain.
 * Suits never matter.
 *
 * The engine is a declaration over the toolkit's triangle layout (src/env/layouts/triangle.ts and the
 * files beside it), which plays every rule below.
 *
 * ## Options
 *
 * | option             | values                         | default   | meaning (source) |
 * |--------------------|--------------------------------|-----------|------------------|
 * | `passes`           | 1, 2, 3, 'unlimited'           | 3         | passes through the stock; the waste is turned over between them (3: PySolFC, Microsoft Solitaire Collection, politaire, Morehead & Mott-Smith's Par Pyramid; 1: the book rules; unlimited: solitairewinrates.com, King Tut) |
 * | `goal`             | 'all', 'pyramid'               | 'all'     | won when all 52 cards are removed (PySolFC, politaire, the book rules), or the 28 of the pyramid (Microsoft, PySolFC's Relaxed Pyramid) |
 * | `stockTopPlayable` | boolean                        | true      | the stock's top card lies face up and is available (PySolFC, Microsoft, politaire; Morehead & Mott-Smith's "card in hand", Keller & Masten's "stock card most recently dealt"); false: only the waste's top card is (Astraware) |
 * | `stockWastePair`   | boolean                        | true      | the stock's top card may pair with the waste's top card (PySolFC, Microsoft, Morehead & Mott-Smith); no effect without `stockTopPlayable` |
 * | `overlapPairs`     | boolean                        | false     | a card covered by one card only may pair with that card (solitairewinrates.com's "overlap discards", Netexl); false is every rule book's |
 * | `maxSteps`         | integer 1..100000              | 1000      | actions since reset before the episode is truncated (with unlimited passes a game can cycle) |
 * | `undoLimit`        | 0, 3, 'unlimited'              | 0         | undos per game through `session.undo()` (an API call, not an action) |
 * | `reward`           | 'win', 'cards'                 | 'win'     | see Rewards |
 *
 * ## Actions (467 ids)
 *
 * Places: 0 … 27 the pyramid's slots, 28 the waste's top card (`WASTE`), 29 the stock's top card
 * (`STOCK`).
 *
 * | id          | action |
 * |-------------|--------|
 * | 0 … 434     | remove the cards at places (i, j), i < j, in lexicographic order: id = i·30 − i(i+1)/2 + j − i − 1 (`pairActionId`). Legal when both are available, are not kings, and their ranks add up to 13; (28, 29) only with `stockWastePair`; with `overlapPairs` also a slot i covered by one card only, at slot j, free, with that card |
 * | 435 … 464   | remove the king at place p: id 435 + p (`KING_BASE` + p); legal when it is available |
 * | 465         | `DRAW`: the stock's top card goes onto the waste; legal when the stock is not empty |
 * | 466         | `RECYCLE`: turn the waste over into the stock (same order); legal when the stock is empty, the waste is not, and a pass remains |
 *
 * Ids for two places that can never be available together (a slot and one it covers, beyond
 * the overlap pair) exist and are never legal. Draw and recycle are never legal together.
 *
 * ## Observation (Float32Array of 449)
 *
 * | index       | meaning |
 * |-------------|---------|
 * | 13·i + r    | 1 when slot i (0 … 27) holds a card of rank r (A = 0 … K = 12); an empty slot is all zero |
 * | 364 + i     | 1 when slot i holds a free card |
 * | 392 + r     | 1 at the rank of the waste's top card (all zero when the waste is empty) |
 * | 405 + r     | 1 at the rank of the stock's face-up top card (all zero without `stockTopPlayable` or with the stock empty) |
 * | 418 + r     | cards of rank r in the waste / 4 |
 * | 431 + r     | face-down cards of rank r in the stock / 4: on the first pass, the cards not yet seen |
 * | 444         | stock size (face-up top included) / 24 |
 * | 445         | waste size / 24 |
 * | 446         | turn-overs left / 2 (1 with unlimited passes) |
 * | 447         | 1 on a later pass: the stock's order has been seen |
 * | 448         | steps taken / maxSteps |
 *
 * The stock's order is never shown, only its composition. On a later pass every card of the
 * stock has been seen, in order, by a player who watched the first; the observation still shows
 * the composition only (an agent that wants the order keeps it itself, or reads the waste as it
 * forms). Bounds (`observationBounds`): every float lies in [0, 1]: one-hots and flags; a rank has
 * 4 cards; the stock and the waste hold at most the 24 cards the deal leaves; turn-overs left are
 * at most 2 (3 passes); steps / maxSteps is at most min(maxSteps, 28 + 25·passes − 1) / maxSteps
 * with finite passes (at most 28 removals: 24 pairs and 4 kings; 24 draws a pass; a turn-over
 * between passes), 1 with unlimited passes.
 *
 * ## Rewards
 *
 * 'win' (default): +1 on the step that wins, else 0. 'cards': +1 per card of the goal removed
 * (with goal 'all' every card: +2 a pair, +1 a king; with goal 'pyramid' only pyramid cards),
 * 0 for a draw or a turn-over; the return is then the goal's cards (52 or 28) − cardsLeft.
 *
 * ## Episode end
 *
 * Won, and terminated, as soon as the goal's cards are all removed (with goal 'pyramid' the
 * stock and waste may still hold cards). Terminated, lost, when no action is legal (the stock
 * empty and no turn-over left); with unlimited passes also when no card can ever be removed
 * again however often the waste is turned over: nothing is available now, no stock or waste card
 * is a king or pairs with a free pyramid card, and (with `stockTopPlayable` and `stockWastePair`)
 * no two stock and waste cards pair. Those two meet only when next to each other in the stock's
 * order; the rule asks only whether such a pair exists, since that order is hidden on the first
 * pass (a game where none is next to its partner cycles to `maxSteps`).
 * Truncated when `maxSteps` actions have been taken and the game has not ended; a truncated
 * game is never won. Outcome: `{ won, cardsLeft }`, cardsLeft = the goal's
 * cards not removed (all cards left with 'all', the pyramid's with 'pyramid').
 */
import * as z from 'zod';
import type { EngineView } from '../../env/game.js';
import {
  EMPTY,
  placePairId,
  slotOf,
  triangleGame,
  triangleShape,
  type TriangleState,
} from '../../env/layouts/index.js';

export { EMPTY, slotOf };
export type { TriangleState as PyramidState } from '../../env/layouts/index.js';

export const PYRAMID_ROWS = 7;
/** The seven rows' slots, places, ids and cover tables (the toolkit's triangle of seven rows). */
export const PYRAMID_SHAPE = triangleShape(PYRAMID_ROWS);
/**
 * The seven rows' numbers, as the action table above gives them: the slots (28), the cards the deal leaves for the
 * stock, the places of the waste's and the stock's top cards, the first king id (a king at place p is KING_BASE + p),
 * draw, turn-over and the ids in all; the two places of each pair id, and each slot's left cover and cover bits.
 */
export const {
  slots: PYRAMID_SLOTS,
  talonSize: TALON_SIZE,
  waste: WASTE,
  stock: STOCK,
  singleBase: KING_BASE,
  draw: DRAW,
  recycle: RECYCLE,
  numActions: PYRAMID_ACTIONS,
  pairFirst: PAIR_FIRST,
  pairSecond: PAIR_SECOND,
  coverLeft: COVER_LEFT,
  coverMask: COVER_MASK,
} = PYRAMID_SHAPE;
/** Rank index of a king (A = 0). */
export const KING = 12;
/** Two ranks pair when their indexes add up to this (13 in card values). */
export const PAIR_SUM = 11;
/** The most `maxSteps` takes. */
export const MAX_STEPS_CAP = 100_000;

export const pyramidOptionsSchema = z.strictObject({
  passes: z
    .literal([1, 2, 3, 'unlimited'])
    .default(3)
    .describe('Passes through the stock (the waste is turned over between them)'),
  goal: z.enum(['all', 'pyramid']).default('all').describe('Won by removing all 52 cards, or the 28 of the pyramid'),
  stockTopPlayable: z.boolean().default(true).describe("The stock's top card lies face up and can be played"),
  stockWastePair: z.boolean().default(true).describe("The stock's and the waste's top cards may pair with each other"),
  overlapPairs: z.boolean().default(false).describe('A card covered by one card only may pair with that card'),
  // Capped: with unlimited passes a game can cycle through draws and turn-overs until maxSteps.
  maxSteps: z
    .int()
    .min(1)
    .max(MAX_STEPS_CAP, {
      error: `maxSteps must be at most ${MAX_STEPS_CAP}: with unlimited passes a game can cycle until the limit`,
    })
    .default(1000)
    .describe('Moves before the game is stopped'),
  undoLimit: z.literal([0, 3, 'unlimited']).default(0).describe('Undos per game'),
  reward: z.enum(['win', 'cards']).default('win').describe('Training reward: 1 for a win, or per card removed'),
});

/** Pyramid's options, defaults filled in (the schema's output). */
export type PyramidOptions = z.output<typeof pyramidOptionsSchema>;

/** The pair id of places i < j (the action table above). */
export const pairActionId = (i: number, j: number): number => placePairId(PYRAMID_SHAPE.places, i, j);

/** The Pyramid engine: every id (index.ts) is these options over the toolkit's triangle. */
export const pyramidGame = triangleGame<PyramidOptions>({
  name: 'pyramid',
  optionsSchema: pyramidOptionsSchema,
  rules: (o) => ({
    rows: PYRAMID_ROWS,
    name: 'pyramid',
    pairSum: 13,
    singles: [KING],
    talon: { draw: 1, passes: o.passes, topPlayable: o.stockTopPlayable, topPairsWithWaste: o.stockWastePair },
    overlapPairs: o.overlapPairs,
    goal: o.goal === 'all' ? 'all' : 'triangle',
    maxSteps: o.maxSteps,
    rewardCards: o.reward === 'cards',
    undoLimit: o.undoLimit,
  }),
  prompt: () => 'Remove a king, or two uncovered cards that make 13 (J = 11, Q = 12); draw when you need a new card.',
});

/** Floats in an observation (the same under every option). */
export const PYRAMID_OBSERVATION_SIZE = pyramidGame.observationSize(pyramidOptionsSchema.parse({}));

/**
 * The Pyramid state and options of an env of this engine (for agents, which only read them), or null for
 * another engine's env.
 */
export function pyramidOf(env: EngineView): { state: TriangleState; options: PyramidOptions } | null {
  return env.game === pyramidGame
    ? { state: env.rawState as TriangleState, options: env.options as PyramidOptions }
    : null;
}
