/**
 * Four Ten (`four-ten`): a point-accumulation solitaire with 32 suitless cards.
 *
 * Rules by Jeremiah Sanders (https://www.jeremiahsanders.com), copyright © 2019, released under the
 * Creative Commons Attribution-NonCommercial-ShareAlike 4.0 license
 * (https://creativecommons.org/licenses/by-nc-sa/4.0/). This engine implements them as docs/rules.md
 * ("Four Ten") states them, with the points they leave open decided in docs/decisions.md.
 *
 * ## Description
 *
 * 32 cards, eight each of the values 1–4 (written "1".."4"). Three hands — Hand, Home, Shadow — hold
 * 0–4 cards each and are empty at the start of every round; every round uses a full 32-card deck.
 * A turn draws the top card into a hand holding 3 cards or fewer (if all three hold 4, a card is
 * replaced instead: it leaves play for the rest of the round and the next card takes its place),
 * then allows any number of exchanges (a Hand card with a Home or Shadow card), then ends.
 * After every placement, replacement and exchange: Hand = `handTarget` scores `handTarget` points
 * and ends the round; a fault (any hand > `handTarget`, Shadow > Hand, or Home < Hand) ends it with
 * no points (`check` decides which is looked at first). A fault is paid by a safety if any are
 * left, else by points equal to Hand + Home + Shadow if the player has that many, else the game
 * busts (lost). A placement or replacement that uses the round's 32nd card and does not end the
 * round ends it with Hand + Home + Shadow points (the bottom of the deck). Won at `gameTarget`.
 *
 * ## Options
 *
 * | option        | values                              | default          | meaning |
 * |---------------|-------------------------------------|------------------|---------|
 * | `drawVisible` | boolean                             | `true`           | the drawn card is seen before choosing its hand (false: choose the hand, then the card is drawn into it) |
 * | `check`       | `'points-first'` / `'faults-first'` | `'points-first'` | which check wins when one change both makes Hand = `handTarget` and faults |
 * | `handTarget`  | integer 1..40                       | `10`             | the Hand value that scores, and the limit of every hand (above 16 no Hand can reach it: points come only from the bottom of the deck) |
 * | `gameTarget`  | integer ≥ 1                         | `50`             | points that win the game |
 * | `safeties`    | integer ≥ 0                         | `3`              | faults prevented for free, per game |
 * | `maxRounds`   | integer ≥ 1                         | `100`            | the game is truncated when this many rounds have ended without a win or a bust |
 * | `reward`      | `'points'` / `'rounds'`             | `'points'`       | see Rewards |
 *
 * ## Actions (48 ids)
 *
 * | ids   | action |
 * |-------|--------|
 * | 0–2   | place the drawn card into Hand (0), Home (1), Shadow (2); legal when some hand holds ≤ 3 cards and that hand does |
 * | 3–14  | replace a card of value `v` in hand `h` (0 Hand, 1 Home, 2 Shadow): `3 + h*4 + (v-1)`; legal when all three hands hold 4 cards and hand `h` holds a `v` |
 * | 15–46 | exchange a Hand card of value `a` with a card of value `b` in Home (`side` 0) or Shadow (`side` 1): `15 + side*16 + (a-1)*4 + (b-1)`; legal in the exchange phase when both cards exist and the resulting configuration was not yet seen this turn (so `a = b` never is) |
 * | 47    | end the turn; always legal in the exchange phase |
 *
 * Nothing is masked for being bad: placements and exchanges that fault are legal.
 * "Seen this turn" means: right after this turn's placement or replacement, or after one of its
 * exchanges. A configuration is the three hands' value multisets.
 *
 * ## Observation (Float32Array of 33)
 *
 * | index  | meaning |
 * |--------|---------|
 * | 0–11   | hand `h`'s count of value `v` at `h*4 + (v-1)` (h: 0 Hand, 1 Home, 2 Shadow), / 4 |
 * | 12–14  | Hand, Home, Shadow values (sums) / `handTarget` |
 * | 15–17  | Hand, Home, Shadow sizes / 4 |
 * | 18–21  | the visible drawn card, one-hot by value 1..4 (all zero when no card is showing) |
 * | 22–24  | phase one-hot: place, replace, exchange (all zero once the game is over) |
 * | 25–28  | the stock's cards of value 1..4 (undrawn this round), / 8 |
 * | 29     | stock size / 32 |
 * | 30     | points / `gameTarget` (can exceed 1 at the winning end) |
 * | 31     | safeties left / `safeties` option (0 when the option is 0) |
 * | 32     | rounds ended / `maxRounds` |
 *
 * The stock's order is never shown; cards out of play follow from 8 − the rest.
 *
 * Bounds (`observationBounds`), t = `handTarget`, g = `gameTarget`: every float lies in [0, 1]
 * except these (every low is 0):
 *
 * | index  | high | why |
 * |--------|------|-----|
 * | 12, 14 | min(t + 3, 16)/t | a running turn has Shadow ≤ Hand ≤ t − 1 (Hand = t scores, Shadow > Hand faults); one change adds at most 4 (a placement, into at most 3 cards) or 3 (an exchange or replacement), and four cards make 16 at most. The hands that end the round stay shown when it ends the game |
 * | 13     | min(t + 4, 16)/t | likewise from Home ≤ t |
 * | 29     | 31/32 with `drawVisible` | a round's first card is drawn as it starts |
 * | 30     | (g − 1 + m)/g | a game is won by the round that takes points from g − 1 or fewer to g or more; it adds m = the most of t (when t ≤ 16: Hand can reach it) and the bottom of the deck: the most Hand + Home + Shadow of three full hands (the deck is then drawn: 20 cards are out of play, which needs full hands) that pass the check, with eight cards of each value (`maxDeckOutPoints`; 28 for t = 10, so 1.54 for g = 50) |
 *
 * A flag that options pin (the drawn card without `drawVisible`, the safeties left with `safeties`
 * 0: always 0) keeps [0, 1]: a feature whose low equals its high makes Gymnasium warn, and divides
 * by zero in a (x − low)/(high − low) scaling.
 *
 * ## Rewards
 *
 * - `'points'`: the change of points on the step: +`handTarget`, + the bottom-of-deck sum, − the
 *   points paid for a fault; 0 for a safety or a bust. The return is the final points.
 * - `'rounds'`: −1 on each step that ends a round, except a bust, which gets −`maxRounds`.
 *
 * ## Episode end
 *
 * Terminated when points reach `gameTarget` (won) or a fault busts (lost; points stay as they
 * were); truncated when `maxRounds` rounds have ended otherwise (terminated wins if both).
 * `outcome` = { won, points, rounds (every round that ended, the last included), safeties (left) }.
 *
 * ## Decks and rounds
 *
 * `reset({ deck })` takes one or several whole 32-card decks (index 0 is drawn first), used one
 * per round in order; later rounds (and every round of `reset({ seed })`) shuffle the ordered deck
 * 1×8, 2×8, 3×8, 4×8 with the env's rng. A step that ends a round but not the game starts the next
 * round in the same step (with `drawVisible`, its first card is drawn and showing).
 *
 * ## State JSON
 *
 * `{ phase: 'place'|'replace'|'exchange'|'won'|'bust'|'truncated', points, safeties (left), rounds
 * (ended), hand, home, shadow (values, sorted), drawn ("3" or null), outOfPlay, stock (this round's
 * undrawn cards, top first), queuedDecks (explicit decks not yet used), seenThisTurn ([{ hand, home,
 * shadow }], exchange phase only) }`, cards as "1".."4". Once the game is over the hands keep the
 * final round's last configuration.
 *
 * Past 600 lines on purpose: the round, its exchanges and its scoring meet in one hot path, whose state layout
 * the whole file shares.
 */
import * as z from 'zod/mini';
import { deckTokens } from '../../env/cards.js';
import { TengymError, formatZodError, plural } from '../../env/errors.js';
import {
  RUNNING,
  TERMINATED,
  TRUNCATED,
  type DeckInput,
  type EngineView,
  type Game,
  type ObservationBounds,
  type Outcome,
  type ResultSpec,
  type Status,
} from '../../env/game.js';
import { randomInt, shuffleInPlace, type Rng } from '../../env/rng.js';
import type { BoardView, CardSpot } from '../../env/board.js';
import {
  EXCHANGE_DELTA,
  FAULTS,
  FOUR_TEN_DECK_SIZE,
  NOTHING,
  PER_VALUE,
  POW5,
  SCORES,
  handsFault,
  judgeHands,
  keyCounts,
} from './hands.js';

export { FOUR_TEN_DECK_SIZE };

/** How a Four Ten game ended (or stands): won, the points, the rounds played and the safeties left. */
export type FourTenOutcome = {
  readonly won: boolean;
  readonly points: number;
  readonly rounds: number;
  readonly safeties: number;
};

/**
 * What a Four Ten result is measured by besides the win: the rounds to reach the target (fewer is
 * better; over the won games, as a lost game never reaches it), the points, and the rounds that
 * ended in a fault (a round whose end brought no points: a round at the bottom of the deck always
 * scores, since the hands are never empty by then).
 */
export const FOUR_TEN_RESULT: ResultSpec = {
  fields: [
    { key: 'rounds', label: 'rounds' },
    { key: 'points', label: 'points' },
  ],
  counters: [
    {
      key: 'faults',
      label: 'faults',
      count: (before, after) =>
        (after.rounds as number) > (before.rounds as number) && (after.points as number) <= (before.points as number)
          ? 1
          : 0,
    },
  ],
  figures: [
    {
      key: 'meanRounds',
      label: 'mean rounds',
      of: { mean: 'rounds' },
      over: 'won',
      digits: 3,
      better: 'lower',
      in: ['report', 'train', 'eval'],
    },
    { key: 'medianRounds', label: 'median rounds', of: { median: 'rounds' }, over: 'won', digits: 1, better: 'lower' },
    {
      key: 'pointsPerRound',
      label: 'points/round',
      of: { ratio: ['points', 'rounds'] },
      digits: 2,
      better: 'higher',
      in: ['report', 'eval'],
    },
    { key: 'faultRate', label: 'faults/round', of: { ratio: ['faults', 'rounds'] }, digits: 3, better: 'lower' },
    { key: 'meanRoundsPlayed', label: 'mean rounds played', of: { mean: 'rounds' }, digits: 2, in: ['stats'] },
    { key: 'meanPoints', label: 'mean points', of: { mean: 'points' }, digits: 2, in: ['stats'] },
  ],
  compare: { field: 'rounds', over: 'won-by-both', better: 'lower' },
  curve: 'meanRounds',
};

/** An option with its default and the words a form labels it with. */
const option = <T extends z.core.SomeType>(schema: T, value: z.core.output<T>, description: string) =>
  z._default(schema, value as never).check(z.describe(description));

export const fourTenOptionsSchema = z.strictObject({
  drawVisible: option(z.boolean(), true, 'See the drawn card before choosing its hand'),
  check: option(
    z.enum(['points-first', 'faults-first']),
    'points-first',
    'When a move both scores and faults, which counts',
  ),
  handTarget: option(z.int().check(z.minimum(1), z.maximum(40)), 10, 'The Hand total that scores'),
  gameTarget: option(z.int().check(z.minimum(1)), 50, 'Points to win'),
  safeties: option(z.int().check(z.minimum(0)), 3, 'Faults forgiven per game'),
  maxRounds: option(z.int().check(z.minimum(1)), 100, 'Rounds before the game is stopped'),
  reward: option(z.enum(['points', 'rounds']), 'points', 'Training reward: points, or fewer rounds'),
});

/** Four Ten's options, every field filled in (the module comment of this file tables them). */
export type FourTenOptions = z.output<typeof fourTenOptionsSchema>;

const HAND_SIZE = 4;
const NUM_ACTIONS = 48;
const OBS_SIZE = 33;
export const FIRST_REPLACE = 3;
export const FIRST_EXCHANGE = 15;
export const END_TURN = 47;
const HAND_NAMES = ['Hand', 'Home', 'Shadow'] as const;
const JSON_NAMES = ['hand', 'home', 'shadow'] as const;

/** Phases; the last three are the game's ends. */
const PLACE = 0;
const REPLACE = 1;
const EXCHANGE = 2;
const WON = 3;
const BUST = 4;
const OUT_OF_ROUNDS = 5;
const PHASE_NAMES = ['place', 'replace', 'exchange', 'won', 'bust', 'truncated'] as const;

/**
 * Distinct configurations one turn can visit: exchanges keep each hand's size and the cards in
 * the hands, so Hand and Home (at most C(7,3) = 35 multisets each) determine Shadow.
 */
const SEEN_CAPACITY = 35 * 35;

export class FourTenState {
  /** This round's deck, values 1..4; deck[pos..31] is the stock, top first. */
  readonly deck = new Uint8Array(FOUR_TEN_DECK_SIZE);
  pos = 0;
  /** Explicit decks, concatenated; never mutated (states share it). Deck k is used by round k+1. */
  queue: Uint8Array = new Uint8Array(0);
  queueNext = 0;
  /** counts[h*4 + v-1]: how many cards of value v hand h holds. */
  readonly counts = new Uint8Array(12);
  readonly sums = new Int32Array(3);
  readonly sizes = new Int32Array(3);
  readonly outOfPlay = new Uint8Array(4);
  readonly stockCounts = new Uint8Array(4);
  /** The visible drawn card (drawVisible, place phase), 0 when none. */
  drawn = 0;
  phase = PLACE;
  /** The current configuration's key (four-ten-hands.ts: counts as base-5 digits). */
  key = 0;
  readonly seen = new Int32Array(SEEN_CAPACITY);
  seenCount = 0;
  points = 0;
  safeties = 0;
  rounds = 0;
  /** How the last step ended a round (ROUND_* below; NO_ROUND_END when it did not), for `stepNote`: not in the JSON. */
  lastEnd = NO_ROUND_END;
  /** The hands' values when that round ended, and the points it gained or cost. */
  readonly lastEndSums = new Int32Array(3);
  lastEndPoints = 0;
}

const NO_ROUND_END = 0;
const ROUND_SCORED = 1;
const ROUND_DECK_OUT = 2;
const ROUND_FAULT_SAFETY = 3;
const ROUND_FAULT_PAID = 4;
const ROUND_BUST = 5;

// ---------------------------------------------------------------- hands

function addCard(s: FourTenState, h: number, v: number): void {
  const i = h * 4 + v - 1;
  s.counts[i]++;
  s.sums[h] += v;
  s.sizes[h]++;
  s.key += POW5[i];
}

function removeCard(s: FourTenState, h: number, v: number): void {
  const i = h * 4 + v - 1;
  s.counts[i]--;
  s.sums[h] -= v;
  s.sizes[h]--;
  s.key -= POW5[i];
}

function drawTop(s: FourTenState): number {
  const v = s.deck[s.pos++];
  s.stockCounts[v - 1]--;
  return v;
}

function handsTotal(s: FourTenState): number {
  return s.sums[0] + s.sums[1] + s.sums[2];
}

function isFault(s: FourTenState, target: number): boolean {
  return handsFault(s.sums[0], s.sums[1], s.sums[2], target);
}

/** The check after a placement, replacement or exchange. */
function judge(s: FourTenState, o: FourTenOptions): number {
  return judgeHands(s.sums[0], s.sums[1], s.sums[2], o);
}

function wasSeen(s: FourTenState, key: number): boolean {
  const seen = s.seen;
  for (let i = 0, n = s.seenCount; i < n; i++) if (seen[i] === key) return true;
  return false;
}

// ---------------------------------------------------------------- rounds and turns

function startTurn(s: FourTenState, o: FourTenOptions): void {
  s.seenCount = 0;
  if (s.sizes[0] === HAND_SIZE && s.sizes[1] === HAND_SIZE && s.sizes[2] === HAND_SIZE) {
    s.phase = REPLACE;
    s.drawn = 0;
  } else {
    s.phase = PLACE;
    s.drawn = o.drawVisible ? drawTop(s) : 0;
  }
}

/** The ordered deck 1×8, 2×8, 3×8, 4×8 (what seeded rounds shuffle). */
export function orderedFourTenDeck(out: Uint8Array = new Uint8Array(FOUR_TEN_DECK_SIZE)): Uint8Array {
  for (let i = 0; i < FOUR_TEN_DECK_SIZE; i++) out[i] = 1 + (i >> 3);
  return out;
}

/** Empties the hands (plain loops: TypedArray.fill costs more on arrays this small). */
function clearHands(s: FourTenState): void {
  for (let i = 0; i < 12; i++) s.counts[i] = 0;
  for (let h = 0; h < 3; h++) {
    s.sums[h] = 0;
    s.sizes[h] = 0;
  }
  s.key = 0;
}

function newRound(s: FourTenState, o: FourTenOptions, rng: Rng): void {
  const next = s.queueNext * FOUR_TEN_DECK_SIZE;
  if (next < s.queue.length) {
    for (let i = 0; i < FOUR_TEN_DECK_SIZE; i++) s.deck[i] = s.queue[next + i];
    s.queueNext++;
  } else {
    orderedFourTenDeck(s.deck);
    shuffleInPlace(rng, s.deck);
  }
  s.pos = 0;
  clearHands(s);
  for (let v = 0; v < 4; v++) {
    s.outOfPlay[v] = 0;
    s.stockCounts[v] = PER_VALUE;
  }
  startTurn(s, o);
}

function endRound(s: FourTenState, o: FourTenOptions, rng: Rng): void {
  s.rounds++;
  s.seenCount = 0;
  s.drawn = 0;
  if (s.points >= o.gameTarget) s.phase = WON;
  else if (s.rounds >= o.maxRounds) s.phase = OUT_OF_ROUNDS;
  else newRound(s, o, rng);
}

/** Notes how the round ends (for `stepNote`), before the next round clears the hands. */
function noteRoundEnd(s: FourTenState, how: number, points: number): void {
  s.lastEnd = how;
  s.lastEndSums.set(s.sums);
  s.lastEndPoints = points;
}

function fault(s: FourTenState, o: FourTenOptions, rng: Rng): void {
  const cost = handsTotal(s);
  noteRoundEnd(s, s.safeties > 0 ? ROUND_FAULT_SAFETY : s.points >= cost ? ROUND_FAULT_PAID : ROUND_BUST, cost);
  if (s.safeties > 0) s.safeties--;
  else if (s.points >= cost) s.points -= cost;
  else {
    s.rounds++;
    s.seenCount = 0;
    s.phase = BUST;
    return;
  }
  endRound(s, o, rng);
}

/** Checks after a change; a card from the deck (`drawn`) may also hit its bottom. */
function afterChange(s: FourTenState, o: FourTenOptions, rng: Rng, drawn: boolean): void {
  const verdict = judge(s, o);
  if (verdict === SCORES) {
    noteRoundEnd(s, ROUND_SCORED, o.handTarget);
    s.points += o.handTarget;
    endRound(s, o, rng);
  } else if (verdict === FAULTS) {
    fault(s, o, rng);
  } else if (!drawn) {
    s.seen[s.seenCount++] = s.key;
  } else if (s.pos === FOUR_TEN_DECK_SIZE) {
    noteRoundEnd(s, ROUND_DECK_OUT, handsTotal(s));
    s.points += handsTotal(s);
    endRound(s, o, rng);
  } else {
    s.phase = EXCHANGE;
    s.seen[0] = s.key;
    s.seenCount = 1;
  }
}

function place(s: FourTenState, o: FourTenOptions, h: number, rng: Rng): void {
  const v = s.drawn > 0 ? s.drawn : drawTop(s);
  s.drawn = 0;
  addCard(s, h, v);
  afterChange(s, o, rng, true);
}

function replace(s: FourTenState, o: FourTenOptions, h: number, v: number, rng: Rng): void {
  removeCard(s, h, v);
  s.outOfPlay[v - 1]++;
  addCard(s, h, drawTop(s));
  afterChange(s, o, rng, true);
}

function exchange(s: FourTenState, o: FourTenOptions, e: number, rng: Rng): void {
  const side = (e >> 4) + 1;
  const a = ((e >> 2) & 3) + 1;
  const b = (e & 3) + 1;
  removeCard(s, 0, a);
  removeCard(s, side, b);
  addCard(s, 0, b);
  addCard(s, side, a);
  afterChange(s, o, rng, false);
}

// ---------------------------------------------------------------- engine functions

function numActions(): number {
  return NUM_ACTIONS;
}

function observationSize(): number {
  return OBS_SIZE;
}

function createState(): FourTenState {
  return new FourTenState();
}

function copyState(src: FourTenState, dst: FourTenState): void {
  dst.deck.set(src.deck);
  dst.pos = src.pos;
  dst.queue = src.queue;
  dst.queueNext = src.queueNext;
  dst.counts.set(src.counts);
  dst.sums.set(src.sums);
  dst.sizes.set(src.sizes);
  dst.outOfPlay.set(src.outOfPlay);
  dst.stockCounts.set(src.stockCounts);
  dst.drawn = src.drawn;
  dst.phase = src.phase;
  dst.key = src.key;
  for (let i = 0; i < src.seenCount; i++) dst.seen[i] = src.seen[i];
  dst.seenCount = src.seenCount;
  dst.points = src.points;
  dst.safeties = src.safeties;
  dst.rounds = src.rounds;
  dst.lastEnd = src.lastEnd;
  dst.lastEndSums.set(src.lastEndSums);
  dst.lastEndPoints = src.lastEndPoints;
}

/** A problem with `values` as 32-card decks (each eight of each value), or null. */
function deckProblem(values: ArrayLike<number>, what: string): string | null {
  if (values.length === 0 || values.length % FOUR_TEN_DECK_SIZE !== 0) {
    return (
      `${what} has ${plural(values.length, 'card')}; a Four Ten deck has ${FOUR_TEN_DECK_SIZE} (eight each of ` +
      `1, 2, 3, 4), and several decks are a multiple of ${FOUR_TEN_DECK_SIZE}`
    );
  }
  for (let d = 0; d * FOUR_TEN_DECK_SIZE < values.length; d++) {
    const count = [0, 0, 0, 0];
    for (let i = 0; i < FOUR_TEN_DECK_SIZE; i++) count[values[d * FOUR_TEN_DECK_SIZE + i] - 1]++;
    const off = count.map((c, v) => (c === PER_VALUE ? '' : `${c}× ${v + 1}`)).filter((t) => t);
    if (off.length) {
      const which =
        values.length > FOUR_TEN_DECK_SIZE
          ? ` deck ${d + 1} (cards ${d * FOUR_TEN_DECK_SIZE}..${d * FOUR_TEN_DECK_SIZE + 31})`
          : '';
      return `${what}${which} has ${off.join(', ')}; each deck needs eight each of 1, 2, 3, 4`;
    }
  }
  return null;
}

function parseDeck(deck: DeckInput): Uint8Array {
  const tokens = deckTokens(deck);
  const bad: string[] = [];
  const out = new Uint8Array(tokens.length);
  tokens.forEach((t, i) => {
    if (/^[1-4]$/.test(t.trim())) out[i] = Number(t.trim());
    else bad.push(`"${t}" at index ${i}`);
  });
  if (bad.length) {
    throw new TengymError(
      'bad-deck',
      `bad deck: unknown cards ${bad.slice(0, 5).join(', ')}${bad.length > 5 ? ', …' : ''} (Four Ten cards ` +
        `are 1, 2, 3, 4)`,
    );
  }
  const problem = deckProblem(out, 'the deck');
  if (problem) throw new TengymError('bad-deck', `bad deck: ${problem}`);
  return out;
}

function reset(s: FourTenState, o: FourTenOptions, rng: Rng, deck: Uint8Array | null): void {
  s.queue = deck ?? new Uint8Array(0);
  s.queueNext = 0;
  s.lastEnd = NO_ROUND_END;
  s.points = 0;
  s.safeties = o.safeties;
  s.rounds = 0;
  newRound(s, o, rng);
}

function legalActions(s: FourTenState, _o: FourTenOptions, mask: Uint8Array, legal: Int32Array): number {
  for (let i = 0; i < NUM_ACTIONS; i++) mask[i] = 0;
  let n = 0;
  const counts = s.counts;
  if (s.phase === PLACE) {
    for (let h = 0; h < 3; h++) {
      if (s.sizes[h] < HAND_SIZE) {
        mask[h] = 1;
        legal[n++] = h;
      }
    }
  } else if (s.phase === REPLACE) {
    for (let i = 0; i < 12; i++) {
      if (counts[i] > 0) {
        mask[FIRST_REPLACE + i] = 1;
        legal[n++] = FIRST_REPLACE + i;
      }
    }
  } else if (s.phase === EXCHANGE) {
    for (let e = 0; e < 32; e++) {
      const side = (e >> 4) + 1;
      const a = (e >> 2) & 3;
      const b = e & 3;
      if (a === b || counts[a] === 0 || counts[side * 4 + b] === 0) continue;
      if (wasSeen(s, s.key + EXCHANGE_DELTA[e])) continue;
      mask[FIRST_EXCHANGE + e] = 1;
      legal[n++] = FIRST_EXCHANGE + e;
    }
    mask[END_TURN] = 1;
    legal[n++] = END_TURN;
  }
  return n;
}

function step(s: FourTenState, o: FourTenOptions, action: number, rng: Rng): number {
  const points = s.points;
  const rounds = s.rounds;
  s.lastEnd = NO_ROUND_END;
  if (action < FIRST_REPLACE) place(s, o, action, rng);
  else if (action < FIRST_EXCHANGE)
    replace(s, o, (action - FIRST_REPLACE) >> 2, ((action - FIRST_REPLACE) & 3) + 1, rng);
  else if (action < END_TURN) exchange(s, o, action - FIRST_EXCHANGE, rng);
  else startTurn(s, o);
  if (o.reward === 'points') return s.points - points;
  return s.phase === BUST ? -o.maxRounds : rounds - s.rounds;
}

function status(s: FourTenState): Status {
  if (s.phase === WON || s.phase === BUST) return TERMINATED;
  return s.phase === OUT_OF_ROUNDS ? TRUNCATED : RUNNING;
}

function observe(s: FourTenState, o: FourTenOptions, out: Float32Array): void {
  for (let i = 0; i < 12; i++) out[i] = s.counts[i] / HAND_SIZE;
  for (let h = 0; h < 3; h++) {
    out[12 + h] = s.sums[h] / o.handTarget;
    out[15 + h] = s.sizes[h] / HAND_SIZE;
  }
  for (let v = 1; v <= 4; v++) out[17 + v] = s.drawn === v ? 1 : 0;
  out[22] = s.phase === PLACE ? 1 : 0;
  out[23] = s.phase === REPLACE ? 1 : 0;
  out[24] = s.phase === EXCHANGE ? 1 : 0;
  for (let v = 0; v < 4; v++) out[25 + v] = s.stockCounts[v] / PER_VALUE;
  out[29] = (FOUR_TEN_DECK_SIZE - s.pos) / FOUR_TEN_DECK_SIZE;
  out[30] = s.points / o.gameTarget;
  out[31] = o.safeties > 0 ? s.safeties / o.safeties : 0;
  out[32] = s.rounds / o.maxRounds;
}

function outcome(s: FourTenState): FourTenOutcome {
  return { won: s.phase === WON, points: s.points, rounds: s.rounds, safeties: s.safeties };
}

/** How the game ended, for a player: the points and rounds of a win, a game out of rounds, or a bust. */
function endText(s: FourTenState, _o: FourTenOptions, ending: { truncated: boolean }): string {
  const rounds = `${s.rounds} round${s.rounds === 1 ? '' : 's'}`;
  if (s.phase === WON) return `Won with ${s.points} points in ${rounds}.`;
  return ending.truncated
    ? `Out of rounds: ${s.points} points after ${rounds}.`
    : `Bust after ${rounds}, with ${s.points} points.`;
}

/**
 * 'points': the final points. 'rounds': −rounds, or −(rounds − 1) − maxRounds for a bust. A game
 * lost before `maxRounds` rounds must have busted; one lost at exactly `maxRounds` with safeties
 * left was truncated; lost at `maxRounds` with none left it may be either, so null.
 */
function expectedReturn(result: Outcome, o: FourTenOptions): number | null {
  const r = result as FourTenOutcome;
  if (o.reward === 'points') return r.points;
  if (r.won) return -r.rounds;
  if (r.rounds < o.maxRounds) return -(r.rounds - 1) - o.maxRounds;
  return r.safeties > 0 ? -r.rounds : null;
}

// ---------------------------------------------------------------- text

function describeAction(s: FourTenState, _o: FourTenOptions, action: number): string {
  if (action < FIRST_REPLACE) {
    return s.phase === PLACE && s.drawn > 0
      ? `place ${s.drawn} into ${HAND_NAMES[action]}`
      : `place the next card into ${HAND_NAMES[action]}`;
  }
  if (action < FIRST_EXCHANGE) {
    const i = action - FIRST_REPLACE;
    return `replace ${(i & 3) + 1} in ${HAND_NAMES[i >> 2]}`;
  }
  if (action < END_TURN) {
    const e = action - FIRST_EXCHANGE;
    return `exchange Hand ${((e >> 2) & 3) + 1} with ${HAND_NAMES[(e >> 4) + 1]} ${(e & 3) + 1}`;
  }
  return 'end turn';
}

function whyIllegal(s: FourTenState, _o: FourTenOptions, action: number): string {
  if (s.phase >= WON) return 'the game is over';
  if (action < FIRST_REPLACE) {
    if (s.phase === REPLACE) return 'all three hands hold 4 cards: replace one (ids 3-14)';
    if (s.phase === EXCHANGE) return "this turn's card is placed: exchange or end the turn";
    if (s.sizes[action] >= HAND_SIZE) return `${HAND_NAMES[action]} already holds 4 cards`;
  } else if (action < FIRST_EXCHANGE) {
    const i = action - FIRST_REPLACE;
    if (s.phase === PLACE) return 'a hand holds 3 cards or fewer: place the card instead';
    if (s.phase === EXCHANGE) return "this turn's card is placed: exchange or end the turn";
    if (s.counts[i] === 0) return `${HAND_NAMES[i >> 2]} holds no ${(i & 3) + 1}`;
  } else if (action < END_TURN) {
    return whyExchangeIllegal(s, action - FIRST_EXCHANGE);
  } else if (s.phase !== EXCHANGE) {
    return s.phase === REPLACE ? 'replace a card first' : 'place the drawn card first';
  }
  return 'it is legal';
}

function whyExchangeIllegal(s: FourTenState, e: number): string {
  const side = (e >> 4) + 1;
  const a = ((e >> 2) & 3) + 1;
  const b = (e & 3) + 1;
  if (s.phase !== EXCHANGE)
    return s.phase === REPLACE ? 'exchanges come after the replacement' : 'exchanges come after the placement';
  if (s.counts[a - 1] === 0) return `Hand holds no ${a}`;
  if (s.counts[side * 4 + b - 1] === 0) return `${HAND_NAMES[side]} holds no ${b}`;
  if (a === b) return 'swapping equal values changes nothing (that configuration was already seen this turn)';
  if (wasSeen(s, s.key + EXCHANGE_DELTA[e])) return 'it recreates a configuration already seen this turn';
  return 'it is legal';
}

function handValues(counts: ArrayLike<number>, h: number): string[] {
  const out: string[] = [];
  for (let v = 1; v <= 4; v++) for (let k = 0; k < counts[h * 4 + v - 1]; k++) out.push(String(v));
  return out;
}

function render(s: FourTenState, o: FourTenOptions): string {
  const lines: string[] = [];
  const round =
    s.phase >= WON ? `after ${plural(s.rounds, 'round')}` : `round ${s.rounds + 1} (at most ${o.maxRounds})`;
  lines.push(`Four Ten, ${round} · points ${s.points}/${o.gameTarget} · safeties ${s.safeties}/${o.safeties}`);
  for (let h = 0; h < 3; h++) {
    const cards = handValues(s.counts, h).join(' ') || '-';
    lines.push(`${HAND_NAMES[h].padEnd(7)} ${cards.padEnd(8)} = ${s.sums[h]}`);
  }
  const stock = [1, 2, 3, 4].map((v) => `${v}:${s.stockCounts[v - 1]}`).join(' ');
  const out = s.outOfPlay[0] + s.outOfPlay[1] + s.outOfPlay[2] + s.outOfPlay[3];
  lines.push(
    `${s.drawn ? `Drawn ${s.drawn} · ` : ''}stock ${FOUR_TEN_DECK_SIZE - s.pos} (${stock}) · out of play ${out}`,
  );
  lines.push(phaseLine(s, o));
  return lines.join('\n');
}

function phaseLine(s: FourTenState, o: FourTenOptions): string {
  switch (s.phase) {
    case PLACE:
      return s.drawn
        ? `Place the ${s.drawn} into a hand with 3 cards or fewer.`
        : 'Choose a hand with 3 cards or fewer for the next card.';
    case REPLACE:
      return 'All hands hold 4: choose a card to replace with the next one.';
    case EXCHANGE:
      return `Exchange a Hand card with Home or Shadow, or end the turn (Hand ${o.handTarget} scores).`;
    case WON:
      return `Won with ${s.points} points.`;
    case BUST:
      return 'Bust: a fault with no safeties and too few points to pay for it.';
    default:
      return `Out of rounds: ${o.maxRounds} rounds ended without reaching ${o.gameTarget} points.`;
  }
}

/** Why hands of these values fault, in the order the rules list the checks. */
function faultReason(hand: number, home: number, shadow: number, o: FourTenOptions): string {
  const values = [hand, home, shadow];
  for (let h = 0; h < 3; h++)
    if (values[h] > o.handTarget) return `${HAND_NAMES[h]} ${values[h]} is over ${o.handTarget}`;
  if (shadow > hand) return `Shadow ${shadow} is above Hand ${hand}`;
  return `Home ${home} is below Hand ${hand}`;
}

/** How the last step ended a round, with its reason and its cost; then the game's end, if it came. */
function stepNote(s: FourTenState, o: FourTenOptions): string | null {
  if (s.lastEnd === NO_ROUND_END) return null;
  const [hand, home, shadow] = s.lastEndSums;
  const round = `Round ${s.rounds} ends`;
  let note: string;
  switch (s.lastEnd) {
    case ROUND_SCORED:
      note = `Hand makes ${o.handTarget}: +${plural(s.lastEndPoints, 'point')}. ${round}.`;
      break;
    case ROUND_DECK_OUT:
      note =
        `The deck is used up: +${plural(s.lastEndPoints, 'point')} (Hand ${hand} + Home ${home} + Shadow ` +
        `${shadow}). ${round}.`;
      break;
    case ROUND_FAULT_SAFETY:
      note =
        `Fault: ${faultReason(hand, home, shadow, o)}. A safety pays for it (${s.safeties} of ${o.safeties} ` +
        `left). ${round} with no points.`;
      break;
    case ROUND_FAULT_PAID:
      note =
        `Fault: ${faultReason(hand, home, shadow, o)}. No safety is left: it costs ` +
        `${plural(s.lastEndPoints, 'point')} ` +
        `(Hand + Home + Shadow). ${round}.`;
      break;
    default:
      return (
        `Bust: a fault (${faultReason(hand, home, shadow, o)}) with no safety left and ` +
        `${plural(s.points, 'point')}, fewer than the ${s.lastEndPoints} it costs. The game is lost.`
      );
  }
  if (s.phase === WON) note += ` Won with ${plural(s.points, 'point')} in ${plural(s.rounds, 'round')}.`;
  else if (s.phase === OUT_OF_ROUNDS)
    note += ` That was the last of ${plural(o.maxRounds, 'round')}: the game stops at ${plural(s.points, 'point')}.`;
  else note += ` Points ${s.points} of ${o.gameTarget}.`;
  return note;
}

/** What the player is asked now (the last line of render while the game runs). */
function prompt(s: FourTenState, o: FourTenOptions): string {
  return s.phase >= WON ? '' : phaseLine(s, o);
}

// ---------------------------------------------------------------- for hints and a front end

/** Where a card of value v in hand h lies, as the state JSON places it (`game[hand][index]`, values sorted). */
function handSpot(s: FourTenState, h: number, v: number): CardSpot {
  let index = 0;
  for (let u = 1; u < v; u++) index += s.counts[h * 4 + u - 1];
  return { place: JSON_NAMES[h], index: s.counts[h * 4 + v - 1] > 0 ? index : -1, code: String(v) };
}

function actionCards(s: FourTenState, _o: FourTenOptions, action: number): CardSpot[] {
  if (action < FIRST_REPLACE) return s.drawn ? [{ place: 'drawn', index: 0, code: String(s.drawn) }] : [];
  if (action < FIRST_EXCHANGE) return [handSpot(s, (action - FIRST_REPLACE) >> 2, ((action - FIRST_REPLACE) & 3) + 1)];
  if (action < END_TURN) {
    const e = action - FIRST_EXCHANGE;
    return [handSpot(s, 0, ((e >> 2) & 3) + 1), handSpot(s, (e >> 4) + 1, (e & 3) + 1)];
  }
  return []; // the end of the turn
}

function board(s: FourTenState, o: FourTenOptions): BoardView {
  const rows = JSON_NAMES.map((name, h) => {
    const cards = handValues(s.counts, h).map((code, index) => ({ place: name, index, code }));
    // Ids 0–2 place the drawn card into Hand, Home, Shadow.
    return {
      name,
      label: HAND_NAMES[h],
      action: h,
      room: HAND_SIZE,
      cards,
      note: `= ${s.sums[h]}`,
      made: h === 0 && s.sums[0] === o.handTarget,
    };
  });
  const stockSize = FOUR_TEN_DECK_SIZE - s.pos;
  const safeties =
    o.safeties > 0 && o.safeties <= 10
      ? '●'.repeat(s.safeties) + '○'.repeat(Math.max(0, o.safeties - s.safeties))
      : `${s.safeties} / ${o.safeties}`;
  const facts = [
    { term: 'Points', value: `${s.points} / ${o.gameTarget}`, name: 'points' },
    // ●●○ read aloud is "black circle, black circle, white circle": said as what it counts.
    { term: 'Safeties', value: safeties, name: 'safeties', spoken: `${s.safeties} of ${o.safeties} left` },
    { term: 'Round', value: String(s.rounds + (s.phase < WON ? 1 : 0)), name: 'round' },
    { term: 'Stock', value: [1, 2, 3, 4].map((v) => `${v}: ${s.stockCounts[v - 1]}`).join(' · '), name: 'stock' },
  ];
  const outOfPlay: string[] = [];
  for (let v = 1; v <= 4; v++) for (let k = 0; k < s.outOfPlay[v - 1]; k++) outOfPlay.push(String(v));
  if (outOfPlay.length > 0) facts.push({ term: 'Out of play', value: outOfPlay.join(' '), name: 'out-of-play' });
  return {
    style: 'four-ten',
    parts: [
      { kind: 'rows', rows },
      {
        kind: 'piles',
        piles: [
          { kind: 'card', label: 'drawn', card: s.drawn ? { place: 'drawn', index: 0, code: String(s.drawn) } : null },
          {
            kind: 'stock',
            count: stockSize,
            label: 'stock',
            tappable: false,
            title: 'cards of each value still in the stock',
          },
        ],
      },
      { kind: 'facts', facts },
    ],
  };
}

// ---------------------------------------------------------------- JSON

const cardSchema = z.enum(['1', '2', '3', '4']);
const handSchema = z.array(cardSchema).check(z.maxLength(HAND_SIZE));
const configSchema = z.strictObject({ hand: handSchema, home: handSchema, shadow: handSchema });

const stateSchema = z.strictObject({
  phase: z.enum(PHASE_NAMES),
  points: z.int().check(z.minimum(0)),
  safeties: z.int().check(z.minimum(0)),
  rounds: z.int().check(z.minimum(0)),
  hand: handSchema,
  home: handSchema,
  shadow: handSchema,
  drawn: z.nullable(cardSchema),
  outOfPlay: z.array(cardSchema).check(z.maxLength(FOUR_TEN_DECK_SIZE)),
  stock: z.array(cardSchema).check(z.maxLength(FOUR_TEN_DECK_SIZE)),
  queuedDecks: z.array(z.array(cardSchema).check(z.length(FOUR_TEN_DECK_SIZE))),
  seenThisTurn: z.array(configSchema).check(z.maxLength(SEEN_CAPACITY)),
});

/** The JSON form: cards as "1".."4", hands sorted, the stock in order (top first). */
export interface FourTenJSON {
  phase: (typeof PHASE_NAMES)[number];
  points: number;
  safeties: number;
  rounds: number;
  hand: string[];
  home: string[];
  shadow: string[];
  drawn: string | null;
  outOfPlay: string[];
  stock: string[];
  queuedDecks: string[][];
  seenThisTurn: { hand: string[]; home: string[]; shadow: string[] }[];
}

function keyToConfig(key: number): { hand: string[]; home: string[]; shadow: string[] } {
  const counts = new Uint8Array(12);
  keyCounts(key, counts);
  return { hand: handValues(counts, 0), home: handValues(counts, 1), shadow: handValues(counts, 2) };
}

function configKey(c: { hand: string[]; home: string[]; shadow: string[] }): number {
  let key = 0;
  JSON_NAMES.forEach((name, h) => c[name].forEach((v) => (key += POW5[h * 4 + Number(v) - 1])));
  return key;
}

function toJSON(s: FourTenState): FourTenJSON {
  const queued: string[][] = [];
  for (let d = s.queueNext * FOUR_TEN_DECK_SIZE; d < s.queue.length; d += FOUR_TEN_DECK_SIZE) {
    queued.push(Array.from(s.queue.subarray(d, d + FOUR_TEN_DECK_SIZE), String));
  }
  const outOfPlay: string[] = [];
  for (let v = 1; v <= 4; v++) for (let k = 0; k < s.outOfPlay[v - 1]; k++) outOfPlay.push(String(v));
  const seen: FourTenJSON['seenThisTurn'] = [];
  for (let i = 0; i < s.seenCount; i++) seen.push(keyToConfig(s.seen[i]));
  return {
    phase: PHASE_NAMES[s.phase],
    points: s.points,
    safeties: s.safeties,
    rounds: s.rounds,
    hand: handValues(s.counts, 0),
    home: handValues(s.counts, 1),
    shadow: handValues(s.counts, 2),
    drawn: s.drawn ? String(s.drawn) : null,
    outOfPlay: outOfPlay,
    stock: Array.from(s.deck.subarray(s.pos), String),
    queuedDecks: queued,
    seenThisTurn: seen,
  };
}

function fromJSON(json: unknown, o: FourTenOptions, s: FourTenState): void {
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success) throw new TengymError('bad-state', `bad four-ten state: ${formatZodError(parsed.error)}`);
  const j = parsed.data;
  s.lastEnd = NO_ROUND_END;
  clearHands(s);
  JSON_NAMES.forEach((name, h) => j[name].forEach((v) => addCard(s, h, Number(v))));
  s.drawn = j.drawn === null ? 0 : Number(j.drawn);
  s.outOfPlay.fill(0);
  j.outOfPlay.forEach((v) => s.outOfPlay[Number(v) - 1]++);
  loadDeck(s, j);
  s.queue = Uint8Array.from(j.queuedDecks.flat(), Number);
  s.queueNext = 0;
  s.seenCount = j.seenThisTurn.length;
  j.seenThisTurn.forEach((c, i) => (s.seen[i] = configKey(c)));
  s.phase = PHASE_NAMES.indexOf(j.phase);
  s.points = j.points;
  s.safeties = j.safeties;
  s.rounds = j.rounds;
  const problem = checkState(s, o);
  if (problem) throw new TengymError('bad-state', `bad four-ten state: ${problem}`);
}

/** The stock goes at the deck's end; the drawn part before it holds the cards already drawn. */
function loadDeck(s: FourTenState, j: FourTenJSON): void {
  const drawnPart: number[] = [];
  for (let i = 0; i < 12; i++) for (let k = 0; k < s.counts[i]; k++) drawnPart.push((i & 3) + 1);
  for (let v = 1; v <= 4; v++) for (let k = 0; k < s.outOfPlay[v - 1]; k++) drawnPart.push(v);
  if (s.drawn) drawnPart.push(s.drawn);
  s.pos = FOUR_TEN_DECK_SIZE - j.stock.length;
  s.deck.fill(0);
  for (let i = 0; i < s.pos && i < drawnPart.length; i++) s.deck[i] = drawnPart[i];
  j.stock.forEach((v, i) => (s.deck[s.pos + i] = Number(v)));
  s.stockCounts.fill(0);
  j.stock.forEach((v) => s.stockCounts[Number(v) - 1]++);
}

// ---------------------------------------------------------------- invariants

function checkState(s: FourTenState, o: FourTenOptions): string | null {
  return checkCards(s) ?? checkCaches(s) ?? checkPhase(s, o) ?? checkSeen(s, o) ?? checkScore(s, o);
}

/** Every card of the round in exactly one place: hands, out of play, drawn, stock. */
function checkCards(s: FourTenState): string | null {
  const problems: string[] = [];
  for (let v = 1; v <= 4; v++) {
    const inHands = s.counts[v - 1] + s.counts[4 + v - 1] + s.counts[8 + v - 1];
    const total = inHands + s.outOfPlay[v - 1] + (s.drawn === v ? 1 : 0) + s.stockCounts[v - 1];
    if (total !== PER_VALUE) {
      problems.push(
        `${total} cards of value ${v} (${inHands} in hands, ${s.outOfPlay[v - 1]} out of play, ` +
          `${s.drawn === v ? 1 : 0} ` +
          `drawn, ${s.stockCounts[v - 1]} in the stock)`,
      );
    }
  }
  if (problems.length) return `the round's cards must be eight of each value, found ${problems.join('; ')}`;
  for (let h = 0; h < 3; h++)
    if (s.sizes[h] > HAND_SIZE) return `${HAND_NAMES[h]} holds ${s.sizes[h]} cards, at most 4 allowed`;
  const out = s.outOfPlay[0] + s.outOfPlay[1] + s.outOfPlay[2] + s.outOfPlay[3];
  if (out > 0 && s.sizes[0] + s.sizes[1] + s.sizes[2] !== 12)
    return 'cards are out of play only after a replacement, which needs all three hands full';
  const queued = s.queue.subarray(s.queueNext * FOUR_TEN_DECK_SIZE);
  return queued.length ? deckProblem(queued, 'queuedDecks') : null;
}

/** The derived fields agree with the deck and the counts. */
function checkCaches(s: FourTenState): string | null {
  if (s.pos < 0 || s.pos > FOUR_TEN_DECK_SIZE) return `deck position ${s.pos} out of 0..32`;
  const stock = [0, 0, 0, 0];
  for (let i = s.pos; i < FOUR_TEN_DECK_SIZE; i++) {
    if (s.deck[i] < 1 || s.deck[i] > 4) return `stock card ${s.deck[i]} is not 1..4`;
    stock[s.deck[i] - 1]++;
  }
  for (let v = 0; v < 4; v++) if (stock[v] !== s.stockCounts[v]) return 'stock counts do not match the stock';
  let key = 0;
  for (let h = 0; h < 3; h++) {
    let sum = 0;
    let size = 0;
    for (let v = 1; v <= 4; v++) {
      const c = s.counts[h * 4 + v - 1];
      sum += c * v;
      size += c;
      key += c * POW5[h * 4 + v - 1];
    }
    if (sum !== s.sums[h] || size !== s.sizes[h]) return `${HAND_NAMES[h]}'s value or size does not match its cards`;
  }
  return key === s.key ? null : 'configuration key does not match the hands';
}

function checkPhase(s: FourTenState, o: FourTenOptions): string | null {
  const full = s.sizes[0] === HAND_SIZE && s.sizes[1] === HAND_SIZE && s.sizes[2] === HAND_SIZE;
  const stockLeft = FOUR_TEN_DECK_SIZE - s.pos;
  const running = s.phase <= EXCHANGE;
  if (s.phase === PLACE && full) return 'phase "place" but all three hands hold 4 cards (that is "replace")';
  if (s.phase === REPLACE && !full) return 'phase "replace" but a hand holds fewer than 4 cards (that is "place")';
  if (s.phase === PLACE && o.drawVisible && !s.drawn) return 'phase "place" with drawVisible needs the drawn card';
  if (s.drawn && !(s.phase === PLACE && o.drawVisible))
    return 'a drawn card shows only in phase "place" with drawVisible';
  if (running && !s.drawn && stockLeft === 0) return 'the stock is empty, so the round should have ended';
  if (running && isRoundOver(s, o)) return 'the hands score or fault, so the round should have ended';
  if (s.phase === EXCHANGE && s.seenCount === 0)
    return 'phase "exchange" needs seenThisTurn (at least the configuration after the placement)';
  if (s.phase !== EXCHANGE && s.seenCount > 0) return 'seenThisTurn is kept only in phase "exchange"';
  return null;
}

function isRoundOver(s: FourTenState, o: FourTenOptions): boolean {
  return s.sums[0] === o.handTarget || isFault(s, o.handTarget);
}

/** Seen configurations: distinct, reachable by exchanges from the current one, none ending the round. */
function checkSeen(s: FourTenState, o: FourTenOptions): string | null {
  if (s.seenCount === 0) return null;
  if (!wasSeen(s, s.key)) return 'seenThisTurn must include the current configuration';
  const probe = new FourTenState();
  for (let i = 0; i < s.seenCount; i++) {
    for (let k = 0; k < i; k++) if (s.seen[k] === s.seen[i]) return `seenThisTurn[${i}] repeats seenThisTurn[${k}]`;
    keyCounts(s.seen[i], probe.counts);
    for (let h = 0; h < 3; h++) {
      probe.sums[h] = 0;
      probe.sizes[h] = 0;
      for (let v = 1; v <= 4; v++) {
        probe.sums[h] += probe.counts[h * 4 + v - 1] * v;
        probe.sizes[h] += probe.counts[h * 4 + v - 1];
      }
      if (probe.sizes[h] !== s.sizes[h])
        return `seenThisTurn[${i}]: ${HAND_NAMES[h]} holds ${probe.sizes[h]} cards, exchanges keep it at ${s.sizes[h]}`;
    }
    for (let v = 0; v < 4; v++) {
      if (
        probe.counts[v] + probe.counts[4 + v] + probe.counts[8 + v] !==
        s.counts[v] + s.counts[4 + v] + s.counts[8 + v]
      ) {
        return `seenThisTurn[${i}] holds other cards than the hands`;
      }
    }
    if (isRoundOver(probe, o)) return `seenThisTurn[${i}] scores or faults, so the round would have ended there`;
  }
  return null;
}

const DECK_OUT_CACHE = new Map<number, number>();

/**
 * The most points the bottom of the deck can add under `handTarget` t: the round's 32 cards are
 * drawn, so 20 or more are out of play (replaced, which needs three full hands, and keeps them full);
 * the three full hands must pass the check (`judgeHands` gives nothing) and hold at most eight cards
 * of each value. 0 when no such hands exist (t ≤ 4: Hand would be below t with four cards).
 */
export function maxDeckOutPoints(t: number): number {
  const cached = DECK_OUT_CACHE.get(t);
  if (cached !== undefined) return cached;
  // Each full hand's counts of 1..4 (35 multisets of four cards).
  const hands: number[][] = [];
  for (let a = 0; a <= HAND_SIZE; a++)
    for (let b = 0; a + b <= HAND_SIZE; b++)
      for (let c = 0; a + b + c <= HAND_SIZE; c++) hands.push([a, b, c, HAND_SIZE - a - b - c]);
  const sum = (h: number[]) => h[0] + 2 * h[1] + 3 * h[2] + 4 * h[3];
  const rules = { handTarget: t, check: 'points-first' as const };
  let most = 0;
  for (const hand of hands) {
    for (const home of hands) {
      for (const shadow of hands) {
        if (hand.some((n, v) => n + home[v] + shadow[v] > PER_VALUE)) continue;
        const total = sum(hand) + sum(home) + sum(shadow);
        if (total > most && judgeHands(sum(hand), sum(home), sum(shadow), rules) === NOTHING) most = total;
      }
    }
  }
  DECK_OUT_CACHE.set(t, most);
  return most;
}

/**
 * The most Hand, Home and Shadow can be under `handTarget` t: a running turn has Shadow ≤ Hand ≤
 * t − 1 and Home ≤ t; one change adds at most 4 (a placement, into at most three cards) or 3 (an
 * exchange or a replacement); four cards make 16 at most.
 */
function handMosts(t: number): [number, number, number] {
  const most = HAND_SIZE * 4;
  return [Math.min(t + 3, most), Math.min(t + 4, most), Math.min(t + 3, most)];
}

/**
 * The most points one round adds: `handTarget` t when Hand can reach it (t ≤ 16, four cards of at
 * most 4), or the bottom of the deck (`maxDeckOutPoints`). The state checks and the observation's
 * bounds both use it: 28 for t = 10.
 */
export function maxRoundPoints(o: Pick<FourTenOptions, 'handTarget'>): number {
  const t = o.handTarget;
  return Math.max(t <= HAND_SIZE * 4 ? t : 0, maxDeckOutPoints(t));
}

/** The observation's bounds (the table in the doc comment above). */
function observationBounds(o: FourTenOptions): ObservationBounds {
  const t = o.handTarget;
  const low = new Float32Array(OBS_SIZE);
  const high = new Float32Array(OBS_SIZE).fill(1);
  const most = handMosts(t);
  for (let h = 0; h < 3; h++) high[12 + h] = most[h] / t;
  if (o.drawVisible) high[29] = (FOUR_TEN_DECK_SIZE - 1) / FOUR_TEN_DECK_SIZE;
  high[30] = (o.gameTarget - 1 + maxRoundPoints(o)) / o.gameTarget;
  return { low, high };
}

function checkScore(s: FourTenState, o: FourTenOptions): string | null {
  if (s.safeties > o.safeties) return `${s.safeties} safeties left, the game has ${o.safeties}`;
  if (s.rounds > o.maxRounds) return `${s.rounds} rounds ended, maxRounds is ${o.maxRounds}`;
  if (s.phase <= EXCHANGE) {
    if (s.points >= o.gameTarget)
      return `${s.points} points reach gameTarget ${o.gameTarget}, so the game should be won`;
    if (s.rounds >= o.maxRounds) return `${s.rounds} rounds ended, so the game should be truncated`;
    return checkCounters(s, o);
  }
  if (s.rounds === 0) return `phase "${PHASE_NAMES[s.phase]}" needs at least one ended round`;
  // The hands a game ends with are one change from hands that passed the check (observationBounds).
  const most = handMosts(o.handTarget);
  for (let h = 0; h < 3; h++) {
    if (s.sums[h] > most[h])
      return (
        `${HAND_NAMES[h]} is ${s.sums[h]} at the end; one change from hands that pass the check makes it ${most[h]} ` +
        `at most`
      );
  }
  if (s.phase === WON && s.points < o.gameTarget)
    return `phase "won" with ${s.points} points, below gameTarget ${o.gameTarget}`;
  if (s.phase !== WON && s.points >= o.gameTarget)
    return `phase "${PHASE_NAMES[s.phase]}" with ${s.points} points, which reach gameTarget`;
  if (s.phase === BUST && s.safeties > 0) return 'phase "bust" with safeties left';
  if (s.phase === OUT_OF_ROUNDS && s.rounds !== o.maxRounds)
    return `phase "truncated" after ${s.rounds} rounds, maxRounds is ${o.maxRounds}`;
  const counters = checkCounters(s, o);
  if (counters !== null) return counters;
  if (s.phase === WON && s.points > o.gameTarget - 1 + maxRoundPoints(o)) {
    return (
      `phase "won" with ${s.points} points; the winning round starts below gameTarget ${o.gameTarget} and adds ` +
      `at most ${maxRoundPoints(o)}`
    );
  }
  return null;
}

function checkCounters(s: FourTenState, o: FourTenOptions): string | null {
  // The counters agree with the rounds: points come only from ended rounds, and each safety
  // used paid a fault that ended its round (a bust ends a round with no safety left to use).
  const most = s.rounds * maxRoundPoints(o);
  if (s.points > most)
    return (
      `${s.points} points after ${s.rounds} ended rounds; a round adds at most ${maxRoundPoints(o)}, so at most ` +
      `${most}`
    );
  const used = o.safeties - s.safeties;
  const faultRounds = s.phase === BUST ? s.rounds - 1 : s.rounds;
  if (used > Math.max(faultRounds, 0))
    return (
      `${used} safeties used after ${s.rounds} ended rounds${s.phase === BUST ? ' (the last a bust)' : ''}; ` +
      `each safety pays the fault that ends a round`
    );
  return null;
}

export const fourTenGame: Game<FourTenOptions, FourTenState> = {
  name: 'four-ten',
  result: FOUR_TEN_RESULT,
  optionsSchema: fourTenOptionsSchema,
  numActions,
  observationSize,
  observationBounds,
  createState,
  copyState,
  parseDeck,
  reset,
  legalActions,
  step,
  status,
  observe,
  outcome,
  expectedReturn,
  describeAction,
  whyIllegal,
  render,
  toJSON,
  fromJSON,
  checkState,
  sameOutcome: false,
  actionCards,
  moveKind: (_s, _o, action) =>
    action < FIRST_REPLACE
      ? 'place'
      : action < FIRST_EXCHANGE
        ? 'replace'
        : action < END_TURN
          ? 'exchange'
          : 'end-turn',
  prompt,
  board,
  stepNote,
  endText,
  inconsistencies: fourTenInconsistencies,
};

/**
 * The Four Ten state and options of an env of this engine (for agents and features, which only read them), or null for
 * an env of another engine.
 */
export function fourTenOf(env: EngineView): { state: FourTenState; options: FourTenOptions } | null {
  return env.game === fourTenGame
    ? { state: env.rawState as FourTenState, options: env.options as FourTenOptions }
    : null;
}

/**
 * Changes to a Four Ten state's JSON that no play could give (the engine's `inconsistencies`, which
 * the fuzz tries and `fromJSON`/`checkState` must refuse): more points than the ended rounds could
 * score, more safeties used than rounds ended.
 */
function fourTenInconsistencies(game: Record<string, unknown>, o: Record<string, unknown>, rng: Rng): (() => string)[] {
  if (typeof game.points !== 'number' || typeof game.rounds !== 'number') return [];
  const changes: (() => string)[] = [];
  const rounds = game.rounds as number;
  const most = rounds * maxRoundPoints({ handTarget: o.handTarget as number });
  changes.push(() => {
    game.points = most + 1 + randomInt(rng, 0, 100);
    return `${String(game.points)} points after ${rounds} ended rounds`;
  });
  const safeties = o.safeties as number;
  if (safeties > rounds) {
    changes.push(() => {
      game.safeties = randomInt(rng, 0, safeties - rounds - 1);
      return `${safeties - (game.safeties as number)} safeties used after ${rounds} ended rounds`;
    });
  }
  return changes;
}
