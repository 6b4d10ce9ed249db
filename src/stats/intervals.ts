/**
 * Confidence intervals for the numbers tengym reports.
 */
import { TengymError, showValue } from '../env/errors.js';

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval for a binomial proportion (wins out of n). Unlike the normal
 * approximation it stays inside [0, 1] and behaves at 0 and n wins.
 */
export function wilsonInterval(wins: number, n: number, z = Z95): [number, number] {
  // Counts out of order would give [NaN, NaN]; a string would be coerced.
  if (!Number.isSafeInteger(wins) || !Number.isSafeInteger(n) || wins < 0 || wins > n) {
    throw new TengymError(
      'bad-argument',
      `wilsonInterval takes integer counts 0 ≤ wins ≤ n, got wins ${showValue(wins)}, n ${showValue(n)}`,
    );
  }
  if (n === 0) return [0, 1];
  const p = wins / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // At 0 or n wins the bound is exactly 0 or 1; rounding would leave a speck.
  return [wins === 0 ? 0 : Math.max(0, centre - half), wins === n ? 1 : Math.min(1, centre + half)];
}
