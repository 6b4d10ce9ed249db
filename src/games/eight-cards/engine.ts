/**
 * Eight Cards (`eight-cards`; also Acht Karten): the rules for players are in rules.md beside this file.
 *
 * Eight face-up slots in two rows of four, dealt from a shuffled 52-card deck (deck[0..7] to slots 0..7, the stock
 * starts at deck[8]), and an extra slot, slot 8, dealt empty. Remove two cards whose values make 11 (A = 1 … 10:
 * A+10, 2+9, 3+8, 4+7, 5+6) from any two slots, the extra one too, or a jack, queen or king alone. Emptied slots 0..7
 * are refilled from the stock at once, lowest first. Twice a game, while the extra slot is empty, the player may turn
 * the stock's next card into it; nothing else fills it (PySolFC `EightCards`, pyramid.py:1079, a `Thirteens` with
 * `EXTRA_PILE`; `EightCards_RowStack` line 1024, `EightCards_Talon` line 1063).
 *
 * Real decisions: when to use the two draws, and which card of a rank to pair, the extra slot's or a grid slot's
 * (test/games/eight-cards/decisions.test.ts shows a deal where the order matters).
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
 * | id      | action                                                                                        |
 * |---------|-----------------------------------------------------------------------------------------------|
 * | 0 … 35  | remove the cards of slots (i, j), i < j, lexicographic: id = 9i − i(i+1)/2 + j − i − 1 (slot 8 is the extra slot). Legal when they make 11 |
 * | 36 … 44 | remove the jack, queen or king of slot i: id = 36 + i                                          |
 * | 45      | draw: the stock's next card into the empty extra slot; legal while draws are left              |
 *
 * 46 ids.
 *
 * ## Observation (Float32Array of 132)
 *
 * | index       | meaning                                                                                   |
 * |-------------|-------------------------------------------------------------------------------------------|
 * | 13·i + r    | 1 when slot i (0..8, 8 the extra slot) holds a card of rank r (A = 0 … K = 12)              |
 * | 117 + r     | cards of rank r unseen (in the stock) / 4                                                  |
 * | 130         | stock size / 52, at most 44/52                                                             |
 * | 131         | draws left / 2                                                                             |
 *
 * The order of the stock is never shown.
 *
 * ## Rewards
 *
 * 'win' (default): +1 on the step that wins, else 0. 'cards': +2 a pair, +1 a jack, queen or king, 0 a draw (the
 * return is 52 − cards left).
 *
 * ## Episode end
 *
 * Terminated when no action is legal (a deal with none is over at `reset`); never truncated. Won when all 52 cards
 * are removed. Outcome: `{ won, cardsLeft }`.
 */
import type * as z from 'zod/mini';
import { plainSlotGame, plainSlotOptionsSchema } from '../../env/layouts/index.js';

/** Eight Cards' options: the undos and the reward only. */
export const eightCardsOptionsSchema = plainSlotOptionsSchema;

/** Eight Cards' options, defaults filled in (the schema's output). */
export type EightCardsOptions = z.output<typeof eightCardsOptionsSchema>;

/** Eight Cards' engine: its layout and rules, declared over the slot layout. */
export const eightCardsGame = plainSlotGame({
  name: 'eight-cards',
  // Two rows of four and the extra slot (slot 8), pairs making 11, jacks, queens and kings alone, two draws.
  rules: { slots: 9, columns: 4, pairSum: 11, singles: [10, 11, 12], refill: 'at-once', extraSlot: { draws: 2 } },
  prompt: 'Remove two cards that make 11 or a jack, queen or king alone, or draw to the extra slot.',
  sameOutcome: false,
});
