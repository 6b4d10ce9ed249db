// four-ten-hands.ts, the hand tables Four Ten's agents and solver read, against plain
// arrays of counts: every multiset, random configurations and keys, every exchange.
import { describe, expect, it } from 'vitest';
import {
  EXCHANGE_DELTA,
  FAULTS,
  HAND_STRIDE,
  MS_ADD,
  MS_COUNTS,
  MS_REMOVE,
  MS_SIZE,
  MS_SUM,
  NOTHING,
  NUM_CONFIGS,
  NUM_MULTISETS,
  POW5,
  SCORES,
  STOCK_CODES,
  addCard,
  afterExchange,
  configCards,
  configCount,
  configHand,
  configId,
  configOfKey,
  configTotal,
  exchangeNeighbours,
  exchangedKey,
  handsFault,
  judgeConfig,
  judgeHands,
  keyCounts,
  keyDigit,
  keyOfConfig,
  multisetOf,
  removeCard,
  stockCode,
  stockOfCode,
  withHand,
} from '../../../../src/games/four-ten/hands.js';
import { createRng, randomInt } from '../../../../src/env/rng.js';
import { thrown } from '../../../helpers/pairing.js';

type Counts = number[]; // [c1, c2, c3, c4]
const sum = (c: Counts) => c[0] + 2 * c[1] + 3 * c[2] + 4 * c[3];
const size = (c: Counts) => c[0] + c[1] + c[2] + c[3];
const countsOf = (m: number): Counts => Array.from(MS_COUNTS.subarray(m * 4, m * 4 + 4));

/** Every hand of 0..4 cards, as counts. */
const HANDS: Counts[] = [];
for (let c1 = 0; c1 <= 4; c1++)
  for (let c2 = 0; c1 + c2 <= 4; c2++)
    for (let c3 = 0; c1 + c2 + c3 <= 4; c3++)
      for (let c4 = 0; c1 + c2 + c3 + c4 <= 4; c4++) HANDS.push([c1, c2, c3, c4]);

/** Random configurations, as three hands of counts. */
function randomHands(seed: number, n: number): Counts[][] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => [0, 1, 2].map(() => HANDS[randomInt(rng, 0, HANDS.length - 1)]));
}
const idOf = (hands: Counts[]) => configId(multisetOf(hands[0]), multisetOf(hands[1]), multisetOf(hands[2]));
const keyOf = (hands: Counts[]) =>
  hands.reduce((key, c, h) => key + c.reduce((k, n, v) => k + n * 5 ** (h * 4 + v), 0), 0);

describe('four-ten hand tables', () => {
  it('list every hand of 0..4 cards once, with its counts, value, size, and a card more or less', () => {
    expect(HANDS.length).toBe(NUM_MULTISETS);
    const seen = new Set<number>();
    for (const c of HANDS) {
      const m = multisetOf(c);
      seen.add(m);
      expect(countsOf(m)).toEqual(c);
      expect(MS_SUM[m]).toBe(sum(c));
      expect(MS_SIZE[m]).toBe(size(c));
      for (let v = 0; v < 4; v++) {
        const more = c.map((n, i) => (i === v ? n + 1 : n));
        const less = c.map((n, i) => (i === v ? n - 1 : n));
        expect(MS_ADD[m * 4 + v]).toBe(size(c) < 4 ? multisetOf(more) : -1);
        expect(MS_REMOVE[m * 4 + v]).toBe(c[v] > 0 ? multisetOf(less) : -1);
      }
    }
    expect(seen.size).toBe(NUM_MULTISETS);
    expect(Math.min(...seen)).toBe(0);
    expect(thrown(() => multisetOf([2, 2, 1, 0]))).toMatchObject({
      code: 'bad-argument',
      message: 'a hand holds at most 4 cards, got 5',
    });
  });

  it('number configurations by their three hands, and read each hand back', () => {
    expect(NUM_CONFIGS).toBe(NUM_MULTISETS ** 3);
    expect(HAND_STRIDE).toEqual([NUM_MULTISETS ** 2, NUM_MULTISETS, 1]);
    const ids = new Set<number>();
    for (const hands of randomHands(1, 500)) {
      const id = idOf(hands);
      ids.add(id);
      expect(id).toBeGreaterThanOrEqual(0);
      expect(id).toBeLessThan(NUM_CONFIGS);
      for (let h = 0; h < 3; h++) {
        expect(countsOf(configHand(id, h))).toEqual(hands[h]);
        const other = multisetOf(HANDS[(multisetOf(hands[h]) * 7 + 3) % NUM_MULTISETS]);
        const changed = withHand(id, h, other);
        for (let k = 0; k < 3; k++) expect(configHand(changed, k)).toBe(k === h ? other : multisetOf(hands[k]));
      }
      expect(configTotal(id)).toBe(hands.reduce((t, c) => t + sum(c), 0));
      expect(configCards(id)).toBe(hands.reduce((t, c) => t + size(c), 0));
      for (let v = 1; v <= 4; v++) expect(configCount(id, v)).toBe(hands[0][v - 1] + hands[1][v - 1] + hands[2][v - 1]);
      expect(keyOfConfig(id)).toBe(keyOf(hands));
      expect(configOfKey(keyOf(hands))).toBe(id);
    }
    expect(ids.size).toBeGreaterThan(400);
  });

  it('add and take cards, hand by hand', () => {
    for (const hands of randomHands(2, 300)) {
      const id = idOf(hands);
      for (let h = 0; h < 3; h++) {
        for (let v = 1; v <= 4; v++) {
          const more = hands.map((c, k) => (k === h ? c.map((n, i) => (i === v - 1 ? n + 1 : n)) : c));
          const less = hands.map((c, k) => (k === h ? c.map((n, i) => (i === v - 1 ? n - 1 : n)) : c));
          expect(addCard(id, h, v)).toBe(size(hands[h]) < 4 ? idOf(more) : -1);
          expect(removeCard(id, h, v)).toBe(hands[h][v - 1] > 0 ? idOf(less) : -1);
        }
      }
    }
  });

  it('judge a configuration by its hands values, as the rules do', () => {
    const rules = [
      { handTarget: 10, check: 'points-first' as const },
      { handTarget: 10, check: 'faults-first' as const },
      { handTarget: 7, check: 'points-first' as const },
    ];
    for (const hands of randomHands(3, 400)) {
      const [hand, home, shadow] = hands.map(sum);
      for (const o of rules) {
        const faults =
          hand > o.handTarget || home > o.handTarget || shadow > o.handTarget || shadow > hand || home < hand;
        const scores = hand === o.handTarget;
        expect(handsFault(hand, home, shadow, o.handTarget)).toBe(faults);
        const want =
          o.check === 'points-first'
            ? scores
              ? SCORES
              : faults
                ? FAULTS
                : NOTHING
            : faults
              ? FAULTS
              : scores
                ? SCORES
                : NOTHING;
        expect(judgeHands(hand, home, shadow, o)).toBe(want);
        expect(judgeConfig(idOf(hands), o)).toBe(want);
      }
    }
  });

  it('exchange a Hand card with Home or Shadow, by key and by configuration', () => {
    const counts = new Array<number>(12);
    const out = new Int32Array(64);
    for (const hands of randomHands(4, 300)) {
      const id = idOf(hands);
      const key = keyOf(hands);
      keyCounts(key, counts);
      expect(counts).toEqual(hands.flat());
      for (let i = 0; i < 12; i++) expect(keyDigit(key, i)).toBe(hands[i >> 2][i & 3]);
      const neighbours = new Set<number>();
      for (let e = 0; e < 32; e++) {
        const side = (e >> 4) + 1;
        const a = (e >> 2) & 3;
        const b = e & 3;
        const possible = a !== b && hands[0][a] > 0 && hands[side][b] > 0;
        const after = hands.map((c) => [...c]);
        after[0][a]--;
        after[0][b]++;
        after[side][b]--;
        after[side][a]++;
        expect(exchangedKey(key, e), `exchange ${e}`).toBe(possible ? keyOf(after) : -1);
        expect(afterExchange(id, e), `exchange ${e}`).toBe(possible ? idOf(after) : -1);
        expect(key + EXCHANGE_DELTA[e]).toBe(keyOf(after));
        if (possible) neighbours.add(idOf(after));
      }
      const n = exchangeNeighbours(id, out);
      expect(new Set(out.subarray(0, n))).toEqual(neighbours);
      expect(n).toBe(neighbours.size);
    }
  });

  it('code a stock composition in base 9 and back', () => {
    expect(POW5[11]).toBe(5 ** 11);
    const stock = [0, 0, 0, 0];
    for (const c of [
      [0, 0, 0, 0],
      [8, 8, 8, 8],
      [1, 2, 3, 4],
      [8, 0, 7, 1],
    ]) {
      const code = stockCode(c);
      expect(code).toBe(c[0] + 9 * c[1] + 81 * c[2] + 729 * c[3]);
      expect(code).toBeLessThan(STOCK_CODES);
      stockOfCode(code, stock);
      expect(stock).toEqual(c);
    }
    expect(STOCK_CODES).toBe(6561);
  });
});
