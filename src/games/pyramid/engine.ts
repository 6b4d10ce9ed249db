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
 * | `undoLimit`        | 0, 3, 'unlimited'              | 0         | undos per game through `env.undo()` (an API call, not an action) |
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
 * | 435 … 464   | remove the king at place p: id 435 + p (`kingActionId`); legal when it is available |
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
 * game is never won. Outcome (`pyramidOutcome`): `{ won, cardsLeft }`, cardsLeft = the goal's
 * cards not removed (all cards left with 'all', the pyramid's with 'pyramid').
 */
import * as z from 'zod';
import type { BoardPart, BoardPile, BoardView, CardSpot, EmptySpot } from '../../env/board.js';
import {
  DECK_SIZE,
  RANKS,
  cardCode,
  cardLabel,
  orderedDeck,
  parseCardCode,
  parseStandardDeck,
} from '../../env/cards.js';
import { TengymError, formatZodError, plural } from '../../env/errors.js';
import {
  RUNNING,
  TERMINATED,
  TRUNCATED,
  CARDS_LEFT_RESULT,
  type CardOutcome,
  type DeckInput,
  type EngineView,
  type Game,
  type ObservationBounds,
  type Outcome,
  type Status,
} from '../../env/game.js';
import { shuffleInPlace, type Rng } from '../../env/rng.js';

/** Slots in the pyramid (seven rows). */
export const PYRAMID_SLOTS = 28;
export const PYRAMID_ROWS = 7;
/** Cards the deal leaves for the stock. */
export const TALON_SIZE = DECK_SIZE - PYRAMID_SLOTS;
/** The place of the waste's top card. */
export const WASTE = 28;
/** The place of the stock's top card. */
export const STOCK = 29;
/** Places a card can be taken from: the 28 slots, the waste's top, the stock's top. */
export const PLACES = 30;
/** Pair ids: one per unordered pair of places. */
export const PAIR_IDS = (PLACES * (PLACES - 1)) / 2;
/** The first king id (`kingActionId`). */
export const KING_BASE = PAIR_IDS;
export const DRAW = KING_BASE + PLACES;
export const RECYCLE = DRAW + 1;
export const PYRAMID_ACTIONS = RECYCLE + 1;
/** Rank index of a king (A = 0). */
export const KING = 12;
/** Two ranks pair when their indexes add up to this (13 in card values). */
export const PAIR_SUM = 11;
/** A slot without a card. */
export const EMPTY = 255;
/** The most `maxSteps` takes. */
export const MAX_STEPS_CAP = 100_000;

const OBS_FREE = PYRAMID_SLOTS * 13;
const OBS_WASTE_TOP = OBS_FREE + PYRAMID_SLOTS;
const OBS_STOCK_TOP = OBS_WASTE_TOP + 13;
const OBS_WASTE_COUNTS = OBS_STOCK_TOP + 13;
const OBS_STOCK_COUNTS = OBS_WASTE_COUNTS + 13;
const OBS_STOCK_SIZE = OBS_STOCK_COUNTS + 13;
const OBS_WASTE_SIZE = OBS_STOCK_SIZE + 1;
const OBS_TURNS_LEFT = OBS_WASTE_SIZE + 1;
const OBS_LATER_PASS = OBS_TURNS_LEFT + 1;
const OBS_STEPS = OBS_LATER_PASS + 1;
/** Floats in an observation. */
export const PYRAMID_OBSERVATION_SIZE = OBS_STEPS + 1;

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
export function pairActionId(i: number, j: number): number {
  return i * PLACES - (i * (i + 1)) / 2 + (j - i - 1);
}

/** The id that removes the king at place p. */
export function kingActionId(place: number): number {
  return KING_BASE + place;
}

/** The two places of each pair id. */
export const PAIR_FIRST = new Uint8Array(PAIR_IDS);
export const PAIR_SECOND = new Uint8Array(PAIR_IDS);
for (let i = 0; i < PLACES; i++) {
  for (let j = i + 1; j < PLACES; j++) {
    PAIR_FIRST[pairActionId(i, j)] = i;
    PAIR_SECOND[pairActionId(i, j)] = j;
  }
}

/** Row and column of each slot; the two slots that cover it (-1 in the bottom row) and their bits. */
export const ROW_OF = new Uint8Array(PYRAMID_SLOTS);
export const COLUMN_OF = new Uint8Array(PYRAMID_SLOTS);
export const COVER_LEFT = new Int8Array(PYRAMID_SLOTS).fill(-1);
export const COVER_RIGHT = new Int8Array(PYRAMID_SLOTS).fill(-1);
/** Bits of the (at most two) slots directly covering each slot. */
export const COVER_MASK = new Int32Array(PYRAMID_SLOTS);
for (let r = 0, i = 0; r < PYRAMID_ROWS; r++) {
  for (let c = 0; c <= r; c++, i++) {
    ROW_OF[i] = r;
    COLUMN_OF[i] = c;
    if (r + 1 < PYRAMID_ROWS) {
      COVER_LEFT[i] = i + r + 1;
      COVER_RIGHT[i] = i + r + 2;
      COVER_MASK[i] = (1 << (i + r + 1)) | (1 << (i + r + 2));
    }
  }
}
/** The slot of row r, card c. */
export const slotOf = (row: number, column: number): number => (row * (row + 1)) / 2 + column;
/** Every slot's bit: a full pyramid. */
export const FULL_PYRAMID = (1 << PYRAMID_SLOTS) - 1;

export interface PyramidState {
  /** Card in each slot, EMPTY when removed. */
  readonly pyramid: Uint8Array;
  /** Bit i set while slot i holds a card. */
  present: number;
  /**
   * The stock and the waste as one sequence: talon[0 … cursor−1] is the waste (bottom first,
   * its top at cursor−1), talon[cursor … talonLen−1] the stock (its top first). A draw moves
   * the cursor on; a turn-over sets it back to 0, which keeps the order.
   */
  readonly talon: Uint8Array;
  talonLen: number;
  cursor: number;
  /** The pass through the stock, from 1. */
  pass: number;
  steps: number;
  /** Cards removed so far. */
  removed: number;
  /** Set by legalActions. */
  status: Status;
  /** Scratch of legalActions: the rank at each place while it is available, else -1. */
  readonly placeRank: Int8Array;
  /** Scratch deck for seeded deals. */
  readonly deck: Uint8Array;
}

function createState(): PyramidState {
  return {
    pyramid: new Uint8Array(PYRAMID_SLOTS).fill(EMPTY),
    present: 0,
    talon: new Uint8Array(TALON_SIZE),
    talonLen: 0,
    cursor: 0,
    pass: 1,
    steps: 0,
    removed: 0,
    status: RUNNING,
    placeRank: new Int8Array(PLACES).fill(-1),
    deck: new Uint8Array(DECK_SIZE),
  };
}

function copyState(src: PyramidState, dst: PyramidState): void {
  dst.pyramid.set(src.pyramid);
  dst.present = src.present;
  dst.talon.set(src.talon);
  dst.talonLen = src.talonLen;
  dst.cursor = src.cursor;
  dst.pass = src.pass;
  dst.steps = src.steps;
  dst.removed = src.removed;
  dst.status = src.status;
}

const ORDERED_DECK = orderedDeck();

function reset(s: PyramidState, rng: Rng, deck: Uint8Array | null): void {
  const d = s.deck;
  d.set(deck ?? ORDERED_DECK);
  if (!deck) shuffleInPlace(rng, d);
  s.pyramid.set(d.subarray(0, PYRAMID_SLOTS));
  s.present = FULL_PYRAMID;
  s.talon.set(d.subarray(PYRAMID_SLOTS));
  s.talonLen = TALON_SIZE;
  s.cursor = 0;
  s.pass = 1;
  s.steps = 0;
  s.removed = 0;
  s.status = RUNNING;
}

// ---------------------------------------------------------------- rules shared with the agents

/** Whether slot i holds a card that no card covers. */
export function isFree(present: number, slot: number): boolean {
  return ((present >>> slot) & 1) === 1 && (present & COVER_MASK[slot]) === 0;
}

/** The one slot still covering slot i when exactly one does, else -1 (overlap pairs). */
export function soleCover(present: number, slot: number): number {
  const left = COVER_LEFT[slot];
  if (left < 0) return -1;
  const hasLeft = (present >>> left) & 1;
  const hasRight = (present >>> (left + 1)) & 1;
  if (hasLeft + hasRight !== 1) return -1;
  return hasLeft === 1 ? left : left + 1;
}

/** Passes as a number (Infinity for 'unlimited'). */
export function passLimit(o: Pick<PyramidOptions, 'passes'>): number {
  return o.passes === 'unlimited' ? Infinity : o.passes;
}

/** The goal's cards: 52, or 28 with goal 'pyramid'. */
export function goalCards(o: Pick<PyramidOptions, 'goal'>): number {
  return o.goal === 'all' ? DECK_SIZE : PYRAMID_SLOTS;
}

function isWon(s: PyramidState, o: PyramidOptions): boolean {
  return o.goal === 'all' ? s.removed === DECK_SIZE : s.present === 0;
}

/** The result of the game so far: won, and the goal's cards not removed. One place for it. */
export function pyramidOutcome(s: PyramidState, o: PyramidOptions): CardOutcome {
  const cardsLeft = o.goal === 'all' ? DECK_SIZE - s.removed : popCount(s.present);
  return { won: isWon(s, o), cardsLeft };
}

export function popCount(bits: number): number {
  let n = 0;
  for (let b = bits; b !== 0; n++) b &= b - 1;
  return n;
}

// ---------------------------------------------------------------- legal actions

function add(mask: Uint8Array, legal: Int32Array, n: number, id: number): number {
  mask[id] = 1;
  legal[n] = id;
  return n + 1;
}

/** Fills `s.placeRank`: each place's rank while its card is available, else -1. */
function markAvailable(s: PyramidState, o: PyramidOptions): void {
  const rank = s.placeRank;
  const present = s.present;
  for (let i = 0; i < PYRAMID_SLOTS; i++) rank[i] = isFree(present, i) ? s.pyramid[i] >> 2 : -1;
  rank[WASTE] = s.cursor > 0 ? s.talon[s.cursor - 1] >> 2 : -1;
  rank[STOCK] = o.stockTopPlayable && s.cursor < s.talonLen ? s.talon[s.cursor] >> 2 : -1;
}

/** Writes the removals into mask/legal from `n`, in increasing id order; returns the new count. */
function removals(s: PyramidState, o: PyramidOptions, mask: Uint8Array, legal: Int32Array, n: number): number {
  const rank = s.placeRank;
  for (let i = 0; i < PLACES - 1; i++) {
    const ri = rank[i];
    if (ri < 0) {
      // Covered: with overlap pairs, a slot under one card only pairs with that card, when it is free.
      if (!o.overlapPairs || i >= PYRAMID_SLOTS || ((s.present >>> i) & 1) === 0) continue;
      const cover = soleCover(s.present, i);
      if (cover >= 0 && rank[cover] >= 0 && rank[cover] + (s.pyramid[i] >> 2) === PAIR_SUM)
        n = add(mask, legal, n, pairActionId(i, cover));
      continue;
    }
    if (ri === KING) continue;
    const want = PAIR_SUM - ri;
    for (let j = i + 1; j < PLACES; j++) {
      if (rank[j] !== want) continue;
      if (i === WASTE && !o.stockWastePair) continue;
      n = add(mask, legal, n, pairActionId(i, j));
    }
  }
  for (let p = 0; p < PLACES; p++) if (rank[p] === KING) n = add(mask, legal, n, kingActionId(p));
  return n;
}

/**
 * With unlimited passes: whether a card may still be removed some time, by draws and turn-overs
 * alone (nothing is available now). Every stock and waste card comes to the waste's top; two of
 * them meet as the waste's and the stock's top cards only when next to each other in the
 * sequence, but that depends on the stock's order, which a player does not know on the first
 * pass: any two that pair count (what the player knows decides when the game ends, never the
 * hidden order). Allocation-free: the ranks as bits.
 */
function removalAhead(s: PyramidState, o: PyramidOptions): boolean {
  let freeRanks = 0;
  for (let i = 0; i < PYRAMID_SLOTS; i++) if (s.placeRank[i] >= 0) freeRanks |= 1 << s.placeRank[i];
  let talonRanks = 0;
  for (let k = 0; k < s.talonLen; k++) talonRanks |= 1 << (s.talon[k] >> 2);
  const talonPairs = o.stockTopPlayable && o.stockWastePair;
  for (let r = 0; r < 13; r++) {
    if (((talonRanks >>> r) & 1) === 0) continue;
    if (r === KING || (freeRanks >>> (PAIR_SUM - r)) & 1) return true;
    if (talonPairs && (talonRanks >>> (PAIR_SUM - r)) & 1) return true;
  }
  return false;
}

function legalActions(s: PyramidState, o: PyramidOptions, mask: Uint8Array, legal: Int32Array): number {
  mask.fill(0);
  if (isWon(s, o)) {
    s.status = TERMINATED;
    return 0;
  }
  markAvailable(s, o);
  let n = removals(s, o, mask, legal, 0);
  const removable = n;
  if (s.cursor < s.talonLen) n = add(mask, legal, n, DRAW);
  else if (s.cursor > 0 && s.pass < passLimit(o)) n = add(mask, legal, n, RECYCLE);
  if (n > 0 && removable === 0 && o.passes === 'unlimited' && !removalAhead(s, o)) n = 0;
  if (n > 0 && s.steps >= o.maxSteps) {
    mask.fill(0);
    s.status = TRUNCATED;
    return 0;
  }
  if (n === 0) mask.fill(0);
  s.status = n === 0 ? TERMINATED : RUNNING;
  return n;
}

function status(s: PyramidState): Status {
  return s.status;
}

// ---------------------------------------------------------------- steps

/** Removes the card at `place`; returns 1 when it is one of the goal's cards. */
function removeAt(s: PyramidState, o: PyramidOptions, place: number): number {
  s.removed++;
  if (place < PYRAMID_SLOTS) {
    s.pyramid[place] = EMPTY;
    s.present &= ~(1 << place);
    return 1;
  }
  const at = place === WASTE ? s.cursor - 1 : s.cursor;
  s.talon.copyWithin(at, at + 1, s.talonLen);
  s.talonLen--;
  if (place === WASTE) s.cursor--;
  return o.goal === 'all' ? 1 : 0;
}

function step(s: PyramidState, o: PyramidOptions, action: number): number {
  s.steps++;
  let gained = 0;
  if (action < PAIR_IDS) {
    // The stock's card first: the waste's top keeps its index below the cursor.
    gained = removeAt(s, o, PAIR_SECOND[action]) + removeAt(s, o, PAIR_FIRST[action]);
  } else if (action < DRAW) gained = removeAt(s, o, action - KING_BASE);
  else if (action === DRAW) s.cursor++;
  else {
    s.cursor = 0;
    s.pass++;
  }
  if (o.reward === 'cards') return gained;
  return gained > 0 && isWon(s, o) ? 1 : 0;
}

// ---------------------------------------------------------------- observation

/** The observation's bounds (the doc comment's reasoning). */
function observationBounds(o: PyramidOptions): ObservationBounds {
  const low = new Float32Array(PYRAMID_OBSERVATION_SIZE);
  const high = new Float32Array(PYRAMID_OBSERVATION_SIZE).fill(1);
  const passes = passLimit(o);
  if (Number.isFinite(passes)) high[OBS_STEPS] = Math.min(o.maxSteps, 28 + 25 * passes - 1) / o.maxSteps;
  return { low, high };
}

function observe(s: PyramidState, o: PyramidOptions, out: Float32Array): void {
  out.fill(0);
  const present = s.present;
  for (let i = 0; i < PYRAMID_SLOTS; i++) {
    if (((present >>> i) & 1) === 0) continue;
    out[13 * i + (s.pyramid[i] >> 2)] = 1;
    if ((present & COVER_MASK[i]) === 0) out[OBS_FREE + i] = 1;
  }
  if (s.cursor > 0) out[OBS_WASTE_TOP + (s.talon[s.cursor - 1] >> 2)] = 1;
  const faceUp = o.stockTopPlayable && s.cursor < s.talonLen;
  if (faceUp) out[OBS_STOCK_TOP + (s.talon[s.cursor] >> 2)] = 1;
  for (let k = 0; k < s.cursor; k++) out[OBS_WASTE_COUNTS + (s.talon[k] >> 2)] += 0.25;
  for (let k = faceUp ? s.cursor + 1 : s.cursor; k < s.talonLen; k++) out[OBS_STOCK_COUNTS + (s.talon[k] >> 2)] += 0.25;
  out[OBS_STOCK_SIZE] = (s.talonLen - s.cursor) / TALON_SIZE;
  out[OBS_WASTE_SIZE] = s.cursor / TALON_SIZE;
  out[OBS_TURNS_LEFT] = o.passes === 'unlimited' ? 1 : (o.passes - s.pass) / 2;
  out[OBS_LATER_PASS] = s.pass > 1 ? 1 : 0;
  out[OBS_STEPS] = s.steps / o.maxSteps;
}

// ---------------------------------------------------------------- text

function placeCard(s: PyramidState, place: number): number {
  if (place < PYRAMID_SLOTS) return s.pyramid[place];
  if (place === WASTE) return s.cursor > 0 ? s.talon[s.cursor - 1] : EMPTY;
  return s.cursor < s.talonLen ? s.talon[s.cursor] : EMPTY;
}

function placeName(place: number): string {
  if (place === WASTE) return "the waste's top card";
  if (place === STOCK) return "the stock's top card";
  return `row ${ROW_OF[place] + 1} card ${COLUMN_OF[place] + 1}`;
}

function passText(o: PyramidOptions, pass: number): string {
  return o.passes === 'unlimited' ? `pass ${pass}` : `pass ${pass} of ${o.passes}`;
}

function describeAction(s: PyramidState, o: PyramidOptions, action: number): string {
  if (action === DRAW) return 'draw';
  if (action === RECYCLE) return `turn the waste over (${passText(o, s.pass + 1)})`;
  const places = action < PAIR_IDS ? [PAIR_FIRST[action], PAIR_SECOND[action]] : [action - KING_BASE];
  const cards = places.map((p) => placeCard(s, p));
  if (cards.every((c) => c !== EMPTY)) return `remove ${cards.map(cardLabel).join(' + ')}`;
  return (
    `remove ${places.map(placeName).join(' + ')} ` +
    `(${cards.map((c) => (c === EMPTY ? 'none' : cardLabel(c))).join(' + ')})`
  );
}

/** Why the card at `place` cannot be taken now, or null when it can. */
function placeProblem(s: PyramidState, o: PyramidOptions, place: number): string | null {
  if (place === WASTE) return s.cursor > 0 ? null : 'the waste is empty';
  if (place === STOCK) {
    if (!o.stockTopPlayable) return "the stock's top card is not in play until it is drawn (stockTopPlayable is false)";
    return s.cursor < s.talonLen ? null : 'the stock is empty';
  }
  if (s.pyramid[place] === EMPTY) return `${placeName(place)} has been removed`;
  if (isFree(s.present, place)) return null;
  const covers = [COVER_LEFT[place], COVER_RIGHT[place]]
    .filter((c) => s.pyramid[c] !== EMPTY)
    .map((c) => cardLabel(s.pyramid[c]));
  return `${cardLabel(s.pyramid[place])} is covered by ${covers.join(' and ')}`;
}

function whyPairIllegal(s: PyramidState, o: PyramidOptions, first: number, second: number): string {
  const a = placeCard(s, first);
  const b = placeCard(s, second);
  if (first === WASTE && second === STOCK && !o.stockWastePair && o.stockTopPlayable)
    return "the stock's and the waste's top cards do not pair here (stockWastePair is false)";
  // An overlap pair: the covered card and its only cover.
  const overlap =
    first < PYRAMID_SLOTS && second < PYRAMID_SLOTS && soleCover(s.present, first) === second && a !== EMPTY;
  const problem = (overlap && o.overlapPairs ? null : placeProblem(s, o, first)) ?? placeProblem(s, o, second);
  if (problem) {
    if (overlap && !o.overlapPairs && (a >> 2) + (b >> 2) === PAIR_SUM)
      return `${problem}; a card pairs with the one covering it only with overlapPairs`;
    return problem;
  }
  if (a >> 2 === KING || b >> 2 === KING) return 'a king is removed alone';
  const total = (a >> 2) + (b >> 2) + 2;
  if (total !== 13) return `${cardLabel(a)} + ${cardLabel(b)} make ${total}, not 13`;
  return 'it is legal';
}

function whyIllegal(s: PyramidState, o: PyramidOptions, action: number): string {
  if (s.status === TERMINATED) return 'the game is over';
  if (s.status === TRUNCATED) return `the step limit (maxSteps ${o.maxSteps}) is reached`;
  if (action === DRAW) return s.cursor < s.talonLen ? 'it is legal' : 'the stock is empty';
  if (action === RECYCLE) {
    if (s.cursor < s.talonLen) return 'the stock is not empty yet';
    if (s.cursor === 0) return 'the waste is empty';
    if (s.pass >= passLimit(o)) return `no pass is left (passes ${o.passes})`;
    return 'it is legal';
  }
  if (action >= KING_BASE) {
    const place = action - KING_BASE;
    const problem = placeProblem(s, o, place);
    if (problem) return problem;
    const card = placeCard(s, place);
    return card >> 2 === KING ? 'it is legal' : `${cardLabel(card)} is not a king (only a king is removed alone)`;
  }
  return whyPairIllegal(s, o, PAIR_FIRST[action], PAIR_SECOND[action]);
}

function render(s: PyramidState, o: PyramidOptions): string {
  const lines: string[] = [];
  for (let r = 0; r < PYRAMID_ROWS; r++) {
    const cells: string[] = [];
    for (let c = 0; c <= r; c++) {
      const card = s.pyramid[slotOf(r, c)];
      cells.push((card === EMPTY ? '--' : cardLabel(card)).padStart(3));
    }
    lines.push(' '.repeat((PYRAMID_ROWS - 1 - r) * 2) + cells.join(' '));
  }
  const stock = s.talonLen - s.cursor;
  const top = o.stockTopPlayable && stock > 0 ? ` (top ${cardLabel(s.talon[s.cursor])})` : '';
  const waste = s.cursor > 0 ? ` (top ${cardLabel(s.talon[s.cursor - 1])})` : '';
  lines.push(
    `stock ${plural(stock, 'card')}${top} · waste ${plural(s.cursor, 'card')}${waste} · ` +
      `${passText(o, s.pass)} · removed ${s.removed}`,
  );
  if (s.status === TRUNCATED) lines.push(`truncated after ${s.steps} steps (maxSteps)`);
  else if (s.status === TERMINATED) {
    const { won, cardsLeft } = pyramidOutcome(s, o);
    lines.push(
      `game over: ${won ? 'won' : 'lost'}, ${plural(cardsLeft, 'card')} of the ` +
        `${o.goal === 'all' ? 'deck' : 'pyramid'} left`,
    );
  }
  return lines.join('\n');
}

/** Why the game ended where the move alone does not say it (unlimited passes: nothing can be removed again). */
function stepNote(s: PyramidState, o: PyramidOptions): string | null {
  if (s.status !== TERMINATED || isWon(s, o) || o.passes !== 'unlimited' || s.talonLen === 0) return null;
  return 'No card can be removed again, however often the waste is turned over: the game is over.';
}

// ---------------------------------------------------------------- for hints and a front end

/** Where the card at `place` lies, as the state JSON places it. */
function spotOf(s: PyramidState, place: number): CardSpot {
  if (place < PYRAMID_SLOTS)
    return { place: 'pyramid', index: place, code: s.pyramid[place] === EMPTY ? '' : cardCode(s.pyramid[place]) };
  if (place === WASTE) return { place: 'waste', index: s.cursor - 1, code: cardCode(s.talon[s.cursor - 1]) };
  return { place: 'stockTop', index: 0, code: cardCode(s.talon[s.cursor]) };
}

function actionCards(s: PyramidState, _o: PyramidOptions, action: number): CardSpot[] {
  if (action >= DRAW) return [];
  if (action >= KING_BASE) return [spotOf(s, action - KING_BASE)];
  return [spotOf(s, PAIR_FIRST[action]), spotOf(s, PAIR_SECOND[action])];
}

function prompt(s: PyramidState): string {
  return s.status === RUNNING
    ? 'Remove a king, or two uncovered cards that make 13 (J = 11, Q = 12); draw when you need a new card.'
    : '';
}

function board(s: PyramidState, o: PyramidOptions): BoardView {
  const rows: ((CardSpot & { blocked: boolean }) | EmptySpot)[][] = [];
  for (let r = 0; r < PYRAMID_ROWS; r++) {
    const row: ((CardSpot & { blocked: boolean }) | EmptySpot)[] = [];
    for (let c = 0; c <= r; c++) {
      const i = slotOf(r, c);
      row.push(
        s.pyramid[i] === EMPTY
          ? { empty: true, place: 'pyramid', index: i }
          : { ...spotOf(s, i), blocked: !isFree(s.present, i) },
      );
    }
    rows.push(row);
  }
  const faceUp = o.stockTopPlayable && s.cursor < s.talonLen;
  const facedown = s.talonLen - s.cursor - (faceUp ? 1 : 0);
  const canTurn = s.cursor === s.talonLen && s.cursor > 0 && s.pass < passLimit(o);
  const piles: BoardPile[] = [
    {
      kind: 'stock',
      count: facedown,
      label: 'stock',
      tappable: true,
      ...(canTurn ? { title: 'turn the waste over' } : {}),
    },
  ];
  if (faceUp) piles.push({ kind: 'card', label: 'stock top', card: spotOf(s, STOCK) });
  // An empty waste as a count, not a card pile without its card (which would read as a card kept from view).
  piles.push(
    s.cursor > 0
      ? { kind: 'card', label: `waste (${s.cursor})`, card: spotOf(s, WASTE) }
      : { kind: 'counter', count: 0, label: 'waste' },
  );
  piles.push({ kind: 'counter', count: s.removed, label: 'removed' });
  const parts: BoardPart[] = [
    { kind: 'overlap', rows },
    { kind: 'piles', piles },
    {
      kind: 'facts',
      facts: [
        { term: 'Pass', value: o.passes === 'unlimited' ? `${s.pass}` : `${s.pass} of ${o.passes}`, name: 'pass' },
      ],
    },
  ];
  return { style: 'pairing', parts };
}

// ---------------------------------------------------------------- JSON

const stateJsonSchema = z.strictObject({
  pyramid: z.array(z.string().nullable()).length(PYRAMID_SLOTS),
  stockTop: z.string().nullable(),
  stock: z.array(z.string()).max(TALON_SIZE),
  waste: z.array(z.string()).max(TALON_SIZE),
  removed: z.array(z.string()).max(DECK_SIZE),
  pass: z.int().min(1),
  steps: z.int().min(0),
});

type StateJson = z.output<typeof stateJsonSchema>;

function toJSON(s: PyramidState, o: PyramidOptions): StateJson {
  const pyramid = Array.from(s.pyramid, (c) => (c === EMPTY ? null : cardCode(c)));
  const faceUp = o.stockTopPlayable && s.cursor < s.talonLen;
  const stockTop = faceUp ? cardCode(s.talon[s.cursor]) : null;
  const stock: string[] = [];
  for (let k = faceUp ? s.cursor + 1 : s.cursor; k < s.talonLen; k++) stock.push(cardCode(s.talon[k]));
  const waste: string[] = [];
  for (let k = 0; k < s.cursor; k++) waste.push(cardCode(s.talon[k]));
  const placed = new Uint8Array(DECK_SIZE);
  for (const c of s.pyramid) if (c !== EMPTY) placed[c] = 1;
  for (let k = 0; k < s.talonLen; k++) placed[s.talon[k]] = 1;
  const removed: string[] = [];
  for (let c = 0; c < DECK_SIZE; c++) if (!placed[c]) removed.push(cardCode(c));
  return { pyramid, stockTop, stock, waste, removed, pass: s.pass, steps: s.steps };
}

function badState(message: string): TengymError {
  return new TengymError('bad-state', `bad pyramid state: ${message}`);
}

function fromJSON(json: unknown, o: PyramidOptions, s: PyramidState): void {
  const parsed = stateJsonSchema.safeParse(json);
  if (!parsed.success) {
    throw badState(
      `${formatZodError(parsed.error)} (expected { pyramid: 28 card codes or null, stockTop: a card code or ` +
        `null, stock: [...], waste: [...], removed: [...], pass, steps })`,
    );
  }
  const j = parsed.data;
  const where: string[] = new Array<string>(DECK_SIZE).fill('');
  const cardAt = (code: string, field: string): number => {
    const card = parseCardCode(code);
    if (card < 0)
      throw badState(`${field} is ${JSON.stringify(code)}, not a card code (rank ${RANKS} + suit CDHS, e.g. "TH")`);
    if (where[card])
      throw badState(
        `card ${cardCode(card)} is both in ${where[card]} and in ${field}; each card must be in exactly one place`,
      );
    where[card] = field;
    return card;
  };
  const pyramid = j.pyramid.map((code, i) => (code === null ? EMPTY : cardAt(code, `pyramid[${i}]`)));
  const stockTop = j.stockTop === null ? [] : [cardAt(j.stockTop, 'stockTop')];
  const stock = j.stock.map((code, k) => cardAt(code, `stock[${k}]`));
  const waste = j.waste.map((code, k) => cardAt(code, `waste[${k}]`));
  j.removed.forEach((code, k) => cardAt(code, `removed[${k}]`));
  const missing: string[] = [];
  for (let c = 0; c < DECK_SIZE; c++) if (!where[c]) missing.push(cardCode(c));
  if (missing.length)
    throw badState(
      `cards ${missing.join(' ')} are missing; pyramid, stockTop, stock, waste and removed must hold each of the ` +
        `52 cards once`,
    );
  if (o.stockTopPlayable && stockTop.length === 0 && stock.length > 0)
    throw badState(
      "stockTop is null but the stock holds cards: with stockTopPlayable the stock's top card lies face up, in " +
        'stockTop',
    );
  if (!o.stockTopPlayable && stockTop.length > 0)
    throw badState('stockTop holds a card, but without stockTopPlayable the stock is face down: put it first in stock');
  if (j.pass > passLimit(o)) throw badState(`pass is ${j.pass}, but this game has ${o.passes} passes`);
  if (j.steps > o.maxSteps) throw badState(`steps is ${j.steps}, more than maxSteps (${o.maxSteps})`);
  s.pyramid.set(pyramid);
  s.present = 0;
  for (let i = 0; i < PYRAMID_SLOTS; i++) if (pyramid[i] !== EMPTY) s.present |= 1 << i;
  s.talon.set(waste, 0);
  s.talon.set(stockTop, waste.length);
  s.talon.set(stock, waste.length + stockTop.length);
  s.cursor = waste.length;
  s.talonLen = waste.length + stockTop.length + stock.length;
  s.pass = j.pass;
  s.steps = j.steps;
  s.removed = DECK_SIZE - popCount(s.present) - s.talonLen;
  s.status = RUNNING;
  const problem = checkState(s, o);
  if (problem) throw badState(problem);
}

// ---------------------------------------------------------------- consistency

const RANK_WORDS = [
  'aces',
  'twos',
  'threes',
  'fours',
  'fives',
  'sixes',
  'sevens',
  'eights',
  'nines',
  'tens',
  'jacks',
  'queens',
  'kings',
];

/** Every card in one place, the counters in step with the cards, the removed cards removable by the rules. */
function checkState(s: PyramidState, o: PyramidOptions): string | null {
  const seen = new Uint8Array(DECK_SIZE);
  const left = new Uint8Array(13);
  let present = 0;
  for (let i = 0; i < PYRAMID_SLOTS; i++) {
    const c = s.pyramid[i];
    if (c === EMPTY) continue;
    if (c >= DECK_SIZE) return `slot ${i} holds ${c}, not a card`;
    if (seen[c]) return `card ${cardCode(c)} is twice in the pyramid`;
    seen[c] = 1;
    left[c >> 2]++;
    present |= 1 << i;
  }
  if (present !== s.present) return `the slot set is ${s.present.toString(2)}, the slots say ${present.toString(2)}`;
  for (let i = 0; i < PYRAMID_SLOTS; i++) {
    if (((present >>> i) & 1) === 0 && (present & COVER_MASK[i]) !== 0)
      return (
        `slot ${i} is empty but a card covering it is still there: a card leaves only once it is free (or ` +
        `with its only cover)`
      );
  }
  if (!Number.isInteger(s.talonLen) || s.talonLen < 0 || s.talonLen > TALON_SIZE)
    return `the stock and waste hold ${s.talonLen} cards; the deal leaves ${TALON_SIZE}`;
  if (!Number.isInteger(s.cursor) || s.cursor < 0 || s.cursor > s.talonLen)
    return `the waste holds ${s.cursor} of the ${s.talonLen} stock and waste cards`;
  for (let k = 0; k < s.talonLen; k++) {
    const c = s.talon[k];
    if (c >= DECK_SIZE) return `stock or waste position ${k} holds ${c}, not a card`;
    if (seen[c]) return `card ${cardCode(c)} is in two places`;
    seen[c] = 1;
    left[c >> 2]++;
  }
  const removed = DECK_SIZE - popCount(present) - s.talonLen;
  if (s.removed !== removed) return `removed is ${s.removed}, the pyramid, stock and waste leave ${removed}`;
  for (let r = 0; r < 6; r++) {
    const gone = 4 - left[r];
    const partners = 4 - left[PAIR_SUM - r];
    if (gone !== partners)
      return `${gone} ${RANK_WORDS[r]} but ${partners} ${RANK_WORDS[PAIR_SUM - r]} are removed; they go in pairs`;
  }
  if (!Number.isInteger(s.pass) || s.pass < 1 || s.pass > passLimit(o))
    return `pass ${s.pass} is not one of 1..${o.passes}`;
  if (!Number.isInteger(s.steps) || s.steps < 0 || s.steps > o.maxSteps)
    return `steps ${s.steps} outside 0..maxSteps (${o.maxSteps})`;
  // Each turn-over is a step, and a removal takes at most two cards.
  const least = s.pass - 1 + Math.ceil(removed / 2);
  if (s.steps < least)
    return `steps is ${s.steps}, but ${removed} cards removed and ${s.pass - 1} turn-overs take at least ${least}`;
  return null;
}

function parseDeck(deck: DeckInput): Uint8Array {
  return parseStandardDeck(deck);
}

function expectedReturn(result: Outcome, o: PyramidOptions): number {
  const { won, cardsLeft } = result as CardOutcome;
  return o.reward === 'cards' ? goalCards(o) - cardsLeft : won ? 1 : 0;
}

// ---------------------------------------------------------------- the engine

/** The Pyramid engine: every id (index.ts) is these options over it. */
export const pyramidGame: Game<PyramidOptions, PyramidState> = {
  name: 'pyramid',
  result: CARDS_LEFT_RESULT,
  optionsSchema: pyramidOptionsSchema,
  numActions: () => PYRAMID_ACTIONS,
  observationSize: () => PYRAMID_OBSERVATION_SIZE,
  observationBounds,
  createState,
  copyState,
  parseDeck,
  reset: (s, _o, rng, deck) => reset(s, rng, deck),
  legalActions,
  step: (s, o, action) => step(s, o, action),
  status,
  observe,
  outcome: pyramidOutcome,
  expectedReturn,
  describeAction,
  whyIllegal,
  render,
  toJSON,
  fromJSON,
  checkState,
  undoLimit: (o) => (o.undoLimit === 'unlimited' ? Infinity : o.undoLimit),
  sameOutcome: false,
  actionCards,
  prompt: (s) => prompt(s),
  board,
  stepNote,
  unwinnable,
};

/** A win removes the 28 cards of the pyramid, two at most a step: fewer than 14 steps win no deal. */
function unwinnable(o: PyramidOptions): string | null {
  const least = PYRAMID_SLOTS / 2;
  return o.maxSteps < least
    ? `a win removes the ${PYRAMID_SLOTS} cards of the pyramid, two at most a step, and maxSteps ${o.maxSteps} ` +
        `stops the game before ${least} steps`
    : null;
}

/**
 * The Pyramid state and options of an env of this engine (for agents, which only read them), or null for
 * another engine's env.
 */
export function pyramidOf(env: EngineView): { state: PyramidState; options: PyramidOptions } | null {
  return env.game === pyramidGame
    ? { state: env.rawState as PyramidState, options: env.options as PyramidOptions }
    : null;
}
