/**
 * The slot layout: face-up slots in a grid, dealt from a shuffled 52-card stock, lowest slot first.
 * A game over it declares its rules (`SlotRulesSpec`): the sum two cards make to pair, the ranks
 * removed alone, four at a time, never, or as a set of one of each (J-Q-K), which slots a pair may
 * join (any two, or touching ones), and when emptied slots refill (and whether the cards first close
 * up). This file holds the rules' ids and tables, the state and the hot path; `slot-text.ts` the
 * words and the board, `slot-json.ts` the state's JSON and checks, and `slot-game.ts` joins them
 * into a `Game` (`slotGame`): Tens, Block Ten, Thirteens, the Elevens family and the grid games
 * (Monte Carlo's) are declarations. `slot-pile.ts` holds the group pile (Fifteens).
 *
 * Action ids, in this order, each block only where the rules have it (T slots, P = T(T−1)/2):
 *   pairs     P ids, slots (i, j), i < j, lexicographic: id = i·T − i(i+1)/2 + j − i − 1
 *   singles   T ids, the card of slot i removed alone
 *   quartets  one id per quartet rank, in the declared order: all four of that rank, from the slots
 *   sets      4^k ids for k set ranks, the set's cards removed from the slots together: one suit
 *             digit per rank, first rank most significant (J♠ Q♣ K♦: 16·3 + 4·0 + 1)
 *   aside     T ids, the set card of slot i set aside into its rank's reserve (sets by reserve)
 *   pile      T ids, the card of slot i put on the group pile (`groupPile`): any card, while the pile can go out
 *   deal      one id, filling the empty slots (refill 'on-deal'); with `consolidate` it first closes the gaps
 *             (or raises the cards up their columns), and stays legal while that would move a card
 *   draw      one id (`extraSlot`), the stock's next card turned into the empty extra slot, while draws are left
 *
 * With `touch`, a pair's two slots must touch (`touching`, a bit set per slot, masks the partner rank's slots).
 *
 * Observation: per slot 13 rank flags (and 4 suit flags with `observeSuits`), then the reserves'
 * suit flags, then one flag per unseen card (with `sameSuit`), then the group pile's rank counts / 4 and its
 * number cards' total / its sum (with `groupPile`), then the unseen rank counts / 4 and the stock size / the
 * deck's size, then (with `extraSlot`) the draws left / draws. The stock's order is never shown.
 *
 * The deck is 52 cards, or the ranks a game lists (`ranks`): the deal, the stock and the win follow its size.
 * With `extraSlot` the last slot is the extra slot: the deal and the refill pass it over.
 *
 * State (typed arrays made once in createState, kept in step incrementally):
 *   slotCard[i]     card id in slot i, EMPTY when empty; slotRank[i] its rank, EMPTY_RANK when empty
 *   cardSlot[c]     the slot card c lies in, NOWHERE when it is not in a slot
 *   rankSlots[r]    bit i set when slot i holds rank r; [EMPTY_RANK] the empty slots, [NO_PARTNER] none
 *   reserve[f]      the card set aside for set rank f, EMPTY when none
 *   stockCount[r]   cards of rank r in the stock (what the player has not seen)
 *   pile            the group pile, bottom first, with its number total and set ranks kept as cards go on
 *   deck            the deal order; deck[stockPos..deckSize−1] is the stock, next card first
 *   drawsLeft       draws to the extra slot left
 */
import { DECK_SIZE } from '../cards.js';
import { RUNNING, TERMINATED, type CardOutcome, type ObservationBounds, type Status } from '../game.js';
import { shuffleInPlace, type Rng } from '../rng.js';
import {
  EMPTY,
  EMPTY_RANK,
  GATHER_AFTER_REMOVAL,
  GATHER_NONE,
  GATHER_ONCE_STOCK_OUT,
  GATHER_UP_COLUMNS,
  NOTE_NONE,
  NOTE_PAUSED,
  NOTE_SET_OUT,
  NOWHERE,
  NO_PARTNER,
  type SlotRules,
  type SlotState,
} from './slot-rules.js';
import { addToPile, legalPile, observePile, pileTotalHigh } from './slot-pile.js';

export * from './slot-rules.js';
export { PILE_TWICE, pileCanGoOut } from './slot-pile.js';

// ---------------------------------------------------------------------------
// State and hot path: after createState nothing in this section allocates.

export function createState(rules: SlotRules): SlotState {
  const sets = rules.reserveCount;
  return {
    rules,
    slotCard: new Uint8Array(rules.slots).fill(EMPTY),
    slotRank: new Uint8Array(rules.slots).fill(EMPTY_RANK),
    cardSlot: new Uint8Array(DECK_SIZE).fill(NOWHERE),
    rankSlots: new Int32Array(NO_PARTNER + 1),
    reserve: new Uint8Array(sets).fill(EMPTY),
    stockCount: new Uint8Array(13),
    deck: Uint8Array.from(rules.deck.cards),
    stockPos: 0,
    removed: 0,
    legalCount: 0,
    note: NOTE_NONE,
    drawsLeft: 0,
    lastSet: new Uint8Array(sets).fill(EMPTY),
    pile: new Uint8Array(rules.pileBase >= 0 ? DECK_SIZE : 0),
    pileSize: 0,
    pileTotal: 0,
    pileSets: 0,
    pileSetCards: 0,
    pileOut: 0,
  };
}

export function copyState(src: SlotState, dst: SlotState): void {
  dst.slotCard.set(src.slotCard);
  dst.slotRank.set(src.slotRank);
  dst.cardSlot.set(src.cardSlot);
  dst.rankSlots.set(src.rankSlots);
  dst.reserve.set(src.reserve);
  dst.stockCount.set(src.stockCount);
  dst.deck.set(src.deck);
  dst.stockPos = src.stockPos;
  dst.removed = src.removed;
  dst.legalCount = src.legalCount;
  dst.note = src.note;
  dst.drawsLeft = src.drawsLeft;
  dst.lastSet.set(src.lastSet);
  if (src.pile.length > 0) {
    dst.pile.set(src.pile);
    dst.pileSize = src.pileSize;
    dst.pileTotal = src.pileTotal;
    dst.pileSets = src.pileSets;
    dst.pileSetCards = src.pileSetCards;
    dst.pileOut = src.pileOut;
  }
}

/** Cards of rank r in the slots. */
export function countInSlots(s: SlotState, rank: number): number {
  // The bits set in a 32-bit word, without a loop (a loop per quartet rank was a tenth of Tens' step).
  let x = s.rankSlots[rank];
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

function emptySlot(s: SlotState, i: number): void {
  const bit = 1 << i;
  s.rankSlots[s.slotRank[i]] ^= bit;
  s.rankSlots[EMPTY_RANK] |= bit;
  s.cardSlot[s.slotCard[i]] = NOWHERE;
  s.slotCard[i] = EMPTY;
  s.slotRank[i] = EMPTY_RANK;
}

/** Deals the stock into the empty slots, lowest first, while it lasts (an extra slot is left empty). */
function fillEmptySlots(s: SlotState): void {
  const slots = s.rankSlots;
  const end = s.rules.deckSize;
  let empty = slots[EMPTY_RANK] & s.rules.refillSlots;
  let pos = s.stockPos;
  while (empty !== 0 && pos < end) {
    const bit = empty & -empty;
    empty ^= bit;
    const i = 31 - Math.clz32(bit);
    const card = s.deck[pos++];
    const rank = card >> 2;
    s.slotCard[i] = card;
    s.slotRank[i] = rank;
    s.cardSlot[card] = i;
    slots[rank] |= bit;
    slots[EMPTY_RANK] ^= bit;
    s.stockCount[rank]--;
  }
  s.stockPos = pos;
}

/** Moves the card of slot `from` to the empty slot `to`. */
function moveCard(s: SlotState, from: number, to: number): void {
  const bits = (1 << from) | (1 << to);
  const card = s.slotCard[from];
  s.rankSlots[card >> 2] ^= bits;
  s.rankSlots[EMPTY_RANK] ^= bits;
  s.slotCard[to] = card;
  s.slotRank[to] = card >> 2;
  s.cardSlot[card] = to;
  s.slotCard[from] = EMPTY;
  s.slotRank[from] = EMPTY_RANK;
}

/** The cards slide to close the gaps in reading order (their order kept); the empty slots end up last. */
function closeGaps(s: SlotState): void {
  let to = 0;
  for (let i = 0; i < s.rules.slots; i++) {
    if (s.slotCard[i] === EMPTY) continue;
    if (i !== to) moveCard(s, i, to);
    to++;
  }
}

/** Each card rises up its column past the empty slots above it. */
function raiseColumns(s: SlotState): void {
  const w = s.rules.columns;
  for (let i = w; i < s.rules.slots; i++) {
    if (s.slotCard[i] === EMPTY) continue;
    let k = i;
    while (k >= w && s.slotCard[k - w] === EMPTY) k -= w;
    if (k !== i) moveCard(s, i, k);
  }
}

/** The slots as `consolidate` gathers them after a move (`dealt`: the move was the deal), then the refill. */
function gatherSlots(s: SlotState, dealt: boolean): void {
  const how = s.rules.gather;
  if (how === GATHER_ONCE_STOCK_OUT) {
    fillEmptySlots(s);
    if (s.stockPos === s.rules.deckSize) closeGaps(s);
    return;
  }
  if (how === GATHER_AFTER_REMOVAL || dealt) {
    if (how === GATHER_UP_COLUMNS) raiseColumns(s);
    else closeGaps(s);
    fillEmptySlots(s);
  }
}

/**
 * Whether consolidating would move a card: a gap lies before a card in reading order, or, up the columns, an empty
 * slot lies above a card.
 */
export function cardsWouldMove(s: SlotState): boolean {
  const empty = s.rankSlots[EMPTY_RANK];
  if (empty === 0) return false;
  const held = ~empty & ((1 << s.rules.slots) - 1);
  if (s.rules.gather === GATHER_UP_COLUMNS) return ((held >>> s.rules.columns) & empty) !== 0;
  return (held & -(empty & -empty)) !== 0;
}

export function reservesEmpty(s: SlotState): boolean {
  for (let f = 0; f < s.reserve.length; f++) if (s.reserve[f] !== EMPTY) return false;
  return true;
}

/** The suit of the cards set aside, or -1 when the reserves are empty. */
export function reserveSuit(s: SlotState): number {
  for (let f = 0; f < s.reserve.length; f++) if (s.reserve[f] !== EMPTY) return s.reserve[f] & 3;
  return -1;
}

export function resetState(s: SlotState, rng: Rng, deck: Uint8Array | null): void {
  s.deck.set(deck ?? s.rules.deck.cards);
  if (!deck) shuffleInPlace(rng, s.deck);
  // Every slot is dealt below (the stock outlasts any grid): only the lookups of the last game's cards need clearing.
  for (let i = 0; i < s.rules.slots; i++) if (s.slotCard[i] !== EMPTY) s.cardSlot[s.slotCard[i]] = NOWHERE;
  // The deal passes the extra slot over: it starts empty.
  if (s.rules.extra >= 0) {
    s.slotCard[s.rules.extra] = EMPTY;
    s.slotRank[s.rules.extra] = EMPTY_RANK;
  }
  s.rankSlots.fill(0);
  s.rankSlots[EMPTY_RANK] = (1 << s.rules.slots) - 1;
  if (s.reserve.length > 0) {
    s.reserve.fill(EMPTY);
    s.lastSet.fill(EMPTY);
  }
  if (s.pile.length > 0) {
    s.pileSize = 0;
    s.pileTotal = 0;
    s.pileSets = 0;
    s.pileSetCards = 0;
    s.pileOut = 0;
  }
  s.stockCount.set(s.rules.fullStock);
  s.stockPos = 0;
  s.removed = 0;
  s.legalCount = 0;
  s.note = NOTE_NONE;
  s.drawsLeft = s.rules.draws;
  fillEmptySlots(s);
}

/** The id offset of a set whose k-th card has suit digits[k]. */
function setOffset(digits: ArrayLike<number>): number {
  let id = 0;
  for (let k = 0; k < digits.length; k++) id = 4 * id + digits[k];
  return id;
}

/** Marks the sets on the slots, in id order; returns the new count. */
function legalSets(s: SlotState, mask: Uint8Array, legal: Int32Array, n: number): number {
  const r = s.rules;
  const ranks = r.setRanks;
  const k = ranks.length;
  if (r.sameSuit) {
    for (let u = 0; u < 4; u++) {
      let all = true;
      for (let f = 0; f < k && all; f++) all = s.cardSlot[ranks[f] * 4 + u] !== NOWHERE;
      if (!all) continue;
      r.setDigits.fill(u);
      const id = r.tripleBase + setOffset(r.setDigits);
      mask[id] = 1;
      legal[n++] = id;
    }
    return n;
  }
  if (k === 3) {
    // One suit digit a rank, first rank most significant: the odometer below, unrolled for the common J-Q-K.
    for (let a = 0; a < 4; a++) {
      if (s.cardSlot[ranks[0] * 4 + a] === NOWHERE) continue;
      for (let b = 0; b < 4; b++) {
        if (s.cardSlot[ranks[1] * 4 + b] === NOWHERE) continue;
        for (let c = 0; c < 4; c++) {
          if (s.cardSlot[ranks[2] * 4 + c] === NOWHERE) continue;
          const id = r.tripleBase + 16 * a + 4 * b + c;
          mask[id] = 1;
          legal[n++] = id;
        }
      }
    }
    return n;
  }
  const digit = r.setDigits;
  let pos = 0;
  digit[0] = -1;
  while (pos >= 0) {
    let u = digit[pos] + 1;
    while (u < 4 && s.cardSlot[ranks[pos] * 4 + u] === NOWHERE) u++;
    if (u === 4) {
      pos--;
      continue;
    }
    digit[pos] = u;
    if (pos < k - 1) digit[++pos] = -1;
    else {
      const id = r.tripleBase + setOffset(digit);
      mask[id] = 1;
      legal[n++] = id;
    }
  }
  return n;
}

/** Marks the pairs of one suit (each card has one partner card); returns the new count. */
function legalSuitPairs(s: SlotState, mask: Uint8Array, legal: Int32Array): number {
  const r = s.rules;
  let n = 0;
  for (let i = 0; i < r.slots - 1; i++) {
    const p = r.partner[s.slotRank[i]];
    if (p === NO_PARTNER) continue;
    const j = s.cardSlot[p * 4 + (s.slotCard[i] & 3)];
    if (j === NOWHERE || j < i) continue;
    const a = r.pairBase[i] - i - 1 + j;
    mask[a] = 1;
    legal[n++] = a;
  }
  return n;
}

/** Marks the pairs by rank (any card of the partner rank pairs); returns the new count. */
function legalRankPairs(s: SlotState, mask: Uint8Array, legal: Int32Array): number {
  const r = s.rules;
  const rank = s.slotRank;
  const slots = s.rankSlots;
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
  return n;
}

/** Marks the pairs by rank in touching slots (`touch`); returns the new count. */
function legalNearPairs(s: SlotState, mask: Uint8Array, legal: Int32Array): number {
  const r = s.rules;
  const rank = s.slotRank;
  const slots = s.rankSlots;
  let n = 0;
  for (let i = 0; i < r.slots - 1; i++) {
    let later = slots[r.partner[rank[i]]] & r.touching[i] & -(2 << i);
    if (later === 0) continue;
    const offset = r.pairBase[i] - i - 1;
    do {
      const bit = later & -later;
      later ^= bit;
      const a = offset + 31 - Math.clz32(bit);
      mask[a] = 1;
      legal[n++] = a;
    } while (later !== 0);
  }
  return n;
}

/** Marks the singles after the pairs; returns the new count. */
function legalSingles(s: SlotState, mask: Uint8Array, legal: Int32Array, n: number): number {
  const r = s.rules;
  let alone = 0;
  for (let k = 0; k < r.singleRanks.length; k++) alone |= s.rankSlots[r.singleRanks[k]];
  while (alone !== 0) {
    const bit = alone & -alone;
    alone ^= bit;
    const a = r.singleBase + 31 - Math.clz32(bit);
    mask[a] = 1;
    legal[n++] = a;
  }
  return n;
}

/** Marks the sets and the set-asides after the quartets; returns the new count. */
function legalSetsAndAsides(s: SlotState, mask: Uint8Array, legal: Int32Array, n: number): number {
  const r = s.rules;
  if (r.tripleBase >= 0) n = legalSets(s, mask, legal, n);
  if (r.asideBase >= 0) {
    // The slots of the set ranks whose reserve is empty, lowest first; with one suit, of the reserves' suit.
    let bits = 0;
    if (r.oneRankReserves && s.reserve[0] !== EMPTY) bits = s.rankSlots[s.reserve[0] >> 2];
    else for (let f = 0; f < r.setRanks.length; f++) if (s.reserve[f] === EMPTY) bits |= s.rankSlots[r.setRanks[f]];
    const suit = r.sameSuit ? reserveSuit(s) : -1;
    while (bits !== 0) {
      const bit = bits & -bits;
      bits ^= bit;
      const i = 31 - Math.clz32(bit);
      if (suit >= 0 && (s.slotCard[i] & 3) !== suit) continue;
      mask[r.asideBase + i] = 1;
      legal[n++] = r.asideBase + i;
    }
  }
  return n;
}

/**
 * The legal ids in id order. The pairs and the quartets, which every game of Tens' kind has, are the short path;
 * the rarer blocks sit in functions of their own so that this one stays small enough to be inlined.
 */
export function legalActions(s: SlotState, _o: unknown, mask: Uint8Array, legal: Int32Array): number {
  const r = s.rules;
  mask.fill(0);
  let n = r.sameSuit
    ? legalSuitPairs(s, mask, legal)
    : r.near
      ? legalNearPairs(s, mask, legal)
      : legalRankPairs(s, mask, legal);
  if (r.singleBase >= 0) n = legalSingles(s, mask, legal, n);
  if (r.quartetBase >= 0) {
    for (let q = 0; q < r.quartetRanks.length; q++) {
      if (r.quartetOpen[q] === 0 || countInSlots(s, r.quartetRanks[q]) !== 4) continue;
      mask[r.quartetBase + q] = 1;
      legal[n++] = r.quartetBase + q;
    }
  }
  if (r.tripleBase >= 0 || r.asideBase >= 0) n = legalSetsAndAsides(s, mask, legal, n);
  if (r.pileBase >= 0) n = legalPile(s, mask, legal, n);
  // A deal that consolidates is legal too while it would move a card, the stock out or not.
  if (
    r.dealId >= 0 &&
    ((s.rankSlots[EMPTY_RANK] !== 0 && s.stockPos < r.deckSize) || (r.gather !== GATHER_NONE && cardsWouldMove(s)))
  ) {
    mask[r.dealId] = 1;
    legal[n++] = r.dealId;
  }
  // The draw: the extra slot empty, draws left, and a stock card to turn.
  if (r.drawId >= 0 && s.drawsLeft > 0 && s.slotCard[r.extra] === EMPTY && s.stockPos < r.deckSize) {
    mask[r.drawId] = 1;
    legal[n++] = r.drawId;
  }
  s.legalCount = n;
  return n;
}

/** The cards of set id `action`, in set order. */
export function setCards(r: SlotRules, action: number): number[] {
  let t = action - r.tripleBase;
  const cards = new Array<number>(r.setRanks.length);
  for (let f = r.setRanks.length - 1; f >= 0; f--) {
    cards[f] = r.setRanks[f] * 4 + (t & 3);
    t >>= 2;
  }
  return cards;
}

/**
 * Applies a legal action. Every kind of removal is written out here rather than in helpers: a helper that a game
 * calls rarely (Elevens' triples) would be compiled mid-game, which allocates.
 */
export function stepState(s: SlotState, _o: unknown, action: number): number {
  const r = s.rules;
  let gained = 2;
  s.note = NOTE_NONE;
  if (action < r.pairCount) {
    emptySlot(s, r.pairFirst[action]);
    emptySlot(s, r.pairSecond[action]);
  } else if (action === r.dealId) gained = 0;
  else if (action < r.singleEnd) {
    emptySlot(s, action - r.singleBase);
    gained = 1;
  } else if (action < r.quartetEnd) {
    const quartetRank = r.quartetRanks[action - r.quartetBase];
    for (let i = 0; i < r.slots; i++) if (s.slotRank[i] === quartetRank) emptySlot(s, i);
    gained = 4;
  } else if (action === r.drawId) {
    // The stock's next card turned into the extra slot.
    const card = s.deck[s.stockPos++];
    const bit = 1 << r.extra;
    s.slotCard[r.extra] = card;
    s.slotRank[r.extra] = card >> 2;
    s.cardSlot[card] = r.extra;
    s.rankSlots[card >> 2] |= bit;
    s.rankSlots[EMPTY_RANK] ^= bit;
    s.stockCount[card >> 2]--;
    s.drawsLeft--;
    gained = 0;
  } else if (r.tripleBase >= 0) {
    // The set's suits are the id's base-4 digits, the last rank's lowest.
    const ranks = r.setRanks;
    let t = action - r.tripleBase;
    for (let f = ranks.length - 1; f >= 0; f--) {
      emptySlot(s, s.cardSlot[ranks[f] * 4 + (t & 3)]);
      t >>= 2;
    }
    gained = ranks.length;
  } else if (r.pileBase >= 0) {
    const i = action - r.pileBase;
    const card = s.slotCard[i];
    emptySlot(s, i);
    gained = addToPile(s, card);
  } else {
    // Set aside; when every reserve holds a card, the set goes out.
    const i = action - r.asideBase;
    const card = s.slotCard[i];
    emptySlot(s, i);
    if (r.oneRankReserves) {
      let f = 0;
      while (s.reserve[f] !== EMPTY) f++;
      s.reserve[f] = card;
    } else s.reserve[r.setIndex[card >> 2]] = card;
    gained = s.reserve.length;
    for (let f = 0; f < s.reserve.length; f++) if (s.reserve[f] === EMPTY) gained = 0;
    if (gained > 0) {
      s.lastSet.set(s.reserve);
      s.reserve.fill(EMPTY);
      s.note = NOTE_SET_OUT;
    }
  }
  s.removed += gained;
  if (r.refillAtOnce) fillEmptySlots(s);
  else if (r.gather !== GATHER_NONE) gatherSlots(s, action === r.dealId);
  else if (r.buffered) {
    if (action === r.dealId) fillEmptySlots(s);
  } else if (s.pileSize === 0 && reservesEmpty(s)) fillEmptySlots(s);
  else if (s.stockPos < r.deckSize) s.note = NOTE_PAUSED;
  if (r.rewardCards) return gained;
  return isWon(s) ? 1 : 0;
}

/** `step` without an env, for agents' searches on scratch states: applies a legal action, returns its reward. */
export function playSlotMove(s: SlotState, action: number): number {
  return stepState(s, null, action);
}

/** Won: everything removable is removed and the stock dealt out (blocked cards may wait in a buffered stock). */
export function isWon(s: SlotState): boolean {
  return s.removed === s.rules.clearTarget && s.stockPos === s.rules.deckSize;
}

export function status(s: SlotState): Status {
  return s.legalCount === 0 ? TERMINATED : RUNNING;
}

export function observe(s: SlotState, _o: unknown, out: Float32Array): void {
  const r = s.rules;
  const w = r.slotWidth;
  out.fill(0, 0, r.ranksAt);
  if (w === 13) {
    for (let i = 0; i < r.slots; i++) if (s.slotRank[i] !== EMPTY_RANK) out[13 * i + s.slotRank[i]] = 1;
  } else {
    for (let i = 0; i < r.slots; i++) {
      const card = s.slotCard[i];
      if (card === EMPTY) continue;
      out[w * i + (card >> 2)] = 1;
      out[w * i + 13 + (card & 3)] = 1;
    }
  }
  if (r.reserveAt >= 0) {
    // Per set rank its four suits: with one-rank reserves, which cards of the held rank are set aside.
    for (let f = 0; f < s.reserve.length; f++) {
      const card = s.reserve[f];
      if (card !== EMPTY) out[r.reserveAt + 4 * (r.oneRankReserves ? r.setIndex[card >> 2] : f) + (card & 3)] = 1;
    }
  }
  if (r.unseenAt >= 0) for (let k = s.stockPos; k < r.deckSize; k++) out[r.unseenAt + s.deck[k]] = 1;
  if (r.pileAt >= 0) observePile(s, out);
  for (let rank = 0; rank < 13; rank++) out[r.ranksAt + rank] = s.stockCount[rank] * 0.25;
  out[r.ranksAt + 13] = (r.deckSize - s.stockPos) / r.deckSize;
  if (r.drawsAt >= 0) out[r.drawsAt] = s.drawsLeft / r.draws;
}

/** All in [0, 1] (one-hots, flags, counts of at most 4 of 4) but the stock size, at most (N − dealt)/N once dealt. */
export function observationBounds(r: SlotRules): ObservationBounds {
  const low = new Float32Array(r.observationSize);
  const high = new Float32Array(r.observationSize).fill(1);
  high[r.ranksAt + 13] = (r.deckSize - r.dealtSlots) / r.deckSize;
  if (r.pileAt >= 0) high[r.pileAt + 13] = pileTotalHigh(r);
  return { low, high };
}

export function outcome(s: SlotState): CardOutcome {
  return { won: isWon(s), cardsLeft: s.rules.deckSize - s.removed };
}
