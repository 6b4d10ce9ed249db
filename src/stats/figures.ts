/**
 * The figures a game declares over a set of deals (`Game.result`, game.ts), computed for any game:
 * from every deal's record (evaluation, random play) or from running sums (a training run's
 * episodes). What a figure is, and over which deals, is the game's; here is only the arithmetic.
 * Browser-safe.
 */
import type { ResultFigure, ResultSpec } from '../env/game.js';

/** A set of deals as columns: won (1/0) and each recorded number of the game's result, one entry a deal. */
export interface DealColumns {
  won: ArrayLike<number>;
  values: Readonly<Record<string, ArrayLike<number>>>;
}

/** The recorded numbers of a game's result: its outcome's fields, then its counters. */
export function recordedKeys(result: ResultSpec): string[] {
  return [...result.fields, ...(result.counters ?? [])].map((f) => f.key);
}

/** The median of a list (NaN for none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const v = [...values].sort((x, y) => x - y);
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/**
 * A figure over the deals: the mean (NaN over no deal), the median (NaN over no deal) or the ratio of
 * two sums (0 where the second is 0, as a rate over no round), over every deal or the won ones.
 */
export function figureOf(figure: ResultFigure, deals: DealColumns): number {
  const n = deals.won.length;
  const counted: number[] = [];
  for (let i = 0; i < n; i++) if (figure.over !== 'won' || deals.won[i] === 1) counted.push(i);
  const column = (key: string) => {
    const values = deals.values[key];
    if (values === undefined) throw new Error(`figure ${figure.key}: no recorded ${key}`);
    return values;
  };
  const of = figure.of;
  if ('ratio' in of) {
    const [top, bottom] = of.ratio.map(column);
    let a = 0;
    let b = 0;
    for (const i of counted) {
      a += top[i];
      b += bottom[i];
    }
    return b ? a / b : 0;
  }
  const values = column('mean' in of ? of.mean : of.median);
  if ('median' in of) return median(counted.map((i) => values[i]));
  if (counted.length === 0) return Number.NaN;
  let sum = 0;
  for (const i of counted) sum += values[i];
  return sum / counted.length;
}

/** The figures a result gives in `where` ('report' unless a figure says otherwise), by key. */
export function figuresIn(result: ResultSpec, where: 'report' | 'train' | 'eval' | 'stats'): ResultFigure[] {
  return result.figures.filter((f) => (f.in ?? ['report']).includes(where));
}

/**
 * Running sums of a set of finished episodes, enough for every figure but a median: the episodes,
 * the wins, and each recorded number summed over every episode and over the won ones.
 */
export interface FigureSums {
  episodes: number;
  wins: number;
  sums: Record<string, number>;
  wonSums: Record<string, number>;
}

/** Empty sums for a game's result. */
export function emptySums(result: ResultSpec): FigureSums {
  const zero = () => Object.fromEntries(recordedKeys(result).map((k) => [k, 0]));
  return { episodes: 0, wins: 0, sums: zero(), wonSums: zero() };
}

/** Adds one finished episode (won, and its recorded numbers) to the sums. */
export function addToSums(sums: FigureSums, won: boolean, values: Readonly<Record<string, number>>): void {
  sums.episodes++;
  if (won) sums.wins++;
  for (const key of Object.keys(sums.sums)) {
    sums.sums[key] += values[key] ?? 0;
    if (won) sums.wonSums[key] += values[key] ?? 0;
  }
}

/**
 * A figure from running sums (null where it has no value: a mean over no episode, or a median,
 * which sums cannot give).
 */
export function figureOfSums(figure: ResultFigure, s: FigureSums): number | null {
  const totals = figure.over === 'won' ? s.wonSums : s.sums;
  const count = figure.over === 'won' ? s.wins : s.episodes;
  const of = figure.of;
  if ('ratio' in of) {
    const b = totals[of.ratio[1]] ?? 0;
    return b ? (totals[of.ratio[0]] ?? 0) / b : 0;
  }
  if ('median' in of || count === 0) return null;
  return (totals[of.mean] ?? 0) / count;
}
