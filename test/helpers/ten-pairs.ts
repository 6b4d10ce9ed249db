/**
 * Ten Pairs (`ten-pairs`), a small game written outside `src/` the way a user adds one: the
 * test of adding a game (test/env/new-game.test.ts) registers it with `registerGame` and
 * nothing else.
 *
 * A deck of 20 value cards, "1" … "9" twice and "5" twice more, is shuffled; `slots` of them lie
 * face up. Remove two that sum to 10 (every card has partners); emptied slots refill from the
 * stock, lowest first. While the stock lasts, the first card may be discarded instead, to see
 * a new one: a discarded card is lost, so discarding is a real decision.
 *
 * | option  | values | default | meaning |
 * |---------|--------|---------|---------|
 * | `slots` | 2 … 6  | 4       | cards face up |
 *
 * | id          | action |
 * |-------------|--------|
 * | 0 … P−1     | remove the cards of slots (i, j), i < j, in lexicographic order (P = slots·(slots−1)/2) |
 * | P           | discard the first slot's card (lost); legal while the stock lasts |
 *
 * Observation (slots + 1 floats, each in [0, 1]): each slot's value / 9 (0 empty), then stock size / 20.
 * Reward: +1 per card removed, so the return is 20 − cards left. The episode ends when no pair
 * is face up and the stock is empty; won when every card was removed in pairs.
 */
import { CARDS_LEFT_RESULT } from '../../src/env/game.js';
import * as z from 'zod';
import {
  TengymError,
  RUNNING,
  TERMINATED,
  shuffleInPlace,
  type BoardView,
  type CardOutcome,
  type CardSpot,
  type DeckInput,
  type Game,
  type Outcome,
} from '../../src/index.js';

export const TEN_PAIRS_DECK = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 5, 5];
const DECK = TEN_PAIRS_DECK.length;

export interface TenPairsOptions {
  slots: number;
}

export interface TenPairsState {
  /** Value in each slot, 0 when empty. */
  readonly slots: Uint8Array;
  /** The deal order; deck[pos..] is the stock, next card first. */
  readonly deck: Uint8Array;
  pos: number;
  removed: number;
  burned: number;
}

/** The slots (i, j) of each pair id, per slot count (made once: step and status allocate nothing). */
const PAIRS = new Map<number, [number, number][]>();
function pairs(n: number): [number, number][] {
  let out = PAIRS.get(n);
  if (!out) {
    out = [];
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) out.push([i, j]);
    PAIRS.set(n, out);
  }
  return out;
}
const pairCount = (o: TenPairsOptions) => (o.slots * (o.slots - 1)) / 2;

function refill(s: TenPairsState): void {
  for (let i = 0; i < s.slots.length && s.pos < DECK; i++) if (s.slots[i] === 0) s.slots[i] = s.deck[s.pos++];
}

const stateSchema = z.strictObject({
  slots: z.array(z.string().nullable()),
  stock: z.array(z.string()),
  removed: z.int().min(0),
  burned: z.int().min(0),
});
const code = (v: number) => String(v);
const spot = (s: TenPairsState, index: number): CardSpot => ({ place: 'slot', index, code: code(s.slots[index]) });

export const tenPairsGame: Game<TenPairsOptions, TenPairsState> = {
  name: 'ten-pairs',
  optionsSchema: z.strictObject({ slots: z.int().min(2).max(6).default(4) }),
  result: CARDS_LEFT_RESULT,
  numActions: (o) => pairCount(o) + 1,
  observationSize: (o) => o.slots + 1,
  // Each slot's value / 9 (0 empty, 9 the highest card) and the stock's share of the deck: all in [0, 1].
  observationBounds: (o) => ({ low: new Float32Array(o.slots + 1), high: new Float32Array(o.slots + 1).fill(1) }),
  createState: (o) => ({ slots: new Uint8Array(o.slots), deck: new Uint8Array(DECK), pos: 0, removed: 0, burned: 0 }),
  copyState: (src, dst) => {
    dst.slots.set(src.slots);
    dst.deck.set(src.deck);
    dst.pos = src.pos;
    dst.removed = src.removed;
    dst.burned = src.burned;
  },
  parseDeck: (deck: DeckInput) => {
    const values = (typeof deck === 'string' ? deck.trim().split(/\s+/) : deck).map(Number);
    const sorted = [...values].sort().join();
    if (sorted !== [...TEN_PAIRS_DECK].sort().join())
      throw new TengymError(
        'bad-deck',
        `a ten-pairs deck is these 20 values in any order: ${TEN_PAIRS_DECK.join(' ')}`,
      );
    return Uint8Array.from(values);
  },
  reset: (s, _o, rng, deck) => {
    if (deck) s.deck.set(deck);
    else {
      s.deck.set(TEN_PAIRS_DECK);
      shuffleInPlace(rng, s.deck);
    }
    s.slots.fill(0);
    s.pos = 0;
    s.removed = 0;
    s.burned = 0;
    refill(s);
  },
  legalActions: (s, o, mask, legal) => {
    let n = 0;
    let id = 0;
    for (let i = 0; i < o.slots; i++) {
      for (let j = i + 1; j < o.slots; j++, id++) {
        const ok = s.slots[i] !== 0 && s.slots[i] + s.slots[j] === 10;
        mask[id] = ok ? 1 : 0;
        if (ok) legal[n++] = id;
      }
    }
    mask[id] = s.pos < DECK ? 1 : 0;
    if (mask[id]) legal[n++] = id;
    return n;
  },
  step: (s, o, action) => {
    if (action === pairCount(o)) {
      s.slots[0] = 0;
      s.burned++;
      refill(s);
      return 0;
    }
    const [i, j] = pairs(o.slots)[action];
    s.slots[i] = 0;
    s.slots[j] = 0;
    s.removed += 2;
    refill(s);
    return 2;
  },
  status: (s, o) => {
    if (s.pos < DECK) return RUNNING;
    for (const [i, j] of pairs(o.slots)) if (s.slots[i] !== 0 && s.slots[i] + s.slots[j] === 10) return RUNNING;
    return TERMINATED;
  },
  observe: (s, o, out) => {
    for (let i = 0; i < o.slots; i++) out[i] = s.slots[i] / 9;
    out[o.slots] = (DECK - s.pos) / DECK;
  },
  outcome: (s): CardOutcome => ({ won: s.removed === DECK, cardsLeft: DECK - s.removed }),
  expectedReturn: (outcome: Outcome) => DECK - (outcome as CardOutcome).cardsLeft,
  describeAction: (s, o, action) => {
    if (action === pairCount(o)) return `discard ${s.slots[0]}`;
    const [i, j] = pairs(o.slots)[action];
    return `remove ${s.slots[i]} + ${s.slots[j]}`;
  },
  whyIllegal: (_s, o, action) => (action === pairCount(o) ? 'the stock is empty' : 'those two do not sum to 10'),
  render: (s) => `${Array.from(s.slots, (v) => (v ? code(v) : '-')).join(' ')} · stock ${DECK - s.pos}`,
  toJSON: (s) => ({
    slots: Array.from(s.slots, (v) => (v ? code(v) : null)),
    stock: Array.from(s.deck.subarray(s.pos), code),
    removed: s.removed,
    burned: s.burned,
  }),
  fromJSON: (json, o, s) => {
    const parsed = stateSchema.safeParse(json);
    if (!parsed.success || parsed.data.slots.length !== o.slots)
      throw new TengymError(
        'bad-state',
        `bad ten-pairs state: expected { slots (${o.slots}), stock, removed, burned }`,
      );
    const { slots, stock, removed, burned } = parsed.data;
    slots.forEach((v, i) => (s.slots[i] = v === null ? 0 : Number(v)));
    s.pos = DECK - stock.length;
    s.deck.fill(0);
    stock.forEach((v, k) => (s.deck[s.pos + k] = Number(v)));
    s.removed = removed;
    s.burned = burned;
  },
  checkState: (s) => {
    let inPlay = 0;
    for (const v of s.slots) if (v !== 0) inPlay++;
    return inPlay + (DECK - s.pos) + s.removed + s.burned === DECK ? null : 'a card is in two places or none';
  },
  sameOutcome: false,
  actionCards: (s, o, action) =>
    action === pairCount(o) ? [spot(s, 0)] : pairs(o.slots)[action].map((i) => spot(s, i)),
  prompt: (s) =>
    s.pos < DECK
      ? 'Remove two cards that make 10, or discard the first to see a new one.'
      : 'Remove two cards that make 10.',
  board: (s): BoardView => ({
    style: 'pairing',
    parts: [
      {
        kind: 'grid',
        columns: s.slots.length,
        cells: Array.from(s.slots, (v, index) => (v ? spot(s, index) : { empty: true as const, place: 'slot', index })),
      },
      {
        kind: 'piles',
        piles: [
          { kind: 'stock', count: DECK - s.pos, label: 'stock', tappable: false },
          { kind: 'counter', count: s.removed, label: 'removed' },
        ],
      },
    ],
  }),
};
