/**
 * Paired comparisons of two players on the same deals (a figure of each deal, `a[i]` and `b[i]`
 * the same deal's): the paired columns of `tengym eval`, and the functions for records joined by
 * hand. Browser-safe.
 */
import { TengymError, showValue } from '../env/errors.js';
import { Z95 } from './intervals.js';

/**
 * Mean of the paired differences a − b with a normal 95% interval (a figure of each deal, `a[i]`
 * and `b[i]` the same deal's): `tengym eval`'s paired columns, for records joined by hand. Two
 * records of different lengths, an empty one, or an entry that is not a finite number are refused.
 */
export function pairedDifference(a: ArrayLike<number>, b: ArrayLike<number>): { diff: number; ci95: [number, number] } {
  checkPairedRecords('pairedDifference', a, b, (v) => typeof v === 'number' && Number.isFinite(v), 'a finite number');
  return pairedMean(a, b);
}

/**
 * `pairedDifference` of won/lost records (1/0, or true/false): the difference in win rate, its
 * interval within ±1. Any other entry (a return, Four Ten's points) is refused, not taken for a win.
 */
export function pairedWins(a: ArrayLike<number>, b: ArrayLike<number>): { diff: number; ci95: [number, number] } {
  checkPairedRecords(
    'pairedWins',
    a,
    b,
    (v) => v === 0 || v === 1 || v === true || v === false,
    "won (1) or lost (0): a return or a score is not a win (Four Ten's reward is points; a report's deals.won " +
      'says won or lost)',
  );
  return pairedMean(a, b, 1);
}

/** Throws unless `a` and `b` are lists of one length, at least one entry, each entry `fits`. */
function checkPairedRecords(fn: string, a: unknown, b: unknown, fits: (v: unknown) => boolean, what: string): void {
  const isList = (x: unknown): x is ArrayLike<unknown> =>
    typeof x === 'object' && x !== null && typeof (x as { length?: unknown }).length === 'number';
  if (!isList(a) || !isList(b))
    throw new TengymError(
      'bad-argument',
      `${fn}(a, b): expected two lists, one entry a deal (a report's ` +
        `deals.won, say); got ${showValue(isList(a) ? b : a)}`,
    );
  if (a.length !== b.length || a.length === 0)
    throw new TengymError(
      'bad-argument',
      `${fn}(a, b): the two records must be of the same deals, one entry a deal; got ${a.length} and ${b.length} ` +
        `entries`,
    );
  for (const [name, x] of [
    ['a', a],
    ['b', b],
  ] as const) {
    for (let i = 0; i < x.length; i++) {
      if (!fits(x[i]))
        throw new TengymError(
          'bad-argument',
          `${fn}(a, b): ${name}[${i}] is ${showValue(x[i])}; each entry must be ${what}`,
        );
    }
  }
}

/**
 * Mean of the paired differences a − b with a normal 95% interval, cut to [−most, most] where
 * no difference can lie beyond (`most` 1 for won/lost: no two win rates are over 100 points
 * apart, though on a few lopsided deals the normal interval would say so). No deal: NaN.
 */
export function pairedMean(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  most = Infinity,
): { diff: number; ci95: [number, number] } {
  const n = a.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += a[i] - b[i];
  const mean = sum / n;
  // One deal gives no interval: its bounds stay infinite (shown as "–"), not cut to ±most.
  if (n <= 1) return { diff: mean, ci95: [-Infinity, Infinity] };
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (a[i] - b[i] - mean) ** 2;
  const se = Math.sqrt(ss / (n - 1) / n);
  return { diff: mean, ci95: [Math.max(-most, mean - Z95 * se), Math.min(most, mean + Z95 * se)] };
}
