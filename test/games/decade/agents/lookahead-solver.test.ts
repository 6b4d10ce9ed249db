// The decade searches' values, not only their fairness: `lookahead`'s expectimax and the exact
// solver against expectimaxes written on the env itself (test/helpers/decade.ts), what each does past
// its node budget, and the solver's table when a search is cut short, the table is crowded or cleared.
import { describe, expect, it } from 'vitest';
import { longestRank } from '../../../../src/games/decade/agents/common.js';
import { LongestRunAgent } from '../../../../src/games/decade/agents/longest.js';
import { LookaheadAgent, type LookaheadConfig } from '../../../../src/games/decade/agents/lookahead.js';
import { StockMemory } from '../../../../src/games/decade/agents/memory.js';
import { Position, rulesOf } from '../../../../src/games/decade/agents/position.js';
import { Solver } from '../../../../src/games/decade/agents/solver.js';
import type { Env } from '../../../../src/env/env.js';
import { DRAW, type DecadeOptions, type DecadeState } from '../../../../src/games/decade/engine.js';
import { make } from '../../../../src/env/registry.js';
import { createRng, randomInt } from '../../../../src/env/rng.js';
import { bruteAfter, bruteExpectimax, randomPosition, withStockPermuted, type Value } from '../../../helpers/decade.js';
import { scaled } from '../../../helpers/scale.js';

const stateOf = (env: Env) => env.rawState as DecadeState;
const rulesFor = (env: Env) => rulesOf(env.options as unknown as DecadeOptions);

/**
 * `lookahead`'s values as the brute force's [P(win), cards / 52]: a won game is worth 100, a
 * lost one −100 − its cards, the horizon minus the cards on the table. All three are
 * 200 · P(win) − 100 − 52 · cards/52 of the values below, and expectation is linear, so the
 * brute force's choice by P(win) − 0.26 · cards/52 is `lookahead`'s.
 */
const TIE = 52 / 200;
const asLookahead = (v: Value) => 200 * v[0] - 100 - 52 * v[1];
const score = (v: Value) => v[0] - TIE * v[1];

/**
 * `lookahead`'s horizon, reached after its last draw: its own discards still choose, and a
 * position where it would draw counts minus its cards (worth [0.5, cards / 52] above).
 */
function horizon(env: Env): Value {
  if (!env.running) {
    const o = env.outcome() as { won: boolean; cardsLeft: number };
    return [o.won ? 1 : 0, o.cardsLeft / 52];
  }
  let best: Value | null = null;
  for (const a of env.legalActions()) {
    let v: Value;
    if (a === DRAW) v = [0.5, stateOf(env).tableCount / 52];
    else {
      const next = env.clone();
      next.step(a);
      v = horizon(next);
    }
    if (best === null || score(v) > score(best)) best = v;
  }
  return best!;
}

/** Each legal action's value, `depth` draws ahead, by the brute force on the env. */
function bruteValues(env: Env, depth: number, unknown: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const action of env.legalActions())
    out.set(action, asLookahead(bruteAfter(env, action, depth, unknown, horizon, TIE)));
  return out;
}

/** The action `lookahead` must play given its values: the best, ties to `longest`'s order. */
function bestOf(values: Map<number, number>): number {
  let best = -1;
  for (const [action, v] of values) {
    const b = values.get(best);
    if (b === undefined || v > b + 1e-9 || (Math.abs(v - b) <= 1e-9 && longestRank(action) > longestRank(best)))
      best = action;
  }
  return best;
}

function expectSameValues(agent: LookaheadAgent, env: Env, brute: Map<number, number>, what: string): void {
  const scores = agent.score(env).actions;
  expect(
    scores.map((s) => s.action).sort((a, b) => a - b),
    what,
  ).toEqual([...brute.keys()].sort((a, b) => a - b));
  for (const s of scores) expect(s.score, `${what}, action ${s.action}`).toBeCloseTo(brute.get(s.action)!, 9);
}

/**
 * A position of deal `seed` played by longest-run-first until at most `stock` cards are left in
 * the stock, then `randomSteps` random legal moves (fewer if the game ends).
 */
function latePosition(id: string, seed: number, stock: number, randomSteps: number): Env {
  const env = make(id);
  env.reset({ seed });
  const longest = new LongestRunAgent();
  while (env.running && stateOf(env).stockLen > stock) env.step(longest.act(env));
  const rng = createRng(seed);
  for (let i = 0; i < randomSteps && env.running; i++) env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
  return env;
}

const UNLIMITED = { maxNodes: 1e9, endgameBudget: 20000 };
const POSITIONS = 6;

describe("lookahead's expectimax", () => {
  // `decade-optional` holds instead of searching (hold.ts), so it has no expectimax to check.
  const presets: [id: string, depth: number][] = [
    ['decade', 3],
    ['decade-max3', 2],
    ['decade-loop', 2],
    ['decade-fives', 2],
    ['decade-stacks', 2],
    ['decade', 1],
  ];

  it.each(presets)(
    `%s, depth %i: each legal move's value is the brute force's on the env, and act plays the best (${POSITIONS} ` +
      `positions with a choice)`,
    (id, depth) => {
      const config: LookaheadConfig = { depth, ...UNLIMITED };
      let compared = 0;
      for (let k = 0; compared < POSITIONS && k < 400; k++) {
        const env = randomPosition(id, 900 + k, 6 + ((k * 11) % 30));
        if (!env.running || env.legalCount < 2 || stateOf(env).stockLen < depth) continue;
        const brute = bruteValues(env, depth, stateOf(env).stockLen);
        const agent = new LookaheadAgent(config);
        expectSameValues(agent, env, brute, `${id}, position ${k}`);
        expect(agent.act(env), `${id}, position ${k}`).toBe(bestOf(brute));
        compared++;
      }
      expect(compared).toBe(POSITIONS);
    },
  );

  it(
    'ten-twenty-thirty: the cards picked up go under the stock in a known order, which the search draws once ' +
      'the unseen ones are gone (scoring every step keeps the memory)',
    () => {
      const env = make('ten-twenty-thirty');
      const rules = rulesFor(env);
      // Such positions come once a game, when the first pass through the stock ends; each game costs seconds.
      const WANTED = scaled(3, 1);
      let compared = 0;
      for (let seed = 0; compared < WANTED && seed < 40; seed++) {
        env.reset({ seed });
        // Only `score` is called: it must follow the game as `act` does.
        const agent = new LookaheadAgent({ depth: 3, ...UNLIMITED });
        const memory = new StockMemory();
        while (env.running && compared < WANTED) {
          memory.sync(stateOf(env), rules);
          const scores = agent.score(env).actions;
          // Fewer unseen cards than draws ahead, and known cards under them: the search reads its queue.
          if (env.legalCount >= 2 && memory.unknown >= 1 && memory.unknown < 3 && memory.knownCount > 0) {
            expectSameValues(agent, env, bruteValues(env, 3, memory.unknown), `seed ${seed}, step ${env.episodeSteps}`);
            compared++;
          }
          env.step(scores[0].action);
        }
      }
      expect(compared).toBe(WANTED);
    },
  );

  it('ties go to longest-run-first’s order: the longer run, then the older cards, the draw last', () => {
    // About one choice in thirty has a tie at the top, in games played by longest-run-first.
    let ties = 0;
    const env = make('decade');
    const longest = new LongestRunAgent();
    for (let seed = 0; ties < POSITIONS && seed < 300; seed++) {
      env.reset({ seed });
      const agent = new LookaheadAgent();
      while (env.running && ties < POSITIONS) {
        const scores = env.legalCount >= 2 ? agent.score(env).actions : [];
        const tied = scores.filter((s) => s.score === scores[0].score).map((s) => s.action);
        if (tied.length >= 2) {
          const longestFirst = tied.reduce((a, b) => (longestRank(b) > longestRank(a) ? b : a));
          expect(agent.act(env), `seed ${seed}, step ${env.episodeSteps}, tied ${tied}`).toBe(longestFirst);
          expect(scores[0].action).toBe(longestFirst);
          ties++;
        }
        env.step(longest.act(env));
      }
    }
    expect(ties).toBe(POSITIONS);
  });

  it(
    'past its node budget a position counts at its horizon: with none, every move is worth minus the cards it ' +
      'leaves',
    () => {
      let compared = 0;
      for (let k = 0; compared < POSITIONS && k < 200; k++) {
        const env = randomPosition('decade', 3000 + k, 8 + (k % 20));
        const s = stateOf(env);
        if (!env.running || env.legalCount < 2 || s.stockLen < 2) continue;
        const scores = new LookaheadAgent({ depth: 3, maxNodes: 0, endgameBudget: 20000 }).score(env).actions;
        for (const { action, score } of scores) {
          const next = env.clone();
          next.step(action);
          // A draw from a stock of two or more leaves the game running; a discard may clear the table.
          const cleared = !next.running && (next.outcome() as { won: boolean }).won;
          expect(score, `position ${k}, action ${action}`).toBe(cleared ? 100 : -stateOf(next).tableCount);
        }
        compared++;
      }
      expect(compared).toBe(POSITIONS);
    },
  );

  it('is named lookahead unless told otherwise', () => {
    expect(new LookaheadAgent().name).toBe('lookahead');
    expect(new LookaheadAgent(null, 'mine').name).toBe('mine');
  });
});

describe('the exact solver', () => {
  /** The solver's value from the brute force with the stock known: 0 when won, else 1 + the fewest cards left. */
  const solverValue = (v: Value) => (v[0] === 1 ? 0 : 1 + Math.round(52 * v[1]));
  const never = (): Value => [Number.NaN, Number.NaN];
  const PRESETS = ['decade', 'decade-optional', 'decade-max3', 'decade-loop', 'decade-fives', 'decade-stacks'];

  it.each(PRESETS)('%s: values late positions as the brute force on the env, the stock known', (id) => {
    const rules = rulesFor(make(id));
    const solver = new Solver(rules, 18);
    const p = new Position(rules.stacks);
    let compared = 0;
    for (let k = 0; compared < POSITIONS && k < 200; k++) {
      const env = latePosition(id, 4000 + k, 8, k % 3);
      if (!env.running) continue;
      p.loadTrue(stateOf(env));
      expect(solver.value(p, 1e7), `${id}, position ${k}`).toBe(solverValue(bruteExpectimax(env, 60, 0, never, 0.01)));
      expect(solver.aborted).toBe(false);
      for (const action of env.legalActions()) {
        expect(solver.valueAfter(p, action, 1e7), `${id}, position ${k}, action ${action}`).toBe(
          solverValue(bruteAfter(env, action, 60, 0, never, 0.01)),
        );
      }
      compared++;
    }
    expect(compared).toBe(POSITIONS);
  });

  it(
    'a search cut short says so, counts the position as lost where it stopped, and stores nothing it did not ' +
      'finish',
    () => {
      const rules = rulesOf(make('decade').options as unknown as DecadeOptions);
      const p = new Position(1);
      let cut = 0;
      for (let k = 0; k < 60; k++) {
        const env = latePosition('decade', 5000 + k, 40 - (k % 20), 0);
        if (!env.running) continue;
        p.loadTrue(stateOf(env));
        const exact = new Solver(rules, 18).value(p, 1e8);
        const solver = new Solver(rules, 18);
        expect(solver.value(p, 0)).toBe(1 + stateOf(env).tableCount);
        expect(solver.aborted).toBe(true);
        // Part of the search, then the whole of it in the same table.
        solver.value(p, 1 + (k % 5) * 8);
        cut += solver.aborted ? 1 : 0;
        expect(solver.value(p, 1e8), `position ${k}`).toBe(exact);
        expect(solver.aborted).toBe(false);
      }
      expect(cut).toBeGreaterThan(20);
    },
  );

  it('a crowded table (4 entries) gives the values of a large one', () => {
    for (const id of ['decade', 'decade-stacks']) {
      const rules = rulesFor(make(id));
      const p = new Position(rules.stacks);
      const crowded = new Solver(rules, 2);
      let compared = 0;
      for (let k = 0; k < 40; k++) {
        const env = latePosition(id, 6000 + k, 20 - (k % 15), 0);
        if (!env.running) continue;
        p.loadTrue(stateOf(env));
        crowded.clear();
        for (const action of env.legalActions()) {
          expect(crowded.valueAfter(p, action, 1e8), `${id}, position ${k}, action ${action}`).toBe(
            new Solver(rules, 18).valueAfter(p, action, 1e8),
          );
        }
        compared++;
      }
      expect(compared).toBeGreaterThan(20);
    }
  });

  it(
    'with optional discards it tries the draw last: on Ten-Twenty-Thirty deals, the stock known, it finds a win ' +
      'in a few thousand moves where drawing first spent 200,000 without one',
    () => {
      const env = make('ten-twenty-thirty', { discard: 'optional' });
      const rules = rulesFor(env);
      const p = new Position(rules.stacks);
      const solver = new Solver(rules, 18);
      for (const seed of [1, 4, 6, 8]) {
        env.reset({ seed });
        p.loadTrue(stateOf(env));
        solver.clear();
        expect({ seed, value: solver.value(p, 50_000), aborted: solver.aborted }).toEqual({
          seed,
          value: 0,
          aborted: false,
        });
        expect(solver.nodes).toBeLessThan(50_000);
      }
    },
  );

  it('clear() forgets the last deal: the same table on another order of the stock values it afresh', () => {
    const rules = rulesFor(make('decade'));
    const p = new Position(1);
    const solver = new Solver(rules, 18);
    let differs = 0;
    for (let k = 0; k < 40; k++) {
      const env = latePosition('decade', 7000 + k, 20 - (k % 15), 0);
      if (!env.running) continue;
      p.loadTrue(stateOf(env));
      solver.clear();
      const before = solver.value(p, 1e8);
      p.loadTrue(stateOf(withStockPermuted(env, k)));
      solver.clear();
      const after = solver.value(p, 1e8);
      expect(after, `position ${k}`).toBe(new Solver(rules, 18).value(p, 1e8));
      differs += after !== before ? 1 : 0;
    }
    // Otherwise the check above could not tell a table kept from one cleared.
    expect(differs).toBeGreaterThan(5);
  });
});
