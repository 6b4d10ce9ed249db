/**
 * Elevens (`elevens`, `elevens-reserve`, `elevens-too`, `suit-elevens`): the rules for players are
 * in rules.md beside this file.
 *
 * A grid of `grid` face-up slots (3 × 3, or 3 × 5) dealt from a shuffled 52-card deck (deck[0..G−1]
 * to slots 0..G−1, the stock starts at deck[G]). Remove two cards whose values make 11 (A = 1 … 10:
 * A+10, 2+9, 3+8, 4+7, 5+6). Jacks, queens and kings go out as a set of one of each: all three on
 * the grid at once (`faceCards: 'triple'`, the book rule), or set aside one at a time into a reserve
 * per rank, the set going out once the three reserves are full (`'reserve'`, PySolFC's Elevens;
 * `'reserve-no-refill'`, PySolFC's Elevens Too, where no slot is refilled while a reserve holds a
 * card). Emptied slots are refilled from the stock, lowest slot first. With `suits: 'same'` (Suit
 * Elevens) a pair, and a set, is of one suit.
 *
 * Real decisions exist only with `'reserve-no-refill'` (a card set aside while its partners are not
 * all in sight stops the grid for good) and with `'reserve'` and `suits: 'same'` (the first card set
 * aside chooses the set's suit): `sameOutcome(o)` is false there and true for every other option
 * set, where every legal order of moves reaches the same end (test/games/elevens/decisions.test.ts).
 *
 * ## Options
 *
 * | option      | values                                      | default    | meaning                                                     |
 * |-------------|---------------------------------------------|------------|-------------------------------------------------------------|
 * | `grid`      | 9, 15                                       | 9          | slots: 3 × 3 (book, AP lab, PySolFC Elevens), 3 × 5 (PySolFC Suit Elevens) |
 * | `faceCards` | 'triple', 'reserve', 'reserve-no-refill'    | 'triple'   | triple: J+Q+K removed together from the grid (book, AP lab); reserve: set aside one at a time, one reserve per rank, out when all three are full (PySolFC Elevens); reserve-no-refill: the same, no refill while a reserve holds a card (PySolFC Elevens Too) |
 * | `suits`     | 'any', 'same'                               | 'any'      | same: a pair, and a J-Q-K set, must be of one suit (PySolFC Suit Elevens) |
 * | `undoLimit` | 0, 3, 'unlimited'                           | 0          | undos per game through `session.undo()` (an API call, not an action) |
 * | `reward`    | 'win', 'cards'                              | 'win'      | see Rewards                                                 |
 *
 * ## Actions (G = `grid`, P = G(G−1)/2)
 *
 * | id            | action                                                                      |
 * |---------------|-----------------------------------------------------------------------------|
 * | 0 … P−1       | remove the cards of slots (i, j), i < j, in lexicographic order: (0,1) = 0, (0,2) = 1, …, (G−2,G−1) = P−1; id = i·G − i(i+1)/2 + j − i − 1. Legal when both slots hold cards A…10 whose values make 11 (of one suit with `suits: 'same'`) |
 * | P … P+63      | `'triple'` only: remove the jack of suit a, the queen of suit b and the king of suit c (suits C = 0, D = 1, H = 2, S = 3): id = P + 16a + 4b + c. Legal when the three cards are on the grid (with `suits: 'same'` only a = b = c) |
 * | P … P+G−1     | `'reserve'` and `'reserve-no-refill'` only: set aside the face card of slot i: id = P + i. Legal when slot i holds a J, Q or K whose rank's reserve is empty (with `suits: 'same'`, of the suit of the cards already set aside) |
 *
 * G = 9: 100 ids with triples, 45 with reserves; G = 15: 169 and 120.
 *
 * ## Observation (Float32Array of 17·G + R + U + 14)
 *
 * R = 12 with reserves, 0 with triples; U = 52 with `suits: 'same'`, 0 with `'any'`.
 *
 * | index               | meaning                                                                |
 * |---------------------|------------------------------------------------------------------------|
 * | 17·i + r, r < 13    | 1 when slot i holds a card of rank r (A = 0 … K = 12); an empty slot is all zero |
 * | 17·i + 13 + u       | 1 when slot i holds a card of suit u (C D H S)                        |
 * | 17·G + 4f + u       | reserves only: 1 when the reserve of rank f (J = 0, Q = 1, K = 2) holds the card of suit u |
 * | 17·G + R + c        | `suits: 'same'` only: 1 when card c (rank·4 + suit) is unseen (in the stock) |
 * | 17·G + R + U + r    | cards of rank r unseen (in the stock) / 4                              |
 * | 17·G + R + U + 13   | stock size / 52                                                        |
 *
 * 167 floats for `elevens`, 179 for `elevens-reserve` and `elevens-too`, 333 for `suit-elevens`.
 * The order of the stock is never shown; with suits that matter, which cards are unseen is.
 *
 * Bounds (`observationBounds`): every float lies in [0, 1] (one-hots, flags, a count of at most 4
 * out of 4), except the stock size, in [0, (52 − G)/52]: the deal takes G cards from the stock and
 * nothing goes back.
 *
 * ## Rewards
 *
 * `'win'` (default): +1 on the final step of a won game, else 0. `'cards'`: +2 for a pair, +3 for a
 * J-Q-K set (with reserves, on the step that sets aside its third card; 0 for the others), so the
 * return is 52 − cards left.
 *
 * ## Episode end
 *
 * Terminated when no action is legal (a deal with none is over at `reset`); never truncated: every
 * move takes a card off the grid for good. Won when all 52 cards are removed (cards in a reserve are
 * not). Outcome: `{ won, cardsLeft }` with cardsLeft = 52 − cards removed.
 */
import * as z from 'zod/mini';
import type { EngineView } from '../../env/game.js';
import { slotGame, slotOptionFields, type SlotRules, type SlotState } from '../../env/layouts/index.js';

export const elevensOptionsSchema = z.strictObject({
  grid: z._default(z.literal([9, 15]), 9).check(z.describe('Slots on the grid: 3 × 3, or 3 × 5 (Suit Elevens)')),
  faceCards: z
    ._default(z.enum(['triple', 'reserve', 'reserve-no-refill']), 'triple')
    .check(z.describe('J+Q+K removed together from the grid, or set aside one at a time (no refill meanwhile)')),
  suits: z
    ._default(z.enum(['any', 'same']), 'any')
    .check(z.describe('Pairs and J-Q-K sets of any suits, or of one suit')),
  ...slotOptionFields('removed'),
});

/** Elevens's options, defaults filled in (the schema's output). */
export type ElevensOptions = z.output<typeof elevensOptionsSchema>;

/** Ranks 0..12 are A … K; J = 10. */
export const JACK = 10;

/** Whether every legal order of moves reaches the same end under these options (rules.md, "Decisions"). */
export function elevensSameOutcome(o: ElevensOptions): boolean {
  if (o.faceCards === 'reserve-no-refill') return false;
  return !(o.faceCards === 'reserve' && o.suits === 'same');
}

function prompt(r: SlotRules): string {
  const suit = r.sameSuit ? ' of one suit' : '';
  if (!r.reserves) return `Remove two cards${suit} that make 11, or a jack, a queen and a king${suit} together.`;
  return `Remove two cards${suit} that make 11, or set a jack, a queen or a king aside.`;
}

export const elevensGame = slotGame<ElevensOptions>({
  name: 'elevens',
  optionsSchema: elevensOptionsSchema,
  rules: (o) => ({
    slots: o.grid,
    columns: o.grid === 9 ? 3 : 5,
    pairSum: 11,
    sets: { ranks: [JACK, JACK + 1, JACK + 2], how: o.faceCards === 'triple' ? 'together' : o.faceCards },
    sameSuit: o.suits === 'same',
    refill: 'at-once',
    observeSuits: true,
  }),
  prompt,
  sameOutcome: elevensSameOutcome,
});

/** The compiled rules of these options (ids, lookup tables): what the agents read. */
export const rulesOf = (o: ElevensOptions): SlotRules => elevensGame.rulesOf(o);

/** The engine state and options of an Elevens env (any of its ids), or null for another game: what agents read. */
export function elevensOf(env: EngineView): { state: SlotState; options: ElevensOptions } | null {
  return env.game === elevensGame ? { state: env.rawState as SlotState, options: env.options as ElevensOptions } : null;
}
export type { SlotState as ElevensState } from '../../env/layouts/index.js';
