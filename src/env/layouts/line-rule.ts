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

/**
 * The runs a straight line held when last scanned: the next scan compares the line with it and scans only
 * the starts whose runs can reach what changed. A discard or a draw changes one stretch of a long line
 * (Decade dealt open holds 52 cards), so the rest of its runs carry over, shifted past the change.
 */
export interface LineRunMemo {
  /** The line's cards as last scanned, oldest first, and how many. */
  readonly line: Uint8Array;
  length: number;
  /** The run ids found, in the order the scan lists them, and how many. */
  readonly runs: Uint16Array;
  runCount: number;
  /** The options the runs were found under (their totals and lengths); null when nothing is kept. */
  options: object | null;
  /** The start position of each run id: a lookup, shared by the rule's memos, in place of a division per run. */
  readonly startOf: Uint8Array;
  /**
   * What changed since the runs were listed, as the engine noted it (`noteLineChange`): the first position changed
   * (UNCHANGED: none; −1: not known, the line is compared), and how many of the line's last positions hold the
   * cards its last positions held then (a discard keeps every card after it, a draw none; −1: compared).
   */
  changedFrom: number;
  keptTail: number;
  /** The `good` table last listed under, its discarding totals in increasing order, and the largest of them. */
  good: Uint8Array | null;
  totals: Int32Array;
  topTotal: number;
}

/** `changedFrom` when nothing changed: past every position. */
const UNCHANGED = DECK_SIZE;

/**
 * Notes that the line changed from position `from` on, keeping its last `tail` cards (−1: not known). A second
 * change before the next listing leaves the kept tail to be found by comparing.
 */
export function noteLineChange(memo: LineRunMemo, from: number, tail: number): void {
  memo.keptTail = memo.changedFrom === UNCHANGED ? tail : -1;
  if (from < memo.changedFrom) memo.changedFrom = from;
}

/** Notes a change the engine does not follow (a reset, a copied or loaded state): the next listing compares. */
export function forgetLineChanges(memo: LineRunMemo): void {
  memo.changedFrom = -1;
  memo.keptTail = -1;
}

const startTables = new WeakMap<LineRule, Uint8Array>();

/** The start position of every run id of `rule` (0 for the draw), made once per rule. */
function startTable(rule: LineRule): Uint8Array {
  let table = startTables.get(rule);
  if (table === undefined) {
    table = new Uint8Array(lineActions(rule));
    for (let id = 1; id < table.length; id++) table[id] = lineRunStart(rule, id);
    startTables.set(rule, table);
  }
  return table;
}

export function createLineRunMemo(rule: LineRule): LineRunMemo {
  return {
    line: new Uint8Array(DECK_SIZE),
    length: 0,
    runs: new Uint16Array(lineActions(rule)),
    runCount: 0,
    options: null,
    startOf: startTable(rule),
    changedFrom: -1,
    keptTail: -1,
    good: null,
    totals: new Int32Array(0),
    topTotal: 0,
  };
}

/** The discarding totals of a `good` table in increasing order, made once per table. */
const goodTotalsOf = new WeakMap<Uint8Array, Int32Array>();
function goodTotals(good: Uint8Array): Int32Array {
  let totals = goodTotalsOf.get(good);
  if (totals === undefined) {
    const list: number[] = [];
    for (let t = 1; t < good.length; t++) if (good[t] === 1) list.push(t);
    totals = Int32Array.from(list);
    goodTotalsOf.set(good, totals);
  }
  return totals;
}

/**
 * Scratch of a long scan: the running total before each position (prefix[i − from]), and for each total the
 * position where a run from `from` reaches it (255: none). Every card counts at least 1, so the totals rise and
 * each total has at most one position. Scans never nest, so one scratch serves every line.
 */
const prefix = new Int32Array(DECK_SIZE + 1);
let positionAt = new Uint8Array(DECK_SIZE * 16 + 1).fill(255);

/**
 * A scan of this many starts or more looks the totals up, when runs may hold more cards than there are
 * discarding totals (Decade's up to 14 cards against 3 totals); else it adds card by card (Seven Up's 4 cards).
 */
const LOOKUP_SCAN = 8;

/**
 * Appends the ids of the runs starting at positions from … to − 1 of line[base, base + n); returns the new count.
 * A run is not followed past `topTotal`, the largest total that discards.
 */
function scanStarts(
  rule: LineRule,
  good: Uint8Array,
  topTotal: number,
  minRun: number,
  maxRun: number,
  line: Uint8Array,
  base: number,
  n: number,
  from: number,
  to: number,
  mask: Uint8Array,
  legal: Int32Array,
  count: number,
): number {
  const value = rule.value;
  const lengths = lengthsOf(rule);
  const idBase = 1 - rule.shortest;
  for (let st = from; st < to && st + minRun <= n; st++) {
    const end = Math.min(st + maxRun, n);
    let sum = 0;
    for (let i = st; i < end; i++) {
      sum += value[line[base + i]];
      if (sum > topTotal) break;
      const length = i - st + 1;
      if (length >= minRun && good[sum] === 1) {
        const id = idBase + st * lengths + length;
        mask[id] = 1;
        legal[count++] = id;
      }
    }
  }
  return count;
}

/**
 * `scanStarts` for many starts: a run from st to i totals prefix[i + 1] − prefix[st], so each discarding total
 * is one lookup of the position its prefix is at, in place of adding card by card. The same ids in the same order.
 */
function lookupStarts(
  rule: LineRule,
  totals: Int32Array,
  minRun: number,
  maxRun: number,
  line: Uint8Array,
  base: number,
  n: number,
  from: number,
  to: number,
  mask: Uint8Array,
  legal: Int32Array,
  count: number,
): number {
  const value = rule.value;
  const lengths = lengthsOf(rule);
  const idBase = 1 - rule.shortest;
  // Prefixes as far as a run from the last start can reach.
  const last = Math.min(n, to - 1 + maxRun);
  const most = (last - from) * rule.values;
  if (positionAt.length <= most) positionAt = new Uint8Array(most + 1).fill(255);
  let sum = 0;
  for (let i = from; i < last; i++) {
    prefix[i - from] = sum;
    sum += value[line[base + i]];
    positionAt[sum] = i;
  }
  prefix[last - from] = sum;
  const stop = Math.min(to, n - minRun + 1);
  for (let st = from; st < stop; st++) {
    const before = prefix[st - from];
    for (let g = 0; g < totals.length; g++) {
      const reach = before + totals[g];
      if (reach > sum) break;
      const at = positionAt[reach];
      if (at === 255) continue;
      const length = at - st + 1;
      if (length < minRun) continue;
      if (length > maxRun) break;
      const id = idBase + st * lengths + length;
      mask[id] = 1;
      legal[count++] = id;
    }
  }
  for (let i = from; i < last; i++) positionAt[prefix[i - from + 1]] = 255;
  return count;
}

/**
 * The runs of a straight line line[base, base + n), appended to legal from `count` and set in mask, in order of
 * start, then length; returns the new count. The same ids as a scan of every start, found by scanning only the
 * starts whose runs reach the stretch where the line differs from `memo`, which then holds this line.
 * What changed is read from the changes noted in `memo` (`noteLineChange`), else found by comparing.
 */
export function straightLineRuns(
  rule: LineRule,
  memo: LineRunMemo,
  options: object,
  good: Uint8Array,
  minRun: number,
  maxRun: number,
  line: Uint8Array,
  base: number,
  n: number,
  mask: Uint8Array,
  legal: Int32Array,
  count: number,
): number {
  const first = count;
  const changedFrom = memo.changedFrom;
  const keptTail = memo.keptTail;
  const old = memo.line;
  if (memo.good !== good) {
    memo.good = good;
    memo.totals = goodTotals(good);
    memo.topTotal = memo.totals.length > 0 ? memo.totals[memo.totals.length - 1] : 0;
  }
  const topTotal = memo.topTotal;
  const m = memo.options === options ? memo.length : 0;
  const kept = memo.options === options ? memo.runCount : 0;
  // The line is old[0, a) + a changed stretch + old[m − b, m).
  const shorter = Math.min(n, m);
  let a = 0;
  if (changedFrom >= 0) a = Math.min(changedFrom, shorter);
  else while (a < shorter && old[a] === line[base + a]) a++;
  let b = 0;
  if (changedFrom >= 0 && keptTail >= 0) b = Math.min(keptTail, shorter - a);
  else while (b < shorter - a && old[m - 1 - b] === line[base + n - 1 - b]) b++;
  // A run starting before `lo` totals more than the largest discarding total before it could reach position a.
  let lo = a;
  for (let sum = 0; lo > 0; lo--) {
    sum += rule.value[line[base + lo - 1]];
    if (sum > topTotal) break;
  }
  const lengths = lengthsOf(rule);
  const startOf = memo.startOf;
  let k = 0;
  for (; k < kept; k++) {
    const id = memo.runs[k];
    if (startOf[id] >= lo) break;
    mask[id] = 1;
    legal[count++] = id;
  }
  count =
    n - b - lo >= LOOKUP_SCAN && maxRun > memo.totals.length
      ? lookupStarts(rule, memo.totals, minRun, maxRun, line, base, n, lo, n - b, mask, legal, count)
      : scanStarts(rule, good, topTotal, minRun, maxRun, line, base, n, lo, n - b, mask, legal, count);
  const oldEnd = m - b;
  const shift = (n - m) * lengths;
  for (; k < kept; k++) {
    const id = memo.runs[k];
    if (startOf[id] < oldEnd) continue;
    mask[id + shift] = 1;
    legal[count++] = id + shift;
  }
  // The kept tail moves to its new place: a long one as a block (a native copy, which costs more on a few cards).
  if (b > 0 && n !== m) {
    const by = m - n;
    if (b > 16) old.copyWithin(n - b, m - b, m);
    else if (by > 0) for (let i = n - b; i < n; i++) old[i] = old[i + by];
    else for (let i = n - 1; i >= n - b; i--) old[i] = old[i + by];
  }
  for (let i = a; i < n - b; i++) old[i] = line[base + i];
  memo.length = n;
  for (let i = first; i < count; i++) memo.runs[i - first] = legal[i];
  memo.runCount = count - first;
  memo.options = options;
  memo.changedFrom = UNCHANGED;
  return count;
}
