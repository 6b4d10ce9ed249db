import { describe, expect, it } from 'vitest';
import * as root from '../../src/index.js';
import * as node from '../../src/node/index.js';
import { pairedDifference, pairedWins } from '../../src/stats/paired.js';

describe('pairedDifference', () => {
  it('is the mean difference with a normal 95% interval', () => {
    // d = [1, 0, 0, 1]: mean 0.5, sample sd sqrt(1/3), se sqrt(1/3)/2.
    const { diff, ci95 } = pairedDifference([1, 0, 1, 1], [0, 0, 1, 0]);
    expect(diff).toBe(0.5);
    const half = (1.959963984540054 * Math.sqrt(1 / 3)) / 2;
    expect(ci95[0]).toBeCloseTo(0.5 - half, 12);
    expect(ci95[1]).toBeCloseTo(0.5 + half, 12);
  });
  it('is exactly zero for identical results', () => {
    expect(pairedDifference([1, 0, 1], [1, 0, 1])).toEqual({ diff: 0, ci95: [0, 0] });
  });
  it('of wins, keeps its interval within ±100 points, where the normal one would pass them', () => {
    // 98 deals lost by a and won by b, 2 won by both: the normal interval reaches below −1.
    const a = Array.from({ length: 100 }, (_, i) => (i < 2 ? 1 : 0));
    const b = Array.from({ length: 100 }, () => 1);
    expect(pairedDifference(a, b).ci95[0]).toBeLessThan(-1);
    const { diff, ci95 } = pairedWins(a, b);
    expect(diff).toBe(-0.98);
    expect(ci95[0]).toBe(-1);
    expect(ci95[1]).toBe(pairedDifference(a, b).ci95[1]);
    expect(pairedWins(b, a).ci95[1]).toBe(1);
  });
  it('refuses records that are not of the same deals, or entries that are no figure (pairedWins: no win)', () => {
    const refused = (f: () => unknown, message: RegExp) =>
      expect(f).toThrow(expect.objectContaining({ code: 'bad-argument', message: expect.stringMatching(message) }));
    refused(
      () => pairedWins([1, 0, 1], [1]),
      /^pairedWins\(a, b\): the two records must be of the same deals, one entry a deal; got 3 and 1 entries$/,
    );
    refused(() => pairedWins([], []), /got 0 and 0 entries$/);
    refused(
      () => pairedDifference([1, 2, 3], [1, 2]),
      /^pairedDifference\(a, b\): the two records must be of the same deals/,
    );
    refused(
      () => pairedWins([5, 0, 3], [0, 0, 0]),
      /^pairedWins\(a, b\): a\[0\] is 5; each entry must be won \(1\) or lost \(0\): a return or a score is not a win/,
    );
    refused(() => pairedWins(['1', '0'] as unknown as number[], [0, 0]), /a\[0\] is "1"; each entry must be won/);
    refused(
      () => pairedDifference([1, Number.NaN], [0, 0]),
      /^pairedDifference\(a, b\): a\[1\] is NaN; each entry must be a finite number$/,
    );
    refused(
      () => pairedDifference([1, 2], null as unknown as number[]),
      /^pairedDifference\(a, b\): expected two lists, one entry a deal .*; got null$/,
    );
    // Booleans say won or lost as 1 and 0 do; typed arrays are lists.
    expect(pairedWins([true, false, true] as unknown as number[], [0, 0, 1])).toEqual(pairedWins([1, 0, 1], [0, 0, 1]));
    expect(pairedWins(Uint8Array.of(1, 0, 1), Float64Array.of(0, 0, 1))).toEqual(pairedWins([1, 0, 1], [0, 0, 1]));
  });
});

describe('the paired functions', () => {
  it('are in the browser-safe root as in tengym/node: one function, two entry points', () => {
    expect([root.pairedWins, root.pairedDifference]).toEqual([pairedWins, pairedDifference]);
    expect([node.pairedWins, node.pairedDifference]).toEqual([pairedWins, pairedDifference]);
  });
});
