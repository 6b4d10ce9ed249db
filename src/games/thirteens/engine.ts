/**
 * Thirteens (`thirteens`; also Good Thirteen, Helsinki): the rules for players are in rules.md
 * beside this file.
 *
 * Ten face-up slots in two rows of five, dealt from a shuffled 52-card deck (deck[0..9] to slots
 * 0..9, the stock starts at deck[10]). Remove two cards whose values make 13 (A = 1 … 10, J = 11,
 * Q = 12: A+Q, 2+J, 3+10, 4+9, 5+8, 6+7), or a king alone. Emptied slots are refilled from the
 * stock at once, lowest slot first (PySolFC Thirteens, AisleRiot Helsinki, Goodsol). The game has
 * no real decisions: a king can always go, a pair stays on the grid until it is played, and two
 * pairs that compete for a card differ only in suits, which never matter; so every legal order of
 * moves reaches the same end (test/games/thirteens/decisions.test.ts shows it).
 *
 * ## Options
 *
 * | option      | values             | default | meaning                                                          |
 * |-------------|--------------------|---------|------------------------------------------------------------------|
 * | `undoLimit` | 0, 3, 'unlimited'  | 0       | undos per game through `env.undo()` (an API call, not an action) |
 * | `reward`    | 'win', 'cards'     | 'win'   | see Rewards                                                      |
 *
 * ## Actions
 *
 * | id       | action                                                                          |
 * |----------|---------------------------------------------------------------------------------|
 * | 0 … 44   | remove the cards of slots (i, j), i < j, in lexicographic order: (0,1) = 0, (0,2) = 1, …, (8,9) = 44; id = 10i − i(i+1)/2 + j − i − 1. Legal when their values make 13 |
 * | 45 … 54  | remove the king of slot i: id = 45 + i. Legal when slot i holds a king           |
 *
 * 55 ids.
 *
 * ## Observation (Float32Array of 144)
 *
 * | index            | meaning                                                                  |
 * |------------------|--------------------------------------------------------------------------|
 * | 13·i + r         | 1 when slot i (0..9) holds a card of rank r (A = 0 … K = 12); an empty slot is all zero |
 * | 130 + r, r < 13  | cards of rank r unseen (in the stock) / 4                                 |
 * | 143              | stock size / 52                                                           |
 *
 * Suits never matter to the rules and the order of the stock is never shown.
 *
 * Bounds (`observationBounds`): every float lies in [0, 1], except the stock size, in [0, 42/52]:
 * the deal takes 10 cards from the stock and nothing goes back.
 *
 * ## Rewards
 *
 * `'win'` (default): +1 on the final step of a won game, else 0. `'cards'`: +2 for a pair, +1 for a
 * king (the return is 52 − cards left).
 *
 * ## Episode end
 *
 * Terminated when no action is legal (a deal with none is over at `reset`); never truncated: every
 * move removes a card. Won when all 52 cards are removed. Outcome: `{ won, cardsLeft }` with
 * cardsLeft = 52 − cards removed.
 */
import * as z from 'zod';
import type { BoardView, CardSpot, EmptySpot } from '../../env/board.js';
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

export const thirteensOptionsSchema = z.strictObject({
  undoLimit: z.literal([0, 3, 'unlimited']).default(0).describe('Undos per game'),
  reward: z.enum(['win', 'cards']).default('win').describe('Training reward: 1 for a win, or per card removed'),
});

/** Thirteens's options, defaults filled in (the schema's output). */
export type ThirteensOptions = z.output<typeof thirteensOptionsSchema>;

/** Slots on the grid, and per row. */
export const SLOTS = 10;
const COLUMNS = 5;
/** Pair ids: one per unordered pair of slots. */
export const PAIR_COUNT = (SLOTS * (SLOTS - 1)) / 2;
/** The first king id (the king of slot i is KING_BASE + i). */
export const KING_BASE = PAIR_COUNT;
const NUM_ACTIONS = PAIR_COUNT + SLOTS;
const OBSERVATION_SIZE = 13 * SLOTS + 14;
export const EMPTY = 255;
const EMPTY_RANK = 13;
const KING = 12;
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

/** Pair id of slots i < j: lexicographic order. */
export function pairId(i: number, j: number): number {
  return i * SLOTS - (i * (i + 1)) / 2 + (j - i - 1);
}

const PAIR_FIRST = new Uint8Array(PAIR_COUNT);
const PAIR_SECOND = new Uint8Array(PAIR_COUNT);
for (let i = 0; i < SLOTS; i++) {
  for (let j = i + 1; j < SLOTS; j++) {
    PAIR_FIRST[pairId(i, j)] = i;
    PAIR_SECOND[pairId(i, j)] = j;
  }
}

/**
 * The engine state: typed arrays made once in createState, kept in step incrementally.
 *   slotCard[i]   card id in slot i, EMPTY when empty
 *   rankSlots[r]  bit i set when slot i holds rank r; rankSlots[13] = the empty slots
 *   stockCount[r] cards of rank r in the stock (what the player has not seen)
 *   deck          the deal order; deck[stockPos..51] is the stock, next card first
 *   removed       cards removed so far
 */
export interface ThirteensState {
  readonly slotCard: Uint8Array;
  readonly rankSlots: Int32Array;
  readonly stockCount: Uint8Array;
  readonly deck: Uint8Array;
  stockPos: number;
  removed: number;
  /** Cached by legalActions for status (the env's call order guarantees it is fresh). */
  legalCount: number;
  readonly rewardCards: boolean;
}

// ---------------------------------------------------------------------------
// State and hot path: after createState nothing in this section allocates.

function createState(o: ThirteensOptions): ThirteensState {
  return {
    slotCard: new Uint8Array(SLOTS).fill(EMPTY),
    rankSlots: new Int32Array(EMPTY_RANK + 1),
    stockCount: new Uint8Array(13),
    deck: orderedDeck(),
    stockPos: 0,
    removed: 0,
    legalCount: 0,
    rewardCards: o.reward === 'cards',
  };
}

function copyState(src: ThirteensState, dst: ThirteensState): void {
  dst.slotCard.set(src.slotCard);
  dst.rankSlots.set(src.rankSlots);
  dst.stockCount.set(src.stockCount);
  dst.deck.set(src.deck);
  dst.stockPos = src.stockPos;
  dst.removed = src.removed;
  dst.legalCount = src.legalCount;
}

function emptySlot(s: ThirteensState, i: number): void {
  const bit = 1 << i;
  s.rankSlots[s.slotCard[i] >> 2] ^= bit;
  s.rankSlots[EMPTY_RANK] |= bit;
  s.slotCard[i] = EMPTY;
}

/** Deals the stock into the empty slots, lowest first, while it lasts. */
function fillEmptySlots(s: ThirteensState): void {
  const slots = s.rankSlots;
  let pos = s.stockPos;
  while (slots[EMPTY_RANK] !== 0 && pos < DECK_SIZE) {
    const bit = slots[EMPTY_RANK] & -slots[EMPTY_RANK];
    const card = s.deck[pos++];
    s.slotCard[31 - Math.clz32(bit)] = card;
    slots[card >> 2] |= bit;
    slots[EMPTY_RANK] ^= bit;
    s.stockCount[card >> 2]--;
  }
  s.stockPos = pos;
}

const ORDERED_DECK = orderedDeck();

function resetState(s: ThirteensState, rng: Rng, deck: Uint8Array | null): void {
  s.deck.set(deck ?? ORDERED_DECK);
  if (!deck) shuffleInPlace(rng, s.deck);
  s.slotCard.fill(EMPTY);
  s.rankSlots.fill(0);
  s.rankSlots[EMPTY_RANK] = (1 << SLOTS) - 1;
  s.stockCount.fill(4);
  s.stockPos = 0;
  s.removed = 0;
  s.legalCount = 0;
  fillEmptySlots(s);
}

function legalActions(s: ThirteensState, mask: Uint8Array, legal: Int32Array): number {
  mask.fill(0);
  let n = 0;
  for (let i = 0; i < SLOTS - 1; i++) {
    const card = s.slotCard[i];
    if (card === EMPTY || card >> 2 === KING) continue;
    let later = s.rankSlots[11 - (card >> 2)] & -(2 << i); // partner slots j > i, lowest first
    const offset = pairId(i, i + 1) - i - 1; // id of (i, j) = offset + j
    while (later !== 0) {
      const bit = later & -later;
      later ^= bit;
      const a = offset + 31 - Math.clz32(bit);
      mask[a] = 1;
      legal[n++] = a;
    }
  }
  let kings = s.rankSlots[KING];
  while (kings !== 0) {
    const bit = kings & -kings;
    kings ^= bit;
    const a = KING_BASE + 31 - Math.clz32(bit);
    mask[a] = 1;
    legal[n++] = a;
  }
  s.legalCount = n;
  return n;
}

function stepState(s: ThirteensState, action: number): number {
  let gained = 1;
  if (action < PAIR_COUNT) {
    emptySlot(s, PAIR_FIRST[action]);
    emptySlot(s, PAIR_SECOND[action]);
    gained = 2;
  } else emptySlot(s, action - KING_BASE);
  s.removed += gained;
  fillEmptySlots(s);
  if (s.rewardCards) return gained;
  return isWon(s) ? 1 : 0;
}

function isWon(s: ThirteensState): boolean {
  return s.removed === DECK_SIZE;
}

function status(s: ThirteensState): Status {
  return s.legalCount === 0 ? TERMINATED : RUNNING;
}

function observe(s: ThirteensState, out: Float32Array): void {
  const base = 13 * SLOTS;
  out.fill(0, 0, base);
  for (let i = 0; i < SLOTS; i++) if (s.slotCard[i] !== EMPTY) out[13 * i + (s.slotCard[i] >> 2)] = 1;
  for (let r = 0; r < 13; r++) out[base + r] = s.stockCount[r] * 0.25;
  out[base + 13] = (DECK_SIZE - s.stockPos) / DECK_SIZE;
}

/** The observation's bounds (the layout above): all in [0, 1] but the stock size, at most 42/52 after the deal. */
function observationBounds(): ObservationBounds {
  const low = new Float32Array(OBSERVATION_SIZE);
  const high = new Float32Array(OBSERVATION_SIZE).fill(1);
  high[OBSERVATION_SIZE - 1] = (DECK_SIZE - SLOTS) / DECK_SIZE;
  return { low, high };
}

/** The outcome of a game so far: won with all 52 removed. */
function outcome(s: ThirteensState): CardOutcome {
  return { won: isWon(s), cardsLeft: DECK_SIZE - s.removed };
}

// ---------------------------------------------------------------------------
// Text for people.

const slotText = (s: ThirteensState, i: number): string => (s.slotCard[i] === EMPTY ? '--' : cardLabel(s.slotCard[i]));

function describeAction(s: ThirteensState, action: number): string {
  if (action >= KING_BASE) {
    const i = action - KING_BASE;
    return s.slotCard[i] === EMPTY ? `remove slot ${i} (--)` : `remove ${slotText(s, i)}`;
  }
  const i = PAIR_FIRST[action];
  const j = PAIR_SECOND[action];
  if (s.slotCard[i] !== EMPTY && s.slotCard[j] !== EMPTY) return `remove ${slotText(s, i)} + ${slotText(s, j)}`;
  return `remove slots ${i} + ${j} (${slotText(s, i)} + ${slotText(s, j)})`;
}

function whyIllegal(s: ThirteensState, action: number): string {
  if (s.legalCount === 0) return 'the game is over';
  if (action >= KING_BASE) {
    const card = s.slotCard[action - KING_BASE];
    if (card === EMPTY) return `slot ${action - KING_BASE} is empty`;
    return card >> 2 === KING ? 'it is legal' : `${cardLabel(card)} is not a king; only kings go alone`;
  }
  const a = s.slotCard[PAIR_FIRST[action]];
  const b = s.slotCard[PAIR_SECOND[action]];
  if (a === EMPTY || b === EMPTY) return `slot ${a === EMPTY ? PAIR_FIRST[action] : PAIR_SECOND[action]} is empty`;
  if (a >> 2 === KING || b >> 2 === KING) return 'a king is removed alone, not in a pair';
  const sum = (a >> 2) + (b >> 2) + 2;
  return sum === 13 ? 'it is legal' : `${cardLabel(a)} + ${cardLabel(b)} make ${sum}, not 13`;
}

function render(s: ThirteensState): string {
  const lines: string[] = [];
  for (let start = 0; start < SLOTS; start += COLUMNS) {
    const cells: string[] = [];
    for (let i = start; i < start + COLUMNS; i++) cells.push(`${String(i).padStart(2)} ${slotText(s, i).padEnd(3)}`);
    lines.push(cells.join('  ').trimEnd());
  }
  const stock = DECK_SIZE - s.stockPos;
  lines.push(`stock ${plural(stock, 'card')} · removed ${s.removed} · cards left ${DECK_SIZE - s.removed}`);
  if (s.legalCount === 0) lines.push(`game over: ${isWon(s) ? 'won' : 'lost'}, ${DECK_SIZE - s.removed} cards left`);
  return lines.join('\n');
}

function prompt(s: ThirteensState): string {
  return s.legalCount === 0 ? '' : 'Remove two cards that make 13, or a king alone.';
}

// ---------------------------------------------------------------------------
// For hints and a front end: places as the state JSON has them (`tableau[index]`).

function slotSpot(s: ThirteensState, index: number): CardSpot {
  return { place: 'slot', index, code: s.slotCard[index] === EMPTY ? '' : cardCode(s.slotCard[index]) };
}

function actionCards(s: ThirteensState, action: number): CardSpot[] {
  if (action >= KING_BASE) return [slotSpot(s, action - KING_BASE)];
  return [slotSpot(s, PAIR_FIRST[action]), slotSpot(s, PAIR_SECOND[action])];
}

function board(s: ThirteensState): BoardView {
  const cells: (CardSpot | EmptySpot)[] = [];
  for (let i = 0; i < SLOTS; i++)
    cells.push(s.slotCard[i] === EMPTY ? { empty: true, place: 'slot', index: i } : slotSpot(s, i));
  return {
    style: 'pairing',
    parts: [
      { kind: 'grid', columns: COLUMNS, cells },
      {
        kind: 'piles',
        piles: [
          // The stock deals by itself: tapping it never does anything.
          { kind: 'stock', count: DECK_SIZE - s.stockPos, label: 'stock', tappable: false },
          { kind: 'counter', count: s.removed, label: 'removed' },
        ],
      },
    ],
  };
}

// ---------------------------------------------------------------------------
// JSON.

interface ThirteensJSON {
  /** Slot by slot: a card code, or null for an empty slot. */
  tableau: (string | null)[];
  /** Next card first. */
  stock: string[];
  /** In card order (A♣ A♦ … K♠). */
  removed: string[];
}

function toJSON(s: ThirteensState): ThirteensJSON {
  const stock: string[] = [];
  for (let k = s.stockPos; k < DECK_SIZE; k++) stock.push(cardCode(s.deck[k]));
  const placed = new Uint8Array(DECK_SIZE);
  for (const c of s.slotCard) if (c !== EMPTY) placed[c] = 1;
  for (let k = s.stockPos; k < DECK_SIZE; k++) placed[s.deck[k]] = 1;
  const removed: string[] = [];
  for (let c = 0; c < DECK_SIZE; c++) if (!placed[c]) removed.push(cardCode(c));
  return { tableau: Array.from(s.slotCard, (c) => (c === EMPTY ? null : cardCode(c))), stock, removed };
}

const jsonSchema = z.strictObject({
  tableau: z.array(z.string().nullable()).length(SLOTS),
  stock: z.array(z.string()).max(DECK_SIZE),
  removed: z.array(z.string()).max(DECK_SIZE),
});

function badState(message: string): TengymError {
  return new TengymError('bad-state', `bad state: ${message}`);
}

function fromJSON(json: unknown, o: ThirteensOptions, s: ThirteensState): void {
  const parsed = jsonSchema.safeParse(json);
  if (!parsed.success)
    throw badState(
      `${formatZodError(parsed.error)} (expected { tableau: ${SLOTS} card codes or null, stock: [...], removed: ` +
        `[...] })`,
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
  const scratch = createState(o);
  loadState(scratch, tableau, stock);
  const problem = checkState(scratch);
  if (problem) throw badState(problem);
  copyState(scratch, s);
}

/** Fills `s` from checked card lists; the dealt part of `deck` holds the other cards. */
function loadState(s: ThirteensState, tableau: readonly number[], stock: readonly number[]): void {
  const inStock = new Uint8Array(DECK_SIZE);
  for (const c of stock) inStock[c] = 1;
  s.stockPos = DECK_SIZE - stock.length;
  let k = 0;
  for (let c = 0; c < DECK_SIZE; c++) if (!inStock[c]) s.deck[k++] = c;
  s.deck.set(stock, s.stockPos);
  s.slotCard.set(tableau);
  s.rankSlots.fill(0);
  s.stockCount.fill(0);
  let onGrid = 0;
  for (let i = 0; i < SLOTS; i++) {
    const c = tableau[i];
    s.rankSlots[c === EMPTY ? EMPTY_RANK : c >> 2] |= 1 << i;
    if (c !== EMPTY) onGrid++;
  }
  for (const c of stock) s.stockCount[c >> 2]++;
  s.removed = DECK_SIZE - stock.length - onGrid;
  s.legalCount = 0;
}

// ---------------------------------------------------------------------------
// Invariants.

/** Each card once, grid cards dealt, lookups in step, no hole while the stock lasts, pairs removed in pairs. */
function checkState(s: ThirteensState): string | null {
  const seen = new Uint8Array(DECK_SIZE);
  const dealtAt = new Int16Array(DECK_SIZE);
  for (let k = 0; k < DECK_SIZE; k++) {
    const c = s.deck[k];
    if (c >= DECK_SIZE || seen[c])
      return `deck position ${k} holds ${c < DECK_SIZE ? cardCode(c) + ' a second time' : 'no card'}`;
    seen[c] = 1;
    dealtAt[c] = k;
  }
  if (!Number.isInteger(s.stockPos) || s.stockPos < SLOTS || s.stockPos > DECK_SIZE) {
    return (
      `the stock holds ${DECK_SIZE - s.stockPos} cards; after the first deal at most ${DECK_SIZE - SLOTS} ` + `are left`
    );
  }
  const expected = new Int32Array(EMPTY_RANK + 1);
  const onGrid = new Uint8Array(DECK_SIZE);
  let empty = 0;
  for (let i = 0; i < SLOTS; i++) {
    const c = s.slotCard[i];
    if (c === EMPTY) {
      expected[EMPTY_RANK] |= 1 << i;
      empty++;
      continue;
    }
    if (c >= DECK_SIZE) return `slot ${i} holds ${c}, not a card`;
    if (onGrid[c]) return `card ${cardCode(c)} is in two slots`;
    if (dealtAt[c] >= s.stockPos) return `card ${cardCode(c)} is in slot ${i} and in the stock`;
    onGrid[c] = 1;
    expected[c >> 2] |= 1 << i;
  }
  for (let k = 0; k <= EMPTY_RANK; k++) {
    if (expected[k] !== s.rankSlots[k])
      return (
        `the slot set of ${k === EMPTY_RANK ? 'empty slots' : `rank ${RANKS[k]}`} is ` +
        `${s.rankSlots[k].toString(2)}, the slots say ${expected[k].toString(2)}`
      );
  }
  const stockCount = new Uint8Array(13);
  for (let k = s.stockPos; k < DECK_SIZE; k++) stockCount[s.deck[k] >> 2]++;
  for (let k = 0; k < 13; k++)
    if (stockCount[k] !== s.stockCount[k])
      return `stock count of ${RANKS[k]} is ${s.stockCount[k]}, the stock holds ${stockCount[k]}`;
  const removed = s.stockPos - (SLOTS - empty);
  if (s.removed !== removed) return `removed is ${s.removed}, the slots and stock leave ${removed}`;
  if (s.stockPos < DECK_SIZE && empty > 0)
    return `a slot is empty while the stock holds ${DECK_SIZE - s.stockPos} cards; it is refilled at once`;
  const gone = (rank: number): number => {
    let here = 0;
    for (let i = 0; i < SLOTS; i++) if (s.slotCard[i] !== EMPTY && s.slotCard[i] >> 2 === rank) here++;
    return 4 - here - s.stockCount[rank];
  };
  for (let a = 0; a < 6; a++) {
    if (gone(a) !== gone(11 - a))
      return `${gone(a)} ${RANK_WORDS[a]} but ${gone(11 - a)} ${RANK_WORDS[11 - a]} are removed; they go in pairs`;
  }
  return null;
}

// ---------------------------------------------------------------------------

export const thirteensGame: Game<ThirteensOptions, ThirteensState> = {
  name: 'thirteens',
  result: CARDS_LEFT_RESULT,
  optionsSchema: thirteensOptionsSchema,
  numActions: () => NUM_ACTIONS,
  observationSize: () => OBSERVATION_SIZE,
  observationBounds: () => observationBounds(),
  createState: (o) => createState(o),
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
    return o.reward === 'cards' ? DECK_SIZE - cardsLeft : won ? 1 : 0;
  },
  describeAction: (s, _o, action) => describeAction(s, action),
  whyIllegal: (s, _o, action) => whyIllegal(s, action),
  render: (s) => render(s),
  toJSON: (s) => toJSON(s),
  fromJSON: (json, o, s) => fromJSON(json, o, s),
  checkState: (s) => checkState(s),
  undoLimit: (o) => (o.undoLimit === 'unlimited' ? Infinity : o.undoLimit),
  sameOutcome: true,
  actionCards: (s, _o, action) => actionCards(s, action),
  prompt: (s) => prompt(s),
  board: (s) => board(s),
};

/**
 * The engine state and options of a Thirteens env, or null for another game: what agents and tests
 * read instead of casting `rawState`.
 */
export function thirteensOf(env: EngineView): { state: ThirteensState; options: ThirteensOptions } | null {
  return env.game === thirteensGame
    ? { state: env.rawState as ThirteensState, options: env.options as ThirteensOptions }
    : null;
}
