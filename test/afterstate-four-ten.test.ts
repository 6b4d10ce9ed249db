// Afterstate values for Four Ten: the features of a hand-made position, every legal action's
// expansion checked against the engine itself over random positions of every rules variant,
// and the agent's legality, fairness and scores with a random network.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../src/agents/index.js';
import { AfterstateAgent, afterstateOutputs, createExpansion, type AfterstateExpansion } from '../src/agents/tf/afterstate.js';
import { FOUR_TEN_LAYOUT, FourTenExpansion, LOSS_ROUNDS, ROUND_COST, writeFourTenFeatures, writeRoundStart } from '../src/agents/tf/afterstate-four-ten.js';
import { initBackend } from '../src/agents/tf/backend.js';
import { buildAfterstateNet } from '../src/agents/tf/network.js';
import type { Env, EnvState } from '../src/env/env.js';
import type { FourTenOutcome } from '../src/env/game.js';
import { END_TURN, FIRST_EXCHANGE, type FourTenJSON, type FourTenOptions, type FourTenState } from '../src/env/games/four-ten.js';
import { make } from '../src/env/registry.js';
import { createRng, randomInt, shuffleInPlace } from '../src/env/rng.js';
import { AfterstateLearner, afterstateConfigSchema } from '../src/train/afterstate.js';
import { expectFlatTensorsAcrossUpdates, modelMetadata } from './model-helpers.js';

const F = FOUR_TEN_LAYOUT.size;

beforeAll(async () => {
  await initBackend({ quiet: true });
});

/** A four-ten env at a hand-made position (the stock holds the rest of the 32 cards, in value order). */
function envAt(game: Partial<FourTenJSON>, options: Record<string, unknown> = {}): Env {
  const env = make('four-ten', options);
  env.reset({ seed: 0 });
  const used = [...(game.hand ?? []), ...(game.home ?? []), ...(game.shadow ?? []), ...(game.drawn ? [game.drawn] : [])];
  const left = [8, 8, 8, 8];
  for (const v of used) left[Number(v) - 1]--;
  const stock = left.flatMap((c, i) => Array.from({ length: c }, () => String(i + 1)));
  const base = env.getState() as EnvState & { game: FourTenJSON };
  env.setState({ ...base, game: { ...base.game, hand: [], home: [], shadow: [], outOfPlay: [], seenThisTurn: [], stock, ...game } });
  return env;
}

/** The indices of a feature row that are not zero, with their values. */
function nonZero(rows: Float32Array, row: number): Record<number, number> {
  const out: Record<number, number> = {};
  for (let i = 0; i < F; i++) {
    const v = rows[row * F + i];
    if (v !== 0) out[i] = Number(v.toFixed(6));
  }
  return out;
}

describe('four-ten features', () => {
  it('a placement of the seen card leads to the hands with it, the turn still open', () => {
    // Hand 3, Home 4, drawn 2, 20 points, 1 safety.
    const env = envAt({ phase: 'place', hand: ['3'], home: ['4'], drawn: '2', points: 20, safeties: 1 });
    const x = createExpansion(FOUR_TEN_LAYOUT);
    x.expand(env);
    expect(env.legalActions()).toEqual([0, 1, 2]);
    // Into Hand: Hand 3 2 = 5, Home 4 < 5: a fault, paid by the safety: the next round starts at 20 points, 0 safeties.
    expect(x.rowsOf[0]).toBe(1);
    expect(x.offset[x.firstRow[0]]).toBeCloseTo(ROUND_COST);
    const start = new Float32Array(F);
    writeRoundStart(20, 0, env.options as FourTenOptions, start, 0);
    expect(nonZero(x.rows, x.firstRow[0])).toEqual(nonZero(start, 0));
    // Into Shadow: Hand 3, Home 4, Shadow 2, stock 29 (8 8 7 7 less the 2 … : 1s 8, 2s 7, 3s 7, 4s 7).
    expect(x.offset[x.firstRow[2]]).toBe(0);
    expect(nonZero(x.rows, x.firstRow[2])).toEqual({
      // counts: Hand one 3, Home one 4, Shadow one 2; zero counts elsewhere
      [0 * 20 + 0 * 5 + 0]: 1, [0 * 20 + 1 * 5 + 0]: 1, [0 * 20 + 2 * 5 + 1]: 1, [0 * 20 + 3 * 5 + 0]: 1,
      [1 * 20 + 0 * 5 + 0]: 1, [1 * 20 + 1 * 5 + 0]: 1, [1 * 20 + 2 * 5 + 0]: 1, [1 * 20 + 3 * 5 + 1]: 1,
      [2 * 20 + 0 * 5 + 0]: 1, [2 * 20 + 1 * 5 + 1]: 1, [2 * 20 + 2 * 5 + 0]: 1, [2 * 20 + 3 * 5 + 0]: 1,
      // sums 3, 4, 2
      [60 + 3]: 1, [60 + 17 + 4]: 1, [60 + 34 + 2]: 1,
      // stock 8 7 7 7
      [111 + 8]: 1, [111 + 9 + 7]: 1, [111 + 18 + 7]: 1, [111 + 27 + 7]: 1,
      147: Number((29 / 32).toFixed(6)),
      // 30 points needed of 50; one safety of three
      [149 + 29]: 1, 199: 0.6, [200 + 1]: 1, 204: Number((1 / 3).toFixed(6)),
    });
  });

  it('a placement that makes Hand = 10 and reaches 50 points is an exact win', () => {
    const env = envAt({ phase: 'place', hand: ['4', '4'], home: ['4', '4'], drawn: '2', points: 40, safeties: 3 });
    const x = createExpansion(FOUR_TEN_LAYOUT);
    x.expand(env);
    expect(x.rowsOf[0]).toBe(0);
    expect([x.exactWin[0], x.exactCost[0]]).toEqual([1, Math.fround(ROUND_COST)]);
  });

  it('ending the turn keeps the hands, at a turn start', () => {
    const env = envAt({ phase: 'place', home: ['4'], drawn: '3', points: 0, safeties: 3 });
    env.step(0); // Hand 3, Home 4: the exchange phase
    const x = createExpansion(FOUR_TEN_LAYOUT);
    x.expand(env);
    const k = env.legalActions().indexOf(END_TURN);
    const row = nonZero(x.rows, x.firstRow[k]);
    expect(row[148]).toBe(1);
    expect(row[60 + 3]).toBe(1);
    expect(row[60 + 17 + 4]).toBe(1);
  });
});

// ---------------------------------------------------------------- the expansion agrees with the engine

interface Outcome {
  weight: number;
  win: number;
  cost: number;
  offset: number;
  row: Float32Array | null;
}

/** A copy of `env` whose next card is one of value v (the rest of the stock in its order). */
function withNextCard(env: Env, v: number): Env {
  const state = env.getState() as EnvState & { game: FourTenJSON };
  const stock = [...state.game.stock];
  const at = stock.indexOf(String(v));
  stock.splice(at, 1);
  const copy = env.clone();
  copy.setState({ ...state, game: { ...state.game, stock: [String(v), ...stock] } });
  return copy;
}

/** What playing `action` leads to, as the engine plays it: each possible next card, stepped for real. */
function engineOutcomes(env: Env, action: number): Outcome[] {
  const s = env.rawState as FourTenState;
  const o = env.options as FourTenOptions;
  if (action === END_TURN) {
    const row = new Float32Array(F);
    writeFourTenFeatures({ counts: s.counts, sums: s.sums, stock: s.stockCounts, turnStart: true, points: s.points, safeties: s.safeties }, o, row, 0);
    return [{ weight: 1, win: 0, cost: 0, offset: 0, row }];
  }
  const chance = action >= 3 && action < FIRST_EXCHANGE ? true : action < 3 && s.drawn === 0;
  const size = s.stockCounts.reduce((a, b) => a + b, 0);
  const cases: [Env, number][] = chance ? [1, 2, 3, 4].filter((v) => s.stockCounts[v - 1] > 0).map((v) => [withNextCard(env, v), s.stockCounts[v - 1] / size]) : [[env.clone(), 1]];
  return cases.map(([copy, weight]) => {
    copy.step(action);
    const after = copy.rawState as FourTenState;
    if (!copy.running) {
      const won = (copy.outcome() as FourTenOutcome).won;
      return { weight, win: won ? weight : 0, cost: weight * ROUND_COST * (won ? 1 : 1 + LOSS_ROUNDS), offset: 0, row: null };
    }
    const row = new Float32Array(F);
    if (after.rounds > s.rounds) {
      writeRoundStart(after.points, after.safeties, o, row, 0);
      return { weight, win: 0, cost: 0, offset: ROUND_COST, row };
    }
    // An exchange is valued as the turn ended after it; a placement leaves the turn open.
    const turnStart = action >= FIRST_EXCHANGE;
    writeFourTenFeatures({ counts: after.counts, sums: after.sums, stock: after.stockCounts, turnStart, points: after.points, safeties: after.safeties }, o, row, 0);
    return { weight, win: 0, cost: 0, offset: 0, row };
  });
}

/**
 * The exchange phase, against the engine: every configuration that legal exchanges can reach
 * (explored by stepping copies of the env) is the option of exactly one exchange, as a turn's
 * start, and every way an exchange can end the round is an option of some exchange; ending the
 * turn is the current configuration at a turn's start.
 */
function checkExchangePhase(env: Env, x: AfterstateExpansion): void {
  const o = env.options as FourTenOptions;
  const reached = new Map<number, Float32Array>();
  const ends = new Set<string>();
  const explore = (e: Env) => {
    for (const action of e.legalActions()) {
      if (action === END_TURN) continue;
      const copy = e.clone();
      copy.step(action);
      const after = copy.rawState as FourTenState;
      if (!copy.running) ends.add((copy.outcome() as FourTenOutcome).won ? 'won' : 'lost');
      else if (after.rounds > (env.rawState as FourTenState).rounds) ends.add(`${after.points}/${after.safeties}`);
      else if (!reached.has(after.key)) {
        const row = new Float32Array(F);
        writeFourTenFeatures({ counts: after.counts, sums: after.sums, stock: after.stockCounts, turnStart: true, points: after.points, safeties: after.safeties }, o, row, 0);
        reached.set(after.key, row);
        explore(copy);
      }
    }
  };
  explore(env);
  const fx = x as FourTenExpansion;
  const options = new Map<number, number>();
  const exits = new Set<string>();
  for (let k = 0; k < env.legalCount; k++) {
    if (env.legal[k] === END_TURN) {
      expect(x.bestOf[k]).toBe(0);
      expect(fx.rowKey[x.firstRow[k]]).toBe((env.rawState as FourTenState).key);
      continue;
    }
    expect(x.bestOf[k]).toBe(1);
    if (x.exactOption[k]) exits.add(x.exactWin[k] === 1 ? 'won' : 'lost');
    for (let row = x.firstRow[k]; row < x.firstRow[k] + x.rowsOf[k]; row++) {
      if (fx.rowStart[row] > 0) {
        const code = fx.rowStart[row] - 1;
        exits.add(`${code >> 10}/${code & 1023}`);
        expect(x.offset[row]).toBeCloseTo(ROUND_COST, 6);
      } else {
        expect(options.has(fx.rowKey[row])).toBe(false);
        options.set(fx.rowKey[row], row);
      }
    }
  }
  expect([...options.keys()].sort()).toEqual([...reached.keys()].sort());
  for (const [key, row] of options) expect(nonZero(x.rows, row)).toEqual(nonZero(reached.get(key)!, 0));
  // A won exit hides a lost one in the same exchange's options (only the best exact result is kept).
  if (!exits.has('won')) expect([...exits].sort()).toEqual([...ends].sort());
  else for (const end of exits) expect(ends.has(end)).toBe(true);
}

const VARIANTS: Record<string, unknown>[] = [{}, { drawVisible: false }, { check: 'faults-first' }, { safeties: 1, gameTarget: 30 }, { handTarget: 7 }];

describe('four-ten expansion = the engine', () => {
  it.each(VARIANTS)('every legal action of random positions, %j', (options) => {
    const env = make('four-ten', options);
    const x = createExpansion(FOUR_TEN_LAYOUT);
    const greedy = createAgent('greedy', 'four-ten', env.options as Record<string, unknown>);
    const rng = createRng(11);
    let checked = 0;
    let roundEnds = 0;
    let exact = 0;
    let exchangePhases = 0;
    for (let game = 0; game < 16; game++) {
      env.reset({ seed: 500 + game });
      for (let step = 0; env.running && step < 150; step++) {
        x.expand(env);
        expect(x.actionCount).toBe(env.legalCount);
        if (env.legal[0] >= FIRST_EXCHANGE) {
          checkExchangePhase(env, x);
          exchangePhases++;
        }
        for (let k = 0; k < env.legalCount; k++) {
          if (x.bestOf[k]) continue;
          const expected = engineOutcomes(env, env.legal[k]);
          const rows = expected.filter((e) => e.row !== null);
          expect(x.rowsOf[k]).toBe(rows.length);
          expect(x.exactWin[k]).toBeCloseTo(expected.reduce((a, e) => a + e.win, 0), 6);
          expect(x.exactCost[k]).toBeCloseTo(expected.reduce((a, e) => a + e.cost, 0), 6);
          rows.forEach((e, j) => {
            const row = x.firstRow[k] + j;
            expect(x.weight[row]).toBeCloseTo(e.weight, 6);
            expect(x.offset[row]).toBeCloseTo(e.offset, 6);
            expect(nonZero(x.rows, row)).toEqual(nonZero(e.row!, 0));
          });
          checked++;
          if (rows.some((e) => e.offset > 0)) roundEnds++;
          if (x.rowsOf[k] < expected.length) exact++;
        }
        // The safe greedy, with a random move one time in four: long rounds, and every kind of ending.
        env.step(randomInt(rng, 0, 3) > 0 ? greedy.act(env) : env.legal[randomInt(rng, 0, env.legalCount - 1)]);
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(roundEnds).toBeGreaterThan(50);
    expect(exact).toBeGreaterThan(0);
    expect(exchangePhases).toBeGreaterThan(100);
  });
});

// ---------------------------------------------------------------- the agent

describe('the four-ten agent, with a random network', () => {
  let model: tf.LayersModel;
  beforeAll(() => {
    model = buildAfterstateNet({ inputSize: F, hidden: [32], seed: 4, cost: 'rounds' });
  });

  it('plays legal moves to the end, scores every legal move best first as minus the rounds, and never reads the stock order', () => {
    const agent = new AfterstateAgent('random-net', model, modelMetadata('four-ten', 'afterstate'));
    const rng = createRng(9);
    let decisions = 0;
    for (let game = 0; game < 3; game++) {
      const env = make('four-ten');
      env.reset({ seed: 40 + game });
      for (let step = 0; env.running && step < 400; step++) {
        const action = agent.act(env);
        expect(env.legalActions()).toContain(action);
        if (env.legalCount > 1 && decisions++ % 7 === 0) {
          const scores = agent.score(env);
          expect(scores.kind).toBe('value');
          expect(scores.actions.map((a) => a.action).sort((a, b) => a - b)).toEqual(env.legalActions());
          expect(scores.actions[0].action).toBe(action);
          for (let i = 1; i < scores.actions.length; i++) expect(scores.actions[i].score).toBeLessThanOrEqual(scores.actions[i - 1].score + 1e-9);
          // The same position with the stock in another order: the same choice.
          const state = env.getState() as EnvState & { game: FourTenJSON };
          const order = state.game.stock.map((_, i) => i);
          shuffleInPlace(createRng(randomInt(rng, 0, 1000)), order);
          const twin = env.clone();
          twin.setState({ ...state, game: { ...state.game, stock: order.map((i) => state.game.stock[i]) } });
          expect(agent.act(twin)).toBe(action);
        }
        env.step(action);
      }
    }
    expect(decisions).toBeGreaterThan(100);
  });

  it('refuses a model of other options, and options it cannot play', () => {
    const agent = new AfterstateAgent('random-net', model, modelMetadata('four-ten', 'afterstate'));
    const env = make('four-ten', { handTarget: 7 });
    env.reset({ seed: 1 });
    expect(() => agent.act(env)).toThrow(/trained for four-ten/);
    const big = make('four-ten', { handTarget: 20 });
    big.reset({ seed: 1 });
    expect(() => new AfterstateAgent('random-net', model, modelMetadata('four-ten', 'afterstate', { handTarget: 20 })).act(big)).toThrow(/handTarget ≤ 16/);
  });
});

// ---------------------------------------------------------------- the learner

describe('the four-ten learner', () => {
  const small = { numEnvs: 16, hidden: [16], batchSize: 32, samplesPerUpdate: 16, totalSteps: 100_000 };

  it('bootstraps a finished round from the next round start, and keeps the tensor count flat', () => {
    // No exploration and no updates: every target is a game's end (one round) or one round plus the network's value of a round start.
    const learner = new AfterstateLearner('four-ten', {}, afterstateConfigSchema.parse({ ...small, learningStarts: 10 ** 9, epsilonStart: 0, epsilonEnd: 0 }));
    for (let k = 0; k < 60; k++) learner.iterate();
    const starts = new Float32Array(50 * 4 * F);
    const o = make('four-ten').options as FourTenOptions;
    for (let p = 0; p < 50; p++) for (let s = 0; s <= 3; s++) writeRoundStart(p, s, o, starts, (p * 4 + s) * F);
    const outputs = afterstateOutputs(learner.model, starts, 200, F);
    const allowed = new Set<number>([Math.fround(ROUND_COST), Math.fround(ROUND_COST * (1 + LOSS_ROUNDS))]);
    for (let j = 0; j < 200; j++) allowed.add(Math.fround(ROUND_COST + outputs[j * 2 + 1]));
    const ring = learner.ring;
    expect(ring.size).toBeGreaterThan(200);
    for (let j = 0; j < ring.size; j++) expect(allowed.has(ring.cost[j])).toBe(true);

    const training = new AfterstateLearner('four-ten', {}, afterstateConfigSchema.parse({ ...small, learningStarts: 1 }));
    expectFlatTensorsAcrossUpdates(training);
    learner.dispose();
    training.dispose();
  });

  it('an exploring move ends the samples before it (they learn the best move\'s value there)', () => {
    const waiting = (epsilon: number): number => {
      const learner = new AfterstateLearner('four-ten', {}, afterstateConfigSchema.parse({ ...small, learningStarts: 10 ** 9, epsilonStart: epsilon, epsilonEnd: epsilon }));
      let most = 0;
      for (let k = 0; k < 30; k++) {
        learner.iterate();
        const counts = (learner.getState().json as { pendingCounts: number[] }).pendingCounts;
        most = Math.max(most, ...counts);
      }
      learner.dispose();
      return most;
    };
    // Always exploring: at most the exploring move's own position and a round start wait for targets.
    expect(waiting(1)).toBeLessThanOrEqual(2);
    // Greedy: a round's positions wait for its end.
    expect(waiting(0)).toBeGreaterThan(4);
  });
});
