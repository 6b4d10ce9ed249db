/**
 * The triangle layout: rows of overlapping face-up cards (row r holds r + 1 cards, each overlapped by
 * the two below it), a talon of stock and waste beside them, optionally a row of open piles whose tops are
 * available (the piles layout's, piles.ts), and removals of available cards: two that make a sum, or a card of a
 * rank removed alone. Its words and board are in `triangle-text.ts`, its JSON
 * and checks in `triangle-json.ts`, its observation in `triangle-observe.ts`, and `triangle-game.ts` joins them
 * into a `Game`.
 *
 * Slot r(r+1)/2 + c is row r, card c (slot 0 the apex); the deal fills the slots in that order, then
 * the piles (pile 0 bottom card first), and the rest of the deck is the stock, its top first. A slot is
 * **free** when neither card covering it is still there. Places, which removals name: the slots, then
 * the waste's top card and the stock's top card (when the deal leaves a stock), then the piles' tops.
 * Action ids: one per unordered pair of places (lexicographic), one single per place, then a draw and a
 * turn-over when there is a stock. The hot path (legalActions, step, status, observe) allocates nothing.
 */
import { DECK_SIZE, orderedDeck } from '../cards.js';
import { RUNNING, TERMINATED, TRUNCATED, type CardOutcome, type Status } from '../game.js';
import { shuffleInPlace, type Rng } from '../rng.js';
import { EMPTY } from './card-state.js';
import { dealPileRow, pileRowShape, type PileRow, type PileRowShape } from './piles.js';
import { freeSlots, placePairId, slotOf, triangleShape, type TriangleShape } from './triangle-shape.js';

export { MAX_ROWS, placePairId, slotOf, triangleShape, type TriangleShape } from './triangle-shape.js';

/**
 * What a game over a triangle declares under one set of options. Ranks are 0 = A … 12 = K; values
 * A = 1 … K = 13. The texts name the options `passes`, `maxSteps`, `stockTopPlayable`, `stockWastePair`
 * and `overlapPairs` by these names.
 */
export interface TriangleRulesSpec {
  /** Rows of overlapping cards (Pyramid's 7). */
  readonly rows: number;
  /** What the triangle is called: its field in the state's JSON, and its name in messages ('pyramid'). */
  readonly name: string;
  /** Two available cards go together when their values make this sum (13). */
  readonly pairSum: number;
  /** Ranks removed alone (Pyramid's kings: [12]). */
  readonly singles: readonly number[];
  /**
   * Open piles beside the triangle, the cards each is dealt (Giza's eight of three): all face up, only each top
   * available. Dealt after the triangle; the cards left are the stock.
   */
  readonly piles?: readonly number[];
  /** The stock and waste: needed when the triangle and piles leave cards over, ignored when they leave none. */
  readonly talon?: TalonSpec;
  /**
   * Rows from the top dealt face down (Pyramid Thirteen's six): such a card turns face up once no card covers it. It
   * is never shown before, and never pairs with the card covering it.
   */
  readonly faceDownRows?: number;
  /** A card covered by one card only may pair with that card. */
  readonly overlapPairs: boolean;
  /** Won when all 52 cards are removed, or the triangle's. */
  readonly goal: 'all' | 'triangle';
  /** Actions before the episode is truncated. */
  readonly maxSteps: number;
  /** Reward per card of the goal removed instead of 1 for a win. */
  readonly rewardCards: boolean;
  readonly undoLimit: 0 | 3 | 'unlimited';
}

/** A triangle's stock and waste: the draw, the passes, which top cards are in play. */
export interface TalonSpec {
  /** Cards a draw turns over, one at a time, the last on the waste's top (King Tut's three). */
  readonly draw: 1 | 3;
  /**
   * The waste is turned over only after a pass that removed a card (King Tut's end with unlimited passes): a pass
   * without one comes back to where it began, so the game ends there instead of going round for ever.
   */
  readonly idlePassEnds?: boolean;
  /** Passes through the stock; the waste is turned over, in the same order, between them. */
  readonly passes: number | 'unlimited';
  /** The stock's top card lies face up and is available. */
  readonly topPlayable: boolean;
  /** The stock's and the waste's top cards may pair with each other (with `topPlayable`). */
  readonly topPairsWithWaste: boolean;
}

/** The talon of a deal that leaves no stock: nothing to draw, nothing in play. */
const NO_TALON: TalonSpec = { draw: 1, passes: 1, topPlayable: false, topPairsWithWaste: false };

/** A `TriangleRulesSpec` with its shape and lookups: what the hot path reads, built once per spec. */
export interface TriangleRules extends TriangleRulesSpec, TriangleShape {
  readonly talon: TalonSpec;
  /** The piles beside the triangle, as the piles layout shapes a row of them (none: no pile). */
  readonly pileRow: PileRowShape;
  /** The deal leaves a stock: the waste's and the stock's places, the draw and the turn-over exist. */
  readonly hasTalon: boolean;
  /** Two ranks pair when their indexes add up to this (the values' sum − 2). */
  readonly rankSum: number;
  /** Bit r set when rank r is removed alone. */
  readonly singleMask: number;
  /** Passes as a number (Infinity for 'unlimited'). */
  readonly passLimit: number;
  readonly unlimited: boolean;
  readonly topPlayable: boolean;
  /** The stock's and the waste's top cards pair (topPlayable and topPairsWithWaste). */
  readonly talonPairs: boolean;
  readonly goalAll: boolean;
  /** The goal's cards: 52, or the triangle's. */
  readonly goalCards: number;
  readonly observationSize: number;
  /** Where the observation's parts start (the game's doc comment tables them); the talon's are -1 without one. */
  readonly obsFree: number;
  readonly obsWasteTop: number;
  readonly obsStockTop: number;
  readonly obsWasteCounts: number;
  readonly obsStockCounts: number;
  readonly obsStockSize: number;
  readonly obsSteps: number;
  /** Bits of the slots dealt face down (0 for none). */
  readonly faceDownMask: number;
  /** With `idlePassEnds`: where the flag "a card was removed in this pass" lies (the last float), else -1. */
  readonly obsPassRemoved: number;
  /** Where the piles' cards (13 floats per pile and depth from the top) and heights start, after the rest. */
  readonly obsPiles: number;
  readonly obsPileHeights: number;
}

const rulesCache = new Map<string, TriangleRules>();

/** The spec's shape and lookups, built once per distinct spec. */
export function compileTriangleRules(p: TriangleRulesSpec): TriangleRules {
  const key = JSON.stringify(p);
  const cached = rulesCache.get(key);
  if (cached) return cached;
  const shape = triangleShape(p.rows, p.piles);
  const pileRow = pileRowShape(p.piles ?? [], false);
  const hasTalon = shape.talonSize > 0;
  if (hasTalon && !p.talon) throw new RangeError('the deal leaves a stock: the declaration needs its talon');
  // Face-down cards count with the stock's unseen ones in the observation.
  if (!hasTalon && p.faceDownRows) throw new RangeError('face-down rows need a stock');
  const talon = hasTalon && p.talon ? p.talon : NO_TALON;
  const obsFree = shape.slots * 13;
  const obsWasteTop = obsFree + shape.slots;
  const obsStockCounts = obsWasteTop + 39;
  // The talon's floats, when there is one: Pyramid's table; then the piles' cards and heights.
  const obsPiles = hasTalon ? obsStockCounts + 18 + (talon.idlePassEnds ? 1 : 0) : obsWasteTop;
  const obsPileHeights = obsPiles + pileRow.pileCount * pileRow.height * 13;
  const none = (at: number) => (hasTalon ? at : -1);
  const rules: TriangleRules = {
    ...p,
    ...shape,
    talon,
    pileRow,
    hasTalon,
    rankSum: p.pairSum - 2,
    singleMask: p.singles.reduce((bits, r) => bits | (1 << r), 0),
    passLimit: talon.passes === 'unlimited' ? Infinity : talon.passes,
    unlimited: talon.passes === 'unlimited',
    topPlayable: talon.topPlayable,
    talonPairs: talon.topPlayable && talon.topPairsWithWaste,
    goalAll: p.goal === 'all',
    goalCards: p.goal === 'all' ? DECK_SIZE : shape.slots,
    observationSize: obsPileHeights + pileRow.pileCount,
    obsFree,
    obsWasteTop: none(obsWasteTop),
    obsStockTop: none(obsWasteTop + 13),
    obsWasteCounts: none(obsWasteTop + 26),
    obsStockCounts: none(obsStockCounts),
    obsStockSize: none(obsStockCounts + 13),
    obsSteps: none(obsStockCounts + 17),
    obsPassRemoved: hasTalon && talon.idlePassEnds ? obsStockCounts + 18 : -1,
    obsPiles,
    obsPileHeights,
    faceDownMask: p.faceDownRows ? (1 << slotOf(Math.min(p.faceDownRows, p.rows), 0)) - 1 : 0,
  };
  rulesCache.set(key, rules);
  return rules;
}

/** A triangle game's state. */
export interface TriangleState {
  readonly rules: TriangleRules;
  /** Card in each slot, EMPTY when removed. */
  readonly cards: Uint8Array;
  /** Bit i set while slot i holds a card. */
  present: number;
  /**
   * The stock and the waste as one sequence: talon[0 … cursor−1] is the waste (bottom first, its top
   * at cursor−1), talon[cursor … talonLen−1] the stock (its top first). A draw moves the cursor on; a
   * turn-over sets it back to 0, which keeps the order.
   */
  readonly talon: Uint8Array;
  talonLen: number;
  cursor: number;
  /** The pass through the stock, from 1. */
  pass: number;
  /** Cards removed when this pass began (with `idlePassEnds`: a turn-over needs more removed since). */
  passStartRemoved: number;
  steps: number;
  /** Cards removed so far. */
  removed: number;
  /** Set by legalActions. */
  status: Status;
  /** Scratch of legalActions: the rank at each place while it is available, else -1. */
  readonly placeRank: Int8Array;
  /** Scratch of legalActions: the available places in increasing order, `availableCount` of them. */
  readonly available: Uint8Array;
  availableCount: number;
  /** Scratch of legalActions: the available places of each rank in increasing order (4 a rank), and how many. */
  readonly rankPlaces: Uint8Array;
  readonly rankCount: Uint8Array;
  /** Scratch deck for seeded deals. */
  readonly deck: Uint8Array;
  /** The piles beside the triangle (empty arrays without them). */
  readonly piles: PileRow;
  /** The observation `observe` last wrote, which it then updates in place; null to write it anew. */
  obsOut: Float32Array | null;
  /** What `obsOut` shows: the slots present, the talon's cursor and length, each pile's height. */
  obsPresent: number;
  obsCursor: number;
  obsTalonLen: number;
  readonly obsHeights: Uint8Array;
}

export function createState(rules: TriangleRules): TriangleState {
  return {
    rules,
    cards: new Uint8Array(rules.slots).fill(EMPTY),
    present: 0,
    talon: new Uint8Array(rules.talonSize),
    talonLen: 0,
    cursor: 0,
    pass: 1,
    passStartRemoved: 0,
    steps: 0,
    removed: 0,
    status: RUNNING,
    placeRank: new Int8Array(rules.places).fill(-1),
    available: new Uint8Array(rules.places),
    availableCount: 0,
    rankPlaces: new Uint8Array(13 * 4),
    rankCount: new Uint8Array(13),
    deck: new Uint8Array(DECK_SIZE),
    piles: {
      cards: new Uint8Array(rules.pileCount * rules.pileRow.height).fill(EMPTY),
      heights: new Uint8Array(rules.pileCount),
    },
    obsOut: null,
    obsPresent: 0,
    obsCursor: 0,
    obsTalonLen: 0,
    obsHeights: new Uint8Array(rules.pileCount),
  };
}

export function copyState(src: TriangleState, dst: TriangleState): void {
  dst.cards.set(src.cards);
  dst.present = src.present;
  dst.talon.set(src.talon);
  dst.talonLen = src.talonLen;
  dst.cursor = src.cursor;
  dst.pass = src.pass;
  dst.passStartRemoved = src.passStartRemoved;
  dst.steps = src.steps;
  dst.removed = src.removed;
  dst.status = src.status;
  if (src.rules.pileCount > 0) {
    dst.piles.cards.set(src.piles.cards);
    dst.piles.heights.set(src.piles.heights);
  }
  // dst's observation buffer may show another state: its next observe writes it anew.
  dst.obsOut = null;
}

const ORDERED_DECK = orderedDeck();

export function resetState(s: TriangleState, rng: Rng, deck: Uint8Array | null): void {
  const d = s.deck;
  const slots = s.rules.slots;
  d.set(deck ?? ORDERED_DECK);
  if (!deck) shuffleInPlace(rng, d);
  // Copied card by card: a subarray view would allocate on every reset (the vector env's hot path).
  for (let i = 0; i < slots; i++) s.cards[i] = d[i];
  s.present = s.rules.full;
  if (s.rules.pileCount > 0) dealPileRow(s.rules.pileRow, s.piles, d, slots);
  const talonAt = DECK_SIZE - s.rules.talonSize;
  for (let i = talonAt; i < DECK_SIZE; i++) s.talon[i - talonAt] = d[i];
  s.talonLen = s.rules.talonSize;
  s.cursor = 0;
  s.pass = 1;
  s.passStartRemoved = 0;
  s.steps = 0;
  s.removed = 0;
  s.status = RUNNING;
  s.obsOut = null;
}

/** Whether slot i holds a card that no card covers. */
export function isFree(r: TriangleShape, present: number, slot: number): boolean {
  return ((present >>> slot) & 1) === 1 && (present & r.coverMask[slot]) === 0;
}

/** The slots still face down: dealt so, and a card covers them yet. */
export function faceDownSlots(r: TriangleRules, present: number): number {
  let hidden = 0;
  for (let x = present & r.faceDownMask; x !== 0; x &= x - 1) {
    const slot = 31 - Math.clz32(x & -x);
    if ((present & r.coverMask[slot]) !== 0) hidden |= 1 << slot;
  }
  return hidden;
}

/** The one slot still covering slot i when exactly one does, else -1 (overlap pairs). */
export function soleCover(r: TriangleShape, present: number, slot: number): number {
  const left = r.coverLeft[slot];
  if (left < 0) return -1;
  const hasLeft = (present >>> left) & 1;
  const hasRight = (present >>> (left + 1)) & 1;
  if (hasLeft + hasRight !== 1) return -1;
  return hasLeft === 1 ? left : left + 1;
}

/** The card at a place (the waste's or the stock's top card for those, a pile's top), EMPTY for none. */
export function placeCard(s: TriangleState, place: number): number {
  const r = s.rules;
  if (place < r.slots) return s.cards[place];
  if (place >= r.pileBase) {
    const h = s.piles.heights[place - r.pileBase];
    return h === 0 ? EMPTY : s.piles.cards[(place - r.pileBase) * r.pileRow.height + h - 1];
  }
  if (place === r.waste) return s.cursor > 0 ? s.talon[s.cursor - 1] : EMPTY;
  return s.cursor < s.talonLen ? s.talon[s.cursor] : EMPTY;
}

export function popCount(bits: number): number {
  let n = 0;
  for (let b = bits; b !== 0; n++) b &= b - 1;
  return n;
}

export function isWon(s: TriangleState): boolean {
  return s.rules.goalAll ? s.removed === DECK_SIZE : s.present === 0;
}

/** The result of the game so far: won, and the goal's cards not removed. */
export function outcome(s: TriangleState): CardOutcome {
  const cardsLeft = s.rules.goalAll ? DECK_SIZE - s.removed : popCount(s.present);
  return { won: isWon(s), cardsLeft };
}

// ---------------------------------------------------------------------------
// The hot path: nothing below allocates.

function add(mask: Uint8Array, legal: Int32Array, n: number, id: number): number {
  mask[id] = 1;
  legal[n] = id;
  return n + 1;
}

/**
 * Fills `s.placeRank` (each place's rank while its card is available, else -1), `s.available` and the rank buckets,
 * in increasing place order: the free slots by their bits, then the talon's tops and the piles' tops.
 */
function markAvailable(s: TriangleState): void {
  const r = s.rules;
  const rank = s.placeRank;
  const count = s.rankCount;
  const available = s.available;
  const rankPlaces = s.rankPlaces;
  for (let q = 0; q < 13; q++) count[q] = 0;
  rank.fill(-1);
  let k = 0;
  for (let x = freeSlots(s.present, r.rows); x !== 0; x &= x - 1) {
    const i = 31 - Math.clz32(x & -x);
    const q = s.cards[i] >> 2;
    rank[i] = q;
    available[k++] = i;
    rankPlaces[q * 4 + count[q]++] = i;
  }
  if (r.hasTalon) {
    rank[r.waste] = s.cursor > 0 ? s.talon[s.cursor - 1] >> 2 : -1;
    rank[r.stock] = r.topPlayable && s.cursor < s.talonLen ? s.talon[s.cursor] >> 2 : -1;
  }
  for (let p = 0; p < r.pileCount; p++) {
    const h = s.piles.heights[p];
    rank[r.pileBase + p] = h === 0 ? -1 : s.piles.cards[p * r.pileRow.height + h - 1] >> 2;
  }
  for (let p = r.slots; p < r.places; p++) {
    const q = rank[p];
    if (q < 0) continue;
    available[k++] = p;
    rankPlaces[q * 4 + count[q]++] = p;
  }
  s.availableCount = k;
}

/**
 * Adds the pairs of available place i with the available places after it that complete its sum, looked up in the
 * rank buckets (increasing place order): the ids a scan of every pair (i, j > i) would give, in its order.
 */
function pairsAfter(s: TriangleState, i: number, mask: Uint8Array, legal: Int32Array, n: number): number {
  const r = s.rules;
  const ri = s.placeRank[i];
  if ((r.singleMask >>> ri) & 1 || (i === r.waste && !r.talon.topPairsWithWaste)) return n;
  const want = r.rankSum - ri;
  if (want < 0 || want > 12) return n;
  for (let b = want * 4, end = b + s.rankCount[want]; b < end; b++) {
    const j = s.rankPlaces[b];
    if (j > i) n = add(mask, legal, n, placePairId(r.places, i, j));
  }
  return n;
}

/**
 * Writes the removals into mask/legal from `n`, in increasing id order; returns the new count: each available card's
 * pairs (`pairsAfter`), and with overlap pairs a covered slot, taken in its turn, with its sole cover; then the
 * cards removed alone.
 */
function removals(s: TriangleState, mask: Uint8Array, legal: Int32Array, n: number): number {
  const r = s.rules;
  const rank = s.placeRank;
  const available = s.available;
  const count = s.availableCount;
  if (!r.overlapPairs) for (let a = 0; a < count - 1; a++) n = pairsAfter(s, available[a], mask, legal, n);
  else
    for (let i = 0; i < r.places - 1; i++) {
      if (rank[i] >= 0) n = pairsAfter(s, i, mask, legal, n);
      else if (i < r.slots && ((s.present >>> i) & 1) === 1 && ((r.faceDownMask >>> i) & 1) === 0) {
        // Covered: a slot under one card only pairs with that card, when it is free.
        const cover = soleCover(r, s.present, i);
        if (cover >= 0 && rank[cover] >= 0 && rank[cover] + (s.cards[i] >> 2) === r.rankSum)
          n = add(mask, legal, n, placePairId(r.places, i, cover));
      }
    }
  for (let a = 0; a < count; a++) {
    const p = available[a];
    if ((r.singleMask >>> rank[p]) & 1) n = add(mask, legal, n, r.singleBase + p);
  }
  return n;
}

/**
 * With unlimited passes: whether a card may still be removed some time, by draws and turn-overs alone
 * (nothing is available now). Every stock and waste card comes to the waste's top; two of them meet as
 * the waste's and the stock's top cards only when next to each other in the sequence, but that depends
 * on the stock's order, which a player does not know on the first pass: any two that pair count (what
 * the player knows decides when the game ends, never the hidden order). The ranks as bits.
 */
function removalAhead(s: TriangleState): boolean {
  const r = s.rules;
  let freeRanks = 0;
  for (let i = 0; i < r.slots; i++) if (s.placeRank[i] >= 0) freeRanks |= 1 << s.placeRank[i];
  let talonRanks = 0;
  for (let k = 0; k < s.talonLen; k++) talonRanks |= 1 << (s.talon[k] >> 2);
  for (let rank = 0; rank < 13; rank++) {
    if (((talonRanks >>> rank) & 1) === 0) continue;
    if ((r.singleMask >>> rank) & 1 || (freeRanks >>> (r.rankSum - rank)) & 1) return true;
    if (r.talonPairs && (talonRanks >>> (r.rankSum - rank)) & 1) return true;
  }
  return false;
}

/** The game's `legalActions` (the options are the state's rules). */
export function legalActions(s: TriangleState, _o: unknown, mask: Uint8Array, legal: Int32Array): number {
  const r = s.rules;
  mask.fill(0);
  if (isWon(s)) {
    s.status = TERMINATED;
    return 0;
  }
  markAvailable(s);
  let n = removals(s, mask, legal, 0);
  const removable = n;
  if (s.cursor < s.talonLen) n = add(mask, legal, n, r.draw);
  else if (s.cursor > 0 && s.pass < r.passLimit && (!r.talon.idlePassEnds || s.removed > s.passStartRemoved))
    n = add(mask, legal, n, r.recycle);
  if (n > 0 && removable === 0 && r.unlimited && !removalAhead(s)) n = 0;
  if (n > 0 && s.steps >= r.maxSteps) {
    mask.fill(0);
    s.status = TRUNCATED;
    return 0;
  }
  if (n === 0) mask.fill(0);
  s.status = n === 0 ? TERMINATED : RUNNING;
  return n;
}

export function status(s: TriangleState): Status {
  return s.status;
}

/** Removes the card at `place`; returns 1 when it is one of the goal's cards. */
function removeAt(s: TriangleState, place: number): number {
  const r = s.rules;
  s.removed++;
  if (place < r.slots) {
    s.cards[place] = EMPTY;
    s.present &= ~(1 << place);
    return 1;
  }
  if (place >= r.pileBase) {
    const p = place - r.pileBase;
    s.piles.cards[p * r.pileRow.height + --s.piles.heights[p]] = EMPTY;
    return r.goalAll ? 1 : 0;
  }
  const at = place === r.waste ? s.cursor - 1 : s.cursor;
  s.talon.copyWithin(at, at + 1, s.talonLen);
  s.talonLen--;
  if (place === r.waste) s.cursor--;
  return r.goalAll ? 1 : 0;
}

/** The game's `step`. */
export function stepState(s: TriangleState, _o: unknown, action: number): number {
  const r = s.rules;
  s.steps++;
  let gained = 0;
  if (action < r.pairIds) {
    // The stock's card first: the waste's top keeps its index below the cursor.
    gained = removeAt(s, r.pairSecond[action]) + removeAt(s, r.pairFirst[action]);
  } else if (action < r.draw) gained = removeAt(s, action - r.singleBase);
  else if (action === r.draw)
    s.cursor = r.talon.draw === 1 ? s.cursor + 1 : Math.min(s.cursor + r.talon.draw, s.talonLen);
  else {
    s.cursor = 0;
    s.pass++;
    s.passStartRemoved = s.removed;
  }
  if (r.rewardCards) return gained;
  return gained > 0 && isWon(s) ? 1 : 0;
}
