/**
 * Tens (`tens`, `tens-reserves`): docs/rules.md, "Tens".
 *
 * A row of `tableau` face-up slots dealt from a shuffled 52-card deck (deck[0..T-1] to
 * slots 0..T-1, the stock starts at deck[T]). Remove two cards whose values sum to 10
 * (A = 1 … 9: A+9, 2+8, 3+7, 4+6, 5+5), or all four 10s, Js, Qs or Ks when all four are
 * in the slots. Emptied slots are refilled from the stock, lowest slot first. The game
 * has no real decisions: removals never compete, so every legal order of moves reaches
 * the same end (test/games/pairing/tens.test.ts shows it). With `highCards: 'reserves'`
 * (PySolFC's rules) a card set aside before the rest of its rank is in the slots stops the
 * refill for good: real decisions, which the slot layout's `patient` plays exactly. The engine is the slot layout's
 * (src/env/layouts/slots.ts), as Block Ten's.
 *
 * ## Options
 *
 * | option      | values                        | default    | meaning                                                        |
 * |-------------|-------------------------------|------------|----------------------------------------------------------------|
 * | `tableau`   | 13, 15                        | 13         | number of slots (15 is the easier variant)                     |
 * | `refill`    | 'strict', 'buffered'          | 'strict'   | strict: emptied slots refill at once; buffered: they wait for the `deal` action |
 * | `blockTens` | false, true                   | false      | the traditional "Block Ten (hard mode)": rank-10 cards are never removed |
 * | `highCards` | 'quartets', 'reserves'        | 'quartets' | quartets: the four 10s, Js, Qs or Ks leave together from the slots; reserves: set aside one at a time into four reserves of one rank, out together, no refill meanwhile (PySolFC `Tens`, pyramid.py:692) |
 * | `undoLimit` | 0, 3, 'unlimited'             | 0          | undos per game through `session.undo()` (an API call, not an action) |
 * | `reward`    | 'win', 'cards'                | 'win'      | see Rewards                                                    |
 *
 * ## Actions (T = `tableau`, P = T(T−1)/2)
 *
 * | id          | action                                                                      |
 * |-------------|-----------------------------------------------------------------------------|
 * | 0 … P−1     | remove the cards of slots (i, j), i < j, in lexicographic order: (0,1) = 0, (0,2) = 1, …, (T−2,T−1) = P−1; id = i·T − i(i+1)/2 + j − i − 1. Legal when both slots hold cards summing to 10 |
 * | P … P+3     | remove the four 10s, Js, Qs, Ks; legal when all four are in the slots (the 10s never with `blockTens`) |
 * | P … P+T−1   | `highCards: 'reserves'` only, instead of the quartets: set aside the 10, J, Q or K of slot i: id = P + i. Legal when the reserves are empty or hold cards of its rank |
 * | P+4         | `deal` (only with `refill: 'buffered'`): fill every empty slot, lowest first, while the stock lasts; legal when a slot is empty and the stock is not, even when a removal is legal too |
 *
 * T = 13: 82 ids (83 buffered); T = 15: 109 ids (110 buffered). With reserves, T ids replace the four quartet ids.
 *
 * ## Observation (Float32Array of 13·T + 14, and 16 more with reserves)
 *
 * With `highCards: 'reserves'`, 13·T + 4f + u (f = 10, J, Q, K from 0) is 1 when the card of rank f and
 * suit u is set aside; the rank counts and stock size then follow, 16 places later.
 *
 * | index             | meaning                                                                |
 * |-------------------|------------------------------------------------------------------------|
 * | 13·i + r          | 1 when slot i holds a card of rank r (A = 0 … K = 12); an empty slot is all zero |
 * | 13·T + r, r < 13  | cards of rank r still in the stock (unseen) / 4                        |
 * | 13·T + 13         | stock size / 52                                                        |
 *
 * 183 floats for T = 13, 209 for T = 15. Suits never matter to the rules and the order
 * of the stock is never shown.
 *
 * Bounds (`observationBounds`): every float lies in [0, 1], except the stock size, in
 * [0, (52 − T)/52] (39/52 for T = 13, 37/52 for T = 15): the deal takes T cards from the stock and
 * nothing goes back. A rank count reaches 1 when the deal put none of its four in the slots.
 *
 * ## Rewards
 *
 * `'win'` (default): +1 on the final step of a won game, else 0. `'cards'`: +2 for a pair,
 * +4 for a quartet, 0 for `deal` (the return is 52 − cards left).
 *
 * ## Episode end
 *
 * Terminated when no action is legal (a deal with none is over at `reset`). Won when the
 * stock has been dealt out by then; everything removable is then removed too, so a won
 * game has 0 cards left (4, the tens, with `blockTens`). Outcome: `{ won, cardsLeft }`
 * with cardsLeft = 52 − cards removed. Never truncated: every move removes or deals.
 */
import * as z from 'zod/mini';
import { slotGame } from '../../env/layouts/slot-game.js';
import { sharedOptionFields } from './options.js';

export const tensOptionsSchema = z.strictObject({
  tableau: z._default(z.literal([13, 15]), 13).check(z.describe('Slots on the table (15 is easier)')),
  refill: sharedOptionFields.refill,
  blockTens: z._default(z.boolean(), false).check(z.describe('Tens stay on the table (Block Ten)')),
  highCards: z
    ._default(z.enum(['quartets', 'reserves']), 'quartets')
    .check(z.describe('10s, Js, Qs, Ks: four of a rank at once, or set aside one at a time (PySolFC)')),
  undoLimit: sharedOptionFields.undoLimit,
  reward: sharedOptionFields.reward,
});

/** Tens' options, every field filled in (the module comment of this file tables them). */
export type TensOptions = z.output<typeof tensOptionsSchema>;

export const tensGame = slotGame<TensOptions>({
  name: 'tens',
  optionsSchema: tensOptionsSchema,
  sameOutcome: (o) => o.highCards === 'quartets',
  rules: (o) => ({
    slots: o.tableau,
    columns: 5,
    pairSum: 10,
    quartets: o.highCards === 'quartets' ? [9, 10, 11, 12] : [],
    // PySolFC's four reserves take one rank at a time; no slot refills while one holds a card.
    sets:
      o.highCards === 'reserves'
        ? { ranks: o.blockTens ? [10, 11, 12] : [9, 10, 11, 12], how: 'reserve-no-refill', oneRank: true }
        : undefined,
    blocked: o.blockTens ? [9] : [],
    refill: o.refill === 'buffered' ? 'on-deal' : 'at-once',
  }),
});
