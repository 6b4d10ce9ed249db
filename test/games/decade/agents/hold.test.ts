// Holding where discards are optional on one line (hold.ts): drawing first loses nothing, and
// the polynomial line solve gives the exhaustive solver's values, options included.
import { describe, expect, it } from 'vitest';
import { LineSolver, drawAll } from '../../../../src/games/decade/agents/hold.js';
import { Position, rulesOf } from '../../../../src/games/decade/agents/position.js';
import { Solver } from '../../../../src/games/decade/agents/solver.js';
import {
  CARD_VALUE,
  decadeOptionsSchema,
  type DecadeOptions,
  type DecadeState,
} from '../../../../src/games/decade/engine.js';
import { make } from '../../../../src/env/registry.js';
import { createRng, randomInt, shuffleInPlace } from '../../../../src/env/rng.js';
import { randomPosition } from '../../../helpers/decade.js';
import { scaled } from '../../../helpers/scale.js';

describe('holding (hold.ts)', () => {
  it(
    'with optional discards on one line, drawing is never worse than a discard, and drawing everything first ' +
      'loses nothing',
    () => {
      const env = make('decade-optional');
      const r = rulesOf(env.options as unknown as DecadeOptions);
      const solver = new Solver(r, 18);
      const p = new Position(1);
      const q = new Position(1);
      // 150 random positions at full scale (52 of them solved exactly), 75 below it: each costs a solve per move.
      const positions = scaled(150, 75);
      let compared = 0;
      for (let k = 0; k < positions; k++) {
        const e = randomPosition('decade-optional', 3000 + k, 25 + (k % 20));
        if (!e.running || e.legalCount < 2 || e.legal[0] !== 0) continue;
        p.loadTrue(e.rawState as DecadeState);
        // Only exact values compare: a search that ran out of budget gives an estimate.
        let exact = true;
        const values = e.legalActions().map((a) => {
          solver.clear();
          const v = solver.valueAfter(p, a, 300_000);
          exact &&= !solver.aborted;
          return v;
        });
        if (!exact) continue;
        expect(values[0]).toBe(Math.min(...values));
        q.copyFrom(p);
        drawAll(q);
        solver.clear();
        const drawn = solver.value(q, 300_000);
        if (solver.aborted) continue;
        expect(drawn).toBe(values[0]);
        compared++;
      }
      expect(compared).toBeGreaterThan((positions * 2) / 15);
    },
  );
});

/** A line of `values` with an empty stock. */
function lineOf(values: readonly number[]): Position {
  const p = new Position(1);
  p.vals.set(values);
  p.len[0] = values.length;
  p.aliveCount = 1;
  p.tableCount = values.length;
  return p;
}

/** The values of `n` cards of a shuffled deck. */
function randomLine(seed: number, n: number): number[] {
  const deck = Array.from(CARD_VALUE);
  shuffleInPlace(createRng(seed), deck);
  return deck.slice(0, n);
}

describe('LineSolver (hold.ts)', () => {
  it('gives the values of hand-made lines', () => {
    const line = new LineSolver(rulesOf(decadeOptionsSchema.parse({ discard: 'optional' })));
    expect(line.value(lineOf([]))).toBe(0);
    expect(line.value(lineOf([10]))).toBe(2); // one card is no run
    expect(line.value(lineOf([3, 7]))).toBe(0);
    expect(line.value(lineOf([3, 4, 7]))).toBe(4); // no two or three neighbours total 10, 20 or 30
    expect(line.value(lineOf([1, 2, 7]))).toBe(0);
    expect(line.value(lineOf([3, 7, 5]))).toBe(2);
    // 'one-left': a line that ends with one card is won.
    const oneLeft = new LineSolver(rulesOf(decadeOptionsSchema.parse({ discard: 'optional', win: 'one-left' })));
    expect(oneLeft.value(lineOf([3, 7, 5]))).toBe(0);
    expect(oneLeft.value(lineOf([10]))).toBe(0);
    expect(oneLeft.value(lineOf([3, 4, 7]))).toBe(4);
    // maxRun 2: 1 2 7 has no run; 1 [2 8] 9 clears once the 2 8 nested in 1 … 9 has gone, but
    // 1 2 9 8 would need two crossing pairs (1 9 and 2 8), which no order of play can discard.
    const pairs = new LineSolver(rulesOf(decadeOptionsSchema.parse({ discard: 'optional', maxRun: 2 })));
    expect(pairs.value(lineOf([1, 2, 7]))).toBe(4);
    expect(pairs.value(lineOf([1, 2, 8, 9]))).toBe(0);
    expect(pairs.value(lineOf([1, 2, 9, 8]))).toBe(5);
    // fives: 2 3 totals 5.
    expect(
      new LineSolver(rulesOf(decadeOptionsSchema.parse({ discard: 'optional', fives: true }))).value(lineOf([2, 3])),
    ).toBe(0);
  });

  it('refuses what it cannot solve: seven stacks, a loop, deck-bottom', () => {
    for (const o of [{ stacks: 7 }, { loop: true }, { pickedUp: 'deck-bottom' }]) {
      expect(
        () => new LineSolver(rulesOf(decadeOptionsSchema.parse({ discard: 'optional', ...o }))),
        JSON.stringify(o),
      ).toThrow(/one straight line/);
    }
  });

  // The exhaustive solver, with a budget that lets it finish, is the reference. 400 random lines an option set at full
  // scale, 100 below it: the fives and one-left sets take seconds for each hundred.
  const LINES = scaled(400, 100);
  const OPTION_SETS: Record<string, unknown>[] = [
    {},
    { win: 'one-left' },
    { fives: true },
    { minRun: 3 },
    { maxRun: 3 },
    { maxRun: 4, minRun: 3 },
    { fives: true, maxRun: 5 },
  ];
  for (const options of OPTION_SETS) {
    it(`gives the exhaustive solver's value on random lines, ${JSON.stringify(options)}`, () => {
      const rules = rulesOf(decadeOptionsSchema.parse({ discard: 'optional', ...options }));
      const line = new LineSolver(rules);
      const solver = new Solver(rules, 20);
      const rng = createRng(91);
      let compared = 0;
      const values = new Map<number, number>();
      for (let k = 0; k < LINES; k++) {
        const p = lineOf(randomLine(5000 + k, randomInt(rng, 0, 30)));
        solver.clear();
        const expected = solver.value(p, 3_000_000);
        if (solver.aborted) continue;
        expect(line.value(p), `line ${Array.from(p.vals.subarray(0, p.len[0])).join(' ')}`).toBe(expected);
        values.set(expected, (values.get(expected) ?? 0) + 1);
        compared++;
      }
      expect(compared).toBeGreaterThan((LINES * 7) / 8);
      // Cleared lines and lost ones both, or the comparison proves little: more than 1 in 40 of each (minRun 3 and
      // maxRun 3 clear the fewest, 5 to 8 of the first 100 lines).
      expect(values.get(0) ?? 0).toBeGreaterThan(LINES / 40);
      expect(compared - (values.get(0) ?? 0)).toBeGreaterThan(LINES / 40);
    });
  }

  it("gives the exhaustive solver's value on whole decks drawn out (the line optimal and oracle solve)", () => {
    const env = make('decade-optional');
    const rules = rulesOf(env.options as unknown as DecadeOptions);
    const line = new LineSolver(rules);
    const solver = new Solver(rules, 20);
    const deal = new Position(1);
    let lost = 0;
    for (let seed = 516; seed < 536; seed++) {
      env.reset({ seed });
      deal.loadTrue(env.rawState as DecadeState);
      drawAll(deal);
      solver.clear();
      const expected = solver.value(deal, 5_000_000);
      if (solver.aborted) continue;
      expect(line.value(deal), `deal ${seed}`).toBe(expected);
      if (expected > 0) lost++;
    }
    expect(lost).toBeGreaterThanOrEqual(2);
  });
});
