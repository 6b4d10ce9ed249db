/**
 * Elevens (`elevens`, `elevens-reserve`, `elevens-too`, `suit-elevens`): the rules for players are
 * in rules.md beside this file.
 *
 * A grid of `grid` face-up slots (3 × 3, or 3 × 5) dealt from a shuffled 52-card deck (deck[0..G−1]
 * to slots 0..G−1, the stock starts at deck[G]). Remove two cards whose values make 11 (A = 1 … 10:
 * A+10, 2+9, 3+8, 4+7, 5+6). Jacks, queens and kings go out as a set of one of each: all three on
 * the grid at once (`faceCards: 'triple'`, the book rule), or set aside one at a time into a reserve
 * per rank, the set going out once the three reserves are full (`'reserve'`, PySolFC's Elevens;
 * `'reserve-no-refill'`, PySolFC's Elevens Too, where no slot is refilled while a reserve holds a
 * card). Emptied slots are refilled from the stock, lowest slot first. With `suits: 'same'` (Suit
 * Elevens) a pair, and a set, is of one suit.
 *
 * Real decisions exist only with `'reserve-no-refill'` (a card set aside while its partners are not
 * all in sight stops the grid for good) and with `'reserve'` and `suits: 'same'` (the first card set
 * aside chooses the set's suit): `sameOutcome(o)` is false there and true for every other option
 * set, where every legal order of moves reaches the same end (test/games/elevens/decisions.test.ts).
 *
 * ## Options
 *
 * | option      | values                                      | default    | meaning                                                     |
 * |-------------|---------------------------------------------|------------|-------------------------------------------------------------|
 * | `grid`      | 9, 15                                       | 9          | slots: 3 × 3 (book, AP lab, PySolFC Elevens), 3 × 5 (PySolFC Suit Elevens) |
 * | `faceCards` | 'triple', 'reserve', 'reserve-no-refill'    | 'triple'   | triple: J+Q+K removed together from the grid (book, AP lab); reserve: set aside one at a time, one reserve per rank, out when all three are full (PySolFC Elevens); reserve-no-refill: the same, no refill while a reserve holds a card (PySolFC Elevens Too) |
 * | `suits`     | 'any', 'same'                               | 'any'      | same: a pair, and a J-Q-K set, must be of one suit (PySolFC Suit Elevens) |
 * | `undoLimit` | 0, 3, 'unlimited'                           | 0          | undos per game through `env.undo()` (an API call, not an action) |
 * | `reward`    | 'win', 'cards'                              | 'win'      | see Rewards                                                 |
 *
 * ## Actions (G = `grid`, P = G(G−1)/2)
 *
 * | id            | action                                                                      |
 * |---------------|-----------------------------------------------------------------------------|
 * | 0 … P−1       | remove the cards of slots (i, j), i < j, in lexicographic order: (0,1) = 0, (0,2) = 1, …, (G−2,G−1) = P−1; id = i·G − i(i+1)/2 + j − i − 1. Legal when both slots hold cards A…10 whose values make 11 (of one suit with `suits: 'same'`) |
 * | P … P+63      | `'triple'` only: remove the jack of suit a, the queen of suit b and the king of suit c (suits C = 0, D = 1, H = 2, S = 3): id = P + 16a + 4b + c. Legal when the three cards are on the grid (with `suits: 'same'` only a = b = c) |
 * | P … P+G−1     | `'reserve'` and `'reserve-no-refill'` only: set aside the face card of slot i: id = P + i. Legal when slot i holds a J, Q or K whose rank's reserve is empty (with `suits: 'same'`, of the suit of the cards already set aside) |
 *
 * G = 9: 100 ids with triples, 45 with reserves; G = 15: 169 and 120.
 *
 * ## Observation (Float32Array of 17·G + R + U + 14)
 *
 * R = 12 with reserves, 0 with triples; U = 52 with `suits: 'same'`, 0 with `'any'`.
 *
 * | index               | meaning                                                                |
 * |---------------------|------------------------------------------------------------------------|
 * | 17·i + r, r < 13    | 1 when slot i holds a card of rank r (A = 0 … K = 12); an empty slot is all zero |
 * | 17·i + 13 + u       | 1 when slot i holds a card of suit u (C D H S)                        |
 * | 17·G + 4f + u       | reserves only: 1 when the reserve of rank f (J = 0, Q = 1, K = 2) holds the card of suit u |
 * | 17·G + R + c        | `suits: 'same'` only: 1 when card c (rank·4 + suit) is unseen (in the stock) |
 * | 17·G + R + U + r    | cards of rank r unseen (in the stock) / 4                              |
 * | 17·G + R + U + 13   | stock size / 52                                                        |
 *
 * 167 floats for `elevens`, 179 for `elevens-reserve` and `elevens-too`, 333 for `suit-elevens`.
 * The order of the stock is never shown; with suits that matter, which cards are unseen is.
 *
 * Bounds (`observationBounds`): every float lies in [0, 1] (one-hots, flags, a count of at most 4
 * out of 4), except the stock size, in [0, (52 − G)/52]: the deal takes G cards from the stock and
 * nothing goes back.
 *
 * ## Rewards
 *
 * `'win'` (default): +1 on the final step of a won game, else 0. `'cards'`: +2 for a pair, +3 for a
 * J-Q-K set (with reserves, on the step that sets aside its third card; 0 for the others), so the
 * return is 52 − cards left.
 *
 * ## Episode end
 *
 * Terminated when no action is legal (a deal with none is over at `reset`); never truncated: every
 * move takes a card off the grid for good. Won when all 52 cards are removed (cards in a reserve are
 * not). Outcome: `{ won, cardsLeft }` with cardsLeft = 52 − cards removed.
 */
import * as z from 'zod';
import type { BoardPart, BoardView, CardSpot, EmptySpot } from '../../env/board.js';
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
import {
  RUNNING,
  TERMINATED,
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

export const elevensOptionsSchema = z.strictObject({
  grid: z.literal([9, 15]).default(9).describe('Slots on the grid: 3 × 3, or 3 × 5 (Suit Elevens)'),
  faceCards: z
    .enum(['triple', 'reserve', 'reserve-no-refill'])
    .default('triple')
    .describe('J+Q+K removed together from the grid, or set aside one at a time (no refill meanwhile)'),
  suits: z.enum(['any', 'same']).default('any').describe('Pairs and J-Q-K sets of any suits, or of one suit'),
  undoLimit: z.literal([0, 3, 'unlimited']).default(0).describe('Undos per game'),
  reward: z.enum(['win', 'cards']).default('win').describe('Training reward: 1 for a win, or per card removed'),
});

/** Elevens's options, defaults filled in (the schema's output). */
export type ElevensOptions = z.output<typeof elevensOptionsSchema>;

/** A slot or a reserve with no card. */
export const EMPTY = 255;
/** `cardSlot` of a card that is not on the grid. */
export const NOWHERE = 255;
/** Rank index of the empty slots' bit set in `rankSlots`. */
const EMPTY_RANK = 13;
/** Ranks 0..12 are A … K; J = 10. */
export const JACK = 10;
const FACE_WORDS = ['jack', 'queen', 'king'];
const SUIT_WORDS = ['clubs', 'diamonds', 'hearts', 'spades'];

/** The options as the hot path reads them, with their lookup tables (built once per option set). */
export interface ElevensRules {
  readonly slots: number;
  readonly columns: number;
  readonly sameSuit: boolean;
  /** Face cards are set aside into reserves (either reserve rule). */
  readonly reserves: boolean;
  /** 'reserve-no-refill': no refill while a reserve holds a card. */
  readonly pauseRefill: boolean;
  readonly rewardCards: boolean;
  readonly undoLimit: 0 | 3 | 'unlimited';
  readonly pairCount: number;
  /** First triple id, or -1 (reserves). */
  readonly tripleBase: number;
  /** First set-aside id, or -1 (triples). */
  readonly asideBase: number;
  readonly numActions: number;
  readonly observationSize: number;
  /** Where the reserves' features start (-1 without), the unseen-card flags (-1 without), the rank counts. */
  readonly reserveAt: number;
  readonly unseenAt: number;
  readonly ranksAt: number;
  readonly pairFirst: Uint8Array;
  readonly pairSecond: Uint8Array;
  /** pairBase[i] = id of the pair (i, i+1). */
  readonly pairBase: Int32Array;
}

/**
 * The engine state: typed arrays made once in createState, kept in step incrementally.
 *   slotCard[i]   card id in slot i, EMPTY when empty
 *   cardSlot[c]   the slot card c lies in, NOWHERE when it is not on the grid
 *   rankSlots[r]  bit i set when slot i holds rank r; rankSlots[13] = the empty slots
 *   reserve[f]    the card set aside for face rank f (J = 0, Q = 1, K = 2), EMPTY when none
 *   stockCount[r] cards of rank r in the stock (what the player has not seen)
 *   deck          the deal order; deck[stockPos..51] is the stock, next card first
 *   removed       cards removed for good
 */
export interface ElevensState {
  readonly rules: ElevensRules;
  readonly slotCard: Uint8Array;
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

const NOTE_NONE = 0;
const NOTE_SET_OUT = 1;
const NOTE_PAUSED = 2;

/** Pair id of slots i < j among `slots`: lexicographic order. */
export function pairId(slots: number, i: number, j: number): number {
  return i * slots - (i * (i + 1)) / 2 + (j - i - 1);
}

/** The triple id offset of the jack of suit a, the queen of suit b and the king of suit c. */
export function tripleOffset(a: number, b: number, c: number): number {
  return 16 * a + 4 * b + c;
}

/** Whether every legal order of moves reaches the same end under these options (rules.md, "Decisions"). */
export function elevensSameOutcome(o: ElevensOptions): boolean {
  if (o.faceCards === 'reserve-no-refill') return false;
  return !(o.faceCards === 'reserve' && o.suits === 'same');
}

const rulesCache = new Map<string, ElevensRules>();

/** The options' rules with their lookup tables, built once per option set. */
export function rulesOf(o: ElevensOptions): ElevensRules {
  const key = `${o.grid}/${o.faceCards}/${o.suits}/${o.reward}/${o.undoLimit}`;
  const cached = rulesCache.get(key);
  if (cached) return cached;
  const G = o.grid;
  const pairCount = (G * (G - 1)) / 2;
  const pairFirst = new Uint8Array(pairCount);
  const pairSecond = new Uint8Array(pairCount);
  const pairBase = new Int32Array(G);
  for (let i = 0; i < G; i++) {
    pairBase[i] = pairId(G, i, i + 1);
    for (let j = i + 1; j < G; j++) {
      pairFirst[pairId(G, i, j)] = i;
      pairSecond[pairId(G, i, j)] = j;
    }
  }
  const reserves = o.faceCards !== 'triple';
  const sameSuit = o.suits === 'same';
  const reserveAt = reserves ? 17 * G : -1;
  const unseenAt = sameSuit ? 17 * G + (reserves ? 12 : 0) : -1;
  const ranksAt = 17 * G + (reserves ? 12 : 0) + (sameSuit ? DECK_SIZE : 0);
  const rules: ElevensRules = {
    slots: G,
    columns: G === 9 ? 3 : 5,
    sameSuit,
    reserves,
    pauseRefill: o.faceCards === 'reserve-no-refill',
    rewardCards: o.reward === 'cards',
    undoLimit: o.undoLimit,
    pairCount,
    tripleBase: reserves ? -1 : pairCount,
    asideBase: reserves ? pairCount : -1,
    numActions: pairCount + (reserves ? G : 64),
    observationSize: ranksAt + 14,
    reserveAt,
    unseenAt,
    ranksAt,
    pairFirst,
    pairSecond,
    pairBase,
  };
  rulesCache.set(key, rules);
  return rules;
}

// ---------------------------------------------------------------------------
// State and hot path: after createState nothing in this section allocates.

function createState(rules: ElevensRules): ElevensState {
  return {
    rules,
    slotCard: new Uint8Array(rules.slots).fill(EMPTY),
    cardSlot: new Uint8Array(DECK_SIZE).fill(NOWHERE),
    rankSlots: new Int32Array(EMPTY_RANK + 1),
    reserve: new Uint8Array(3).fill(EMPTY),
    stockCount: new Uint8Array(13),
    deck: orderedDeck(),
    stockPos: 0,
    removed: 0,
    legalCount: 0,
    note: NOTE_NONE,
    lastSet: new Uint8Array(3).fill(EMPTY),
  };
}

function copyState(src: ElevensState, dst: ElevensState): void {
  dst.slotCard.set(src.slotCard);
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

function emptySlot(s: ElevensState, i: number): void {
  const card = s.slotCard[i];
  const bit = 1 << i;
  s.rankSlots[card >> 2] ^= bit;
  s.rankSlots[EMPTY_RANK] |= bit;
  s.cardSlot[card] = NOWHERE;
  s.slotCard[i] = EMPTY;
}

/** Whether the reserves hold no card. */
function reservesEmpty(s: ElevensState): boolean {
  return s.reserve[0] === EMPTY && s.reserve[1] === EMPTY && s.reserve[2] === EMPTY;
}

/** The suit of the cards set aside, or -1 when the reserves are empty. */
export function reserveSuit(s: ElevensState): number {
  for (let f = 0; f < 3; f++) if (s.reserve[f] !== EMPTY) return s.reserve[f] & 3;
  return -1;
}

/** Deals the stock into the empty slots, lowest first, while it lasts. */
function fillEmptySlots(s: ElevensState): void {
  const slots = s.rankSlots;
  let pos = s.stockPos;
  while (slots[EMPTY_RANK] !== 0 && pos < DECK_SIZE) {
    const bit = slots[EMPTY_RANK] & -slots[EMPTY_RANK];
    const i = 31 - Math.clz32(bit);
    const card = s.deck[pos++];
    s.slotCard[i] = card;
    s.cardSlot[card] = i;
    slots[card >> 2] |= bit;
    slots[EMPTY_RANK] ^= bit;
    s.stockCount[card >> 2]--;
  }
  s.stockPos = pos;
}

const ORDERED_DECK = orderedDeck();

function resetState(s: ElevensState, rng: Rng, deck: Uint8Array | null): void {
  s.deck.set(deck ?? ORDERED_DECK);
  if (!deck) shuffleInPlace(rng, s.deck);
  s.slotCard.fill(EMPTY);
  s.cardSlot.fill(NOWHERE);
  s.rankSlots.fill(0);
  s.rankSlots[EMPTY_RANK] = (1 << s.rules.slots) - 1;
  s.reserve.fill(EMPTY);
  s.stockCount.fill(4);
  s.stockPos = 0;
  s.removed = 0;
  s.legalCount = 0;
  s.note = NOTE_NONE;
  s.lastSet.fill(EMPTY);
  fillEmptySlots(s);
}

/** Whether face card `card` may go aside now: its rank's reserve is empty (with one suit: of the reserves' suit). */
function mayGoAside(s: ElevensState, card: number): boolean {
  if (s.reserve[(card >> 2) - JACK] !== EMPTY) return false;
  if (!s.rules.sameSuit) return true;
  const suit = reserveSuit(s);
  return suit < 0 || suit === (card & 3);
}

function legalActions(s: ElevensState, mask: Uint8Array, legal: Int32Array): number {
  const r = s.rules;
  const T = r.slots;
  mask.fill(0);
  let n = 0;
  for (let i = 0; i < T - 1; i++) {
    const card = s.slotCard[i];
    if (card === EMPTY || card >> 2 >= JACK) continue;
    const offset = r.pairBase[i] - i - 1; // id of (i, j) = offset + j
    if (r.sameSuit) {
      const j = s.cardSlot[(9 - (card >> 2)) * 4 + (card & 3)];
      if (j === NOWHERE || j < i) continue;
      mask[offset + j] = 1;
      legal[n++] = offset + j;
      continue;
    }
    let later = s.rankSlots[9 - (card >> 2)] & -(2 << i); // partner slots j > i, lowest first
    while (later !== 0) {
      const bit = later & -later;
      later ^= bit;
      const a = offset + 31 - Math.clz32(bit);
      mask[a] = 1;
      legal[n++] = a;
    }
  }
  if (r.tripleBase >= 0) {
    for (let a = 0; a < 4; a++) {
      if (s.cardSlot[JACK * 4 + a] === NOWHERE) continue;
      for (let b = r.sameSuit ? a : 0; b < (r.sameSuit ? a + 1 : 4); b++) {
        if (s.cardSlot[(JACK + 1) * 4 + b] === NOWHERE) continue;
        for (let c = r.sameSuit ? a : 0; c < (r.sameSuit ? a + 1 : 4); c++) {
          if (s.cardSlot[(JACK + 2) * 4 + c] === NOWHERE) continue;
          const id = r.tripleBase + tripleOffset(a, b, c);
          mask[id] = 1;
          legal[n++] = id;
        }
      }
    }
  } else {
    for (let i = 0; i < T; i++) {
      const card = s.slotCard[i];
      if (card === EMPTY || card >> 2 < JACK || !mayGoAside(s, card)) continue;
      mask[r.asideBase + i] = 1;
      legal[n++] = r.asideBase + i;
    }
  }
  s.legalCount = n;
  return n;
}

function stepState(s: ElevensState, action: number): number {
  const r = s.rules;
  let gained: number;
  s.note = NOTE_NONE;
  if (action < r.pairCount) {
    emptySlot(s, r.pairFirst[action]);
    emptySlot(s, r.pairSecond[action]);
    gained = 2;
  } else if (r.tripleBase >= 0) {
    const t = action - r.tripleBase;
    emptySlot(s, s.cardSlot[JACK * 4 + (t >> 4)]);
    emptySlot(s, s.cardSlot[(JACK + 1) * 4 + ((t >> 2) & 3)]);
    emptySlot(s, s.cardSlot[(JACK + 2) * 4 + (t & 3)]);
    gained = 3;
  } else {
    const i = action - r.asideBase;
    const card = s.slotCard[i];
    emptySlot(s, i);
    s.reserve[(card >> 2) - JACK] = card;
    gained = 0;
    if (s.reserve[0] !== EMPTY && s.reserve[1] !== EMPTY && s.reserve[2] !== EMPTY) {
      s.lastSet.set(s.reserve);
      s.reserve.fill(EMPTY);
      gained = 3;
      s.note = NOTE_SET_OUT;
    }
  }
  s.removed += gained;
  if (!r.pauseRefill || reservesEmpty(s)) fillEmptySlots(s);
  else if (s.stockPos < DECK_SIZE) s.note = NOTE_PAUSED;
  if (r.rewardCards) return gained;
  return isWon(s) ? 1 : 0;
}

/** `step` without an env, for agents' searches on scratch states: applies a legal action, returns its reward. */
export function playMove(s: ElevensState, action: number): number {
  return stepState(s, action);
}

function isWon(s: ElevensState): boolean {
  return s.removed === DECK_SIZE;
}

function status(s: ElevensState): Status {
  return s.legalCount === 0 ? TERMINATED : RUNNING;
}

function observe(s: ElevensState, out: Float32Array): void {
  const r = s.rules;
  out.fill(0, 0, r.ranksAt);
  for (let i = 0; i < r.slots; i++) {
    const card = s.slotCard[i];
    if (card === EMPTY) continue;
    out[17 * i + (card >> 2)] = 1;
    out[17 * i + 13 + (card & 3)] = 1;
  }
  if (r.reserveAt >= 0) {
    for (let f = 0; f < 3; f++) if (s.reserve[f] !== EMPTY) out[r.reserveAt + 4 * f + (s.reserve[f] & 3)] = 1;
  }
  if (r.unseenAt >= 0) for (let k = s.stockPos; k < DECK_SIZE; k++) out[r.unseenAt + s.deck[k]] = 1;
  for (let rank = 0; rank < 13; rank++) out[r.ranksAt + rank] = s.stockCount[rank] * 0.25;
  out[r.ranksAt + 13] = (DECK_SIZE - s.stockPos) / DECK_SIZE;
}

/** The observation's bounds (the layout above): all in [0, 1] but the stock size, at most (52 − G)/52. */
function observationBounds(r: ElevensRules): ObservationBounds {
  const low = new Float32Array(r.observationSize);
  const high = new Float32Array(r.observationSize).fill(1);
  high[r.ranksAt + 13] = (DECK_SIZE - r.slots) / DECK_SIZE;
  return { low, high };
}

/** The outcome of a game so far: won with all 52 removed; cards in a reserve are not. */
function outcome(s: ElevensState): CardOutcome {
  return { won: isWon(s), cardsLeft: DECK_SIZE - s.removed };
}

// ---------------------------------------------------------------------------
// Text for people.

const slotText = (s: ElevensState, i: number): string => (s.slotCard[i] === EMPTY ? '--' : cardLabel(s.slotCard[i]));

/** The three cards of a triple id, J, Q, K. */
function tripleCards(r: ElevensRules, action: number): [number, number, number] {
  const t = action - r.tripleBase;
  return [JACK * 4 + (t >> 4), (JACK + 1) * 4 + ((t >> 2) & 3), (JACK + 2) * 4 + (t & 3)];
}

function describeAction(s: ElevensState, action: number): string {
  const r = s.rules;
  if (action < r.pairCount) {
    const i = r.pairFirst[action];
    const j = r.pairSecond[action];
    if (s.slotCard[i] !== EMPTY && s.slotCard[j] !== EMPTY) return `remove ${slotText(s, i)} + ${slotText(s, j)}`;
    return `remove slots ${i} + ${j} (${slotText(s, i)} + ${slotText(s, j)})`;
  }
  if (r.tripleBase >= 0) return `remove ${tripleCards(r, action).map(cardLabel).join(' ')}`;
  const i = action - r.asideBase;
  return s.slotCard[i] === EMPTY ? `set aside slot ${i} (--)` : `set ${cardLabel(s.slotCard[i])} aside`;
}

/** Why two cards are not a pair, in a player's words. */
function pairProblem(r: ElevensRules, first: number, second: number): string {
  for (const card of [first, second]) {
    if (card >> 2 < JACK) continue;
    return r.reserves
      ? `${cardLabel(card)} is a face card: face cards are set aside, one at a time`
      : `${cardLabel(card)} is a face card: a jack, a queen and a king go out together`;
  }
  const sum = (first >> 2) + (second >> 2) + 2;
  if (sum !== 11) return `${cardLabel(first)} + ${cardLabel(second)} make ${sum}, not 11`;
  if (r.sameSuit && (first & 3) !== (second & 3))
    return `${cardLabel(first)} and ${cardLabel(second)} are not of one suit`;
  return 'it is legal';
}

function whyIllegal(s: ElevensState, action: number): string {
  const r = s.rules;
  if (s.legalCount === 0) return 'the game is over';
  if (action < r.pairCount) {
    const i = r.pairFirst[action];
    const j = r.pairSecond[action];
    if (s.slotCard[i] === EMPTY || s.slotCard[j] === EMPTY) return `slot ${s.slotCard[i] === EMPTY ? i : j} is empty`;
    return pairProblem(r, s.slotCard[i], s.slotCard[j]);
  }
  if (r.tripleBase >= 0) {
    const cards = tripleCards(r, action);
    const away = cards.filter((c) => s.cardSlot[c] === NOWHERE);
    if (away.length > 0)
      return `${away.map(cardLabel).join(' and ')} ${away.length === 1 ? 'is' : 'are'} not on the grid`;
    if (r.sameSuit && new Set(cards.map((c) => c & 3)).size > 1)
      return `${cards.map(cardLabel).join(' ')} are not of one suit`;
    return 'it is legal';
  }
  const i = action - r.asideBase;
  const card = s.slotCard[i];
  if (card === EMPTY) return `slot ${i} is empty`;
  if (card >> 2 < JACK) return `${cardLabel(card)} is not a jack, a queen or a king`;
  const held = s.reserve[(card >> 2) - JACK];
  if (held !== EMPTY) return `a ${FACE_WORDS[(card >> 2) - JACK]} (${cardLabel(held)}) is already set aside`;
  const suit = reserveSuit(s);
  if (r.sameSuit && suit !== (card & 3))
    return `the cards set aside are ${SUIT_WORDS[suit]}; ${cardLabel(card)} cannot join them`;
  return 'it is legal';
}

function render(s: ElevensState): string {
  const r = s.rules;
  const lines: string[] = [];
  for (let start = 0; start < r.slots; start += r.columns) {
    const cells: string[] = [];
    for (let i = start; i < start + r.columns; i++) cells.push(`${String(i).padStart(2)} ${slotText(s, i).padEnd(3)}`);
    lines.push(cells.join('  ').trimEnd());
  }
  if (r.reserves) {
    const held = [0, 1, 2].map((f) => `${RANKS[JACK + f]}: ${s.reserve[f] === EMPTY ? '--' : cardLabel(s.reserve[f])}`);
    lines.push(`set aside  ${held.join('  ')}`);
  }
  const stock = DECK_SIZE - s.stockPos;
  lines.push(`stock ${plural(stock, 'card')} · removed ${s.removed} · cards left ${DECK_SIZE - s.removed}`);
  if (s.legalCount === 0) lines.push(`game over: ${isWon(s) ? 'won' : 'lost'}, ${DECK_SIZE - s.removed} cards left`);
  return lines.join('\n');
}

/** What the last step did beyond its move: a set gone out from the reserves, or the refill paused. */
function stepNote(s: ElevensState): string | null {
  if (s.note === NOTE_SET_OUT) return `${Array.from(s.lastSet, cardLabel).join(' ')} went out together.`;
  if (s.note === NOTE_PAUSED) return 'The empty slots stay empty until a jack, a queen and a king are all set aside.';
  return null;
}

function prompt(s: ElevensState): string {
  if (s.legalCount === 0) return '';
  const r = s.rules;
  const suit = r.sameSuit ? ' of one suit' : '';
  if (!r.reserves) return `Remove two cards${suit} that make 11, or a jack, a queen and a king${suit} together.`;
  return `Remove two cards${suit} that make 11, or set a jack, a queen or a king aside.`;
}

// ---------------------------------------------------------------------------
// For hints and a front end: places as the state JSON has them (`tableau[index]`, `reserve[f]`).

function slotSpot(s: ElevensState, index: number): CardSpot {
  return { place: 'slot', index, code: s.slotCard[index] === EMPTY ? '' : cardCode(s.slotCard[index]) };
}

function actionCards(s: ElevensState, action: number): CardSpot[] {
  const r = s.rules;
  if (action < r.pairCount) return [slotSpot(s, r.pairFirst[action]), slotSpot(s, r.pairSecond[action])];
  if (r.tripleBase >= 0) return tripleCards(r, action).map((c) => slotSpot(s, s.cardSlot[c]));
  return [slotSpot(s, action - r.asideBase)];
}

function board(s: ElevensState): BoardView {
  const r = s.rules;
  const cells: (CardSpot | EmptySpot)[] = [];
  for (let i = 0; i < r.slots; i++)
    cells.push(s.slotCard[i] === EMPTY ? { empty: true, place: 'slot', index: i } : slotSpot(s, i));
  const parts: BoardPart[] = [{ kind: 'grid', columns: r.columns, cells }];
  if (r.reserves) {
    parts.push({
      kind: 'columns',
      columns: [0, 1, 2].map((f) => ({
        stack: f,
        label: `${FACE_WORDS[f]} set aside`,
        current: false,
        cleared: false,
        cards: s.reserve[f] === EMPTY ? [] : [{ place: 'reserve', index: f, code: cardCode(s.reserve[f]) }],
      })),
    });
  }
  parts.push({
    kind: 'piles',
    piles: [
      // The stock deals by itself: tapping it never does anything.
      { kind: 'stock', count: DECK_SIZE - s.stockPos, label: 'stock', tappable: false },
      { kind: 'counter', count: s.removed, label: 'removed' },
    ],
  });
  return { style: 'pairing', parts };
}

// ---------------------------------------------------------------------------
// JSON.

interface ElevensJSON {
  /** Slot by slot: a card code, or null for an empty slot. */
  tableau: (string | null)[];
  /** The cards set aside, J, Q, K: a card code or null (all null under 'triple'). */
  reserve: (string | null)[];
  /** Next card first. */
  stock: string[];
  /** In card order (A♣ A♦ … K♠). */
  removed: string[];
}

function toJSON(s: ElevensState): ElevensJSON {
  const code = (c: number): string | null => (c === EMPTY ? null : cardCode(c));
  const stock: string[] = [];
  for (let k = s.stockPos; k < DECK_SIZE; k++) stock.push(cardCode(s.deck[k]));
  const placed = new Uint8Array(DECK_SIZE);
  for (const c of s.slotCard) if (c !== EMPTY) placed[c] = 1;
  for (const c of s.reserve) if (c !== EMPTY) placed[c] = 1;
  for (let k = s.stockPos; k < DECK_SIZE; k++) placed[s.deck[k]] = 1;
  const removed: string[] = [];
  for (let c = 0; c < DECK_SIZE; c++) if (!placed[c]) removed.push(cardCode(c));
  return { tableau: Array.from(s.slotCard, code), reserve: Array.from(s.reserve, code), stock, removed };
}

function jsonSchema(slots: number) {
  return z.strictObject({
    tableau: z.array(z.string().nullable()).length(slots),
    reserve: z.array(z.string().nullable()).length(3),
    stock: z.array(z.string()).max(DECK_SIZE),
    removed: z.array(z.string()).max(DECK_SIZE),
  });
}

function badState(message: string): TengymError {
  return new TengymError('bad-state', `bad state: ${message}`);
}

function fromJSON(json: unknown, s: ElevensState): void {
  const parsed = jsonSchema(s.rules.slots).safeParse(json);
  if (!parsed.success) {
    throw badState(
      `${formatZodError(parsed.error)} (expected { tableau: ${s.rules.slots} card codes or null, reserve: 3 card ` +
        `codes or null, stock: [...], removed: [...] })`,
    );
  }
  const where: string[] = new Array(DECK_SIZE).fill('');
  const tableau = parseCardField(parsed.data.tableau, 'tableau', where, EMPTY);
  const reserve = parseCardField(parsed.data.reserve, 'reserve', where, EMPTY);
  const stock = parseCardField(parsed.data.stock, 'stock', where, EMPTY);
  parseCardField(parsed.data.removed, 'removed', where, EMPTY);
  const missing: string[] = [];
  for (let c = 0; c < DECK_SIZE; c++) if (!where[c]) missing.push(cardCode(c));
  if (missing.length)
    throw badState(
      `cards ${missing.join(' ')} are missing; tableau, reserve, stock and removed must hold each of the 52 cards once`,
    );
  const scratch = createState(s.rules);
  loadState(scratch, tableau, reserve, stock);
  const problem = checkState(scratch);
  if (problem) throw badState(problem);
  copyState(scratch, s);
}

/** Fills `s` from checked card lists; the dealt part of `deck` holds the other cards. */
function loadState(
  s: ElevensState,
  tableau: readonly number[],
  reserve: readonly number[],
  stock: readonly number[],
): void {
  const inStock = new Uint8Array(DECK_SIZE);
  for (const c of stock) inStock[c] = 1;
  s.stockPos = DECK_SIZE - stock.length;
  let k = 0;
  for (let c = 0; c < DECK_SIZE; c++) if (!inStock[c]) s.deck[k++] = c;
  s.deck.set(stock, s.stockPos);
  s.slotCard.set(tableau);
  s.reserve.set(reserve);
  s.cardSlot.fill(NOWHERE);
  s.rankSlots.fill(0);
  s.stockCount.fill(0);
  let onGrid = 0;
  for (let i = 0; i < tableau.length; i++) {
    const c = tableau[i];
    if (c === EMPTY) s.rankSlots[EMPTY_RANK] |= 1 << i;
    else {
      s.rankSlots[c >> 2] |= 1 << i;
      s.cardSlot[c] = i;
      onGrid++;
    }
  }
  for (const c of stock) s.stockCount[c >> 2]++;
  const aside = reserve.filter((c) => c !== EMPTY).length;
  s.removed = DECK_SIZE - stock.length - onGrid - aside;
  s.legalCount = 0;
  s.note = NOTE_NONE;
  s.lastSet.fill(EMPTY);
}

// ---------------------------------------------------------------------------
// Invariants.

/** Each card once in the deck, grid cards among the dealt ones, the lookups in step with the slots. */
function checkBookkeeping(s: ElevensState): string | null {
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
      `the stock holds ${DECK_SIZE - s.stockPos} cards; after the first deal at most ${DECK_SIZE - r.slots} ` +
      `are left`
    );
  }
  const expected = new Int32Array(EMPTY_RANK + 1);
  const located = new Uint8Array(DECK_SIZE).fill(NOWHERE);
  let out = 0;
  for (let i = 0; i < r.slots; i++) {
    const c = s.slotCard[i];
    if (c === EMPTY) {
      expected[EMPTY_RANK] |= 1 << i;
      out++;
      continue;
    }
    if (c >= DECK_SIZE) return `slot ${i} holds ${c}, not a card`;
    if (located[c] !== NOWHERE) return `card ${cardCode(c)} is in two slots`;
    if (dealtAt[c] >= s.stockPos) return `card ${cardCode(c)} is in slot ${i} and in the stock`;
    located[c] = i;
    expected[c >> 2] |= 1 << i;
  }
  for (let k = 0; k <= EMPTY_RANK; k++) {
    if (expected[k] !== s.rankSlots[k])
      return (
        `the slot set of ${k === EMPTY_RANK ? 'empty slots' : `rank ${RANKS[k]}`} is ` +
        `${s.rankSlots[k].toString(2)}, the slots say ${expected[k].toString(2)}`
      );
  }
  for (let c = 0; c < DECK_SIZE; c++)
    if (s.cardSlot[c] !== located[c])
      return (
        `card ${cardCode(c)} is looked up in slot ${s.cardSlot[c]}, but lies in ` +
        `${located[c] === NOWHERE ? 'no slot' : `slot ${located[c]}`}`
      );
  let aside = 0;
  for (let f = 0; f < 3; f++) {
    const c = s.reserve[f];
    if (c === EMPTY) continue;
    if (c >= DECK_SIZE || c >> 2 !== JACK + f)
      return `the ${FACE_WORDS[f]} reserve holds ${c < DECK_SIZE ? cardCode(c) : c}`;
    if (located[c] !== NOWHERE || dealtAt[c] >= s.stockPos)
      return `card ${cardCode(c)} is set aside and also ${located[c] !== NOWHERE ? 'in a slot' : 'in the stock'}`;
    aside++;
  }
  const stockCount = new Uint8Array(13);
  for (let k = s.stockPos; k < DECK_SIZE; k++) stockCount[s.deck[k] >> 2]++;
  for (let k = 0; k < 13; k++)
    if (stockCount[k] !== s.stockCount[k])
      return `stock count of ${RANKS[k]} is ${s.stockCount[k]}, the stock holds ${stockCount[k]}`;
  const removed = s.stockPos - (r.slots - out) - aside;
  if (s.removed !== removed) return `removed is ${s.removed}, the slots, reserves and stock leave ${removed}`;
  return null;
}

/** The removed and set-aside cards could have gone in legal moves, and the refill left no hole it would have filled. */
function checkRules(s: ElevensState): string | null {
  const r = s.rules;
  const held = s.reserve[0] !== EMPTY || s.reserve[1] !== EMPTY || s.reserve[2] !== EMPTY;
  if (!r.reserves && held)
    return "a card is set aside, but face cards go out as J+Q+K from the grid (faceCards 'triple')";
  if (held && s.reserve[0] !== EMPTY && s.reserve[1] !== EMPTY && s.reserve[2] !== EMPTY)
    return 'the three reserves are full; their set goes out at once';
  if (r.sameSuit && held) {
    const suit = reserveSuit(s);
    for (const c of s.reserve)
      if (c !== EMPTY && (c & 3) !== suit)
        return `the cards set aside are not of one suit (${Array.from(s.reserve)
          .filter((x) => x !== EMPTY)
          .map(cardLabel)
          .join(' ')})`;
  }
  const paused = r.pauseRefill && held;
  if (!paused && s.stockPos < DECK_SIZE && s.rankSlots[EMPTY_RANK] !== 0) {
    return (
      `a slot is empty while the stock holds ${DECK_SIZE - s.stockPos} ` +
      `cards${r.pauseRefill ? ' and no card is set aside' : ''}; it is refilled at once`
    );
  }
  const gone = new Uint8Array(DECK_SIZE);
  for (let c = 0; c < DECK_SIZE; c++) gone[c] = 1;
  for (let k = s.stockPos; k < DECK_SIZE; k++) gone[s.deck[k]] = 0;
  for (const c of s.slotCard) if (c !== EMPTY) gone[c] = 0;
  for (const c of s.reserve) if (c !== EMPTY) gone[c] = 0;
  const goneOf = (rank: number, suit: number): number => {
    let n = 0;
    for (let u = 0; u < 4; u++) if (suit < 0 || u === suit) n += gone[rank * 4 + u];
    return n;
  };
  for (const suit of r.sameSuit ? [0, 1, 2, 3] : [-1]) {
    const of = suit < 0 ? '' : ` of ${SUIT_WORDS[suit]}`;
    for (let a = 0; a < 5; a++) {
      if (goneOf(a, suit) !== goneOf(9 - a, suit))
        return (
          `${goneOf(a, suit)} ${RANKS[a]}${of} but ${goneOf(9 - a, suit)} ${RANKS[9 - a]}${of} are removed; ` +
          `they go in pairs`
        );
    }
    if (goneOf(JACK, suit) !== goneOf(JACK + 1, suit) || goneOf(JACK, suit) !== goneOf(JACK + 2, suit)) {
      return (
        `${goneOf(JACK, suit)} jacks, ${goneOf(JACK + 1, suit)} queens and ${goneOf(JACK + 2, suit)} ` +
        `kings${of} are removed; they go out one of each together`
      );
    }
  }
  return null;
}

function checkState(s: ElevensState): string | null {
  return checkBookkeeping(s) ?? checkRules(s);
}

// ---------------------------------------------------------------------------

export const elevensGame: Game<ElevensOptions, ElevensState> = {
  name: 'elevens',
  result: CARDS_LEFT_RESULT,
  optionsSchema: elevensOptionsSchema,
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
  undoLimit: (o) => (o.undoLimit === 'unlimited' ? Infinity : o.undoLimit),
  sameOutcome: elevensSameOutcome,
  actionCards: (s, _o, action) => actionCards(s, action),
  prompt: (s) => prompt(s),
  board: (s) => board(s),
  stepNote: (s) => stepNote(s),
};

/**
 * The engine state and options of an Elevens env (any of its ids), or null for another game: what
 * agents read instead of casting `rawState`.
 */
export function elevensOf(env: EngineView): { state: ElevensState; options: ElevensOptions } | null {
  return env.game === elevensGame
    ? { state: env.rawState as ElevensState, options: env.options as ElevensOptions }
    : null;
}
