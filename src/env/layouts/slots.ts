import { DECK_SIZE, cardLabel, orderedDeck } from '../cards.js';
import { RUNNING, TERMINATED, type CardOutcome, type ObservationBounds, type Status } from '../game.js';
import { shuffleInPlace, type Rng } from '../rng.js';
import { ONE_OF, RANK_WORDS } from './card-state.js';

export { ONE_OF };

/** An empty slot or reserve. */
export const EMPTY = 255;

/** `cardSlot` of a card in no slot. */
export const NOWHERE = 255;
/** `slotRank` of an empty slot, and the index of the empty slots' bit set in `rankSlots`. */
export const EMPTY_RANK = 13;
/** The rank a rank without a pair partner looks up: its bit set stays 0. */
export const NO_PARTNER = 14;
export const SUIT_WORDS = ['clubs', 'diamonds', 'hearts', 'spades'];

/** "a jack, a queen and a king": one of each rank, joined by `last`. */
export function oneOfEach(ranks: ArrayLike<number>, last: string): string {
  const words = Array.from(ranks, (r) => `a ${ONE_OF[r]}`);
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`;
}

/** What a game over slots declares under one set of options. Ranks are 0 = A … 12 = K; values A = 1 … K = 13. */
export interface SlotRulesSpec {
  readonly slots: number;
  /** Slots per row of the grid. */
  readonly columns: number;
  /** Two cards pair when their values make this sum, among the ranks no other rule claims. */
  readonly pairSum: number;
  /** Ranks that pair with their own rank only (Block Ten's J, Q, K). */
  readonly sameRankPairs?: readonly number[];
  /** Ranks removed alone (Thirteens' kings). */
  readonly singles?: readonly number[];
  /** Ranks whose four cards are removed together from the slots, one id each, in this order (Tens' 10 J Q K). */
  readonly quartets?: readonly number[];
  /** Ranks never removed: each blocks its slot for good (Block Ten's tens). */
  readonly blocked?: readonly number[];
  /**
   * One card of each of these ranks go out as a set: from the slots together ('together'), or set aside
   * one at a time into a reserve per rank, the set going out when every reserve holds a card
   * ('reserve'; 'reserve-no-refill': no slot refills while a reserve holds a card).
   */
  readonly sets?: { readonly ranks: readonly number[]; readonly how: 'together' | 'reserve' | 'reserve-no-refill' };
  /** Pairs, and sets, of one suit only. */
  readonly sameSuit?: boolean;
  /** Emptied slots refill at once, or when the player deals. */
  readonly refill: 'at-once' | 'on-deal';
  /** The observation shows each slot's suit as well as its rank. */
  readonly observeSuits?: boolean;
  /** Reward per card removed instead of 1 for a win. */
  readonly rewardCards: boolean;
  readonly undoLimit: 0 | 3 | 'unlimited';
}

/** A `SlotRulesSpec` with its ids and lookup tables: what the hot path reads, built once per spec. */
export interface SlotRules extends SlotRulesSpec {
  readonly sameSuit: boolean;
  /** Set cards go aside into reserves. */
  readonly reserves: boolean;
  /** No refill while a reserve holds a card. */
  readonly pauseRefill: boolean;
  readonly buffered: boolean;
  /** Emptied slots refill at once, whatever the move (no deal action, no reserves that pause it). */
  readonly refillAtOnce: boolean;
  readonly pairCount: number;
  readonly pairFirst: Uint8Array;
  readonly pairSecond: Uint8Array;
  /** pairBase[i] = id of the pair (i, i+1). */
  readonly pairBase: Int32Array;
  /** The rank each rank pairs with, NO_PARTNER for none (and for an empty slot). */
  readonly partner: Uint8Array;
  /** First id of each block, -1 where the rules have none. */
  readonly singleBase: number;
  readonly quartetBase: number;
  readonly tripleBase: number;
  readonly asideBase: number;
  readonly dealId: number;
  readonly singleRanks: Uint8Array;
  readonly quartetRanks: Uint8Array;
  readonly blockedRanks: Uint8Array;
  readonly setRanks: Uint8Array;
  /** Per rank (and EMPTY_RANK): its place among the set ranks, -1 for none. */
  readonly setIndex: Int8Array;
  /** Per quartet id: 1 when its rank may go (not blocked). */
  readonly quartetOpen: Uint8Array;
  /** Scratch suit digits for enumerating sets (the hot path allocates nothing). */
  readonly setDigits: Int8Array;
  readonly numActions: number;
  readonly observationSize: number;
  readonly slotWidth: number;
  /** Where the reserves' features start (-1 without), the unseen-card flags (-1 without), the rank counts. */
  readonly reserveAt: number;
  readonly unseenAt: number;
  readonly ranksAt: number;
  /** Cards removed in a won game (52, less the blocked ranks'). */
  readonly clearTarget: number;
  /** Per rank: why a card of it does not pair with a card of another rank, or '' (the sum decides). */
  readonly pairNote: readonly ((card: number) => string)[];
}

/** A slot game's state (the layout in this file's comment). */
export interface SlotState {
  readonly rules: SlotRules;
  readonly slotCard: Uint8Array;
  readonly slotRank: Uint8Array;
  readonly cardSlot: Uint8Array;
  readonly rankSlots: Int32Array;
  readonly reserve: Uint8Array;
  readonly stockCount: Uint8Array;
  readonly deck: Uint8Array;
  stockPos: number;
  removed: number;
  /** Cached by legalActions for status (the env's call order guarantees it is fresh). */
  legalCount: number;
  /** What the last step did beyond its move (stepNote): NOTE_NONE, NOTE_SET_OUT (`lastSet` went out) or NOTE_PAUSED. */
  note: number;
  readonly lastSet: Uint8Array;
}

export const NOTE_NONE = 0;
export const NOTE_SET_OUT = 1;
export const NOTE_PAUSED = 2;

/** Pair id of slots i < j among `slots`: lexicographic order. */
export function pairId(slots: number, i: number, j: number): number {
  return i * slots - (i * (i + 1)) / 2 + (j - i - 1);
}

const rulesCache = new Map<string, SlotRules>();

/** The spec's ids and lookup tables, built once per distinct spec. */
export function compileSlotRules(p: SlotRulesSpec): SlotRules {
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
  const setRanks = Uint8Array.from(p.sets?.ranks ?? []);
  const singles = p.singles ?? [];
  const quartets = p.quartets ?? [];
  const blocked = p.blocked ?? [];
  const sameRank = p.sameRankPairs ?? [];
  const claimed = new Set([...singles, ...quartets, ...blocked, ...sameRank, ...setRanks]);
  const partner = new Uint8Array(EMPTY_RANK + 1).fill(NO_PARTNER);
  for (let r = 0; r < 13; r++) {
    const q = p.pairSum - r - 2;
    if (!claimed.has(r) && q >= 0 && q < 13 && !claimed.has(q)) partner[r] = q;
  }
  for (const r of sameRank) partner[r] = r;
  const reserves = p.sets !== undefined && p.sets.how !== 'together';
  const sameSuit = p.sameSuit ?? false;
  const together = p.sets?.how === 'together';
  const setText = oneOfEach(setRanks, 'and');
  const pairNote = Array.from({ length: 13 }, (_, r): ((card: number) => string) => {
    if (blocked.includes(r)) return () => `${RANK_WORDS[r]} are never removed`;
    if (singles.includes(r)) return () => `a ${ONE_OF[r]} is removed alone, not in a pair`;
    if (quartets.includes(r)) return () => `${RANK_WORDS[r]} are removed four at a time`;
    if (sameRank.includes(r)) return () => `a ${ONE_OF[r]} pairs only with another ${ONE_OF[r]}`;
    if (!setRanks.includes(r)) return () => '';
    if (together) return (card) => `${cardLabel(card)} is a face card: ${setText} go out together`;
    return (card) => `${cardLabel(card)} is a face card: face cards are set aside, one at a time`;
  });
  let next = pairCount;
  const block = (present: boolean, size: number): number => {
    if (!present) return -1;
    next += size;
    return next - size;
  };
  const singleBase = block(singles.length > 0, T);
  const quartetBase = block(quartets.length > 0, quartets.length);
  const tripleBase = block(together, 4 ** setRanks.length);
  const asideBase = block(reserves, T);
  const dealId = block(p.refill === 'on-deal', 1);
  const slotWidth = p.observeSuits ? 17 : 13;
  const reserveAt = reserves ? slotWidth * T : -1;
  const unseenAt = sameSuit ? slotWidth * T + (reserves ? 4 * setRanks.length : 0) : -1;
  const ranksAt = slotWidth * T + (reserves ? 4 * setRanks.length : 0) + (sameSuit ? DECK_SIZE : 0);
  const rules: SlotRules = {
    ...p,
    sameSuit,
    reserves,
    pauseRefill: p.sets?.how === 'reserve-no-refill',
    buffered: p.refill === 'on-deal',
    refillAtOnce: p.refill === 'at-once' && p.sets?.how !== 'reserve-no-refill',
    pairCount,
    pairFirst,
    pairSecond,
    pairBase,
    partner,
    singleBase,
    quartetBase,
    tripleBase,
    asideBase,
    dealId,
    singleRanks: Uint8Array.from(singles),
    quartetRanks: Uint8Array.from(quartets),
    blockedRanks: Uint8Array.from(blocked),
    setRanks,
    setIndex: Int8Array.from({ length: EMPTY_RANK + 1 }, (_, r) => setRanks.indexOf(r)),
    quartetOpen: Uint8Array.from(quartets, (r) => (blocked.includes(r) ? 0 : 1)),
    setDigits: new Int8Array(setRanks.length),
    numActions: next,
    observationSize: ranksAt + 14,
    slotWidth,
    reserveAt,
    unseenAt,
    ranksAt,
    clearTarget: DECK_SIZE - 4 * blocked.length,
    pairNote,
  };
  rulesCache.set(key, rules);
  return rules;
}

// ---------------------------------------------------------------------------
// State and hot path: after createState nothing in this section allocates.

export function createState(rules: SlotRules): SlotState {
  const sets = rules.setRanks.length;
  return {
    rules,
    slotCard: new Uint8Array(rules.slots).fill(EMPTY),
    slotRank: new Uint8Array(rules.slots).fill(EMPTY_RANK),
    cardSlot: new Uint8Array(DECK_SIZE).fill(NOWHERE),
    rankSlots: new Int32Array(NO_PARTNER + 1),
    reserve: new Uint8Array(sets).fill(EMPTY),
    stockCount: new Uint8Array(13),
    deck: orderedDeck(),
    stockPos: 0,
    removed: 0,
    legalCount: 0,
    note: NOTE_NONE,
    lastSet: new Uint8Array(sets).fill(EMPTY),
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
  dst.lastSet.set(src.lastSet);
}

/** Cards of rank r in the slots. */
export function countInSlots(s: SlotState, rank: number): number {
  let bits = s.rankSlots[rank];
  let n = 0;
  for (; bits !== 0; n++) bits &= bits - 1;
  return n;
}

function emptySlot(s: SlotState, i: number): void {
  const bit = 1 << i;
  s.rankSlots[s.slotRank[i]] ^= bit;
  s.rankSlots[EMPTY_RANK] |= bit;
  s.cardSlot[s.slotCard[i]] = NOWHERE;
  s.slotCard[i] = EMPTY;
  s.slotRank[i] = EMPTY_RANK;
}

/** Deals the stock into the empty slots, lowest first, while it lasts. */
function fillEmptySlots(s: SlotState): void {
  const slots = s.rankSlots;
  let pos = s.stockPos;
  while (slots[EMPTY_RANK] !== 0 && pos < DECK_SIZE) {
    const bit = slots[EMPTY_RANK] & -slots[EMPTY_RANK];
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

export function reservesEmpty(s: SlotState): boolean {
  for (let f = 0; f < s.reserve.length; f++) if (s.reserve[f] !== EMPTY) return false;
  return true;
}

/** The suit of the cards set aside, or -1 when the reserves are empty. */
export function reserveSuit(s: SlotState): number {
  for (let f = 0; f < s.reserve.length; f++) if (s.reserve[f] !== EMPTY) return s.reserve[f] & 3;
  return -1;
}

const ORDERED_DECK = orderedDeck();

export function resetState(s: SlotState, rng: Rng, deck: Uint8Array | null): void {
  s.deck.set(deck ?? ORDERED_DECK);
  if (!deck) shuffleInPlace(rng, s.deck);
  // Every slot is dealt below (the stock outlasts any grid): only the lookups of the last game's cards need clearing.
  for (let i = 0; i < s.rules.slots; i++) if (s.slotCard[i] !== EMPTY) s.cardSlot[s.slotCard[i]] = NOWHERE;
  s.rankSlots.fill(0);
  s.rankSlots[EMPTY_RANK] = (1 << s.rules.slots) - 1;
  if (s.reserve.length > 0) {
    s.reserve.fill(EMPTY);
    s.lastSet.fill(EMPTY);
  }
  s.stockCount.fill(4);
  s.stockPos = 0;
  s.removed = 0;
  s.legalCount = 0;
  s.note = NOTE_NONE;
  fillEmptySlots(s);
}

/**
 * Whether set card `card`, of set rank f, may go aside now: its rank's reserve is empty (with one suit:
 * of the reserves' suit).
 */
function mayGoAside(s: SlotState, f: number, card: number): boolean {
  if (s.reserve[f] !== EMPTY) return false;
  if (!s.rules.sameSuit) return true;
  const suit = reserveSuit(s);
  return suit < 0 || suit === (card & 3);
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
  for (let f = 0; f < k; f++) if (s.rankSlots[ranks[f]] === 0) return n;
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

/** Marks the pairs of slots whose ranks pair, any suits; returns the new count. */
function legalPairs(s: SlotState, mask: Uint8Array, legal: Int32Array): number {
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

export function legalActions(s: SlotState, mask: Uint8Array, legal: Int32Array): number {
  const r = s.rules;
  const slots = s.rankSlots;
  mask.fill(0);
  let n = r.sameSuit ? legalSuitPairs(s, mask, legal) : legalPairs(s, mask, legal);
  if (r.singleBase >= 0) {
    let alone = 0;
    for (let k = 0; k < r.singleRanks.length; k++) alone |= slots[r.singleRanks[k]];
    while (alone !== 0) {
      const bit = alone & -alone;
      alone ^= bit;
      const a = r.singleBase + 31 - Math.clz32(bit);
      mask[a] = 1;
      legal[n++] = a;
    }
  }
  if (r.quartetBase >= 0) {
    for (let q = 0; q < r.quartetRanks.length; q++) {
      if (r.quartetOpen[q] === 0 || countInSlots(s, r.quartetRanks[q]) !== 4) continue;
      mask[r.quartetBase + q] = 1;
      legal[n++] = r.quartetBase + q;
    }
  }
  if (r.tripleBase >= 0) n = legalSets(s, mask, legal, n);
  if (r.asideBase >= 0) {
    for (let i = 0; i < r.slots; i++) {
      const f = r.setIndex[s.slotRank[i]];
      if (f < 0 || !mayGoAside(s, f, s.slotCard[i])) continue;
      mask[r.asideBase + i] = 1;
      legal[n++] = r.asideBase + i;
    }
  }
  if (r.dealId >= 0 && slots[EMPTY_RANK] !== 0 && s.stockPos < DECK_SIZE) {
    mask[r.dealId] = 1;
    legal[n++] = r.dealId;
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

/** Removes set id `action` from the slots (no allocation: the suits are read off the id). */
function removeSet(s: SlotState, action: number): void {
  const ranks = s.rules.setRanks;
  let t = action - s.rules.tripleBase;
  for (let f = ranks.length - 1; f >= 0; f--) {
    emptySlot(s, s.cardSlot[ranks[f] * 4 + (t & 3)]);
    t >>= 2;
  }
}

/** Sets slot i's card aside; when every reserve is full, the set goes out. Returns the cards removed. */
function setAside(s: SlotState, i: number): number {
  const card = s.slotCard[i];
  emptySlot(s, i);
  s.reserve[s.rules.setIndex[card >> 2]] = card;
  for (let f = 0; f < s.reserve.length; f++) if (s.reserve[f] === EMPTY) return 0;
  s.lastSet.set(s.reserve);
  s.reserve.fill(EMPTY);
  s.note = NOTE_SET_OUT;
  return s.reserve.length;
}

export function stepState(s: SlotState, action: number): number {
  const r = s.rules;
  let gained = 2;
  s.note = NOTE_NONE;
  if (action < r.pairCount) {
    emptySlot(s, r.pairFirst[action]);
    emptySlot(s, r.pairSecond[action]);
  } else gained = removeOther(s, action);
  s.removed += gained;
  if (r.refillAtOnce) fillEmptySlots(s);
  else if (r.buffered) {
    if (action === r.dealId) fillEmptySlots(s);
  } else if (reservesEmpty(s)) fillEmptySlots(s);
  else if (s.stockPos < DECK_SIZE) s.note = NOTE_PAUSED;
  if (r.rewardCards) return gained;
  return isWon(s) ? 1 : 0;
}

/** A move other than a pair: a deal, a single card, a quartet, a set, a card set aside. Returns the cards removed. */
function removeOther(s: SlotState, action: number): number {
  const r = s.rules;
  if (action === r.dealId) return 0;
  if (r.singleBase >= 0 && action < r.singleBase + r.slots) {
    emptySlot(s, action - r.singleBase);
    return 1;
  }
  if (r.quartetBase >= 0 && action < r.quartetBase + r.quartetRanks.length) {
    const quartetRank = r.quartetRanks[action - r.quartetBase];
    for (let i = 0; i < r.slots; i++) if (s.slotRank[i] === quartetRank) emptySlot(s, i);
    return 4;
  }
  if (r.tripleBase >= 0) {
    removeSet(s, action);
    return r.setRanks.length;
  }
  return setAside(s, action - r.asideBase);
}

/** `step` without an env, for agents' searches on scratch states: applies a legal action, returns its reward. */
export function playSlotMove(s: SlotState, action: number): number {
  return stepState(s, action);
}

/** Won: everything removable is removed and the stock dealt out (blocked cards may wait in a buffered stock). */
export function isWon(s: SlotState): boolean {
  return s.removed === s.rules.clearTarget && s.stockPos === DECK_SIZE;
}

export function status(s: SlotState): Status {
  return s.legalCount === 0 ? TERMINATED : RUNNING;
}

export function observe(s: SlotState, out: Float32Array): void {
  const r = s.rules;
  const w = r.slotWidth;
  out.fill(0, 0, r.ranksAt);
  for (let i = 0; i < r.slots; i++) {
    const card = s.slotCard[i];
    if (card === EMPTY) continue;
    out[w * i + (card >> 2)] = 1;
    if (w === 17) out[w * i + 13 + (card & 3)] = 1;
  }
  if (r.reserveAt >= 0) {
    for (let f = 0; f < s.reserve.length; f++)
      if (s.reserve[f] !== EMPTY) out[r.reserveAt + 4 * f + (s.reserve[f] & 3)] = 1;
  }
  if (r.unseenAt >= 0) for (let k = s.stockPos; k < DECK_SIZE; k++) out[r.unseenAt + s.deck[k]] = 1;
  for (let rank = 0; rank < 13; rank++) out[r.ranksAt + rank] = s.stockCount[rank] * 0.25;
  out[r.ranksAt + 13] = (DECK_SIZE - s.stockPos) / DECK_SIZE;
}

/**
 * All in [0, 1] (one-hots, flags, counts of at most 4 out of 4) but the stock size, at most (52 − T)/52
 * after the deal.
 */
export function observationBounds(r: SlotRules): ObservationBounds {
  const low = new Float32Array(r.observationSize);
  const high = new Float32Array(r.observationSize).fill(1);
  high[r.ranksAt + 13] = (DECK_SIZE - r.slots) / DECK_SIZE;
  return { low, high };
}

export function outcome(s: SlotState): CardOutcome {
  return { won: isWon(s), cardsLeft: DECK_SIZE - s.removed };
}
