// "Did you mean": mistyped env ids and option keys get the closest name, and the valid ones.
import { describe, expect, it } from 'vitest';
import { closest, editDistance } from '../../src/env/suggest.js';
import { envIds, make } from '../../src/env/registry.js';

describe('suggestions', () => {
  it('finds the closest name when it is a typo, and nothing for a stranger', () => {
    expect(editDistance('tablaeu', 'tableau')).toBe(1);
    expect(closest('decad', ['tens', 'decade', 'decade-loop'])).toBe('decade');
    expect(closest('tablaeu', ['tableau', 'refill'])).toBe('tableau');
    expect(closest('MAXRUN', ['minRun', 'maxRun'])).toBe('maxRun');
    expect(closest('xyzzy', ['tens', 'decade'])).toBeNull();
  });

  it('env ids and option keys in errors', () => {
    expect(() => make('decad' as string)).toThrow(
      new RegExp(`^unknown env "decad" \\(did you mean "decade"\\?\\); registered ids: ${envIds()[0]}, `),
    );
    expect(() => make('tens' as string, { tablaeu: 15 })).toThrow(
      new RegExp(
        String.raw`^bad options for tens: unknown option "tablaeu" \(did you mean "tableau"\?\); its options: ` +
          `${Object.keys(make('tens').options).join(', ')}$`,
      ),
    );
    expect(() => make('four-ten' as string, { stacks: 7 })).toThrow(
      /^bad options for four-ten: unknown option "stacks"; its options: drawVisible, check, /,
    );
  });

  it('a bounded distance is the distance, up to the bound: on random words, as the full matrix gives it', () => {
    /** The whole (n+1)×(m+1) matrix, as it was computed before the bound. */
    function full(a: string, b: string): number {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++) {
          d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
            d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      return d[a.length][b.length];
    }
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const word = () => Array.from({ length: Math.floor(random() * 9) }, () => 'abc'[Math.floor(random() * 3)]).join('');
    for (let i = 0; i < 3000; i++) {
      const [a, b, bound] = [word(), word(), Math.floor(random() * 6)];
      const exact = full(a, b);
      expect(editDistance(a, b)).toBe(exact);
      if (exact <= bound) expect(editDistance(a, b, bound)).toBe(exact);
      else expect(editDistance(a, b, bound)).toBeGreaterThan(bound);
    }
  });

  it('a name of a million characters is refused at once, with no suggestion and a shortened echo', () => {
    const start = performance.now();
    expect(() => make('x'.repeat(1_000_000))).toThrow(/^unknown env "x{64}…" \(1000000 characters\); registered ids: /);
    expect(() => make('tens' as string, { ['k'.repeat(100_000)]: 1 })).toThrow(
      /^bad options for tens: unknown option "k{64}…" \(100000 characters\); its options: tableau, /,
    );
    expect(closest('decade'.repeat(100_000), ['decade'])).toBeNull();
    // The near misses of a long candidate-length word still get their suggestion.
    expect(closest('ten-twenty-thirtyy', ['tens', 'ten-twenty-thirty'])).toBe('ten-twenty-thirty');
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
