import { describe, expect, it } from 'vitest';
import { TengymError } from '../../src/env/errors.js';
import { wilsonInterval } from '../../src/stats/intervals.js';

describe('wilsonInterval', () => {
  // Reference values: Newcombe (1998), "Two-sided confidence intervals for the single
  // proportion", Table I (Wilson score method without continuity correction).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0.0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i → [%f, %f]', (wins, n, lo, hi) => {
    const [a, b] = wilsonInterval(wins, n);
    expect(a).toBeCloseTo(lo, 4);
    expect(b).toBeCloseTo(hi, 4);
  });

  it('stays inside [0, 1] and contains the estimate', () => {
    for (const [w, n] of [
      [0, 1],
      [1, 1],
      [5, 5],
      [3, 7],
      [9999, 10000],
    ]) {
      const [a, b] = wilsonInterval(w, n);
      expect(a).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThanOrEqual(1);
      expect(a).toBeLessThanOrEqual(w / n);
      expect(b).toBeGreaterThanOrEqual(w / n);
    }
  });

  it('narrows like 1/sqrt(n)', () => {
    const [a1, b1] = wilsonInterval(100, 1000);
    const [a2, b2] = wilsonInterval(10000, 100000);
    expect((b1 - a1) / (b2 - a2)).toBeCloseTo(Math.sqrt(100), 0);
  });

  it(
    'refuses counts that are not integers with 0 ≤ wins ≤ n (they gave [NaN, NaN] or were coerced); no trials ' +
      'give [0, 1]',
    () => {
      expect(wilsonInterval(0, 0)).toEqual([0, 1]);
      for (const [wins, n] of [
        [5, 3],
        [-1, 10],
        [1, 0],
        [0, -1],
        [1.5, 3],
        [1, 2.5],
        ['3', 10],
        [3, '10'],
        [Number.NaN, 10],
        [0, Number.POSITIVE_INFINITY],
      ]) {
        const call = () => wilsonInterval(wins as number, n as number);
        expect(call, `${String(wins)} of ${String(n)}`).toThrow(TengymError);
      }
      expect(() => wilsonInterval(5, 3)).toThrow(/^wilsonInterval takes integer counts 0 ≤ wins ≤ n, got wins 5, n 3$/);
      expect(() => wilsonInterval('3' as never, 10)).toThrow(
        /^wilsonInterval takes integer counts 0 ≤ wins ≤ n, got wins "3", n 10$/,
      );
    },
  );
});
