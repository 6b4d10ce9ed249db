/**
 * Four Ten's hand arithmetic, in one place (browser-safe: typed arrays only): what the engine
 * (four-ten.ts), the exact solver, the baselines, the afterstate features and the solver's
 * training targets all compute with.
 *
 * Hands are h = 0 Hand, 1 Home, 2 Shadow; card values v = 1..4 (suits never matter).
 *
 * Two spellings of the three hands' contents:
 * - the engine's **key**: the counts `counts[h*4 + v-1]` (0..4) as base-5 digits, Σ counts[i]·5^i
 *   (5^12 < 2^31). The engine keeps it up to date card by card and lists a turn's seen
 *   configurations by it.
 * - the **configuration id** of the searches: each hand's value multiset is one of 70
 *   (`NUM_MULTISETS`, ordered by size, so the full ones are 35..69), and a configuration is
 *   `hand * 4900 + home * 70 + shadow` (343,000 ids). Tables of sums, sizes and add/remove moves
 *   make every step of a search a few array reads.
 * `configOfKey` and `keyOfConfig` translate.
 *
 * Exchange e (action id − 15, 0..31): Hand gives a = (e>>2&3)+1 and takes b = (e&3)+1 from
 * Home (e < 16) or Shadow. The check after any change of the hands (`judgeHands`): Hand =
 * `handTarget` scores; a hand above `handTarget`, Shadow above Hand, or Home below Hand faults;
 * `check` decides which is looked at first.
 */
import { TengymError } from '../../env/errors.js';

/** A round's deck: eight cards of each value 1..4. */
export const PER_VALUE = 8;
export const FOUR_TEN_DECK_SIZE = 4 * PER_VALUE;

// ---------------------------------------------------------------- the check

/** Verdicts of the check after a change of the hands. */
export const NOTHING = 0;
export const SCORES = 1;
export const FAULTS = 2;

/** The options the check reads. */
export interface HandRules {
  readonly handTarget: number;
  readonly check: 'points-first' | 'faults-first';
}

/** Whether hands of these values fault: one above `handTarget`, Shadow above Hand, or Home below it. */
export function handsFault(hand: number, home: number, shadow: number, handTarget: number): boolean {
  return hand > handTarget || home > handTarget || shadow > handTarget || shadow > hand || home < hand;
}

/**
 * The check after a change of the hands, from their values: NOTHING, SCORES or FAULTS (`check` decides which is looked
 * at first).
 */
export function judgeHands(hand: number, home: number, shadow: number, o: HandRules): number {
  const scores = hand === o.handTarget;
  const faults = handsFault(hand, home, shadow, o.handTarget);
  if (o.check === 'points-first') return scores ? SCORES : faults ? FAULTS : NOTHING;
  return faults ? FAULTS : scores ? SCORES : NOTHING;
}

// ---------------------------------------------------------------- the engine's key

/** 5^i: the weight of counts[i] in a key. */
export const POW5 = Int32Array.from({ length: 12 }, (_, i) => 5 ** i);

/** counts[i] (0..4) of a key: hand i >> 2's cards of value (i & 3) + 1. */
export function keyDigit(key: number, i: number): number {
  return Math.floor(key / POW5[i]) % 5;
}

/** Writes a key's 12 counts into `counts`. */
export function keyCounts(key: number, counts: { [i: number]: number }): void {
  for (let i = 0; i < 12; i++) counts[i] = keyDigit(key, i);
}

/** Key change of exchange e: Hand gives a, takes b; the side gives b, takes a. */
export const EXCHANGE_DELTA = new Int32Array(32);
for (let e = 0; e < 32; e++) {
  const side = (e >> 4) + 1;
  const a = (e >> 2) & 3;
  const b = e & 3;
  EXCHANGE_DELTA[e] = -POW5[a] + POW5[b] + POW5[side * 4 + a] - POW5[side * 4 + b];
}

/** The key after exchange e, or −1 when it is impossible (a card missing, or a = b). */
export function exchangedKey(key: number, e: number): number {
  const side = (e >> 4) + 1;
  const a = (e >> 2) & 3;
  const b = e & 3;
  if (a === b || keyDigit(key, a) === 0 || keyDigit(key, side * 4 + b) === 0) return -1;
  return key + EXCHANGE_DELTA[e];
}

// ---------------------------------------------------------------- the stock's composition

/** Stock compositions are coded Σ count of v · 9^(v−1) (0..8 cards of each value): this many codes. */
export const STOCK_CODES = 9 ** 4;

/** The code of a composition, `stock[v−1]` cards of value v. */
export function stockCode(stock: ArrayLike<number>): number {
  return stock[0] + 9 * stock[1] + 81 * stock[2] + 729 * stock[3];
}

/** Writes the composition of a code into `stock` (values 1..4 at 0..3). */
export function stockOfCode(code: number, stock: { [v: number]: number }): void {
  for (let v = 0; v < 4; v++) stock[v] = Math.floor(code / 9 ** v) % 9;
}

// ---------------------------------------------------------------- multisets of 0..4 cards

export const NUM_MULTISETS = 70;
/** MS_COUNTS[m*4 + v-1]: how many v the multiset m holds. */
export const MS_COUNTS = new Uint8Array(NUM_MULTISETS * 4);
export const MS_SUM = new Uint8Array(NUM_MULTISETS);
export const MS_SIZE = new Uint8Array(NUM_MULTISETS);
/** m plus one v (−1 when m holds 4 cards). */
export const MS_ADD = new Int8Array(NUM_MULTISETS * 4).fill(-1);
/** m minus one v (−1 when m holds no v). */
export const MS_REMOVE = new Int8Array(NUM_MULTISETS * 4).fill(-1);
/** By the base-5 counts c1 + 5 c2 + 25 c3 + 125 c4. */
const MS_BY_KEY = new Int8Array(625).fill(-1);

{
  let n = 0;
  for (let size = 0; size <= 4; size++) {
    for (let c4 = 0; c4 <= size; c4++) {
      for (let c3 = 0; c3 + c4 <= size; c3++) {
        for (let c2 = 0; c2 + c3 + c4 <= size; c2++) {
          const c1 = size - c2 - c3 - c4;
          MS_COUNTS.set([c1, c2, c3, c4], n * 4);
          MS_SUM[n] = c1 + 2 * c2 + 3 * c3 + 4 * c4;
          MS_SIZE[n] = size;
          MS_BY_KEY[c1 + 5 * c2 + 25 * c3 + 125 * c4] = n;
          n++;
        }
      }
    }
  }
  for (let m = 0; m < NUM_MULTISETS; m++) {
    let key = 0;
    for (let v = 0; v < 4; v++) key += MS_COUNTS[m * 4 + v] * POW5[v];
    for (let v = 0; v < 4; v++) {
      if (MS_SIZE[m] < 4) MS_ADD[m * 4 + v] = MS_BY_KEY[key + POW5[v]];
      if (MS_COUNTS[m * 4 + v] > 0) MS_REMOVE[m * 4 + v] = MS_BY_KEY[key - POW5[v]];
    }
  }
}

/** The multiset holding `counts[v-1]` cards of value v. */
export function multisetOf(counts: ArrayLike<number>): number {
  let size = 0;
  for (let v = 0; v < 4; v++) size += counts[v];
  if (size > 4) throw new TengymError('bad-argument', `a hand holds at most 4 cards, got ${size}`);
  return MS_BY_KEY[counts[0] + 5 * counts[1] + 25 * counts[2] + 125 * counts[3]];
}

// ---------------------------------------------------------------- configurations

export const NUM_CONFIGS = NUM_MULTISETS * NUM_MULTISETS * NUM_MULTISETS;
const H0 = NUM_MULTISETS * NUM_MULTISETS;
const H1 = NUM_MULTISETS;
/** A configuration id is Σ_h (hand h's multiset) · HAND_STRIDE[h]. */
export const HAND_STRIDE: readonly number[] = [H0, H1, 1];

export function configId(hand: number, home: number, shadow: number): number {
  return hand * H0 + home * H1 + shadow;
}
/** The multiset of hand h (0 Hand, 1 Home, 2 Shadow) in configuration `id`. */
export function configHand(id: number, h: number): number {
  return h === 0 ? Math.floor(id / H0) : h === 1 ? Math.floor(id / H1) % NUM_MULTISETS : id % NUM_MULTISETS;
}
/** The configuration with hand h replaced by multiset m. */
export function withHand(id: number, h: number, m: number): number {
  if (h === 0) return (id % H0) + m * H0;
  if (h === 1) return id + (m - (Math.floor(id / H1) % NUM_MULTISETS)) * H1;
  return id - (id % NUM_MULTISETS) + m;
}
/** The hands' total value. */
export function configTotal(id: number): number {
  return MS_SUM[Math.floor(id / H0)] + MS_SUM[Math.floor(id / H1) % NUM_MULTISETS] + MS_SUM[id % NUM_MULTISETS];
}
/** Cards in the hands. */
export function configCards(id: number): number {
  return MS_SIZE[Math.floor(id / H0)] + MS_SIZE[Math.floor(id / H1) % NUM_MULTISETS] + MS_SIZE[id % NUM_MULTISETS];
}
/** The hands' count of value v (1..4). */
export function configCount(id: number, v: number): number {
  return (
    MS_COUNTS[Math.floor(id / H0) * 4 + v - 1] +
    MS_COUNTS[(Math.floor(id / H1) % NUM_MULTISETS) * 4 + v - 1] +
    MS_COUNTS[(id % NUM_MULTISETS) * 4 + v - 1]
  );
}

/** The check of a configuration (`judgeHands` of its hands' values). */
export function judgeConfig(id: number, o: HandRules): number {
  return judgeHands(
    MS_SUM[Math.floor(id / H0)],
    MS_SUM[Math.floor(id / H1) % NUM_MULTISETS],
    MS_SUM[id % NUM_MULTISETS],
    o,
  );
}

/** `id` with a card of value v added to hand h; −1 when h holds 4 cards. */
export function addCard(id: number, h: number, v: number): number {
  const m = MS_ADD[configHand(id, h) * 4 + v - 1];
  return m < 0 ? -1 : withHand(id, h, m);
}
/** `id` with a card of value v taken from hand h; −1 when h holds none. */
export function removeCard(id: number, h: number, v: number): number {
  const m = MS_REMOVE[configHand(id, h) * 4 + v - 1];
  return m < 0 ? -1 : withHand(id, h, m);
}

/** The configuration after exchange e (see the module comment); −1 when it is impossible (a card missing, or a = b). */
export function afterExchange(id: number, e: number): number {
  const side = (e >> 4) + 1;
  const a = (e >> 2) & 3;
  const b = e & 3;
  const hand = MS_REMOVE[configHand(id, 0) * 4 + a];
  const other = MS_REMOVE[configHand(id, side) * 4 + b];
  if (hand < 0 || other < 0 || a === b) return -1;
  return withHand(withHand(id, 0, MS_ADD[hand * 4 + b]), side, MS_ADD[other * 4 + a]);
}

/** Writes the configurations one exchange away from `id` into `out`; returns how many. */
export function exchangeNeighbours(id: number, out: Int32Array): number {
  const a = Math.floor(id / H0);
  const b = Math.floor(id / H1) % NUM_MULTISETS;
  const c = id % NUM_MULTISETS;
  let n = 0;
  for (let x = 0; x < 4; x++) {
    if (MS_COUNTS[a * 4 + x] === 0) continue;
    const a1 = MS_REMOVE[a * 4 + x];
    for (let y = 0; y < 4; y++) {
      if (y === x) continue;
      const a2 = MS_ADD[a1 * 4 + y];
      if (MS_COUNTS[b * 4 + y] > 0) out[n++] = a2 * H0 + MS_ADD[MS_REMOVE[b * 4 + y] * 4 + x] * H1 + c;
      if (MS_COUNTS[c * 4 + y] > 0) out[n++] = a2 * H0 + b * H1 + MS_ADD[MS_REMOVE[c * 4 + y] * 4 + x];
    }
  }
  return n;
}

// ---------------------------------------------------------------- key ↔ configuration id

/** The configuration id of an engine key. */
export function configOfKey(key: number): number {
  const m = [0, 0, 0];
  for (let h = 0; h < 3; h++) {
    let byCounts = 0;
    for (let v = 0; v < 4; v++) byCounts += keyDigit(key, h * 4 + v) * POW5[v];
    m[h] = MS_BY_KEY[byCounts];
  }
  return configId(m[0], m[1], m[2]);
}

/** The engine key of a configuration id. */
export function keyOfConfig(id: number): number {
  let key = 0;
  for (let h = 0; h < 3; h++) {
    const m = configHand(id, h);
    for (let v = 0; v < 4; v++) key += MS_COUNTS[m * 4 + v] * POW5[h * 4 + v];
  }
  return key;
}
