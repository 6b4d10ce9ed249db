// The interval search that decides a line dealt whole (openLineClears, decade-open's `cannotWin`): it agrees with a
// search over every order of discards on short random lines, under each run rule, and with the engine itself on
// decade-open deals, where a deal it calls lost is one no order of the env's legal moves wins.
import { describe, expect, it } from 'vitest';
import { isWinnable } from '../../../../src/agents/deals.js';
import { make } from '../../../../src/env/registry.js';
import { createRng, randomInt } from '../../../../src/env/rng.js';
import { openLineClears, surelyLost } from '../../../../src/games/decade/agents/lost-deals.js';
import { runTotals } from '../../../../src/games/decade/engine.js';
import { scaled } from '../../../helpers/scale.js';

/** Every order of discards, by brute force: whether the line can end with at most `left` cards. */
function bruteClears(line: number[], minRun: number, maxRun: number, good: Uint8Array, left: number): boolean {
  const seen = new Set<string>();
  const search = (cards: number[]): boolean => {
    if (cards.length <= left) return true;
    const key = cards.join(',');
    if (seen.has(key)) return false;
    seen.add(key);
    for (let start = 0; start < cards.length; start++) {
      let sum = 0;
      for (let length = 1; length <= maxRun && start + length <= cards.length; length++) {
        sum += cards[start + length - 1];
        if (sum >= good.length) break;
        if (length >= minRun && good[sum] === 1 && search([...cards.slice(0, start), ...cards.slice(start + length)]))
          return true;
      }
    }
    return false;
  };
  return search(line);
}

describe('openLineClears', () => {
  const rules = [
    { name: 'tens, 2 to 14 cards', good: runTotals({ fives: false }), minRun: 2, maxRun: 14 },
    { name: 'fives, 2 to 3 cards', good: runTotals({ fives: true }), minRun: 2, maxRun: 3 },
    { name: 'tens, 3 to 4 cards', good: runTotals({ fives: false }), minRun: 3, maxRun: 4 },
  ];
  for (const { name, good, minRun, maxRun } of rules) {
    it(`${name}: the same answer as every order of discards, on random lines of up to 12 cards`, () => {
      const rng = createRng(minRun * 100 + maxRun);
      let cleared = 0;
      const lines = scaled(1200);
      for (let k = 0; k < lines; k++) {
        const line = Array.from({ length: randomInt(rng, 1, 12) }, () => randomInt(rng, 1, 10));
        for (const oneLeft of [false, true]) {
          const expected = bruteClears(line, minRun, maxRun, good, oneLeft ? 1 : 0);
          expect(openLineClears(line, minRun, maxRun, good, oneLeft), `${line} oneLeft ${oneLeft}`).toBe(expected);
          if (expected) cleared++;
        }
      }
      // Both answers are met often: the lines are not all one way.
      expect(cleared).toBeGreaterThan(lines / 10);
      expect(cleared).toBeLessThan(lines * 1.9);
    });
  }

  it('decade-open: a deal called lost is lost after every first move too; one called open is won by the solver', () => {
    let lost = 0;
    let open = 0;
    for (let seed = 1; seed < 400 && (lost < 3 || open < 3); seed++) {
      const env = make('decade-open');
      env.reset({ seed });
      if (surelyLost(env)) {
        lost++;
        // Every first move leaves a line the search calls lost too (all of them, checked the same way).
        for (const action of env.legalActions()) {
          const next = env.clone();
          next.step(action);
          expect(next.running ? surelyLost(next) : !next.outcome().won, `seed ${seed}, ${action}`).toBe(true);
        }
      } else if (open < 3) {
        open++;
        expect(isWinnable(env), `seed ${seed}`).toBe(true);
      }
    }
    expect(lost).toBeGreaterThanOrEqual(3);
    expect(open).toBeGreaterThanOrEqual(3);
  });
});
