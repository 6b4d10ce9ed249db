/**
 * Seven Up (`seven-up`; also Seventh Wonder, The Magic Seven): the line engine of Decade
 * (src/games/decade/engine.ts) with its own run rule. All 52 cards are dealt face up in a line (with
 * `dealAll: false`, three, then one at a time from the stock to its right end); a run of 2 to 4
 * adjacent cards whose values total a multiple of 7, or a seven alone, leaves the line, and the gap
 * closes. Values: A=1 … 10, J=11, Q=12, K=13. None left wins.
 *
 * ## Options
 *
 * | option     | values                         | default     | meaning |
 * |------------|--------------------------------|-------------|---------|
 * | `stacks`   | 1, 7                           | 1           | one line, or seven stacks dealt in rotation, as in Decade |
 * | `minRun`   | integer 1..4                   | 1           | fewest cards in a run; 1 lets a seven go alone, 2 does not |
 * | `maxRun`   | integer `minRun`..4, or null   | null        | most cards in a run; null = 4, the rule's longest |
 * | `loop`     | boolean                        | false       | each line or stack is a loop, as in Decade |
 * | `discard`  | 'forced', 'optional'           | 'optional'  | with a stock: optional, the player may draw at any time (PySolFC); forced, drawing is legal only when no run is |
 * | `pickedUp` | 'discard', 'deck-bottom'       | 'discard'   | where discarded cards go: out of the game, or under the stock |
 * | `win`      | 'empty', 'one-left'            | 'empty'     | a finished game with 0 (or at most 1) cards on the table is won |
 * | `maxSteps` | integer 1..100000              | 5000        | actions since reset before the episode is truncated |
 * | `reward`   | 'win', 'cards'                 | 'win'       | +1 on the last step of a won game, or +L for every run of L cards discarded |
 * | `dealAll`  | boolean                        | true        | true: all 52 cards are dealt face up in the line at the start, with no stock (PySolFC's default; one line only); false: three cards, then draws |
 *
 * ## Actions (209 ids)
 *
 * | id                        | action |
 * |---------------------------|--------|
 * | 0                         | draw: the stock's top card goes to the right end of the line |
 * | 1 + s*4 + (L-1)           | discard the run of L cards (1 ≤ L ≤ 4) starting at position s (0 ≤ s ≤ 51; 0 = the oldest card) |
 *
 * Draw is legal iff the stock is not empty and (`discard: 'optional'` or no run is legal); dealt whole, never.
 * The rest (stacks, loops, the current stack) is as in Decade's engine.
 *
 * ## Observation (Float32Array of 679*S + 15 floats; S = `stacks`: 694 on one line)
 *
 * | index                       | meaning |
 * |-----------------------------|---------|
 * | [0, 676*S)                  | card values: stack k, position p is the 13-way one-hot at (k*52 + p)*13 + (value-1); zero past the stack's end |
 * | [676*S, 677*S)              | cards in stack k / 52 |
 * | [677*S, 678*S)              | 1 if stack k is eliminated |
 * | [678*S, 679*S)              | 1 at the current stack |
 * | [679*S, 679*S+13)           | stock composition: cards of value v = 1..13 in the stock / 4 |
 * | 679*S+13                    | stock size / 52 |
 * | 679*S+14                    | steps taken / maxSteps |
 *
 * Bounds are Decade's, with 13 values: every feature in [0, 1], the stock size at most
 * max(52 − D, 1)/52 and the steps at most min(maxSteps, 52 − D + ⌊52/minRun⌋)/maxSteps
 * (D = the cards dealt), both 1 with 'deck-bottom'.
 *
 * ## Rewards
 *
 * 'win': +1 on the step that ends a won game, else 0. 'cards': +L for a discarded run of L cards.
 *
 * ## Episode end
 *
 * Terminated when no action is legal; truncated at `maxSteps`. Outcome: `cardsLeft` = cards on
 * the table; `won` = terminated with none left ('empty') or at most one ('one-left').
 */
import * as z from 'zod/mini';
import { DECK_SIZE } from '../../../env/cards.js';
import { type LineRule, cardsPerValue, totalsTable } from '../../../env/layouts/line-rule.js';
import {
  decadeOptionFields,
  type DecadeOptions,
  type DecadeState,
  lineGame,
  lineOptionsCheck,
  decadeOption,
} from '../engine.js';
import type { Game } from '../../../env/game.js';

/** Card value by card code: A=1 … K=13, no cap. */
const SEVEN_UP_VALUE = Uint8Array.from({ length: DECK_SIZE }, (_, c) => (c >> 2) + 1);
/** Four kings total 52: no run of at most four cards totals more. */
const MAX_TOTAL = 52;
const SEVENS = totalsTable(MAX_TOTAL, (t) => t % 7 === 0);

/** Seven Up's run rule (pushpin.py `SevenUp_RowStack`, line 501): multiples of 7, 1 to 4 cards. */
export const SEVEN_UP_RULE: LineRule = {
  value: SEVEN_UP_VALUE,
  values: 13,
  perValue: cardsPerValue(SEVEN_UP_VALUE, 13),
  shortest: 1,
  longest: 4,
  maxTotal: MAX_TOTAL,
  good: () => SEVENS,
  totalsText: () => 'a multiple of 7',
  // ≤ 49 draws + 52 discards of one card.
  stepsWithoutCycles: 102,
};

/** Decade's options but `fives` (Seven Up's totals are its own), with Seven Up's run lengths and PySolFC's deal. */
export const sevenUpOptionsSchema = z
  .extend(z.omit(decadeOptionFields, { fives: true }), {
    minRun: decadeOption(z.int().check(z.minimum(1), z.maximum(4)), 1, 'Fewest cards in a discard (1: a seven alone)'),
    maxRun: decadeOption(
      z.nullable(z.int().check(z.minimum(1), z.maximum(4))),
      null,
      'Most cards in a discard (empty: 4)',
    ),
    discard: decadeOption(
      z.enum(['forced', 'optional']),
      'optional',
      'With a stock, draw at any time (optional), or not',
    ),
    dealAll: decadeOption(
      z.boolean(),
      true,
      'All 52 cards dealt face up at the start, no stock (false: three, then draws)',
    ),
  })
  .check(lineOptionsCheck());

/** Seven Up's options, defaults filled in (the schema's output). */
export type SevenUpOptions = z.output<typeof sevenUpOptionsSchema>;

/** Seven Up: the line engine with Seven Up's rule (its options have no `fives`, which Decade's totals alone read). */
export const sevenUpGame: Game<DecadeOptions, DecadeState> = lineGame({
  name: 'seven-up',
  rule: SEVEN_UP_RULE,
  optionsSchema: sevenUpOptionsSchema as unknown as Game<DecadeOptions, DecadeState>['optionsSchema'],
});
