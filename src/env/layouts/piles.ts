/**
 * The piles layout: places that hold several cards, of which only the top one is available, beside
 * optional one-card slots refilled at once from a stock. The cards under a pile's top lie face up (an
 * open deal) or face down, the new top turning face up when the one above it leaves. Removals: two
 * available cards whose ranks pair (a sum, the same rank, or pairs named one by one), and ranks removed
 * alone. Its words and board are in `piles-text.ts`, its JSON and checks in `piles-json.ts`, and
 * `piles-game.ts` joins them into a `Game`.
 *
 * The deal takes the deck in order: pile 0 bottom card first to its top, then pile 1 and so on, then
 * the slots, then the stock, its top first. Places, which removals name: the piles, then the slots.
 * Action ids: one per unordered pair of places (lexicographic), then, when some rank goes alone, one
 * single per place. Two optional pieces, each a flag compiled once per spec, add ids after those:
 *
 * - a dealt stock (`dealtStock`): the slots start empty and are never refilled at once; one "deal" id
 *   puts the stock's next card on each pile, and also fills the slots when the stock holds `slotsAt` cards;
 * - moves into an empty pile (`moveToEmpty`): one id per place moves its card to the lowest empty pile.
 *
 * The hot path (legalActions, step, status, observe) allocates nothing.
 */
import { RUNNING, TERMINATED, type CardOutcome, type ObservationBounds, type Status } from '../game.js';
import { randomInt, shuffleInPlace, type Rng } from '../rng.js';
import { EMPTY } from './card-state.js';
import { rankDeck, type RankDeck } from './deck.js';
import { placePairId } from './triangle-shape.js';

/**
 * A row of piles, only each top available, as the piles layout holds it and a triangle's reserve piles do too
 * (triangle.ts): the cards dealt to each pile, the room per pile, where each pile starts in the deal.
 */
export interface PileRowShape {
  readonly piles: readonly number[];
  readonly pileCount: number;
  /** The most cards a pile holds: the room per pile in the state. */
  readonly height: number;
  /** Where each pile's cards start in the deal (from the row's first card). */
  readonly pileStart: readonly number[];
  /** The cards under a pile's top lie face down. */
  readonly hidden: boolean;
}

/** A row of piles' cards: pile p's at p · height + k, k = 0 its bottom card, EMPTY past its top; its heights. */
export interface PileRow {
  readonly cards: Uint8Array;
  readonly heights: Uint8Array;
}

/** The shape of a row of piles dealt `piles[p]` cards each. */
export function pileRowShape(piles: readonly number[], hidden: boolean): PileRowShape {
  const pileStart: number[] = [];
  let dealt = 0;
  for (const n of piles) {
    pileStart.push(dealt);
    dealt += n;
  }
  return { piles, pileCount: piles.length, height: piles.length ? Math.max(...piles) : 0, pileStart, hidden };
}

/** Deals a row of piles from `deck[from…]`, pile 0 bottom card first; copied card by card, allocating nothing. */
export function dealPileRow(r: PileRowShape, row: PileRow, deck: Uint8Array, from: number): void {
  row.cards.fill(EMPTY);
  for (let p = 0; p < r.pileCount; p++) {
    for (let k = 0; k < r.piles[p]; k++) row.cards[p * r.height + k] = deck[from + r.pileStart[p] + k];
    row.heights[p] = r.piles[p];
  }
}

/**
 * A row of piles in an observation: (p · height + d) · 13 + rank from `at` is pile p's card d from its top, face up
 * (only the top where the row is hidden: the cards below count at `unseenAt` + rank, / 4); `heightsAt` + p its
 * height / room.
 */
export function observePileRow(
  r: PileRowShape,
  row: PileRow,
  out: Float32Array,
  at: number,
  heightsAt: number,
  unseenAt: number,
): void {
  for (let p = 0; p < r.pileCount; p++) {
    const h = row.heights[p];
    for (let d = 0; d < h; d++) {
      const rank = row.cards[p * r.height + h - 1 - d] >> 2;
      if (d === 0 || !r.hidden) out[at + (p * r.height + d) * 13 + rank] = 1;
      else out[unseenAt + rank] += 0.25;
    }
    out[heightsAt + p] = h / r.height;
  }
}

/** What a game over piles declares under one set of options. Ranks are 0 = A … 12 = K; values A = 1 … K = 13. */
export interface PilesRulesSpec {
  /** Cards dealt to each pile, pile 0 first. */
  readonly piles: readonly number[];
  /** The cards under a pile's top lie face down; a new top turns face up. */
  readonly hidden: boolean;
  /** No pile is dealt two cards of one rank: a seeded deal swaps a repeat with a later card, as PySolFC's Nestor. */
  readonly distinctRanks: boolean;
  /** One-card slots beside the piles, refilled at once from the stock (lowest first). */
  readonly slots: number;
  /** Two cards pair when their values make this sum; null for none. */
  readonly pairSum: number | null;
  /** Two cards of one rank pair. */
  readonly sameRank: boolean;
  /** Rank pairs beyond the sum and the same rank (Ides of March's two aces: [[0, 0]]). */
  readonly alsoPairs?: readonly (readonly [number, number])[];
  /** Ranks removed alone. */
  readonly singles: readonly number[];
  /** The deck's ranks (default all thirteen). */
  readonly ranks?: readonly number[];
  /** Reward per card removed instead of 1 for a win. */
  readonly rewardCards: boolean;
  readonly undoLimit: 0 | 3 | 'unlimited';
  /** The player deals the stock onto the piles; the deal at `slotsAt` stock cards fills the slots too. */
  readonly dealtStock?: { readonly slotsAt: number };
  /** An available card may move into an empty pile. */
  readonly moveToEmpty?: boolean;
}

/** A `PilesRulesSpec` with its shape and lookups: what the hot path reads, built once per spec. */
export interface PilesRules extends PilesRulesSpec, PileRowShape {
  readonly deck: RankDeck;
  readonly slotBase: number;
  readonly stockSize: number;
  readonly places: number;
  readonly pairIds: number;
  readonly singleBase: number;
  /** The first id past the pairs and singles: the deal, then the moves. */
  readonly extraBase: number;
  /** The deal's id, -1 without a dealt stock. */
  readonly dealId: number;
  /** The first move's id (its place added), -1 without moves into empty piles. */
  readonly moveBase: number;
  /** The stock refills an emptied slot while its top is below this (0 for a dealt stock). */
  readonly slotStockEnd: number;
  readonly numActions: number;
  readonly pairFirst: Uint8Array;
  readonly pairSecond: Uint8Array;
  /** Bit q of partners[r] set when ranks r and q pair. */
  readonly partners: Uint16Array;
  readonly singleMask: number;
  readonly observationSize: number;
  /** Where the observation's parts start (the game's doc comment tables them). */
  readonly obsSlots: number;
  readonly obsHeights: number;
  readonly obsUnseen: number;
  readonly obsStock: number;
}

const rulesCache = new Map<string, PilesRules>();

/** The spec's shape and lookups, built once per distinct spec. */
export function compilePilesRules(p: PilesRulesSpec): PilesRules {
  const key = JSON.stringify(p);
  let rules = rulesCache.get(key);
  if (!rules) {
    rules = buildRules(p);
    rulesCache.set(key, rules);
  }
  return rules;
}

function buildRules(p: PilesRulesSpec): PilesRules {
  const deck = rankDeck(p.ranks);
  const row = pileRowShape(p.piles, p.hidden);
  const { pileCount } = row;
  const dealt = p.piles.reduce((sum, n) => sum + n, 0);
  const dealtSlots = p.dealtStock ? 0 : p.slots;
  if (dealt + p.slots > deck.size)
    throw new RangeError(`the piles and slots take ${dealt + p.slots} cards of ${deck.size}`);
  const stockSize = deck.size - dealt - dealtSlots;
  // A dealt stock grows each pile by one card a deal.
  const height =
    Math.max(...p.piles) + (p.dealtStock ? dealsOf(stockSize, pileCount, p.slots, p.dealtStock.slotsAt) : 0);
  const places = pileCount + p.slots;
  const pairIds = (places * (places - 1)) / 2;
  const pairFirst = new Uint8Array(pairIds);
  const pairSecond = new Uint8Array(pairIds);
  for (let i = 0; i < places; i++)
    for (let j = i + 1; j < places; j++) {
      pairFirst[placePairId(places, i, j)] = i;
      pairSecond[placePairId(places, i, j)] = j;
    }
  const partners = new Uint16Array(13);
  const link = (a: number, b: number) => {
    partners[a] |= 1 << b;
    partners[b] |= 1 << a;
  };
  for (let a = 0; a < 13; a++) {
    if (p.sameRank) link(a, a);
    const b = (p.pairSum ?? 0) - 2 - a;
    if (p.pairSum !== null && b >= 0 && b < 13) link(a, b);
  }
  for (const [a, b] of p.alsoPairs ?? []) link(a, b);
  const singleMask = p.singles.reduce((bits, r) => bits | (1 << r), 0);
  for (let r = 0; r < 13; r++) if ((singleMask >>> r) & 1) partners[r] = 0;
  const obsSlots = pileCount * height * 13;
  const obsHeights = obsSlots + p.slots * 13;
  const obsUnseen = obsHeights + pileCount;
  const extraBase = pairIds + (p.singles.length > 0 ? places : 0);
  const dealIds = p.dealtStock ? 1 : 0;
  return {
    ...p,
    ...row,
    height,
    deck,
    slotBase: pileCount,
    stockSize,
    places,
    pairIds,
    singleBase: pairIds,
    extraBase,
    dealId: p.dealtStock ? extraBase : -1,
    moveBase: p.moveToEmpty ? extraBase + dealIds : -1,
    slotStockEnd: p.dealtStock ? 0 : stockSize,
    numActions: extraBase + dealIds + (p.moveToEmpty ? places : 0),
    pairFirst,
    pairSecond,
    partners,
    singleMask,
    observationSize: obsUnseen + 14,
    obsSlots,
    obsHeights,
    obsUnseen,
    obsStock: obsUnseen + 13,
  };
}

/** The deals a dealt stock of `stock` cards takes: one card a pile, the piles and slots at `slotsAt` cards. */
function dealsOf(stock: number, piles: number, slots: number, slotsAt: number): number {
  let deals = 0;
  for (let left = stock; left > 0; deals++) left -= Math.min(left, left === slotsAt ? piles + slots : piles);
  return deals;
}

/** A piles game's state. */
export interface PilesState {
  readonly rules: PilesRules;
  /** Pile p's cards at p · height + k, k = 0 its bottom card; EMPTY past its top. */
  readonly cards: Uint8Array;
  /** Cards in each pile. */
  readonly heights: Uint8Array;
  /** The card in each slot, EMPTY once the stock cannot refill it. */
  readonly slots: Uint8Array;
  /** The stock, its top at `stockAt`. */
  readonly stock: Uint8Array;
  stockAt: number;
  removed: number;
  /** Set by legalActions. */
  status: Status;
  legalCount: number;
  /** Scratch of legalActions: the rank at each place while it holds a card, else -1. */
  readonly placeRank: Int8Array;
  /** Scratch of legalActions: bit p of placesOfRank[r] set when place p holds a card of rank r. */
  readonly placesOfRank: Uint32Array;
  /** The observation `observe` last wrote in full, which it then updates in place; null to write it anew. */
  obsOut: Float32Array | null;
  /** Each pile's height, and the stock's top, as `obsOut` shows them. */
  readonly obsHeights: Uint8Array;
  obsStockAt: number;
  /** Scratch deck for seeded deals. */
  readonly deal: Uint8Array;
}

export function createState(rules: PilesRules): PilesState {
  return {
    rules,
    cards: new Uint8Array(rules.pileCount * rules.height).fill(EMPTY),
    heights: new Uint8Array(rules.pileCount),
    slots: new Uint8Array(rules.slots).fill(EMPTY),
    stock: new Uint8Array(rules.stockSize),
    stockAt: 0,
    removed: 0,
    status: RUNNING,
    legalCount: 0,
    placeRank: new Int8Array(rules.places).fill(-1),
    placesOfRank: new Uint32Array(13),
    obsOut: null,
    obsHeights: new Uint8Array(rules.pileCount),
    obsStockAt: 0,
    deal: new Uint8Array(rules.deck.size),
  };
}

const COPIED = ['cards', 'heights', 'slots', 'stock'] as const;

export function copyState(src: PilesState, dst: PilesState): void {
  for (const field of COPIED) dst[field].set(src[field]);
  dst.stockAt = src.stockAt;
  dst.removed = src.removed;
  dst.status = src.status;
  dst.legalCount = src.legalCount;
  dst.obsOut = null;
}

/** The first position of pile p's cards (deck[from, from + n)) whose rank came before in the pile, else -1. */
function repeatedRank(deck: Uint8Array, from: number, n: number): number {
  let seen = 0;
  for (let k = from; k < from + n; k++) {
    const bit = 1 << (deck[k] >> 2);
    if (seen & bit) return k;
    seen |= bit;
  }
  return -1;
}

/** PySolFC's Nestor `_shuffleHook` (montecarlo.py:741): a repeat in a pile is swapped with a random later card. */
function spreadRanks(r: PilesRules, rng: Rng, deck: Uint8Array): void {
  for (let p = 0; p < r.pileCount; p++) {
    const end = r.pileStart[p] + r.piles[p];
    for (let tries = 0; tries < 1000 && end < deck.length; tries++) {
      const j = repeatedRank(deck, r.pileStart[p], r.piles[p]);
      if (j < 0) break;
      const k = randomInt(rng, end, deck.length - 1);
      const card = deck[j];
      deck[j] = deck[k];
      deck[k] = card;
    }
  }
}

/** The pile a deal order breaks `distinctRanks` in, or -1. */
export function pileWithRepeat(r: PilesRules, deck: Uint8Array): number {
  for (let p = 0; p < r.pileCount; p++) if (repeatedRank(deck, r.pileStart[p], r.piles[p]) >= 0) return p;
  return -1;
}

export function resetState(s: PilesState, rng: Rng, deck: Uint8Array | null): void {
  const r = s.rules;
  const d = s.deal;
  d.set(deck ?? r.deck.cards);
  if (!deck) {
    shuffleInPlace(rng, d);
    if (r.distinctRanks) spreadRanks(r, rng, d);
  }
  // Copied card by card: a subarray view per pile would allocate on every reset (the vector env's hot path).
  dealPileRow(r, s, d, 0);
  const dealt = d.length - r.stockSize;
  if (r.dealtStock) s.slots.fill(EMPTY);
  else for (let k = 0; k < r.slots; k++) s.slots[k] = d[dealt - r.slots + k];
  for (let k = 0; k < r.stockSize; k++) s.stock[k] = d[dealt + k];
  s.stockAt = 0;
  s.removed = 0;
  s.status = RUNNING;
  s.legalCount = 0;
  s.obsOut = null;
}

/** The card at a place (a pile's top, a slot's card), EMPTY for none. */
export function placeCard(s: PilesState, place: number): number {
  const r = s.rules;
  if (place >= r.slotBase) return s.slots[place - r.slotBase];
  const h = s.heights[place];
  return h === 0 ? EMPTY : s.cards[place * r.height + h - 1];
}

export const isWon = (s: PilesState): boolean => s.removed === s.rules.deck.size;

/** The result of the game so far: won, and the cards not removed. */
export function outcome(s: PilesState): CardOutcome {
  return { won: isWon(s), cardsLeft: s.rules.deck.size - s.removed };
}

// ---------------------------------------------------------------------------
// The hot path: nothing below allocates.

/** The game's `legalActions` (the options are the state's rules). */
export function legalActions(s: PilesState, _o: unknown, mask: Uint8Array, legal: Int32Array): number {
  const r = s.rules;
  mask.fill(0);
  const rank = s.placeRank;
  const placesOf = s.placesOfRank;
  placesOf.fill(0);
  const places = r.places;
  for (let i = 0; i < r.pileCount; i++) {
    const h = s.heights[i];
    const ri = h === 0 ? -1 : s.cards[i * r.height + h - 1] >> 2;
    rank[i] = ri;
    if (ri >= 0) placesOf[ri] |= 1 << i;
  }
  for (let k = 0; k < r.slots; k++) {
    const ri = s.slots[k] === EMPTY ? -1 : s.slots[k] >> 2;
    rank[r.slotBase + k] = ri;
    if (ri >= 0) placesOf[ri] |= 1 << (r.slotBase + k);
  }
  // Each place's partners after it, read off the places of each partner rank: the ids come out in
  // lexicographic order, as a scan of every pair of places gives them, without visiting the pairs.
  let n = 0;
  for (let i = 0; i < places - 1; i++) {
    const ri = rank[i];
    if (ri < 0) continue;
    let partnerRanks = r.partners[ri];
    if (partnerRanks === 0) continue;
    let later = 0;
    while (partnerRanks !== 0) {
      const q = 31 - Math.clz32(partnerRanks);
      partnerRanks ^= 1 << q;
      later |= placesOf[q];
    }
    later &= ~((2 << i) - 1);
    const base = i * places - (i * (i + 1)) / 2 - i - 1;
    while (later !== 0) {
      const low = later & -later;
      later ^= low;
      const id = base + 31 - Math.clz32(low);
      mask[id] = 1;
      legal[n++] = id;
    }
  }
  if (r.singleMask !== 0)
    for (let p = 0; p < places; p++)
      if (rank[p] >= 0 && (r.singleMask >>> rank[p]) & 1) {
        mask[r.singleBase + p] = 1;
        legal[n++] = r.singleBase + p;
      }
  if (r.extraBase !== r.numActions) n = legalExtras(s, mask, legal, n);
  s.legalCount = n;
  s.status = n === 0 ? TERMINATED : RUNNING;
  return n;
}

/** The lowest empty pile, or -1. */
export function emptyPile(s: PilesState): number {
  for (let p = 0; p < s.rules.pileCount; p++) if (s.heights[p] === 0) return p;
  return -1;
}

/**
 * Whether the card at `place` may move into an empty pile: some pile is empty, and the card is not a pile's
 * only one (moving that one would change nothing but its pile's place, and could go back and forth for ever).
 */
export function canMoveToEmpty(s: PilesState, place: number): boolean {
  const r = s.rules;
  if (emptyPile(s) < 0) return false;
  return place < r.slotBase ? s.heights[place] > 1 : s.slots[place - r.slotBase] !== EMPTY;
}

/** The legal deal and moves, after the removals' n ids. */
function legalExtras(s: PilesState, mask: Uint8Array, legal: Int32Array, n: number): number {
  const r = s.rules;
  if (r.dealId >= 0 && s.stockAt < r.stockSize) {
    mask[r.dealId] = 1;
    legal[n++] = r.dealId;
  }
  if (r.moveBase >= 0)
    for (let p = 0; p < r.places; p++)
      if (canMoveToEmpty(s, p)) {
        mask[r.moveBase + p] = 1;
        legal[n++] = r.moveBase + p;
      }
  return n;
}

export function status(s: PilesState): Status {
  return s.status;
}

/** Takes the card at `place`; an emptied slot is refilled from the stock at once. */
function take(s: PilesState, place: number): void {
  const r = s.rules;
  s.removed++;
  if (place < r.slotBase) {
    const h = --s.heights[place];
    s.cards[place * r.height + h] = EMPTY;
    return;
  }
  s.slots[place - r.slotBase] = s.stockAt < r.slotStockEnd ? s.stock[s.stockAt++] : EMPTY;
}

/** Deals the stock's next card onto each pile, and onto each slot when the stock holds `slotsAt` cards. */
function deal(s: PilesState): void {
  const r = s.rules;
  const toSlots = r.stockSize - s.stockAt === r.dealtStock!.slotsAt;
  for (let p = 0; p < r.pileCount && s.stockAt < r.stockSize; p++)
    s.cards[p * r.height + s.heights[p]++] = s.stock[s.stockAt++];
  for (let k = 0; toSlots && k < r.slots; k++) s.slots[k] = s.stock[s.stockAt++];
}

/** Moves the card at `place` into the lowest empty pile. */
function moveToEmpty(s: PilesState, place: number): void {
  const r = s.rules;
  const to = emptyPile(s);
  let card: number;
  if (place < r.slotBase) {
    const h = --s.heights[place];
    card = s.cards[place * r.height + h];
    s.cards[place * r.height + h] = EMPTY;
  } else {
    card = s.slots[place - r.slotBase];
    s.slots[place - r.slotBase] = EMPTY;
  }
  s.cards[to * r.height] = card;
  s.heights[to] = 1;
}

/** The game's `step`. */
export function stepState(s: PilesState, _o: unknown, action: number): number {
  const r = s.rules;
  if (action < r.pairIds) {
    take(s, r.pairFirst[action]);
    take(s, r.pairSecond[action]);
    if (r.rewardCards) return 2;
  } else if (action < r.extraBase) {
    take(s, action - r.singleBase);
    if (r.rewardCards) return 1;
  } else {
    if (action === r.dealId) deal(s);
    else moveToEmpty(s, action - r.moveBase);
    return 0;
  }
  return isWon(s) ? 1 : 0;
}

/** Writes pile p's rows and height into `out`, whose rows of the pile are zero. */
function observePile(s: PilesState, out: Float32Array, p: number): void {
  const r = s.rules;
  const h = s.heights[p];
  if (h > 0) out[p * r.height * 13 + (s.cards[p * r.height + h - 1] >> 2)] = 1;
  if (!r.hidden)
    for (let d = 1; d < h; d++) out[(p * r.height + d) * 13 + (s.cards[p * r.height + h - 1 - d] >> 2)] = 1;
  out[r.obsHeights + p] = h / r.height;
  s.obsHeights[p] = h;
}

/** Whether the moves since `obsOut` was written took at most one card off each pile and drew from the stock. */
function onlyCardsLeft(s: PilesState): boolean {
  for (let p = 0; p < s.rules.pileCount; p++) {
    const gone = s.obsHeights[p] - s.heights[p];
    if (gone < 0 || gone > 1) return false;
  }
  return s.stockAt >= s.obsStockAt;
}

/** The game's `observe`: written in full into a new buffer, then only what the moves since changed. */
export function observe(s: PilesState, _o: unknown, out: Float32Array): void {
  const r = s.rules;
  if (s.obsOut === out && !onlyCardsLeft(s)) s.obsOut = null;
  if (s.obsOut !== out) {
    out.fill(0);
    observePileRow(r, s, out, 0, r.obsHeights, r.obsUnseen);
    s.obsHeights.set(s.heights);
    for (let k = s.stockAt; k < r.stockSize; k++) out[r.obsUnseen + (s.stock[k] >> 2)] += 0.25;
    s.obsStockAt = s.stockAt;
    s.obsOut = out;
  } else {
    // Cards only leave: a pile that shrank is rewritten, its cards turned face up leave the unseen counts.
    for (let p = 0; p < r.pileCount; p++) {
      const was = s.obsHeights[p];
      const h = s.heights[p];
      if (was === h) continue;
      out.fill(0, p * r.height * 13, (p + 1) * r.height * 13);
      if (r.hidden)
        for (let k = h > 0 ? h - 1 : 0; k < was - 1; k++) out[r.obsUnseen + (s.cards[p * r.height + k] >> 2)] -= 0.25;
      observePile(s, out, p);
    }
    for (let k = s.obsStockAt; k < s.stockAt; k++) out[r.obsUnseen + (s.stock[k] >> 2)] -= 0.25;
    s.obsStockAt = s.stockAt;
    out.fill(0, r.obsSlots, r.obsHeights);
  }
  for (let k = 0; k < r.slots; k++) if (s.slots[k] !== EMPTY) out[r.obsSlots + 13 * k + (s.slots[k] >> 2)] = 1;
  if (r.stockSize > 0) out[r.obsStock] = (r.stockSize - s.stockAt) / r.stockSize;
}

/**
 * Every float in [0, 1]; a pile's height at most its deal. A feature no deal of these rules fills (a card deeper
 * than its pile's deal, an unseen count in an open deal, the stock of a game without one) keeps [0, 1] all the same:
 * an empty range is one Gymnasium warns of.
 */
export function observationBounds(r: PilesRules): ObservationBounds {
  const low = new Float32Array(r.observationSize);
  const high = new Float32Array(r.observationSize).fill(1);
  // A dealt stock lets any pile grow to the full height.
  for (let p = 0; p < r.pileCount; p++) high[r.obsHeights + p] = r.dealtStock ? 1 : r.piles[p] / r.height;
  return { low, high };
}
