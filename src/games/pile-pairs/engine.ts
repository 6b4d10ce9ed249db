/**
 * The pile games of the pairing family, each a declaration over the piles layout (src/env/layouts/piles.ts):
 * Fourteen Out, Nestor, Patient Pairs, The Wish, Hurricane and Ides of March. The rules for players are in
 * rules.md beside this file, with their PySolFC sources.
 *
 * The deck is dealt pile by pile, each pile bottom card first, then the slots, then the stock (its top
 * first). Only a pile's top card is available, with the slots' cards. A removal takes two available
 * cards that pair (table below); an emptied slot is refilled from the stock at once; an emptied pile stays
 * empty. Suits never matter.
 *
 * | id              | piles (cards each)          | below a top | slots, stock | two cards pair when        |
 * |-----------------|-----------------------------|-------------|--------------|----------------------------|
 * | `fourteen-out`  | 12: four of 5, eight of 4   | face up     | none         | their values make 14       |
 * | `nestor`        | 12: eight of 6 (no rank twice), four of 1 | face up | none | they are of one rank      |
 * | `patient-pairs` | 13 of 4                     | face down   | none         | they are of one rank       |
 * | `the-wish`      | 8 of 4 (32 cards: A, 7 … K) | face down   | none         | they are of one rank       |
 * | `hurricane`     | 10 of 3                     | face up     | 3, stock 19  | their values make 14       |
 * | `ides-of-march` | 10 of 3                     | face up     | 3, stock 19  | their values make 15, or two aces |
 *
 * Values: A = 1, 2 … 10, J = 11, Q = 12, K = 13.
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
 * Places: the piles (from 0), then the slots. Id `P·i − i(i+1)/2 + j − i − 1` removes the cards at places
 * i < j of P, in lexicographic order; legal when both hold a card and the two pair. 66 ids for
 * `fourteen-out` and `nestor`, 78 for `patient-pairs`, `hurricane` and `ides-of-march`, 28 for `the-wish`.
 *
 * ## Observation
 *
 * With H the most cards a pile is dealt and S the slots:
 *
 * | index            | meaning |
 * |------------------|---------|
 * | 13·(H·p + d) + r | 1 when pile p holds a face-up card of rank r (A = 0 … K = 12) at depth d (0 = its top) |
 * | 13·H·P' + 13k + r | 1 when slot k holds a card of rank r (P' piles) |
 * | then p           | cards in pile p / H |
 * | then r           | unseen cards of rank r (face down or in the stock) / 4 |
 * | last             | stock size / the stock's start (0 without a stock) |
 *
 * Sizes: 806 (`fourteen-out`), 962 (`nestor`), 703 (`patient-pairs`), 438 (`the-wish`), 453 (`hurricane`,
 * `ides-of-march`). Bounds (`observationBounds`): every float in [0, 1]; depths and heights past a pile's deal
 * are 0; nothing is unseen in an open deal without a stock.
 *
 * ## Rewards
 *
 * 'win' (default): +1 on the step that removes the last card, else 0. 'cards': +2 a pair.
 *
 * ## Episode end
 *
 * Terminated when no two available cards pair; won when every card is removed. Never truncated: every move
 * removes two cards. Outcome: `{ won, cardsLeft }`.
 */
import * as z from 'zod/mini';
import { pilesGame, slotOptionFields, type PilesRulesSpec } from '../../env/layouts/index.js';

export const pilePairsOptionsSchema = z.strictObject({ ...slotOptionFields('removed') });

/** The options of every pile game here, defaults filled in (the schema's output). */
export type PilePairsOptions = z.output<typeof pilePairsOptionsSchema>;

type Layout = Omit<PilesRulesSpec, 'rewardCards' | 'undoLimit'>;
const OPEN = { hidden: false, distinctRanks: false, slots: 0, singles: [] } as const;
const SAME_RANK = { pairSum: null, sameRank: true } as const;
const HURRICANE = { ...OPEN, piles: Array(10).fill(3), slots: 3, sameRank: false } as const;

const declare = ({ name }: { name: string }, layout: Layout) =>
  pilesGame<PilePairsOptions>({ name, rules: () => layout, optionsSchema: pilePairsOptionsSchema });

/** Fourteen Out (PySolFC `Fourteen`, montecarlo.py:599): twelve open piles, tops making 14. */
export const fourteenOutGame = declare(
  { name: 'fourteen-out' },
  {
    ...OPEN,
    piles: [5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4],
    pairSum: 14,
    sameRank: false,
  },
);

/** Nestor (montecarlo.py:684): eight open piles of six without a repeated rank, four single cards. */
export const nestorGame = declare(
  { name: 'nestor' },
  {
    ...OPEN,
    ...SAME_RANK,
    piles: [6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1],
    distinctRanks: true,
  },
);

/** Face-down piles of four, their tops of one rank pairing: Patient Pairs' and The Wish's. */
const FACE_DOWN = { ...OPEN, ...SAME_RANK, hidden: true } as const;

/** Patient Pairs (montecarlo.py:889): thirteen piles of four, three face down under a face-up top. */
export const patientPairsGame = declare({ name: 'patient-pairs' }, { ...FACE_DOWN, piles: Array(13).fill(4) });

/** The Wish (montecarlo.py:824): Patient Pairs on eight piles of a 32-card deck, ace and seven to king. */
const WISH_RANKS = [0, 6, 7, 8, 9, 10, 11, 12];
export const theWishGame = declare({ name: 'the-wish' }, { ...FACE_DOWN, piles: Array(8).fill(4), ranks: WISH_RANKS });

/** Hurricane (pyramid.py:1814): ten open piles of three beside three slots refilled from the stock; pairs to 14. */
export const hurricaneGame = declare({ name: 'hurricane' }, { ...HURRICANE, pairSum: 14 });

/** Ides of March (pyramid.py:1904): Hurricane with pairs to 15, or two aces. */
export const idesOfMarchGame = declare({ name: 'ides-of-march' }, { ...HURRICANE, pairSum: 15, alsoPairs: [[0, 0]] });
