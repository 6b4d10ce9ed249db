/**
 * The pairing engine shared by `tens` and `block-ten`: a row of slots dealt from the
 * stock, from which pairs (and, in Tens, quartets of 10/J/Q/K) are removed; emptied
 * slots are refilled lowest first, at once (`strict`) or by a `deal` action
 * (`buffered`). tens.ts and block-ten.ts hold each game's options, table of ids and
 * observation; this file turns their rule parameters into a `Game`.
 *
 * State (typed arrays allocated once in createState, bookkeeping kept incrementally):
 *   slotCard[i]     card id in slot i, EMPTY when empty
 *   slotRank[i]     its rank 0..12, EMPTY_RANK (13) when empty
 *   rankSlots[r]    bit i set when slot i holds rank r; rankSlots[13] = the empty slots,
 *                   rankSlots[14] = 0 always (what a card without a pair partner looks up)
 *   stockCount[r]   cards of rank r still in the stock (what the player has not seen)
 *   deck            the deal order; deck[stockPos..51] is the stock, next card first
 *   removed         cards removed so far
 * The rule parameters and their lookup tables ride on the state (`rules`), so the hot
 * path never derives anything from the options.
 */
import * as z from 'zod/mini';
import {
  DECK_SIZE,
  RANKS,
  cardCode,
  cardLabel,
  orderedDeck,
  parseStandardDeck,
  parseCardField,
} from '../../env/cards.js';
import { TengymError, formatZodError, plural } from '../../env/errors.js';
import type { BoardView, CardSpot } from '../../env/board.js';
import {
  RUNNING,
  TERMINATED,
  CARDS_LEFT_RESULT,
  type CardOutcome,
  type DeckInput,
  type Game,
  type ObservationBounds,
  type OptionsSchema,
  type Outcome,
  type Status,
} from '../../env/game.js';
import { randomInt, shuffleInPlace, type Rng } from '../../env/rng.js';

/** Options both games share, spread into each game's schema. */
export const sharedOptionFields = {
  refill: z
    ._default(z.enum(['strict', 'buffered']), 'strict')
    .check(z.describe('Refill empty slots at once (strict) or when you deal (buffered)')),
  undoLimit: z._default(z.literal([0, 3, 'unlimited']), 0).check(z.describe('Undos per game')),
  reward: z
    ._default(z.enum(['win', 'cards']), 'win')
    .check(z.describe('Training reward: 1 for a win, or per card cleared')),
};

/** What a game file says about its rules. */
export interface PairingParams {
  slots: number;
  /** Slots per row in render. */
  rowLength: number;
  /** Tens: the four 10s, Js, Qs or Ks go together (4 quartet ids after the pairs). */
  quartets: boolean;
  /** Block Ten: J+J, Q+Q and K+K are pairs. */
  faceRankPairs: boolean;
  /** Rank-10 cards are never removed. */
  tensBlocked: boolean;
  buffered: boolean;
  rewardCards: boolean;
  undoLimit: 0 | 3 | 'unlimited';
}

export interface PairingRules extends PairingParams {
  pairCount: number;
  /** First quartet id, or -1. */
  quartetBase: number;
  /** The deal id, or -1 (strict refill). */
  dealId: number;
  numActions: number;
  observationSize: number;
  /** Cards removed in a won game: 52, or 48 when the tens stay. */
  clearTarget: number;
  /** Slots of each pair id. */
  pairFirst: Uint8Array;
  pairSecond: Uint8Array;
  /** pairBase[i] = id of the pair (i, i+1). */
  pairBase: Int32Array;
  /** The rank a rank pairs with, or NO_PARTNER (tens, quartet ranks, empty slots). */
  partner: Uint8Array;
}

export interface PairingState {
  readonly rules: PairingRules;
  readonly slotCard: Uint8Array;
  readonly slotRank: Uint8Array;
  readonly rankSlots: Int32Array;
  readonly stockCount: Uint8Array;
  readonly deck: Uint8Array;
  stockPos: number;
  removed: number;
  /** Cached by legalActions for status (the env's call order guarantees it is fresh). */
  legalCount: number;
}

export const EMPTY = 255;
export const EMPTY_RANK = 13;
const NO_PARTNER = 14;
const TEN = 9;
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

/** Pair id of slots i < j among `slots`: lexicographic order. */
export function pairId(slots: number, i: number, j: number): number {
  return i * slots - (i * (i + 1)) / 2 + (j - i - 1);
}

const rulesCache = new Map<string, PairingRules>();

/** The rule parameters with their lookup tables, built once per distinct parameter set. */
function compileRules(p: PairingParams): PairingRules {
  const key = JSON.stringify(p);
  const cached = rulesCache.get(key);
  if (cached) return cached;
  const T = p.slots;
  const pairCount = (T * (T - 1)) / 2;
  const pairFirst = new Uint8Array(pairCount);
  const pairSecond = new Uint8Array(pairCount);
  const pairBase = new Int32Array(T);
  for (let i = 0; i < T; i++) {
    pairBase[i] = pairId(T, i, i + 1);
    for (let j = i + 1; j < T; j++) {
      pairFirst[pairId(T, i, j)] = i;
      pairSecond[pairId(T, i, j)] = j;
    }
  }
  const partner = new Uint8Array(EMPTY_RANK + 1).fill(NO_PARTNER);
  for (let r = 0; r < TEN; r++) partner[r] = 8 - r; // A..9 by value: r + 1 + (8 - r) + 1 = 10
  if (p.faceRankPairs) for (let r = TEN + 1; r < 13; r++) partner[r] = r;
  const quartetBase = p.quartets ? pairCount : -1;
  const afterQuartets = pairCount + (p.quartets ? 4 : 0);
  const dealId = p.buffered ? afterQuartets : -1;
  const rules: PairingRules = {
    ...p,
    pairCount,
    quartetBase,
    dealId,
    numActions: afterQuartets + (p.buffered ? 1 : 0),
    observationSize: T * 13 + 14,
    clearTarget: p.tensBlocked ? DECK_SIZE - 4 : DECK_SIZE,
    pairFirst,
    pairSecond,
    pairBase,
    partner,
  };
  rulesCache.set(key, rules);
  return rules;
}

// ---------------------------------------------------------------------------
// State and hot path: after createState nothing in this section allocates.

function createState(rules: PairingRules): PairingState {
  return {
    rules,
    slotCard: new Uint8Array(rules.slots).fill(EMPTY),
    slotRank: new Uint8Array(rules.slots).fill(EMPTY_RANK),
    rankSlots: new Int32Array(NO_PARTNER + 1),
    stockCount: new Uint8Array(13),
    deck: orderedDeck(),
    stockPos: 0,
    removed: 0,
    legalCount: 0,
  };
}

function copyState(src: PairingState, dst: PairingState): void {
  dst.slotCard.set(src.slotCard);
  dst.slotRank.set(src.slotRank);
  dst.rankSlots.set(src.rankSlots);
  dst.stockCount.set(src.stockCount);
  dst.deck.set(src.deck);
  dst.stockPos = src.stockPos;
  dst.removed = src.removed;
  dst.legalCount = src.legalCount;
}

/** Cards of rank r in the slots. */
function countInSlots(s: PairingState, rank: number): number {
  let bits = s.rankSlots[rank];
  let n = 0;
  for (; bits !== 0; n++) bits &= bits - 1;
  return n;
}

function emptySlot(s: PairingState, i: number): void {
  const bit = 1 << i;
  s.rankSlots[s.slotRank[i]] ^= bit;
  s.rankSlots[EMPTY_RANK] |= bit;
  s.slotCard[i] = EMPTY;
  s.slotRank[i] = EMPTY_RANK;
}

/** Deals the stock into the empty slots, lowest first, while it lasts. */
function fillEmptySlots(s: PairingState): void {
  const slots = s.rankSlots;
  let pos = s.stockPos;
  while (slots[EMPTY_RANK] !== 0 && pos < DECK_SIZE) {
    const bit = slots[EMPTY_RANK] & -slots[EMPTY_RANK];
    const i = 31 - Math.clz32(bit);
    const card = s.deck[pos++];
    const rank = card >> 2;
    s.slotCard[i] = card;
    s.slotRank[i] = rank;
    slots[rank] |= bit;
    slots[EMPTY_RANK] ^= bit;
    s.stockCount[rank]--;
  }
  s.stockPos = pos;
}

const ORDERED_DECK = orderedDeck();

function resetState(s: PairingState, rng: Rng, deck: Uint8Array | null): void {
  s.deck.set(deck ?? ORDERED_DECK);
  if (!deck) shuffleInPlace(rng, s.deck);
  // Every slot is dealt below (the stock outlasts any tableau), so slotCard/slotRank need no clearing.
  s.rankSlots.fill(0);
  s.rankSlots[EMPTY_RANK] = (1 << s.rules.slots) - 1;
  s.stockCount.fill(4);
  s.stockPos = 0;
  s.removed = 0;
  s.legalCount = 0;
  fillEmptySlots(s);
}

function legalActions(s: PairingState, mask: Uint8Array, legal: Int32Array): number {
  const r = s.rules;
  const rank = s.slotRank;
  const slots = s.rankSlots;
  mask.fill(0);
  let n = 0;
  for (let i = 0; i < r.slots - 1; i++) {
    let later = slots[r.partner[rank[i]]] & -(2 << i); // partner slots j > i, lowest first
    if (later === 0) continue;
    const offset = r.pairBase[i] - i - 1; // id of (i, j) = offset + j
    do {
      const bit = later & -later;
      later ^= bit;
      const a = offset + 31 - Math.clz32(bit);
      mask[a] = 1;
      legal[n++] = a;
    } while (later !== 0);
  }
  if (r.quartets) {
    for (let q = r.tensBlocked ? 1 : 0; q < 4; q++) {
      if (countInSlots(s, TEN + q) !== 4) continue;
      mask[r.quartetBase + q] = 1;
      legal[n++] = r.quartetBase + q;
    }
  }
  if (r.dealId >= 0 && slots[EMPTY_RANK] !== 0 && s.stockPos < DECK_SIZE) {
    mask[r.dealId] = 1;
    legal[n++] = r.dealId;
  }
  s.legalCount = n;
  return n;
}

function stepState(s: PairingState, action: number): number {
  const r = s.rules;
  let gained = 4;
  if (action < r.pairCount) {
    emptySlot(s, r.pairFirst[action]);
    emptySlot(s, r.pairSecond[action]);
    gained = 2;
  } else if (action === r.dealId) {
    gained = 0;
  } else {
    const rank = TEN + action - r.quartetBase;
    for (let i = 0; i < r.slots; i++) if (s.slotRank[i] === rank) emptySlot(s, i);
  }
  s.removed += gained;
  if (!r.buffered || action === r.dealId) fillEmptySlots(s);
  if (r.rewardCards) return gained;
  return isWon(s) ? 1 : 0;
}

/**
 * Won: everything removable is removed and the stock is dealt out. (With the tens
 * blocked, the last tens may still wait in a buffered stock after the 48th removal.)
 */
function isWon(s: PairingState): boolean {
  return s.removed === s.rules.clearTarget && s.stockPos === DECK_SIZE;
}

function status(s: PairingState): Status {
  return s.legalCount === 0 ? TERMINATED : RUNNING;
}

function observe(s: PairingState, out: Float32Array): void {
  const T = s.rules.slots;
  const base = T * 13;
  out.fill(0, 0, base);
  for (let i = 0; i < T; i++) {
    const rank = s.slotRank[i];
    if (rank !== EMPTY_RANK) out[i * 13 + rank] = 1;
  }
  for (let r = 0; r < 13; r++) out[base + r] = s.stockCount[r] * 0.25;
  out[base + 13] = (DECK_SIZE - s.stockPos) / DECK_SIZE;
}

/**
 * The observation's bounds (the layout in tens.ts and block-ten.ts): the slot one-hots and the
 * stock's rank counts / 4 take 0 and 1 (a rank none of whose cards the deal put in the slots has
 * all four in the stock); the stock size / 52 runs from 52 − T (after the deal) down to 0.
 */
function observationBounds(r: PairingRules): ObservationBounds {
  const low = new Float32Array(r.observationSize);
  const high = new Float32Array(r.observationSize).fill(1);
  high[r.slots * 13 + 13] = (DECK_SIZE - r.slots) / DECK_SIZE;
  return { low, high };
}

// ---------------------------------------------------------------------------
// Text for people.

function slotText(s: PairingState, i: number): string {
  return s.slotCard[i] === EMPTY ? '--' : cardLabel(s.slotCard[i]);
}

function describeAction(s: PairingState, action: number): string {
  const r = s.rules;
  if (action < r.pairCount) {
    const i = r.pairFirst[action];
    const j = r.pairSecond[action];
    if (s.slotCard[i] !== EMPTY && s.slotCard[j] !== EMPTY) return `remove ${slotText(s, i)} + ${slotText(s, j)}`;
    return `remove slots ${i} + ${j} (${slotText(s, i)} + ${slotText(s, j)})`;
  }
  if (action === r.dealId) return 'deal';
  return `remove four ${RANK_WORDS[TEN + action - r.quartetBase]}`;
}

/** Why two cards are not a pair, in a player's words. */
function pairProblem(r: PairingRules, first: number, second: number): string {
  const a = first >> 2;
  const b = second >> 2;
  if (r.partner[a] === b) return 'it is legal';
  if (a === TEN || b === TEN) return r.tensBlocked ? 'tens are never removed' : 'tens are removed four at a time';
  for (const rank of [a, b]) {
    if (rank <= TEN) continue;
    if (!r.faceRankPairs) return `${RANK_WORDS[rank]} are removed four at a time`;
    const one = RANK_WORDS[rank].slice(0, -1);
    if (a !== b) return `a ${one} pairs only with another ${one}`;
  }
  return `${cardLabel(first)} + ${cardLabel(second)} make ${a + b + 2}, not 10`;
}

function whyIllegal(s: PairingState, action: number): string {
  const r = s.rules;
  if (s.legalCount === 0) return 'the game is over';
  if (action < r.pairCount) {
    const i = r.pairFirst[action];
    const j = r.pairSecond[action];
    if (s.slotCard[i] === EMPTY || s.slotCard[j] === EMPTY) return `slot ${s.slotCard[i] === EMPTY ? i : j} is empty`;
    return pairProblem(r, s.slotCard[i], s.slotCard[j]);
  }
  if (action === r.dealId) {
    if (s.stockPos === DECK_SIZE) return 'the stock is empty';
    return s.rankSlots[EMPTY_RANK] === 0 ? 'no slot is empty' : 'it is legal';
  }
  const rank = TEN + action - r.quartetBase;
  if (rank === TEN && r.tensBlocked) return 'tens are never removed (blockTens)';
  const here = countInSlots(s, rank);
  return here === 4 ? 'it is legal' : `only ${here} of the four ${RANK_WORDS[rank]} are in the slots`;
}

function render(s: PairingState): string {
  const r = s.rules;
  const lines: string[] = [];
  for (let start = 0; start < r.slots; start += r.rowLength) {
    const cells: string[] = [];
    for (let i = start; i < Math.min(start + r.rowLength, r.slots); i++)
      cells.push(`${String(i).padStart(2)} ${slotText(s, i).padEnd(3)}`);
    lines.push(cells.join('  ').trimEnd());
  }
  const stock = DECK_SIZE - s.stockPos;
  lines.push(`stock ${plural(stock, 'card')} · removed ${s.removed} · cards left ${DECK_SIZE - s.removed}`);
  if (s.legalCount === 0) lines.push(`game over: ${isWon(s) ? 'won' : 'lost'}, ${DECK_SIZE - s.removed} cards left`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------
// For hints and a front end: places as the state JSON has them (`tableau[index]`).

function slotSpot(s: PairingState, index: number): CardSpot {
  return { place: 'slot', index, code: s.slotCard[index] === EMPTY ? '' : cardCode(s.slotCard[index]) };
}

function actionCards(s: PairingState, action: number): CardSpot[] {
  const r = s.rules;
  if (action < r.pairCount) return [slotSpot(s, r.pairFirst[action]), slotSpot(s, r.pairSecond[action])];
  if (action === r.dealId) return []; // the cards come from the stock, unseen
  const rank = TEN + action - r.quartetBase;
  const out: CardSpot[] = [];
  for (let i = 0; i < r.slots; i++) if (s.slotRank[i] === rank) out.push(slotSpot(s, i));
  return out;
}

function board(s: PairingState): BoardView {
  const r = s.rules;
  const cells: BoardView['parts'][number] & { kind: 'grid' } = { kind: 'grid', columns: r.rowLength, cells: [] };
  for (let i = 0; i < r.slots; i++)
    cells.cells.push(s.slotCard[i] === EMPTY ? { empty: true, place: 'slot', index: i } : slotSpot(s, i));
  return {
    style: 'pairing',
    parts: [
      cells,
      {
        kind: 'piles',
        piles: [
          // Strict refill deals by itself: a stock to tap would never do anything.
          { kind: 'stock', count: DECK_SIZE - s.stockPos, label: 'stock', tappable: r.buffered },
          { kind: 'counter', count: s.removed, label: 'removed' },
        ],
      },
    ],
  };
}

// ---------------------------------------------------------------------------
// JSON.

interface PairingJSON {
  /** Slot by slot: a card code, or null for an empty slot. */
  tableau: (string | null)[];
  /** Next card first. */
  stock: string[];
  /** In card order (A♣ A♦ … K♠). */
  removed: string[];
}

function toJSON(s: PairingState): PairingJSON {
  const tableau: (string | null)[] = [];
  for (let i = 0; i < s.rules.slots; i++) tableau.push(s.slotCard[i] === EMPTY ? null : cardCode(s.slotCard[i]));
  const stock: string[] = [];
  for (let k = s.stockPos; k < DECK_SIZE; k++) stock.push(cardCode(s.deck[k]));
  const placed = new Uint8Array(DECK_SIZE);
  for (const c of s.slotCard) if (c !== EMPTY) placed[c] = 1;
  for (let k = s.stockPos; k < DECK_SIZE; k++) placed[s.deck[k]] = 1;
  const removed: string[] = [];
  for (let c = 0; c < DECK_SIZE; c++) if (!placed[c]) removed.push(cardCode(c));
  return { tableau, stock, removed };
}

function jsonSchema(slots: number) {
  return z.strictObject({
    tableau: z.array(z.nullable(z.string())).check(z.length(slots)),
    stock: z.array(z.string()).check(z.maxLength(DECK_SIZE)),
    removed: z.array(z.string()).check(z.maxLength(DECK_SIZE)),
  });
}

function badState(message: string): TengymError {
  return new TengymError('bad-state', `bad state: ${message}`);
}

function fromJSON(json: unknown, s: PairingState): void {
  const parsed = jsonSchema(s.rules.slots).safeParse(json);
  if (!parsed.success)
    throw badState(
      `${formatZodError(parsed.error)} (expected { tableau: ${s.rules.slots} card codes or null, stock: ` +
        `[...], removed: [...] })`,
    );
  const where: string[] = new Array(DECK_SIZE).fill('');
  const tableau = parseCardField(parsed.data.tableau, 'tableau', where, EMPTY);
  const stock = parseCardField(parsed.data.stock, 'stock', where, EMPTY);
  parseCardField(parsed.data.removed, 'removed', where, EMPTY);
  const missing: string[] = [];
  for (let c = 0; c < DECK_SIZE; c++) if (!where[c]) missing.push(cardCode(c));
  if (missing.length)
    throw badState(
      `cards ${missing.join(' ')} are missing; tableau, stock and removed must hold each of the 52 cards once`,
    );
  loadState(s, tableau, stock);
  const problem = checkState(s);
  if (problem) throw badState(problem);
}

/** Fills `s` from checked card lists; the dealt part of `deck` holds the other cards. */
function loadState(s: PairingState, tableau: readonly number[], stock: readonly number[]): void {
  const inStock = new Uint8Array(DECK_SIZE);
  for (const c of stock) inStock[c] = 1;
  s.stockPos = DECK_SIZE - stock.length;
  let k = 0;
  for (let c = 0; c < DECK_SIZE; c++) if (!inStock[c]) s.deck[k++] = c;
  s.deck.set(stock, s.stockPos);
  s.slotCard.set(tableau);
  s.rankSlots.fill(0);
  s.stockCount.fill(0);
  for (let i = 0; i < tableau.length; i++) {
    s.slotRank[i] = tableau[i] === EMPTY ? EMPTY_RANK : tableau[i] >> 2;
    s.rankSlots[s.slotRank[i]] |= 1 << i;
  }
  for (const c of stock) s.stockCount[c >> 2]++;
  s.removed = DECK_SIZE - stock.length - (tableau.length - countInSlots(s, EMPTY_RANK));
  s.legalCount = 0;
}

// ---------------------------------------------------------------------------
// Invariants.

/** Each card once in the deck, tableau cards among the dealt ones, counts in step with the slots. */
function checkBookkeeping(s: PairingState): string | null {
  const r = s.rules;
  const seen = new Uint8Array(DECK_SIZE);
  const dealtAt = new Int16Array(DECK_SIZE);
  for (let k = 0; k < DECK_SIZE; k++) {
    const c = s.deck[k];
    if (c >= DECK_SIZE || seen[c])
      return `deck position ${k} holds ${c < DECK_SIZE ? cardCode(c) + ' a second time' : 'no card'}`;
    seen[c] = 1;
    dealtAt[c] = k;
  }
  if (!Number.isInteger(s.stockPos) || s.stockPos < r.slots || s.stockPos > DECK_SIZE) {
    return (
      `the stock holds ${DECK_SIZE - s.stockPos} cards; after the first deal at most ${DECK_SIZE - r.slots} are ` +
      `left`
    );
  }
  const expected = new Int32Array(EMPTY_RANK + 1);
  const onTableau = new Uint8Array(DECK_SIZE);
  for (let i = 0; i < r.slots; i++) {
    const c = s.slotCard[i];
    if (c === EMPTY) {
      if (s.slotRank[i] !== EMPTY_RANK) return `slot ${i} is empty but has rank ${s.slotRank[i]}`;
      expected[EMPTY_RANK] |= 1 << i;
      continue;
    }
    if (c >= DECK_SIZE) return `slot ${i} holds ${c}, not a card`;
    if (onTableau[c]) return `card ${cardCode(c)} is in two slots`;
    if (dealtAt[c] >= s.stockPos) return `card ${cardCode(c)} is in slot ${i} and in the stock`;
    if (s.slotRank[i] !== c >> 2) return `slot ${i} holds ${cardCode(c)} but has rank ${s.slotRank[i]}`;
    onTableau[c] = 1;
    expected[c >> 2] |= 1 << i;
  }
  for (let k = 0; k <= EMPTY_RANK; k++) {
    if (expected[k] !== s.rankSlots[k])
      return (
        `the slot set of ${k === EMPTY_RANK ? 'empty slots' : `rank ${RANKS[k]}`} is ` +
        `${s.rankSlots[k].toString(2)}, the slots say ${expected[k].toString(2)}`
      );
  }
  if (s.rankSlots[NO_PARTNER] !== 0) return 'the no-partner slot set is not empty';
  const stockCount = new Uint8Array(13);
  for (let k = s.stockPos; k < DECK_SIZE; k++) stockCount[s.deck[k] >> 2]++;
  for (let k = 0; k < 13; k++)
    if (stockCount[k] !== s.stockCount[k])
      return `stock count of ${RANKS[k]} is ${s.stockCount[k]}, the stock holds ${stockCount[k]}`;
  const removed = s.stockPos - (r.slots - countInSlots(s, EMPTY_RANK));
  if (s.removed !== removed) return `removed is ${s.removed}, the slots and stock leave ${removed}`;
  return null;
}

/** The removed cards could have gone in legal moves, and strict refill left no hole. */
function checkRules(s: PairingState): string | null {
  const r = s.rules;
  if (!r.buffered && s.stockPos < DECK_SIZE && s.rankSlots[EMPTY_RANK] !== 0) {
    return `a slot is empty while the stock holds ${DECK_SIZE - s.stockPos} cards (refill 'strict' fills it at once)`;
  }
  const gone = (rank: number): number => 4 - countInSlots(s, rank) - s.stockCount[rank];
  for (let a = 0; a < 4; a++) {
    if (gone(a) !== gone(8 - a))
      return `${gone(a)} ${RANK_WORDS[a]} but ${gone(8 - a)} ${RANK_WORDS[8 - a]} are removed; they go in pairs`;
  }
  if (gone(4) % 2) return `${gone(4)} fives are removed; they go in pairs`;
  for (let rank = TEN; rank < 13; rank++) {
    const k = gone(rank);
    if (rank === TEN && r.tensBlocked && k > 0) return `${k} tens are removed; tens are never removed here`;
    if (r.faceRankPairs && k % 2) return `${k} ${RANK_WORDS[rank]} are removed; they go in pairs`;
    if (r.quartets && k !== 0 && k !== 4) return `${k} ${RANK_WORDS[rank]} are removed; they go four at a time`;
  }
  return null;
}

function checkState(s: PairingState): string | null {
  return checkBookkeeping(s) ?? checkRules(s);
}

function outcome(s: PairingState): CardOutcome {
  return { won: isWon(s), cardsLeft: DECK_SIZE - s.removed };
}

/** How the game ended, for a player: cleared, or the cards left. */
function endText(s: PairingState): string {
  const { won, cardsLeft } = outcome(s);
  const left = `${cardsLeft} card${cardsLeft === 1 ? '' : 's'} left`;
  if (won) return `Won! ${cardsLeft === 0 ? 'Every card is cleared.' : `${left}.`}`;
  return `No more moves: ${left}.`;
}

// ---------------------------------------------------------------------------

export interface PairingGameSpec<O extends object> {
  name: string;
  optionsSchema: OptionsSchema<O>;
  params(o: O): PairingParams;
}

/** A `Game` from a game file's name, options schema and rule parameters. */
export function makePairingGame<O extends object>(spec: PairingGameSpec<O>): Game<O, PairingState> {
  const rulesOf = (o: O): PairingRules => compileRules(spec.params(o));
  return {
    name: spec.name,
    result: CARDS_LEFT_RESULT,
    optionsSchema: spec.optionsSchema,
    numActions: (o) => rulesOf(o).numActions,
    observationSize: (o) => rulesOf(o).observationSize,
    observationBounds: (o) => observationBounds(rulesOf(o)),
    createState: (o) => createState(rulesOf(o)),
    copyState,
    parseDeck: (deck: DeckInput) => parseStandardDeck(deck),
    reset: (s, _o, rng, deck) => resetState(s, rng, deck),
    legalActions: (s, _o, mask, legal) => legalActions(s, mask, legal),
    step: (s, _o, action) => stepState(s, action),
    status: (s) => status(s),
    observe: (s, _o, out) => observe(s, out),
    outcome: (s) => outcome(s),
    expectedReturn: (result: Outcome, o) => {
      const { won, cardsLeft } = result as CardOutcome;
      return rulesOf(o).rewardCards ? DECK_SIZE - cardsLeft : won ? 1 : 0;
    },
    describeAction: (s, _o, action) => describeAction(s, action),
    whyIllegal: (s, _o, action) => whyIllegal(s, action),
    render: (s) => render(s),
    toJSON: (s) => toJSON(s),
    fromJSON: (json, _o, s) => fromJSON(json, s),
    checkState: (s) => checkState(s),
    sameOutcome: true,
    actionCards: (s, _o, action) => actionCards(s, action),
    moveKind: (s, _o, action) => (action < s.rules.pairCount ? 'pair' : action === s.rules.dealId ? 'deal' : 'quartet'),
    prompt: () => '',
    board: (s) => board(s),
    undoLimit: (o) => {
      const limit = rulesOf(o).undoLimit;
      return limit === 'unlimited' ? Infinity : limit;
    },
    endText: (s) => endText(s),
    inconsistencies: pairingInconsistencies,
  };
}

/**
 * Changes to a Tens or Block Ten state's JSON that no play could give (the engine's `inconsistencies`,
 * which the fuzz tries and `fromJSON`/`checkState` must refuse): one card from the tableau or the stock
 * put among the removed ones alone (cards are removed in pairs or fours, and ranks in balance).
 */
function pairingInconsistencies(game: Record<string, unknown>, _o: object, rng: Rng): (() => string)[] {
  if (!Array.isArray(game.tableau) || !Array.isArray(game.removed)) return [];
  const changes: (() => string)[] = [];
  const tableau = game.tableau as (string | null)[];
  const stock = game.stock as string[];
  const removed = game.removed as string[];
  const filled = tableau.flatMap((c, i) => (c === null ? [] : [i]));
  if (filled.length > 0) {
    changes.push(() => {
      const i = filled[randomInt(rng, 0, filled.length - 1)];
      removed.push(tableau[i] as string);
      tableau[i] = null;
      return `the card of slot ${i} removed alone`;
    });
  }
  if (stock.length > 0) {
    changes.push(() => {
      const card = stock.splice(randomInt(rng, 0, stock.length - 1), 1)[0];
      removed.push(card);
      return `the stock card ${card} removed alone`;
    });
  }
  return changes;
}
