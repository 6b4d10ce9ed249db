/**
 * Decade (`decade`) and its family: `decade-open`, `decade-optional`, `decade-max3`, `decade-loop`,
 * `decade-fives`, `decade-stacks` and `ten-twenty-thirty` are option presets over this
 * one engine (docs/rules.md, "Decade" and "Ten-Twenty-Thirty").
 *
 * Cards are dealt from the stock to the right end of a line (or, with seven stacks, onto
 * the stacks in rotation). A run of at least `minRun` consecutive cards of the current
 * line or stack whose values total 10, 20 or 30 may be discarded; the gap closes. Values:
 * A=1 … 9, T/J/Q/K=10. Fewer cards left is better; none left wins.
 *
 * ## Options
 *
 * | option     | values                         | default     | meaning |
 * |------------|--------------------------------|-------------|---------|
 * | `stacks`   | 1, 7                           | 1           | one line, or seven stacks dealt in rotation (stack k starts with deck[k]); a stack emptied by a discard is eliminated and skipped from then on. The single line is never eliminated: an emptied line receives the next card |
 * | `minRun`   | integer 2..14                  | 2           | fewest cards in a run (no run can be longer than 14) |
 * | `maxRun`   | integer ≥ `minRun`, or null    | null        | most cards in a run; null = unlimited (in effect 14). 3 is the traditional "at most three" variant |
 * | `loop`     | boolean                        | false       | each line or stack is a loop: runs may wrap around the ends and must include the top card (the one placed last) |
 * | `fives`    | boolean                        | false       | totals 5, 15, 25 and 35 also discard |
 * | `discard`  | 'forced', 'optional'           | 'forced'    | forced: drawing is legal only when no run is; optional: the player may draw instead |
 * | `pickedUp` | 'discard', 'deck-bottom'       | 'discard'   | where discarded cards go; 'deck-bottom' puts them under the stock, oldest position first (classic 10-20-30) |
 * | `win`      | 'empty', 'one-left'            | 'empty'     | a finished game with 0 (or at most 1) cards on the table is won |
 * | `maxSteps` | integer 1..100000              | 5000        | actions since reset before the episode is truncated (capped: with 'deck-bottom' a game can cycle) |
 * | `reward`   | 'win', 'cards'                 | 'win'       | +1 on the last step of a won game, or +L for every run of L cards discarded |
 * | `dealAll`  | boolean, or left out           | left out    | true: all 52 cards are dealt face up in the line at the start, and there is no stock (one line only). Absent rather than false by default, so the options of the ids without it read as before |
 *
 * ## Actions (677 ids)
 *
 * | id                        | action |
 * |---------------------------|--------|
 * | 0                         | draw: the stock's top card goes to the right end of the line (7 stacks: onto the next live stack in rotation after the current one) |
 * | 1 + s*13 + (L-2)          | discard the run of L cards (2 ≤ L ≤ 14) starting at position s (0 ≤ s ≤ 51; 0 = the oldest card) of the current line or stack |
 *
 * The current stack is the one that received the last card (stack 6 right after the deal).
 * Without `loop` a run is any window s … s+L-1. With `loop` it covers positions s, s+1, …,
 * s+L-1 modulo the stack length n, must include the top card (position n-1), and a run of
 * the whole stack has only the id with s = 0. Example (loop, maxRun 3): in 4 8 3 3 J 6 the
 * run J 6 4 (20) is s = 4, L = 3: id 54. Draw is legal iff the stock is not empty, a stack
 * is live and (`discard: 'optional'` or no run is legal).
 *
 * ## Observation (Float32Array of 523*S + 12 floats; S = `stacks`: 535 or 3673)
 *
 * | index                       | meaning |
 * |-----------------------------|---------|
 * | [0, 520*S)                  | card values: stack k, position p (0 = oldest) is the 10-way one-hot at (k*52 + p)*10 + (value-1); all zero past the stack's end. Suits never matter, so only values are shown |
 * | [520*S, 521*S)              | cards in stack k / 52 |
 * | [521*S, 522*S)              | 1 if stack k is eliminated (always 0 with one stack) |
 * | [522*S, 523*S)              | 1 at the current stack (the one that received the last card) |
 * | [523*S, 523*S+10)           | stock composition: cards of value v = 1..10 in the stock / (4 for 1..9, 16 for 10) |
 * | 523*S+10                    | stock size / 52 |
 * | 523*S+11                    | steps taken / maxSteps |
 *
 * Bounds (`observationBounds`), D = cards the deal puts on the table (3 on a line, 7 on stacks, 52 with `dealAll`):
 *
 * | index                       | low | high | why |
 * |-----------------------------|-----|------|-----|
 * | [0, 520*S), [520*S, 521*S)  | 0   | 1    | one-hots; a stack holds 52 cards at most |
 * | [521*S, 523*S)              | 0   | 1    | flags (on one line always 0 and 1, bounded as flags all the same: a feature whose low equals its high makes Gymnasium warn, and divides by zero in a (x − low)/(high − low) scaling) |
 * | [523*S, 523*S+10)           | 0   | 1    | a value none of whose cards were dealt has all of them in the stock |
 * | 523*S+10                    | 0   | max(52 − D, 1)/52, or 1 with 'deck-bottom' | the deal leaves 52 − D; picked-up cards going under the stock can bring back all 52. With `dealAll` the stock is always empty, and 1/52 keeps the range from being empty |
 * | 523*S+11                    | 0   | min(maxSteps, 52 − D + ⌊52/minRun⌋)/maxSteps, or 1 with 'deck-bottom' | the episode is truncated at maxSteps; without 'deck-bottom' a game has at most 52 − D draws and ⌊52/minRun⌋ discards |
 *
 * The stock's order is hidden, only its composition is shown. With 'deck-bottom' the order
 * of the picked-up cards under the stock could be remembered by a player; the observation
 * still shows only the composition (an agent that wants the order must keep it itself).
 *
 * ## Rewards
 *
 * 'win': +1 on the step that ends a won game, else 0. 'cards': +L for a discarded run of L
 * cards, 0 for a draw (with 'deck-bottom' a card can count again).
 *
 * ## Episode end
 *
 * Terminated when no action is legal (with 7 stacks this includes every stack eliminated).
 * Truncated when `maxSteps` actions have been taken and the game has not ended; a step that
 * both ends the game and reaches the limit is terminated. A truncated game is never won.
 * Outcome: `cardsLeft` = cards on the table; `won` = terminated with `cardsLeft` = 0
 * ('empty') or ≤ 1 ('one-left'). With one stack the game can only end with the stock empty,
 * so 'empty' then means all 52 cards discarded. With 7 stacks, the game is won when every
 * stack is eliminated (the traditional rule), even if undealt cards remain in the stock; with
 * 'deck-bottom' that is the only way to win (the picked-up cards are all in the stock), and
 * with one stack and 'deck-bottom' the game can never be won.
 *
 * The run rule (what a card counts, the totals that discard, the run lengths and so the action ids and the
 * one-hot width) is a declaration, `DECADE_RULE` (src/env/layouts/line-rule.ts); `lineGame` builds a line game
 * from another rule and options schema, as Seven Up does (src/games/seven-up/engine.ts).
 *
 * Past 600 lines on purpose: one hot path serves eight ids, whose options meet in the same loops; split, each
 * option's code would be spread over files.
 */
import * as z from 'zod/mini';
import { DECK_SIZE, cardCode, cardLabel, orderedDeck, parseCardCode, parseStandardDeck } from '../../env/cards.js';
import { TengymError, formatZodError } from '../../env/errors.js';
import {
  RUNNING,
  TERMINATED,
  TRUNCATED,
  CARDS_LEFT_RESULT,
  type CardOutcome,
  type DeckInput,
  type EngineView,
  type EnvConfig,
  type Game,
  type ObservationBounds,
  type Outcome,
  type Status,
} from '../../env/game.js';
import { randomInt, shuffleInPlace, type Rng } from '../../env/rng.js';
import type { BoardPart, BoardPile, BoardView, CardSpot } from '../../env/board.js';
import {
  type LineRule,
  type LineRunMemo,
  cardsPerValue,
  createLineRunMemo,
  forgetLineChanges,
  noteLineChange,
  lineActions,
  lineRunId,
  lineRunLength,
  lineRunStart,
  lengthsOf,
  straightLineRuns,
  totalsTable,
} from '../../env/layouts/line-rule.js';

/** Positions per stack: one stack may, in the worst case, hold every card. */
const SLOTS = DECK_SIZE;
export const MAX_STACKS = 7;
/** No 15 cards total 35 or less (4 aces, 4 twos, 4 threes and 3 fours make 36). */
export const MAX_RUN_LENGTH = 14;
const LENGTHS_PER_START = 13;
/** The largest total a run can have (fives: 35). */
export const MAX_RUN_TOTAL = 35;
/** Action ids: 0 draws, the rest are runs (`runActionId`); one more than the largest id. */
export const DECADE_ACTIONS = 1 + SLOTS * LENGTHS_PER_START;
export const DRAW = 0;

/** Card value by card code: A=1 … 9, T/J/Q/K=10. */
export const CARD_VALUE = Uint8Array.from({ length: DECK_SIZE }, (_, c) => Math.min((c >> 2) + 1, 10));

const TENS_TOTALS = totalsTable(MAX_RUN_TOTAL, (t) => t % 10 === 0);
const FIVES_TOTALS = totalsTable(MAX_RUN_TOTAL, (t) => t % 5 === 0);

/** good[t] = 1 when a run totalling t (0..MAX_RUN_TOTAL) discards under these options. Shared: do not write to it. */
export function runTotals(o: Pick<DecadeOptions, 'fives'>): Uint8Array {
  return o.fives ? FIVES_TOTALS : TENS_TOTALS;
}

/** Decade's run rule: values capped at 10, totals 10, 20, 30 (with `fives` every multiple of 5), 2 to 14 cards. */
export const DECADE_RULE: LineRule = {
  value: CARD_VALUE,
  values: 10,
  perValue: cardsPerValue(CARD_VALUE, 10),
  shortest: 2,
  longest: MAX_RUN_LENGTH,
  maxTotal: MAX_RUN_TOTAL,
  good: (o) => runTotals(o as DecadeOptions),
  totalsText: (o) => ((o as DecadeOptions).fives ? '5, 10, 15, 20, 25, 30 or 35' : '10, 20 or 30'),
  // ≤ 52 draws + 26 discards.
  stepsWithoutCycles: 78,
};

/** The most `maxSteps` takes: a cycling game runs to it in well under a second on one core. */
export const MAX_STEPS_CAP = 100_000;

/** An option with its default and the words a form labels it with. */
export const decadeOption = <T extends z.core.SomeType>(schema: T, value: z.core.output<T>, description: string) =>
  z._default(schema, value as never).check(z.describe(description));

/** Decade's option fields, before the checks across them: another line game's schema starts from them. */
export const decadeOptionFields = z.strictObject({
  stacks: decadeOption(z.literal([1, 7]), 1, 'One line of cards, or seven stacks'),
  minRun: decadeOption(
    z.int().check(
      z.minimum(2),
      z.maximum(MAX_RUN_LENGTH, {
        error: `minRun must be at most ${MAX_RUN_LENGTH}: no 15 cards total 35 or less`,
      }),
    ),
    2,
    'Fewest cards in a discard',
  ),
  maxRun: decadeOption(z.nullable(z.int().check(z.minimum(2))), null, 'Most cards in a discard (empty: no limit)'),
  loop: decadeOption(z.boolean(), false, 'A discard may wrap around the ends'),
  fives: decadeOption(z.boolean(), false, 'Totals of 5, 15, 25 and 35 discard too'),
  discard: decadeOption(
    z.enum(['forced', 'optional']),
    'forced',
    'A possible discard must be made (forced), or may wait (optional)',
  ),
  pickedUp: decadeOption(
    z.enum(['discard', 'deck-bottom']),
    'discard',
    'Discarded cards leave the game, or go under the stock',
  ),
  win: decadeOption(z.enum(['empty', 'one-left']), 'empty', 'Won with no card left, or with one at most'),
  // Capped: with 'deck-bottom' a game can cycle through forced moves alone until maxSteps, so an episode's work (and
  // a player's history of it) is bounded by the cap.
  maxSteps: decadeOption(
    z.int().check(
      z.minimum(1),
      z.maximum(MAX_STEPS_CAP, {
        error:
          `maxSteps must be at most ${MAX_STEPS_CAP}: with 'deck-bottom' a game can cycle until the limit, ` +
          `through forced moves alone`,
      }),
    ),
    5000,
    'Moves before the game is stopped',
  ),
  reward: decadeOption(z.enum(['win', 'cards']), 'win', 'Training reward: 1 for a win, or per card cleared'),
  // Optional, not defaulted: a default would add the field to the options, and so to the state JSON, of every id.
  dealAll: z.optional(z.boolean().check(z.describe('All 52 cards dealt face up at the start, no stock'))),
});

export const decadeOptionsSchema = decadeOptionFields.check(lineOptionsCheck());

/** The checks across a line game's options: the run bounds in order, a whole deal on one line only. */
export function lineOptionsCheck() {
  return z.superRefine(
    (o: { minRun: number; maxRun: number | null; stacks: number; dealAll?: boolean | undefined }, ctx) => {
      if (o.maxRun !== null && o.maxRun < o.minRun) {
        ctx.addIssue({
          code: 'custom',
          path: ['maxRun'],
          message: `maxRun (${o.maxRun}) must be null or at least minRun (${o.minRun})`,
        });
      }
      if (o.dealAll === true && o.stacks !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['dealAll'],
          message: 'dealAll deals every card into one line: it needs stacks 1',
        });
      }
    },
    // Only when each field passed: zod runs it after a field's own failed check too (maxRun: 0 was refused twice).
    { when: (payload) => payload.issues.length === 0 },
  );
}

/** The decade family's options, every field filled in (the module comment of this file tables them). */
export type DecadeOptions = z.output<typeof decadeOptionsSchema>;

export interface DecadeState {
  /** The run rule the engine was declared with (Decade's, or another line game's). */
  readonly rule: LineRule;
  numStacks: number;
  /** Cards of stack k at table[k*52 .. k*52+len[k]-1], oldest first. */
  table: Uint8Array;
  len: Int32Array;
  /** 1 while a stack is live; the single line is always live. */
  alive: Uint8Array;
  aliveCount: number;
  /** The stack that received the last card: runs are looked for there. */
  current: number;
  tableCount: number;
  /** Ring buffer: the next card to draw is stock[stockHead]. */
  stock: Uint8Array;
  stockHead: number;
  stockLen: number;
  /** Stock cards by value (index 1 … the rule's values). */
  stockValues: Int32Array;
  /** Discarded cards in the order they left the table ('discard' only). */
  pile: Uint8Array;
  pileLen: number;
  steps: number;
  /** Set by legalActions. */
  status: Status;
  /** Scratch deck for seeded deals. */
  deck: Uint8Array;
  /** The buffer observe wrote last (null: unknown, rewrite it all) and how many positions of each stack it filled. */
  obsOut: Float32Array | null;
  obsLen: Int32Array;
  /** The first position of each stack changed since observe last ran (SLOTS: none). */
  obsFrom: Int32Array;
  /**
   * How many of each stack's last cards are the ones observe last wrote at its end (−1: not known): a discard keeps
   * the cards after it, whose one-hots then move as a block.
   */
  obsTail: Int32Array;
  /** The value one-hot observe wrote at each position of each stack (−1: none), so a rewrite sets only what differs. */
  obsHot: Int8Array;
  /** The single straight line's runs as last listed, which the next listing starts from. */
  readonly runMemo: LineRunMemo;
}

/** The id of the run of `length` cards starting at position `start` (the action table above). */
export function runActionId(start: number, length: number): number {
  return 1 + start * LENGTHS_PER_START + (length - 2);
}

/** The start position of run id `action` (≥ 1). */
export function runStartOf(action: number): number {
  return ((action - 1) / LENGTHS_PER_START) | 0;
}

/** The length of run id `action` (≥ 1). */
export function runLengthOf(action: number): number {
  return ((action - 1) % LENGTHS_PER_START) + 2;
}

/** The most cards a run may have under these options. */
export function maxRunLength(o: Pick<DecadeOptions, 'maxRun'>, longest = MAX_RUN_LENGTH): number {
  return o.maxRun === null ? longest : Math.min(o.maxRun, longest);
}

/** Cards the deal puts on the table: one on each of 7 stacks, three on a line, all 52 with `dealAll`. */
export function initialDealt(o: { stacks: number; dealAll?: boolean | undefined }): number {
  if (o.dealAll === true) return DECK_SIZE;
  return o.stacks === 7 ? 7 : 3;
}

function createState(o: DecadeOptions, rule: LineRule): DecadeState {
  return {
    rule,
    numStacks: o.stacks,
    table: new Uint8Array(o.stacks * SLOTS),
    len: new Int32Array(MAX_STACKS),
    alive: new Uint8Array(MAX_STACKS),
    aliveCount: 0,
    current: 0,
    tableCount: 0,
    stock: new Uint8Array(DECK_SIZE),
    stockHead: 0,
    stockLen: 0,
    stockValues: new Int32Array(rule.values + 1),
    pile: new Uint8Array(DECK_SIZE),
    pileLen: 0,
    steps: 0,
    status: RUNNING,
    deck: new Uint8Array(DECK_SIZE),
    obsOut: null,
    obsLen: new Int32Array(MAX_STACKS),
    obsFrom: new Int32Array(MAX_STACKS),
    obsTail: new Int32Array(MAX_STACKS).fill(-1),
    obsHot: new Int8Array(o.stacks * SLOTS).fill(-1),
    runMemo: createLineRunMemo(rule),
  };
}

function copyState(src: DecadeState, dst: DecadeState): void {
  dst.numStacks = src.numStacks;
  dst.table.set(src.table);
  dst.len.set(src.len);
  dst.alive.set(src.alive);
  dst.aliveCount = src.aliveCount;
  dst.current = src.current;
  dst.tableCount = src.tableCount;
  dst.stock.set(src.stock);
  dst.stockHead = src.stockHead;
  dst.stockLen = src.stockLen;
  dst.stockValues.set(src.stockValues);
  dst.pile.set(src.pile);
  dst.pileLen = src.pileLen;
  dst.steps = src.steps;
  dst.status = src.status;
  // dst's observation buffer may hold anything: make its next observe rewrite everything.
  dst.obsOut = null;
  forgetLineChanges(dst.runMemo);
}

/** Empties the table, stock and pile. */
function clearState(s: DecadeState): void {
  s.len.fill(0);
  s.alive.fill(0);
  s.stockValues.fill(0);
  s.tableCount = 0;
  s.stockHead = 0;
  s.stockLen = 0;
  s.pileLen = 0;
  s.steps = 0;
  s.status = RUNNING;
  s.aliveCount = s.numStacks;
  for (let k = 0; k < s.numStacks; k++) s.alive[k] = 1;
  s.obsFrom.fill(0);
  s.obsTail.fill(-1);
  forgetLineChanges(s.runMemo);
}

/**
 * Records that stack k changed from position p on, keeping its last `tail` cards as they were (observe rewrites
 * only what changed; the line's runs are listed again only where they can reach it).
 */
function markChanged(s: DecadeState, k: number, p: number, tail: number): void {
  s.obsTail[k] = s.obsFrom[k] === SLOTS ? tail : -1;
  if (p < s.obsFrom[k]) s.obsFrom[k] = p;
  noteLineChange(s.runMemo, p, tail);
}

function pushToStack(s: DecadeState, k: number, card: number): void {
  markChanged(s, k, s.len[k], 0);
  s.table[k * SLOTS + s.len[k]] = card;
  s.len[k]++;
  s.tableCount++;
}

function pushUnderStock(s: DecadeState, card: number): void {
  s.stock[(s.stockHead + s.stockLen) % DECK_SIZE] = card;
  s.stockLen++;
  s.stockValues[s.rule.value[card]]++;
}

function reset(s: DecadeState, o: DecadeOptions, rng: Rng, deck: Uint8Array | null): void {
  const d = s.deck;
  if (deck) d.set(deck);
  else {
    orderedDeck(d);
    shuffleInPlace(rng, d);
  }
  clearState(s);
  const dealt = initialDealt(o);
  for (let i = 0; i < dealt; i++) pushToStack(s, o.stacks === 7 ? i : 0, d[i]);
  for (let i = dealt; i < DECK_SIZE; i++) pushUnderStock(s, d[i]);
  s.current = o.stacks - 1;
}

function parseDeck(deck: DeckInput): Uint8Array {
  return parseStandardDeck(deck);
}

// ---------------------------------------------------------------- legal actions

function addLegal(mask: Uint8Array, legal: Int32Array, count: number, id: number): number {
  mask[id] = 1;
  legal[count] = id;
  return count + 1;
}

/**
 * Runs of the current stack: on a straight line any window; on a loop those that include the top card (position n-1),
 * the whole stack only as s = 0. Appends ids from legal[count]; returns the new count.
 */
function stackRuns(s: DecadeState, o: DecadeOptions, mask: Uint8Array, legal: Int32Array, count: number): number {
  const base = s.current * SLOTS;
  const n = s.len[s.current];
  const t = s.table;
  const rule = s.rule;
  const value = rule.value;
  const maxTotal = rule.maxTotal;
  const good = rule.good(o);
  // Action ids: 1 + start·lengths + (length − shortest), the rule's (line-rule.ts).
  const lengths = lengthsOf(rule);
  const idBase = 1 - rule.shortest;
  const minRun = o.minRun;
  const maxLen = maxRunLength(o, rule.longest);
  if (!o.loop && s.numStacks === 1) {
    return straightLineRuns(rule, s.runMemo, o, good, minRun, maxLen, t, base, n, mask, legal, count);
  }
  if (!o.loop) {
    for (let st = 0; st + minRun <= n; st++) {
      const end = Math.min(st + maxLen, n);
      let sum = 0;
      for (let i = st; i < end; i++) {
        sum += value[t[base + i]];
        if (sum > maxTotal) break;
        const length = i - st + 1;
        if (length >= minRun && good[sum] === 1) count = addLegal(mask, legal, count, idBase + st * lengths + length);
      }
    }
    return count;
  }
  if (n < minRun) return count;
  if (n <= maxLen) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += value[t[base + i]];
    if (sum <= maxTotal && good[sum] === 1) count = addLegal(mask, legal, count, idBase + n);
  }
  const longest = Math.min(maxLen, n - 1);
  for (let st = Math.max(1, n - longest); st < n; st++) {
    // The run must reach the top: start with positions st..n-1, then wrap to 0, 1, …
    let sum = 0;
    for (let i = st; i < n; i++) sum += value[t[base + i]];
    let length = n - st;
    let wrap = 0;
    while (sum <= maxTotal) {
      if (length >= minRun && good[sum] === 1) count = addLegal(mask, legal, count, idBase + st * lengths + length);
      if (length >= longest) break;
      sum += value[t[base + wrap]];
      wrap++;
      length++;
    }
  }
  return count;
}

function legalActions(s: DecadeState, o: DecadeOptions, mask: Uint8Array, legal: Int32Array): number {
  mask.fill(0);
  const canDraw = s.stockLen > 0 && s.aliveCount > 0;
  const optional = o.discard === 'optional';
  let count = 0;
  if (canDraw && optional) count = addLegal(mask, legal, count, 0);
  count = stackRuns(s, o, mask, legal, count);
  if (canDraw && !optional && count === 0) count = addLegal(mask, legal, count, 0);
  if (count > 0 && s.steps >= o.maxSteps) {
    mask.fill(0);
    s.status = TRUNCATED;
    return 0;
  }
  s.status = count === 0 ? TERMINATED : RUNNING;
  return count;
}

function status(s: DecadeState): Status {
  return s.status;
}

// ---------------------------------------------------------------- steps

/** The live stack after `from` in rotation (from itself when it is the only one); -1 if none. */
function nextLiveStack(s: DecadeState, from: number): number {
  if (s.numStacks === 1) return 0;
  for (let i = 1; i <= MAX_STACKS; i++) {
    const k = (from + i) % MAX_STACKS;
    if (s.alive[k] === 1) return k;
  }
  return -1;
}

function draw(s: DecadeState): void {
  const card = s.stock[s.stockHead];
  s.stockHead = (s.stockHead + 1) % DECK_SIZE;
  s.stockLen--;
  s.stockValues[s.rule.value[card]]--;
  const k = nextLiveStack(s, s.current);
  pushToStack(s, k, card);
  s.current = k;
}

function pickUp(s: DecadeState, o: DecadeOptions, card: number): void {
  if (o.pickedUp === 'deck-bottom') pushUnderStock(s, card);
  else s.pile[s.pileLen++] = card;
}

/** Removes the run (start, length) from the current stack, oldest position first; closes the gap. */
function discardRun(s: DecadeState, o: DecadeOptions, start: number, length: number): void {
  const k = s.current;
  const base = k * SLOTS;
  const n = s.len[k];
  const t = s.table;
  const end = start + length;
  markChanged(s, k, end <= n ? start : 0, end <= n ? n - end : -1);
  if (end <= n) {
    for (let i = start; i < end; i++) pickUp(s, o, t[base + i]);
    for (let i = end; i < n; i++) t[base + i - length] = t[base + i];
  } else {
    const wrapped = end - n;
    for (let i = 0; i < wrapped; i++) pickUp(s, o, t[base + i]);
    for (let i = start; i < n; i++) pickUp(s, o, t[base + i]);
    for (let i = wrapped; i < start; i++) t[base + i - wrapped] = t[base + i];
  }
  s.len[k] = n - length;
  s.tableCount -= length;
  if (n === length && s.numStacks === MAX_STACKS) {
    s.alive[k] = 0;
    s.aliveCount--;
  }
}

/** Whether the game is now over and won, decided without listing the legal actions. */
function endedWon(s: DecadeState, o: DecadeOptions): boolean {
  const left = s.tableCount;
  if (left > (o.win === 'one-left' ? 1 : 0)) return false;
  // No cards: with 7 stacks every stack is eliminated. Otherwise the only card (or the
  // empty line) has no run, so the game is over exactly when nothing can be drawn.
  if (left === 0 && s.numStacks === MAX_STACKS) return true;
  return s.stockLen === 0;
}

function step(s: DecadeState, o: DecadeOptions, action: number): number {
  s.steps++;
  let reward = 0;
  if (action === DRAW) draw(s);
  else {
    const length = lineRunLength(s.rule, action);
    discardRun(s, o, lineRunStart(s.rule, action), length);
    if (o.reward === 'cards') reward = length;
  }
  if (o.reward === 'win' && endedWon(s, o)) reward = 1;
  return reward;
}

// ---------------------------------------------------------------- observation

function observationSize(o: DecadeOptions, rule: LineRule): number {
  return o.stacks * (SLOTS * rule.values + 3) + rule.values + 2;
}

/** The observation's bounds (the table in the doc comment above). */
function observationBounds(o: DecadeOptions, rule: LineRule): ObservationBounds {
  const size = observationSize(o, rule);
  const low = new Float32Array(size);
  const high = new Float32Array(size).fill(1);
  // The stock's size, then the steps, follow the stacks and the stock's composition.
  const at = o.stacks * (SLOTS * rule.values + 3) + rule.values;
  const dealt = initialDealt(o);
  const deckBottom = o.pickedUp === 'deck-bottom';
  high[at] = deckBottom ? 1 : Math.max(DECK_SIZE - dealt, 1) / DECK_SIZE;
  high[at + 1] = deckBottom
    ? 1
    : Math.min(o.maxSteps, DECK_SIZE - dealt + Math.floor(DECK_SIZE / o.minRun)) / o.maxSteps;
  return { low, high };
}

/** Rewrites stack k's one-hots from its first changed position; clears what it wrote past the end. */
function observeStack(s: DecadeState, k: number, out: Float32Array): void {
  const n = s.len[k];
  const cardBase = k * SLOTS;
  const t = s.table;
  const value = s.rule.value;
  const width = s.rule.values;
  const stackAt = k * SLOTS * width;
  const shown = s.obsHot;
  const written = s.obsLen[k];
  // A kept tail that moved down: its one-hots move as one block (what was past the new end is cleared below).
  const tail = s.obsTail[k];
  let end = n;
  if (tail > 0 && written > n) {
    end = n - tail;
    out.copyWithin(stackAt + end * width, stackAt + (written - tail) * width, stackAt + written * width);
    // A few bytes: a loop costs less than a native copy's call.
    for (let p = end, from = written - tail; p < n; p++, from++) shown[cardBase + p] = shown[cardBase + from];
  }
  let at = stackAt + s.obsFrom[k] * width;
  for (let p = s.obsFrom[k]; p < end; p++, at += width) {
    const hot = value[t[cardBase + p]] - 1;
    const was = shown[cardBase + p];
    if (was === hot) continue;
    if (was >= 0) out[at + was] = 0;
    out[at + hot] = 1;
    shown[cardBase + p] = hot;
  }
  for (let p = n; p < written; p++) {
    if (shown[cardBase + p] >= 0) out[stackAt + p * width + shown[cardBase + p]] = 0;
    shown[cardBase + p] = -1;
  }
  s.obsLen[k] = n;
  s.obsFrom[k] = SLOTS;
  s.obsTail[k] = -1;
}

function observe(s: DecadeState, o: DecadeOptions, out: Float32Array): void {
  const S = s.numStacks;
  if (s.obsOut !== out) {
    out.fill(0);
    s.obsLen.fill(0);
    s.obsFrom.fill(0);
    s.obsHot.fill(-1);
    s.obsOut = out;
  }
  for (let k = 0; k < S; k++) if (s.obsFrom[k] < SLOTS) observeStack(s, k, out);
  const width = s.rule.values;
  let at = S * SLOTS * width;
  for (let k = 0; k < S; k++) {
    out[at + k] = s.len[k] / SLOTS;
    out[at + S + k] = 1 - s.alive[k];
    out[at + 2 * S + k] = k === s.current ? 1 : 0;
  }
  at += 3 * S;
  const perValue = s.rule.perValue;
  for (let v = 1; v <= width; v++) out[at + v - 1] = s.stockValues[v] / perValue[v];
  out[at + width] = s.stockLen / DECK_SIZE;
  out[at + width + 1] = s.steps / o.maxSteps;
}

// ---------------------------------------------------------------- outcome

function outcome(s: DecadeState, o: DecadeOptions): CardOutcome {
  const won = s.status === TERMINATED && s.tableCount <= (o.win === 'one-left' ? 1 : 0);
  return { won, cardsLeft: s.tableCount };
}

/** "6 cards left", as a player reads it. */
const cardsLeftText = (n: number): string => `${n} card${n === 1 ? '' : 's'} left`;

/**
 * How the game ended, for a player. Where picked-up cards go under the stock no card leaves the
 * game, so the cards on the table are not what was left to clear ("0 cards left" would read as
 * cleared, yet lost): seven piles say how many were cleared, one line counts the stock too.
 */
function endText(s: DecadeState, o: DecadeOptions, ending: { truncated: boolean; steps: number }): string {
  const { won, cardsLeft } = outcome(s, o);
  if (o.pickedUp === 'deck-bottom') {
    const why = ending.truncated ? `Out of steps after ${ending.steps} moves` : 'No more moves, the stock is used up';
    if (o.stacks === MAX_STACKS) {
      if (won) return `Won! All ${o.stacks} piles are cleared.`;
      const cleared = s.numStacks - s.aliveCount;
      return `${why}: ${cleared} of ${o.stacks} piles cleared.`;
    }
    if (!won)
      return (
        `${why}: ${cardsLeft} card${cardsLeft === 1 ? '' : 's'} on the line and ${s.stockLen} in the stock ` +
        '(picked-up cards go back under the stock).'
      );
  }
  if (won) return `Won! ${cardsLeft === 0 ? 'Every card is cleared.' : `${cardsLeftText(cardsLeft)}.`}`;
  return `${ending.truncated ? 'Out of steps' : 'No more moves'}: ${cardsLeftText(cardsLeft)}.`;
}

/**
 * 'win': 1 for a won game. 'cards': 52 − cardsLeft when every card not on the table was
 * discarded once; null when the outcome cannot tell (cards recycled with 'deck-bottom', a
 * possible truncation with the stock not empty, or 7 stacks all eliminated before the stock
 * ran out).
 */
function expectedReturn(result: Outcome, o: DecadeOptions, rule: LineRule): number | null {
  const r = result as CardOutcome;
  if (o.reward === 'win') return r.won ? 1 : 0;
  if (o.pickedUp === 'deck-bottom' || o.maxSteps < rule.stepsWithoutCycles) return null;
  if (o.stacks === MAX_STACKS && r.cardsLeft === 0) return null;
  return DECK_SIZE - r.cardsLeft;
}

// ---------------------------------------------------------------- text

/** A stack as a player names it, counted from 1 ("stack 1" is the state JSON's `stacks[0]`). */
function stackName(s: DecadeState, k: number): string {
  return s.numStacks === 1 ? 'the line' : `stack ${k + 1}`;
}

/** A stack as the state JSON places it (`stacks[0]`), for a check of a state. */
function jsonStack(s: DecadeState, k: number): string {
  return s.numStacks === 1 ? 'the line' : `stacks[${k}]`;
}

function cardsWord(n: number): string {
  return n === 1 ? '1 card' : `${n} cards`;
}

/** Whether positions (start, length) name cards of the current stack (in a loop: at most one lap). */
function runCardsExist(s: DecadeState, o: DecadeOptions, start: number, length: number): boolean {
  const n = s.len[s.current];
  return o.loop ? start < n && length <= n : start + length <= n;
}

function runTotal(s: DecadeState, start: number, length: number): number {
  const base = s.current * SLOTS;
  const n = s.len[s.current];
  let sum = 0;
  for (let i = 0; i < length; i++) sum += s.rule.value[s.table[base + ((start + i) % n)]];
  return sum;
}

function describeAction(s: DecadeState, o: DecadeOptions, action: number): string {
  if (action === DRAW) {
    const k = nextLiveStack(s, s.current);
    return s.numStacks === 1 || k < 0 ? 'draw' : `draw onto ${stackName(s, k)}`;
  }
  const start = lineRunStart(s.rule, action);
  const length = lineRunLength(s.rule, action);
  const from = s.numStacks === 1 ? '' : ` from ${stackName(s, s.current)}`;
  if (!runCardsExist(s, o, start, length)) {
    return (
      `discard ${length} cards from position ${start}${from} (${stackName(s, s.current)} has ` +
      `${cardsWord(s.len[s.current])})`
    );
  }
  const base = s.current * SLOTS;
  const n = s.len[s.current];
  const labels: string[] = [];
  for (let i = 0; i < length; i++) labels.push(cardLabel(s.table[base + ((start + i) % n)]));
  return `discard ${labels.join(' ')} (${runTotal(s, start, length)})${from}`;
}

function whyDrawIllegal(s: DecadeState, o: DecadeOptions): string {
  if (s.aliveCount === 0) return 'every stack is eliminated';
  if (s.stockLen === 0) return 'the stock is empty';
  if (o.discard === 'forced' && legalRunCount(s, o) > 0)
    return "a run can be discarded, and discards are forced (discard: 'forced')";
  return 'it is legal';
}

/** How many runs are legal now (a refusal's reason only: it allocates). */
function legalRunCount(s: DecadeState, o: DecadeOptions): number {
  const mask = new Uint8Array(lineActions(s.rule));
  const legal = new Int32Array(lineActions(s.rule));
  return stackRuns(s, o, mask, legal, 0);
}

function whyRunIllegal(s: DecadeState, o: DecadeOptions, start: number, length: number): string {
  if (length < o.minRun) return `a run needs at least ${o.minRun} cards (minRun)`;
  if (o.maxRun !== null && length > o.maxRun) return `a run has at most ${o.maxRun} cards (maxRun)`;
  if (length > s.rule.longest) return `a run has at most ${s.rule.longest} cards`;
  const n = s.len[s.current];
  const name = stackName(s, s.current);
  if (!runCardsExist(s, o, start, length)) return n === 0 ? `${name} is empty` : `${name} has only ${cardsWord(n)}`;
  if (o.loop && length === n && start !== 0)
    return `a run of the whole of ${name} is id ${lineRunId(s.rule, 0, n)} (start 0)`;
  if (o.loop && start + length < n) return `on a loop a run must include the top card (position ${n - 1})`;
  const total = runTotal(s, start, length);
  if (total > s.rule.maxTotal || s.rule.good(o)[total] !== 1)
    return `the cards total ${total}, not ${s.rule.totalsText(o)}`;
  return 'it is legal';
}

function whyIllegal(s: DecadeState, o: DecadeOptions, action: number): string {
  if (s.status === TERMINATED) return 'the game is over';
  if (s.status === TRUNCATED) return `the step limit (maxSteps ${o.maxSteps}) is reached`;
  if (action === DRAW) return whyDrawIllegal(s, o);
  return whyRunIllegal(s, o, lineRunStart(s.rule, action), lineRunLength(s.rule, action));
}

function stackText(s: DecadeState, k: number): string {
  const labels: string[] = [];
  for (let p = 0; p < s.len[k]; p++) labels.push(cardLabel(s.table[k * SLOTS + p]));
  return labels.length ? labels.join(' ') : '(empty)';
}

function statusText(s: DecadeState, o: DecadeOptions): string {
  // Picked-up cards going under the stock leave none out of play: what seven stacks achieved is the stacks gone, as the
  // page says.
  const left =
    o.pickedUp === 'deck-bottom' && s.numStacks > 1
      ? `${s.numStacks - s.aliveCount} of ${s.numStacks} stacks eliminated`
      : `${cardsWord(s.tableCount)} left`;
  if (s.status === TRUNCATED) return `truncated after ${s.steps} steps (maxSteps), ${left}`;
  if (s.status === TERMINATED) return `game over: ${outcome(s, o).won ? 'won' : 'lost'}, ${left}`;
  return '';
}

function render(s: DecadeState, o: DecadeOptions): string {
  const lines: string[] = [];
  if (s.numStacks === 1) lines.push(`line: ${stackText(s, 0)}`);
  else {
    for (let k = 0; k < s.numStacks; k++) {
      const mark = k === s.current ? '▸' : ' '; // not '>': a terminal's prompt
      lines.push(`${mark} ${stackName(s, k)}: ${s.alive[k] ? stackText(s, k) : 'eliminated'}`);
    }
  }
  const picked = o.pickedUp === 'deck-bottom' ? '' : ` · discarded: ${s.pileLen}`;
  lines.push(`stock: ${cardsWord(s.stockLen)}${picked} · step ${s.steps}/${o.maxSteps}`);
  const end = statusText(s, o);
  if (end) lines.push(end);
  return lines.join('\n');
}

// ---------------------------------------------------------------- for hints and a front end

/** Where position p of stack k lies, as the state JSON places it (`stacks[k][p]`, 0 = the oldest card). */
function spot(s: DecadeState, k: number, index: number): CardSpot {
  return { place: s.numStacks === 1 ? 'line' : 'stack', stack: k, index, code: cardCode(s.table[k * SLOTS + index]) };
}

function actionCards(s: DecadeState, _o: DecadeOptions, action: number): CardSpot[] {
  if (action === DRAW) return []; // the next card is unseen
  const start = lineRunStart(s.rule, action);
  const length = lineRunLength(s.rule, action);
  const n = s.len[s.current];
  const out: CardSpot[] = [];
  for (let i = 0; i < length; i++) out.push(spot(s, s.current, (start + i) % n));
  return out;
}

function board(s: DecadeState, o: DecadeOptions): BoardView {
  const stackCards = (k: number) => Array.from({ length: s.len[k] }, (_, p) => spot(s, k, p));
  const piles: BoardPile[] = [{ kind: 'stock', count: s.stockLen, label: 'stock', tappable: true }];
  if (o.pickedUp !== 'deck-bottom') piles.push({ kind: 'counter', count: s.pileLen, label: 'discarded' });
  const table: BoardPart =
    s.numStacks === 1
      ? { kind: 'line', loop: o.loop, cards: stackCards(0) }
      : {
          kind: 'columns',
          columns: Array.from({ length: s.numStacks }, (_, k) => {
            const cleared = s.alive[k] === 0;
            const current = k === s.current;
            return {
              stack: k,
              label: cleared ? 'cleared' : current ? `${stackName(s, k)} ◂` : stackName(s, k),
              current,
              cleared,
              cards: stackCards(k),
            };
          }),
        };
  return { style: 'decade', parts: [{ kind: 'piles', piles }, table] };
}

// ---------------------------------------------------------------- JSON

const stateJsonSchema = z.strictObject({
  stacks: z.array(z.array(z.string()).check(z.maxLength(SLOTS))).check(z.minLength(1), z.maxLength(MAX_STACKS)),
  eliminated: z.array(z.boolean()).check(z.minLength(1), z.maxLength(MAX_STACKS)),
  current: z.int().check(z.minimum(0), z.maximum(MAX_STACKS - 1)),
  stock: z.array(z.string()).check(z.maxLength(DECK_SIZE)),
  discarded: z.array(z.string()).check(z.maxLength(DECK_SIZE)),
  steps: z.int().check(z.minimum(0)),
});

type StateJson = z.output<typeof stateJsonSchema>;

function toJSON(s: DecadeState): StateJson {
  const stacks: string[][] = [];
  const eliminated: boolean[] = [];
  for (let k = 0; k < s.numStacks; k++) {
    const cards: string[] = [];
    for (let p = 0; p < s.len[k]; p++) cards.push(cardCode(s.table[k * SLOTS + p]));
    stacks.push(cards);
    eliminated.push(s.alive[k] === 0);
  }
  const stock: string[] = [];
  for (let i = 0; i < s.stockLen; i++) stock.push(cardCode(s.stock[(s.stockHead + i) % DECK_SIZE]));
  const discarded: string[] = [];
  for (let i = 0; i < s.pileLen; i++) discarded.push(cardCode(s.pile[i]));
  return { stacks, eliminated, current: s.current, stock, discarded, steps: s.steps };
}

function badState(message: string): TengymError {
  return new TengymError('bad-state', `bad decade state: ${message}`);
}

function cardOf(code: string, where: string): number {
  const c = parseCardCode(code);
  if (c < 0) throw badState(`${where}: "${code}" is not a card code (rank A23456789TJQK + suit CDHS, e.g. "TH")`);
  return c;
}

function fromJSON(json: unknown, o: DecadeOptions, s: DecadeState): void {
  const parsed = stateJsonSchema.safeParse(json);
  if (!parsed.success) throw badState(formatZodError(parsed.error));
  const j = parsed.data;
  if (j.stacks.length !== o.stacks) throw badState(`stacks has ${j.stacks.length} entries, this game has ${o.stacks}`);
  if (j.eliminated.length !== o.stacks)
    throw badState(`eliminated has ${j.eliminated.length} entries, this game has ${o.stacks} stacks`);
  if (j.current >= o.stacks) throw badState(`current is ${j.current}, stacks are numbered 0..${o.stacks - 1}`);
  if (j.steps > o.maxSteps) throw badState(`steps is ${j.steps}, more than maxSteps (${o.maxSteps})`);
  s.numStacks = o.stacks;
  clearState(s);
  s.obsOut = null;
  j.stacks.forEach((cards, k) => cards.forEach((code, p) => pushToStack(s, k, cardOf(code, `stacks[${k}][${p}]`))));
  j.eliminated.forEach((e, k) => (s.alive[k] = e ? 0 : 1));
  s.aliveCount = j.eliminated.filter((e) => !e).length;
  j.stock.forEach((code, i) => pushUnderStock(s, cardOf(code, `stock[${i}]`)));
  j.discarded.forEach((code, i) => (s.pile[s.pileLen++] = cardOf(code, `discarded[${i}]`)));
  s.current = j.current;
  s.steps = j.steps;
  const problem = checkState(s, o);
  if (problem) throw badState(problem);
}

// ---------------------------------------------------------------- consistency

/** Where each card is ("stacks[2]", "the stock", "the discard pile"); the first problem found, or null. */
function checkCards(s: DecadeState): string | null {
  const place: string[] = new Array<string>(DECK_SIZE).fill('');
  const at: number[] = new Array<number>(DECK_SIZE).fill(-1);
  const put = (card: number, where: string, index: number): string | null => {
    if (place[card] === where)
      return `${cardCode(card)} is twice in ${where} (at ${at[card]} and ${index}, counted from 0)`;
    if (place[card]) return `${cardCode(card)} is both in ${place[card]} and in ${where}`;
    place[card] = where;
    at[card] = index;
    return null;
  };
  for (let k = 0; k < s.numStacks; k++) {
    for (let p = 0; p < s.len[k]; p++) {
      const e = put(s.table[k * SLOTS + p], jsonStack(s, k), p);
      if (e) return e;
    }
  }
  for (let i = 0; i < s.stockLen; i++) {
    const e = put(s.stock[(s.stockHead + i) % DECK_SIZE], 'the stock', i);
    if (e) return e;
  }
  for (let i = 0; i < s.pileLen; i++) {
    const e = put(s.pile[i], 'the discard pile', i);
    if (e) return e;
  }
  const missing: string[] = [];
  for (let c = 0; c < DECK_SIZE; c++) if (!place[c]) missing.push(cardCode(c));
  return missing.length
    ? `cards missing (every card must be on the table, in the stock or discarded): ${missing.join(' ')}`
    : null;
}

function checkStacks(s: DecadeState, o: DecadeOptions): string | null {
  if (s.numStacks !== o.stacks) return `the state has ${s.numStacks} stacks, the options ${o.stacks}`;
  let count = 0;
  let alive = 0;
  for (let k = 0; k < MAX_STACKS; k++) {
    const n = s.len[k];
    if (k >= s.numStacks) {
      if (n !== 0 || s.alive[k] !== 0) return `stacks[${k}] is used, but this game has ${s.numStacks}`;
      continue;
    }
    if (n < 0 || n > SLOTS) return `${jsonStack(s, k)} holds ${n} cards`;
    count += n;
    alive += s.alive[k];
    if (s.numStacks === 1 && s.alive[k] !== 1)
      return 'the line is never eliminated (an emptied line receives the next card)';
    if (s.numStacks === MAX_STACKS && s.alive[k] === 1 && n === 0)
      return `stacks[${k}] is empty but not eliminated (a stack emptied by a discard is eliminated)`;
    if (s.alive[k] === 0 && n > 0) return `stacks[${k}] is eliminated but holds ${cardsWord(n)}`;
  }
  if (count !== s.tableCount) return `tableCount ${s.tableCount} but the stacks hold ${count} cards`;
  if (alive !== s.aliveCount) return `aliveCount ${s.aliveCount} but ${alive} stacks are live`;
  if (s.current < 0 || s.current >= s.numStacks)
    return `current stack ${s.current} is not one of 0..${s.numStacks - 1}`;
  return null;
}

function checkPiles(s: DecadeState, o: DecadeOptions): string | null {
  if (s.stockLen < 0 || s.stockLen > DECK_SIZE || s.stockHead < 0 || s.stockHead >= DECK_SIZE)
    return `stock of ${s.stockLen} cards at ${s.stockHead}`;
  if (s.pileLen < 0 || s.pileLen > DECK_SIZE) return `discard pile of ${s.pileLen} cards`;
  if (o.pickedUp === 'deck-bottom' && s.pileLen > 0)
    return "with pickedUp 'deck-bottom' discarded cards go under the stock: discarded must be empty";
  const dealt = initialDealt(o);
  if (o.pickedUp === 'discard' && s.stockLen > DECK_SIZE - dealt) {
    return `the stock holds ${s.stockLen} cards, but the deal takes ${dealt} and discarded cards never return`;
  }
  const counts = new Int32Array(s.rule.values + 1);
  for (let i = 0; i < s.stockLen; i++) counts[s.rule.value[s.stock[(s.stockHead + i) % DECK_SIZE]]]++;
  for (let v = 1; v <= s.rule.values; v++)
    if (counts[v] !== s.stockValues[v]) return `stock value counts out of date (value ${v})`;
  if (s.steps < 0 || s.steps > o.maxSteps) return `steps ${s.steps} outside 0..maxSteps (${o.maxSteps})`;
  return null;
}

/**
 * Bit r set when the discard pile splits, in the order its cards left the table, into r runs
 * that could each have been discarded (minRun..maxRun cards with a discarding total); 0 when it
 * cannot be split at all. A run's cards leave together, wrapped ones too, so each is a stretch.
 */
function pileRunCounts(s: DecadeState, o: DecadeOptions): number {
  const good = s.rule.good(o);
  const maxLen = maxRunLength(o, s.rule.longest);
  const n = s.pileLen;
  // reach[i]: bit r set when the first i cards split into r runs (at most 52 / 2 = 26 runs).
  const reach = new Int32Array(n + 1);
  reach[0] = 1;
  for (let i = 0; i < n; i++) {
    if (reach[i] === 0) continue;
    let sum = 0;
    for (let length = 1; length <= maxLen && i + length <= n; length++) {
      sum += s.rule.value[s.pile[i + length - 1]];
      if (sum > s.rule.maxTotal) break;
      if (length >= o.minRun && good[sum] === 1) reach[i + length] |= reach[i] << 1;
    }
  }
  return reach[n];
}

function bitsText(bits: number): string {
  const counts: number[] = [];
  for (let r = 0; r < 31; r++) if (bits & (1 << r)) counts.push(r);
  return counts.length === 1
    ? `exactly ${counts[0]}`
    : `${counts.slice(0, -1).join(', ')} or ${counts[counts.length - 1]}`;
}

/**
 * The step counter and the discard pile agree with the cards. Every step draws a card or
 * discards a run, and every elimination is a run of its own. With 'discard' the cards that left
 * the stock are the draws, so steps − draws runs must make up the pile; with 'deck-bottom' the
 * discarded cards go back under the stock, and the draws and runs are known only from below.
 */
function checkCounters(s: DecadeState, o: DecadeOptions): string | null {
  const netDraws = DECK_SIZE - initialDealt(o) - s.stockLen;
  const eliminated = s.numStacks - s.aliveCount;
  if (o.pickedUp === 'deck-bottom') {
    const runsAtLeast = Math.max(eliminated, netDraws < 0 ? Math.ceil(-netDraws / maxRunLength(o, s.rule.longest)) : 0);
    const least = Math.max(netDraws, 0) + runsAtLeast;
    if (s.steps < least)
      return (
        `steps is ${s.steps}, but the stock and the ${eliminated} eliminated stacks take at least ${least} ` +
        `steps (${Math.max(netDraws, 0)} draws and ${runsAtLeast} discards)`
      );
    return null;
  }
  const runs = s.steps - netDraws;
  if (runs < 0) return `steps is ${s.steps}, but ${netDraws} cards have left the stock, a step each`;
  if (runs < eliminated)
    return (
      `steps is ${s.steps}: ${netDraws} draws leave ${runs} discards, but ${eliminated} stacks were eliminated, ` +
      `each by a discard`
    );
  const counts = pileRunCounts(s, o);
  if (counts === 0) {
    const pile: string[] = [];
    for (let i = 0; i < s.pileLen; i++) pile.push(cardCode(s.pile[i]));
    const most = o.maxRun === null ? '' : `..${maxRunLength(o, s.rule.longest)}`;
    return (
      `the discard pile ${pile.join(' ')} is not a sequence of runs (each ${o.minRun}${most || ' or more'} ` +
      `cards totalling ${s.rule.totalsText(o)}, in the order discarded)`
    );
  }
  if (runs > 30 || (counts & (1 << runs)) === 0) {
    return (
      `steps is ${s.steps}: ${netDraws} draws leave ${runs} discards, but the discard pile of ` +
      `${cardsWord(s.pileLen)} ` +
      `holds ${bitsText(counts)} runs`
    );
  }
  if (s.numStacks === MAX_STACKS && netDraws === 0 && s.current !== MAX_STACKS - 1) {
    return `current is ${s.current}, but no card has been drawn: the deal ends with current ${MAX_STACKS - 1}`;
  }
  return null;
}

function checkState(s: DecadeState, o: DecadeOptions): string | null {
  return checkStacks(s, o) ?? checkPiles(s, o) ?? checkCards(s) ?? checkCounters(s, o);
}

// ---------------------------------------------------------------- the engine

/**
 * A line game: this engine with a run rule and its options (a schema whose output has Decade's fields, each option
 * the rule does not vary fixed or left out). Decade is one; another run rule is another game, not another engine.
 */
export function lineGame(declared: {
  name: string;
  rule: LineRule;
  optionsSchema: Game<DecadeOptions, DecadeState>['optionsSchema'];
}): Game<DecadeOptions, DecadeState> {
  const { name, rule, optionsSchema } = declared;
  const actions = lineActions(rule);
  return {
    ...LINE_ENGINE,
    name,
    optionsSchema,
    numActions: () => actions,
    observationSize: (o) => observationSize(o, rule),
    observationBounds: (o) => observationBounds(o, rule),
    createState: (o) => createState(o, rule),
    expectedReturn: (result, o) => expectedReturn(result, o, rule),
    unwinnable,
    inconsistencies: (game, o, rng) => decadeInconsistencies(game, o, rng, rule),
  };
}

/** What every line game shares: all but its name, options, sizes and state (`lineGame`). */
const LINE_ENGINE = {
  result: CARDS_LEFT_RESULT,
  copyState,
  parseDeck,
  reset,
  legalActions,
  step,
  status,
  observe,
  outcome,
  describeAction,
  whyIllegal,
  render,
  toJSON,
  fromJSON,
  checkState,
  sameOutcome: false,
  actionCards,
  moveKind: (_s, _o, action) => (action === DRAW ? 'draw' : 'run'),
  prompt: () => '',
  board,
  endText,
} satisfies Partial<Game<DecadeOptions, DecadeState>>;

export const decadeGame: Game<DecadeOptions, DecadeState> = lineGame({
  name: 'decade',
  rule: DECADE_RULE,
  optionsSchema: decadeOptionsSchema,
});

/** One line whose picked-up cards go under the stock never empties (docs/rules.md, "Options"). */
function unwinnable(o: DecadeOptions): string | null {
  if (o.stacks === 1 && o.pickedUp === 'deck-bottom')
    return (
      "one line with pickedUp 'deck-bottom' never empties: the picked-up cards come back under the stock " +
      '(random play runs every deal to maxSteps)'
    );
  // One line ends won only with the stock drawn, a step a card.
  const draws = DECK_SIZE - initialDealt(o);
  if (o.stacks === 1 && o.maxSteps < draws)
    return `a win draws all ${draws} cards of the stock, a step each, and maxSteps ${o.maxSteps} stops the game first`;
  return null;
}

/**
 * The options of a config of this engine (a catalogue entry deciding whether it plays them), or null for another
 * engine.
 */
export function decadeOptionsOf(env: EnvConfig<object>): DecadeOptions | null {
  return env.game === decadeGame ? (env.options as DecadeOptions) : null;
}

/**
 * The decade state and options of an env of this engine (for agents and features, which only read them), or null for an
 * env of another engine.
 */
export function decadeOf(env: EngineView): { state: DecadeState; options: DecadeOptions } | null {
  return env.game === decadeGame ? { state: env.rawState as DecadeState, options: env.options as DecadeOptions } : null;
}

/**
 * Changes to a decade state's JSON that no play could give (the engine's `inconsistencies`, which the
 * fuzz tries and `fromJSON`/`checkState` must refuse): steps below the cards drawn; with picked-up
 * cards discarded, steps above the draws plus the runs the pile could hold, a one-card discard pile,
 * all 52 cards discarded in fewer steps than draws.
 */
function decadeInconsistencies(
  game: Record<string, unknown>,
  o: Record<string, unknown>,
  rng: Rng,
  rule: LineRule,
): (() => string)[] {
  if (!Array.isArray(game.discarded) || typeof game.steps !== 'number') return [];
  const changes: (() => string)[] = [];
  const stacks = game.stacks as string[][];
  const stock = game.stock as string[];
  const discarded = game.discarded as string[];
  const dealt = initialDealt(o as { stacks: number; dealAll?: boolean });
  const draws = 52 - dealt - stock.length;
  const maxSteps = o.maxSteps as number;
  if (draws >= 1) {
    changes.push(() => {
      game.steps = randomInt(rng, 0, draws - 1);
      return `steps ${String(game.steps)} with ${draws} cards drawn`;
    });
  }
  if (o.pickedUp !== 'discard') return changes;
  const most = draws + Math.floor(discarded.length / (o.minRun as number));
  if (most < maxSteps) {
    changes.push(() => {
      game.steps = randomInt(rng, most + 1, Math.min(maxSteps, most + 1000));
      return `steps ${String(game.steps)} with ${draws} cards drawn and ${discarded.length} discarded`;
    });
  }
  const single = discarded.length > 0 ? discarded : stock;
  // A card that is a run on its own (a seven where single cards go) would make a consistent pile.
  const good = rule.good(o);
  const lone = single.filter((c) => (o.minRun as number) > 1 || good[rule.value[parseCardCode(c)]] !== 1);
  if (lone.length > 0) {
    changes.push(() => {
      const card = lone[randomInt(rng, 0, lone.length - 1)];
      single.splice(single.indexOf(card), 1);
      stock.push(...discarded.splice(0));
      game.discarded = [card];
      return `a discard pile of the one card ${card}`;
    });
  }
  changes.push(() => {
    game.discarded = [...discarded, ...stacks.flat(), ...stock];
    game.stacks = stacks.map(() => []);
    if (o.stacks === 7) game.eliminated = stacks.map(() => true);
    game.stock = [];
    // Fewer steps than draws; dealt whole, fewer than the 4 runs of at most 14 cards that 52 cards take.
    const fewest = dealt === 52 ? 4 : 52 - dealt;
    game.steps = randomInt(rng, 0, Math.min(maxSteps, fewest - 1));
    return `all 52 cards discarded at step ${String(game.steps)}`;
  });
  return changes;
}
