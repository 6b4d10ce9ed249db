// The exact fair optimum (src/games/decade/agents/fair-solver.ts): its values against the brute-force
// expectimax on the env, against every order of a small stock, and its position budget.
import { describe, expect, it } from 'vitest';
import { FairSolver } from '../../../../src/games/decade/agents/fair-solver.js';
import { longestMove } from '../../../../src/games/decade/agents/longest.js';
import { Position, rulesOf } from '../../../../src/games/decade/agents/position.js';
import type { Env } from '../../../../src/env/env.js';
import { decadeOf, DRAW } from '../../../../src/games/decade/engine.js';
import { make } from '../../../../src/env/registry.js';
import { createRng, randomInt } from '../../../../src/env/rng.js';
import { dealPosition, deckValues } from '../../../../research/decade-reduced-room.js';
import { bruteAfter, envAt, randomPosition, withStockPermuted } from '../../../helpers/decade.js';

const never = (): [number, number] => [Number.NaN, Number.NaN];

/** The fair solver's value of each legal move of env, next to the brute force's (P(win) only, searched to the end). */
function compare(env: Env): [number, number][] {
  const { state, options } = decadeOf(env)!;
  const rules = rulesOf(options);
  const p = new Position(rules.stacks);
  p.loadTrue(state);
  const solver = new FairSolver(rules);
  const unknown = state.stockLen;
  return env
    .legalActions()
    .map((action) => [solver.valueAfter(p, unknown, action), bruteAfter(env, action, 60, unknown, never, 0)[0]]);
}

describe('the fair solver', () => {
  it(
    'values hand-made positions as the brute-force expectimax does (one line, optional draws, loop, fives, ' +
      'seven piles)',
    () => {
      const cases: [string, Parameters<typeof envAt>[1]][] = [
        ['decade', { stacks: [['5C', '3D', '2H', '4S', 'KC', '6H']], stock: ['4C', '6D', 'KH', '9S', 'AH'] }],
        ['decade-optional', { stacks: [['5C', '3D', '2H', '8S', '7D']], stock: ['3C', 'QD', '5H', '7S'] }],
        ['decade-loop', { stacks: [['7C', '3D', '5H', '2S', '9C', '4D']], stock: ['AC', '6D', 'TH', '3S', 'JH'] }],
        ['decade-fives', { stacks: [['5C', '3D', '2H', '4S', '6C']], stock: ['4C', '5D', 'KH', 'AS'] }],
        [
          'decade-stacks',
          {
            stacks: [['5C', '3D'], ['2H', '8S'], ['KC'], ['6H', '4D'], ['9C'], ['AC', 'QD'], ['7H']],
            stock: ['3C', 'JD', '2S'],
          },
        ],
      ];
      let compared = 0;
      let between = 0;
      for (const [id, layout] of cases) {
        const env = envAt(id, layout);
        expect(env.running, id).toBe(true);
        for (const [fair, brute] of compare(env)) {
          expect(fair, id).toBeCloseTo(brute, 12);
          compared++;
          if (fair > 0 && fair < 1) between++;
        }
      }
      expect(compared).toBeGreaterThanOrEqual(10);
      // Not only sure wins and sure losses.
      expect(between).toBeGreaterThanOrEqual(3);
    },
  );

  for (const id of ['decade', 'decade-loop', 'decade-fives']) {
    it(`${id}: random late positions with a choice, as the brute force, and the same whatever the unseen order`, () => {
      let compared = 0;
      for (let s = 1; compared < 12 && s < 400; s++) {
        const env = randomPosition(id, s, 0);
        const rng = createRng(s + 3);
        while (env.running && decadeOf(env)!.state.stockLen > 6)
          env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
        while (env.running && env.legalCount < 2) env.step(env.legal[0]);
        if (!env.running) continue;
        const values = compare(env);
        for (const [fair, brute] of values) expect(fair).toBeCloseTo(brute, 12);
        const permuted = compare(withStockPermuted(env, s));
        expect(permuted.map(([fair]) => fair)).toEqual(values.map(([fair]) => fair));
        compared += values.length;
      }
      expect(compared).toBeGreaterThanOrEqual(12);
    });
  }

  // Small decks (totals 60 and 50), dealt: 3 cards on the line and 6 in the stock, whose 720 orders are all played.
  for (const [id, cards] of [
    ['decade', 'T84T66682'],
    ['decade-loop', '5T43669T7'],
  ]) {
    it(`${id}: is the win rate of its own policy over every order of the stock, between longest and the oracle`, () => {
      const rules = rulesOf(decadeOf(make(id))!.options);
      const deck = deckValues(cards);
      const solver = new FairSolver(rules);
      const start = dealPosition(rules, deck);
      const optimum = solver.value(start, start.stockLen);
      const stock = deck.slice(3);
      let orders = 0;
      let optimalWins = 0;
      let longestWins = 0;
      let oracleWins = 0;
      const moves = new Int32Array(700);
      const permute = (k: number): void => {
        if (k === stock.length) {
          orders++;
          const play = (choose: (p: Position, unseen: number, n: number) => number): boolean => {
            const p = dealPosition(rules, [...deck.slice(0, 3), ...stock]);
            let unseen = p.stockLen;
            for (;;) {
              const n = p.generate(rules, moves);
              if (n === 0) return p.won(rules);
              const move = n === 1 ? moves[0] : choose(p, unseen, n);
              if (move === DRAW) unseen--;
              p.apply(rules, move);
            }
          };
          optimalWins += Number(
            play((p, unseen, n) => {
              const options = Array.from(moves.subarray(0, n));
              const values = options.map((m) => solver.valueAfter(p, unseen, m));
              return options[values.indexOf(Math.max(...values))];
            }),
          );
          longestWins += Number(play((_p, _u, n) => longestMove(moves, n)));
          const truth = dealPosition(rules, [...deck.slice(0, 3), ...stock]);
          oracleWins += Number(new FairSolver(rules).value(truth, 0) === 1);
          return;
        }
        for (let i = k; i < stock.length; i++) {
          [stock[k], stock[i]] = [stock[i], stock[k]];
          permute(k + 1);
          [stock[k], stock[i]] = [stock[i], stock[k]];
        }
      };
      permute(0);
      expect(orders).toBe(720);
      expect(optimum).toBeCloseTo(optimalWins / orders, 12);
      expect(optimalWins).toBeGreaterThanOrEqual(longestWins);
      expect(oracleWins).toBeGreaterThanOrEqual(optimalWins);
      // A deck where seeing the stock helps and where some order is lost.
      expect(oracleWins).toBeGreaterThan(optimalWins);
      expect(optimalWins).toBeLessThan(orders);
    });
  }

  it('valuesAfter: every move within the budget, or false past it; what a stopped solve valued stays exact', () => {
    const rules = rulesOf(decadeOf(make('decade-loop'))!.options);
    const p = dealPosition(rules, deckValues('5T43669T7'));
    const moves = new Int32Array(700);
    const n = p.generate(rules, moves);
    const exact = Array.from({ length: n }, (_, i) => new FairSolver(rules).valueAfter(p, p.stockLen, moves[i]));
    const solver = new FairSolver(rules);
    const out = new Float64Array(n);
    expect(solver.valuesAfter(p, p.stockLen, moves, n, out, 1)).toBe(false);
    expect(solver.valuesAfter(p, p.stockLen, moves, n, out, 50)).toBe(false);
    // Not cleared: the positions the stopped solves valued are reused, and the answer is the same.
    expect(solver.valuesAfter(p, p.stockLen, moves, n, out, 1_000_000)).toBe(true);
    expect(Array.from(out)).toEqual(exact);
    solver.clear();
    expect(solver.valuesAfter(p, p.stockLen, moves, n, out, 1_000_000)).toBe(true);
    expect(Array.from(out)).toEqual(exact);
  });
});
