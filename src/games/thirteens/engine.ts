/**
 * Thirteens (`thirteens`; also Good Thirteen, Helsinki): the rules for players are in rules.md
 * beside this file.
 *
 * Ten face-up slots in two rows of five, dealt from a shuffled 52-card deck (deck[0..9] to slots
 * 0..9, the stock starts at deck[10]). Remove two cards whose values make 13 (A = 1 … 10, J = 11,
 * Q = 12: A+Q, 2+J, 3+10, 4+9, 5+8, 6+7), or a king alone. Emptied slots are refilled from the
 * stock at once, lowest slot first (PySolFC Thirteens, AisleRiot Helsinki, Goodsol). The game has
 * no real decisions: a king can always go, a pair stays on the grid until it is played, and two
 * pairs that compete for a card differ only in suits, which never matter; so every legal order of
 * moves reaches the same end (test/games/thirteens/decisions.test.ts shows it).
 *
 * ## Options
 *
 * | option      | values             | default | meaning                                                          |
 * |-------------|--------------------|---------|------------------------------------------------------------------|
 * | `undoLimit` | 0, 3, 'unlimited'  | 0       | undos per game through `session.undo()` (an API call, not an action) |
 * | `reward`    | 'win', 'cards'     | 'win'   | see Rewards                                                      |
 *
 * ## Actions
 *
 * | id       | action                                                                          |
 * |----------|---------------------------------------------------------------------------------|
 * | 0 … 44   | remove the cards of slots (i, j), i < j, in lexicographic order: (0,1) = 0, (0,2) = 1, …, (8,9) = 44; id = 10i − i(i+1)/2 + j − i − 1. Legal when their values make 13 |
 * | 45 … 54  | remove the king of slot i: id = 45 + i. Legal when slot i holds a king           |
 *
 * 55 ids.
 *
 * ## Observation (Float32Array of 144)
 *
 * | index            | meaning                                                                  |
 * |------------------|--------------------------------------------------------------------------|
 * | 13·i + r         | 1 when slot i (0..9) holds a card of rank r (A = 0 … K = 12); an empty slot is all zero |
 * | 130 + r, r < 13  | cards of rank r unseen (in the stock) / 4                                 |
 * | 143              | stock size / 52                                                           |
 *
 * Suits never matter to the rules and the order of the stock is never shown.
 *
 * Bounds (`observationBounds`): every float lies in [0, 1], except the stock size, in [0, 42/52]:
 * the deal takes 10 cards from the stock and nothing goes back.
 *
 * ## Rewards
 *
 * `'win'` (default): +1 on the final step of a won game, else 0. `'cards'`: +2 for a pair, +1 for a
 * king (the return is 52 − cards left).
 *
 * ## Episode end
 *
 * Terminated when no action is legal (a deal with none is over at `reset`); never truncated: every
 * move removes a card. Won when all 52 cards are removed. Outcome: `{ won, cardsLeft }` with
 * cardsLeft = 52 − cards removed.
 */
import type * as z from 'zod/mini';
import type { EngineView } from '../../env/game.js';
import { plainSlotGame, plainSlotOptionsSchema, type SlotState } from '../../env/layouts/index.js';

/** Thirteens' options: the undos and the reward only. */
export const thirteensOptionsSchema = plainSlotOptionsSchema;

/** Thirteens's options, defaults filled in (the schema's output). */
export type ThirteensOptions = z.output<typeof thirteensOptionsSchema>;

export const thirteensGame = plainSlotGame({
  name: 'thirteens',
  rules: { slots: 10, columns: 5, pairSum: 13, singles: [12], refill: 'at-once' },
  prompt: 'Remove two cards that make 13, or a king alone.',
});

/** The engine state and options of a Thirteens env, or null for another game: what tests read instead of casting. */
export function thirteensOf(env: EngineView): { state: SlotState; options: ThirteensOptions } | null {
  return env.game === thirteensGame
    ? { state: env.rawState as SlotState, options: env.options as ThirteensOptions }
    : null;
}
export type { SlotState as ThirteensState } from '../../env/layouts/index.js';
