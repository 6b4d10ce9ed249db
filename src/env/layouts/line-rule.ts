/**
 * The run rule of a line game: which runs of adjacent cards leave the line. A line engine takes one
 * as a declaration (what a card counts, which totals discard, how long a run may be) and compiles it
 * into its action ids and observation, so a new line game is a rule, not a second engine.
 *
 * Action ids: 0 draws; the run of L cards starting at position s (0 = the oldest card) is
 * `1 + s·lengths + (L − shortest)`, where `lengths = longest − shortest + 1`.
 */
import { DECK_SIZE } from '../cards.js';

export interface LineRule {
  /** What each card counts, by card code: 1 … `values`. */
  readonly value: Uint8Array;
  /** The number of distinct values (the one-hot width of a card in the observation). */
  readonly values: number;
  /** Cards of each value in the deck, by value (index 1 … `values`): the stock's composition is scaled by them. */
  readonly perValue: Int32Array;
  /** The fewest and most cards any run can have under this rule (the action ids cover these lengths). */
  readonly shortest: number;
  readonly longest: number;
  /** No run totalling more discards: a scan stops there. */
  readonly maxTotal: number;
  /** good[t] = 1 when a run totalling t (0 … maxTotal) discards, under the options of the game. Read only. */
  good(options: object): Uint8Array;
  /** The discarding totals as a player reads them ("10, 20 or 30"). */
  totalsText(options: object): string;
  /** More steps than a game whose discarded cards leave it can take. */
  readonly stepsWithoutCycles: number;
}

/** Run lengths per start position in the action ids. */
export function lengthsOf(rule: LineRule): number {
  return rule.longest - rule.shortest + 1;
}

/** How many action ids the rule has: the draw, and one per start and length. */
export function lineActions(rule: LineRule): number {
  return 1 + DECK_SIZE * lengthsOf(rule);
}

/** The id of the run of `length` cards starting at `start`. */
export function lineRunId(rule: LineRule, start: number, length: number): number {
  return 1 + start * lengthsOf(rule) + (length - rule.shortest);
}

/** The start position of run id `action` (≥ 1). */
export function lineRunStart(rule: LineRule, action: number): number {
  return ((action - 1) / lengthsOf(rule)) | 0;
}

/** The length of run id `action` (≥ 1). */
export function lineRunLength(rule: LineRule, action: number): number {
  return ((action - 1) % lengthsOf(rule)) + rule.shortest;
}

/** A table of the totals 0 … maxTotal that discard. */
export function totalsTable(maxTotal: number, discards: (total: number) => boolean): Uint8Array {
  const t = new Uint8Array(maxTotal + 1);
  for (let v = 1; v <= maxTotal; v++) if (discards(v)) t[v] = 1;
  return t;
}

/** Cards per value in a standard deck under `value`. */
export function cardsPerValue(value: Uint8Array, values: number): Int32Array {
  const counts = new Int32Array(values + 1);
  for (const v of value) counts[v]++;
  return counts;
}
