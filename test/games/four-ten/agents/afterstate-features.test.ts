// Afterstate values for Four Ten: the features of a hand-made position, every legal action's
// expansion checked against the engine itself over random positions of every rules variant,
// and the agent's legality, fairness and scores with a random network.
import type * as tf from '../../../../src/agents/learned/tf.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../../src/agents/index.js';
import { ExpansionBatch, afterstateOutputs } from '../../../../src/agents/learned/afterstate-agent.js';
import { afterstateAgent } from '../../../../src/agents/learned/from-model.js';
import {
  FOUR_TEN_FEATURES,
  FOUR_TEN_LAYOUT,
  type FourTenExpansion,
  LOSS_ROUNDS,
  ROUND_COST,
  writeFourTenFeatures,
  writeRoundStart,
} from '../../../../src/games/four-ten/learned/afterstate-features.js';
import { initBackend } from '../../../../src/node/tf-backend.js';
import { buildAfterstateNet } from '../../../../src/agents/learned/network.js';
import type { Env, EnvState } from '../../../../src/env/env.js';
import type { FourTenOutcome } from '../../../../src/games/four-ten/engine.js';
import {
  END_TURN,
  FIRST_EXCHANGE,
  type FourTenJSON,
  type FourTenOptions,
  type FourTenState,
} from '../../../../src/games/four-ten/engine.js';
import { envConfig, make } from '../../../../src/env/registry.js';
import { createRng, randomInt, shuffleInPlace } from '../../../../src/env/rng.js';
import { AfterstateLearner, afterstateConfigSchema } from '../../../../src/train/algorithms/afterstate.js';
import { fourTenAt, walkExchanges, withNextCard } from '../../../helpers/four-ten.js';
import { scaled } from '../../../helpers/scale.js';
import { expectFlatTensorsAcrossUpdates, modelMetadata } from '../../../helpers/models.js';

const F = FOUR_TEN_LAYOUT.size;

beforeAll(async () => {
  await initBackend();
});

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
  it('a placement of the seen card leads to a round end, or to the choice of where to end the turn', () => {
    // Hand 3, Home 4, drawn 2, 20 points, 1 safety.
    const env = fourTenAt({ phase: 'place', hand: ['3'], home: ['4'], drawn: '2', points: 20, safeties: 1 });
    const x = FOUR_TEN_FEATURES.expansion(FOUR_TEN_LAYOUT) as FourTenExpansion;
    x.expand(env);
    expect(env.legalActions()).toEqual([0, 1, 2]);
    // Into Hand: Hand 3 2 = 5, Home 4 < 5: a fault, paid by the safety: the next round starts at 20 points, 0 safeties.
    expect([x.groupsOf[0], x.rowsOf[0]]).toEqual([1, 1]);
    expect(x.offset[x.firstRow[0]]).toBeCloseTo(ROUND_COST);
    const start = new Float32Array(F);
    writeRoundStart(20, 0, env.options as FourTenOptions, start, 0);
    expect(nonZero(x.rows, x.firstRow[0])).toEqual(nonZero(start, 0));
    // Into Shadow: Hand 3, Home 4, Shadow 2, stock 29 (1s 8, 2s 7, 3s 7, 4s 7). Both exchanges fault
    // (Hand 4 over Home 3; Shadow 3 over Hand 2): the choice is ending the turn here, or that fault.
    expect(x.groupsOf[2]).toBe(1);
    const g = x.firstGroup[2];
    expect([x.groupWeight[g], x.groupRows[g], x.groupExact[g]]).toEqual([1, 2, 0]);
    const [here, fault] = [x.groupFirstRow[g], x.groupFirstRow[g] + 1];
    expect(x.rowKey[here]).toBe(5 ** 2 + 5 ** 7 + 5 ** 9);
    expect(x.rowStock[here]).toBe(8 + 9 * 7 + 81 * 7 + 729 * 7);
    expect(nonZero(x.rows, fault)).toEqual(nonZero(start, 0));
    expect(x.offset[here]).toBe(0);
    expect(nonZero(x.rows, here)).toEqual({
      // counts: Hand one 3, Home one 4, Shadow one 2; zero counts elsewhere
      [0 * 20 + 0 * 5 + 0]: 1,
      [0 * 20 + 1 * 5 + 0]: 1,
      [0 * 20 + 2 * 5 + 1]: 1,
      [0 * 20 + 3 * 5 + 0]: 1,
      [1 * 20 + 0 * 5 + 0]: 1,
      [1 * 20 + 1 * 5 + 0]: 1,
      [1 * 20 + 2 * 5 + 0]: 1,
      [1 * 20 + 3 * 5 + 1]: 1,
      [2 * 20 + 0 * 5 + 0]: 1,
      [2 * 20 + 1 * 5 + 1]: 1,
      [2 * 20 + 2 * 5 + 0]: 1,
      [2 * 20 + 3 * 5 + 0]: 1,
      // sums 3, 4, 2
      [60 + 3]: 1,
      [60 + 17 + 4]: 1,
      [60 + 34 + 2]: 1,
      // stock 8 7 7 7
      [111 + 8]: 1,
      [111 + 9 + 7]: 1,
      [111 + 18 + 7]: 1,
      [111 + 27 + 7]: 1,
      147: Number((29 / 32).toFixed(6)),
      // 30 points needed of 50; one safety of three
      [148 + 29]: 1,
      198: 0.6,
      [199 + 1]: 1,
      203: Number((1 / 3).toFixed(6)),
      // the next card at once: 2, 3 or 4 into Hand faults (Home 4 < Hand), 2, 3 or 4 into Shadow faults (Shadow > Hand
      // 3); Home takes anything
      [204 + 1 * 2 + 1]: 1,
      [204 + 2 * 2 + 1]: 1,
      [204 + 3 * 2 + 1]: 1,
      [204 + 9 * 2 + 1]: 1,
      [204 + 10 * 2 + 1]: 1,
      [204 + 11 * 2 + 1]: 1,
      // its chances by value; nothing scores, and no value faults in every hand
      228: Number((8 / 29).toFixed(6)),
      229: Number((7 / 29).toFixed(6)),
      230: Number((7 / 29).toFixed(6)),
      231: Number((7 / 29).toFixed(6)),
    });
  });

  it('the next card spelled out: what scores, what faults in every hand, and full hands', () => {
    // Hand 4 4 (8), Home 1 2 3 3 (9, full), Shadow 3 3 (6): a 2 into Hand scores; a 3 or a 4 faults in Hand (over 10)
    // and in Shadow (over Hand's 8).
    const env = fourTenAt({
      phase: 'place',
      hand: ['4', '4'],
      home: ['1', '2', '3', '3'],
      shadow: ['3', '3'],
      drawn: '1',
      points: 0,
      safeties: 3,
    });
    const s = env.rawState as FourTenState;
    const row = new Float32Array(F);
    writeFourTenFeatures(
      { counts: s.counts, sums: s.sums, stock: s.stockCounts, points: 0, safeties: 3 },
      env.options as FourTenOptions,
      row,
      0,
    );
    const at = (h: number, v: number) => [row[204 + (h * 4 + v - 1) * 2], row[204 + (h * 4 + v - 1) * 2 + 1]];
    expect([at(0, 1), at(0, 2), at(0, 3), at(0, 4)]).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
      [0, 1],
    ]);
    expect([at(1, 1), at(1, 4)]).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect([at(2, 1), at(2, 2), at(2, 3), at(2, 4)]).toEqual([
      [0, 0],
      [0, 0],
      [0, 1],
      [0, 1],
    ]);
    expect([...row.subarray(232, 236)]).toEqual([0, 1, 0, 0]);
    expect([...row.subarray(236, 240)]).toEqual([0, 0, 1, 1]);
    // The stock: 1s 6 (one drawn), 2s 7, 3s 4, 4s 6 of 23.
    expect([...row.subarray(228, 232)].map((c) => c * 23)).toEqual([6, 7, 4, 6].map((c) => expect.closeTo(c, 5)));
    expect(row[240]).toBeCloseTo(7 / 23, 6);
    expect(row[241]).toBeCloseTo(10 / 23, 6);
    expect([...row.subarray(242, 245)]).toEqual([0, 1, 0]);
  });

  it('a placement that makes Hand = 10 and reaches 50 points is an exact win', () => {
    const env = fourTenAt({ phase: 'place', hand: ['4', '4'], home: ['4', '4'], drawn: '2', points: 40, safeties: 3 });
    const x = FOUR_TEN_FEATURES.expansion(FOUR_TEN_LAYOUT);
    x.expand(env);
    expect(x.rowsOf[0]).toBe(0);
    expect([x.exactWin[0], x.exactCost[0]]).toEqual([1, Math.fround(ROUND_COST)]);
  });

  it('ending the turn keeps the hands, at a turn start', () => {
    const env = fourTenAt({ phase: 'place', home: ['4'], drawn: '3', points: 0, safeties: 3 });
    env.step(0); // Hand 3, Home 4: the exchange phase
    const x = FOUR_TEN_FEATURES.expansion(FOUR_TEN_LAYOUT);
    x.expand(env);
    const k = env.legalActions().indexOf(END_TURN);
    expect([x.groupsOf[k], x.rowsOf[k]]).toEqual([1, 1]);
    expect((x as FourTenExpansion).rowKey[x.firstRow[k]]).toBe((env.rawState as FourTenState).key);
    const row = nonZero(x.rows, x.firstRow[k]);
    expect(row[60 + 3]).toBe(1);
    expect(row[60 + 17 + 4]).toBe(1);
  });
});

// ---------------------------------------------------------------- the expansion agrees with the engine

/** The features of a turn's start at `e`'s hands and stock. */
function turnStartFeatures(e: Env): Float32Array {
  const s = e.rawState as FourTenState;
  const row = new Float32Array(F);
  writeFourTenFeatures(
    { counts: s.counts, sums: s.sums, stock: s.stockCounts, points: s.points, safeties: s.safeties },
    e.options as FourTenOptions,
    row,
    0,
  );
  return row;
}

/**
 * Everything exchanges can reach from `env`'s exchange phase, as the engine plays them (stepping
 * copies): the configurations, each with the first exchange (legal index) that reaches it, and
 * how exchanges end the round ('won', 'lost', or 'points/safeties'), with the first exchanges that reach each end.
 */
function engineReach(env: Env): {
  reached: Map<number, { k: number; row: Float32Array }>;
  ends: Map<string, Set<number>>;
} {
  const reached = new Map<number, { k: number; row: Float32Array }>();
  const ends = new Map<string, Set<number>>();
  const rounds = (env.rawState as FourTenState).rounds;
  // Breadth first, as the expansion: a configuration belongs to the exchange that reaches it in the fewest steps (the
  // first such).
  walkExchanges(env, (copy, first) => {
    const k = env.legal.indexOf(first);
    const after = copy.rawState as FourTenState;
    let end: string | null = null;
    if (!copy.running) end = (copy.outcome() as FourTenOutcome).won ? 'won' : 'lost';
    else if (after.rounds > rounds) end = `${after.points}/${after.safeties}`;
    if (end !== null) {
      if (!ends.has(end)) ends.set(end, new Set());
      ends.get(end)!.add(k);
      return false;
    }
    if (reached.has(after.key) || after.key === (env.rawState as FourTenState).key) return false;
    reached.set(after.key, { k, row: turnStartFeatures(copy) });
    return true;
  });
  return { reached, ends };
}

/**
 * Group g's options against the engine: exactly the configurations `expected` (keys), each as a
 * turn's start, and round ends that the engine reaches (all of `ends`, unless a won end hides
 * the lost ones: only the best exact result is kept).
 */
function checkChoice(x: FourTenExpansion, g: number, expected: Map<number, Float32Array>, ends: Set<string>): void {
  const options = new Map<number, number>();
  const exits = new Set<string>();
  if (x.groupExact[g]) exits.add(x.groupExactWin[g] === 1 ? 'won' : 'lost');
  for (let row = x.groupFirstRow[g]; row < x.groupFirstRow[g] + x.groupRows[g]; row++) {
    if (x.rowStart[row] > 0) {
      const code = x.rowStart[row] - 1;
      exits.add(`${code >> 10}/${code & 1023}`);
      expect(x.offset[row]).toBeCloseTo(ROUND_COST, 6);
    } else {
      expect(options.has(x.rowKey[row])).toBe(false);
      expect(x.offset[row]).toBe(0);
      options.set(x.rowKey[row], row);
    }
  }
  expect([...options.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [key, row] of options) expect(nonZero(x.rows, row)).toEqual(nonZero(expected.get(key)!, 0));
  if (!exits.has('won')) expect([...exits].sort()).toEqual([...ends].sort());
  else for (const end of exits) expect(ends.has(end)).toBe(true);
}

/**
 * The exchange phase: ending the turn is the current configuration; each exchange's choice holds what it reaches first.
 */
function checkExchangePhase(env: Env, x: FourTenExpansion): void {
  const { reached, ends } = engineReach(env);
  for (let k = 0; k < env.legalCount; k++) {
    expect(x.groupsOf[k]).toBe(1);
    const g = x.firstGroup[k];
    expect(x.groupWeight[g]).toBe(1);
    if (env.legal[k] === END_TURN) {
      expect(x.groupRows[g]).toBe(1);
      expect(x.rowKey[x.firstRow[k]]).toBe((env.rawState as FourTenState).key);
      expect(nonZero(x.rows, x.firstRow[k])).toEqual(nonZero(turnStartFeatures(env), 0));
      continue;
    }
    const mine = new Map([...reached].filter(([, r]) => r.k === k).map(([key, r]) => [key, r.row]));
    const myEnds = new Set([...ends].filter(([, ks]) => ks.has(k)).map(([end]) => end));
    checkChoice(x, g, mine, myEnds);
  }
}

/**
 * A placement or a replacement: each next card (stepped for real) is a sure end (in exactWin /
 * exactCost), a round's start, or an open turn: the choice of ending the turn there or at
 * anything exchanges reach. Returns how many outcomes were each kind.
 */
function checkCardAction(env: Env, x: FourTenExpansion, k: number): { sure: number; starts: number; open: number } {
  const s = env.rawState as FourTenState;
  const action = env.legal[k];
  const chance = action >= 3 || s.drawn === 0;
  const size = s.stockCounts.reduce((a, b) => a + b, 0);
  const cases: [Env, number][] = chance
    ? [1, 2, 3, 4]
        .filter((v) => s.stockCounts[v - 1] > 0)
        .map((v) => [withNextCard(env, v), s.stockCounts[v - 1] / size])
    : [[env.clone(), 1]];
  const count = { sure: 0, starts: 0, open: 0 };
  let win = 0;
  let cost = 0;
  let g = x.firstGroup[k];
  for (const [copy, weight] of cases) {
    copy.step(action);
    const after = copy.rawState as FourTenState;
    if (!copy.running) {
      const won = (copy.outcome() as FourTenOutcome).won;
      win += won ? weight : 0;
      cost += weight * ROUND_COST * (won ? 1 : 1 + LOSS_ROUNDS);
      count.sure++;
      continue;
    }
    expect(x.groupWeight[g]).toBeCloseTo(weight, 6);
    if (after.rounds > s.rounds) {
      const row = new Float32Array(F);
      writeRoundStart(after.points, after.safeties, env.options as FourTenOptions, row, 0);
      expect([x.groupRows[g], x.groupExact[g]]).toEqual([1, 0]);
      expect(x.offset[x.groupFirstRow[g]]).toBeCloseTo(ROUND_COST, 6);
      expect(nonZero(x.rows, x.groupFirstRow[g])).toEqual(nonZero(row, 0));
      count.starts++;
    } else {
      const { reached, ends } = engineReach(copy);
      const expected = new Map([...reached].map(([key, r]) => [key, r.row]));
      expected.set(after.key, turnStartFeatures(copy));
      checkChoice(x, g, expected, new Set(ends.keys()));
      for (let row = x.groupFirstRow[g]; row < x.groupFirstRow[g] + x.groupRows[g]; row++) {
        if (x.rowKey[row] >= 0)
          expect(x.rowStock[row]).toBe(
            after.stockCounts[0] + 9 * after.stockCounts[1] + 81 * after.stockCounts[2] + 729 * after.stockCounts[3],
          );
      }
      count.open++;
    }
    g++;
  }
  expect(x.groupsOf[k]).toBe(g - x.firstGroup[k]);
  expect(x.exactWin[k]).toBeCloseTo(win, 6);
  expect(x.exactCost[k]).toBeCloseTo(cost, 6);
  return count;
}

/**
 * Rows that are the same position share their features: every row points to the first row
 * of its position (a turn start's key and stock, or a round start's points and safeties), and
 * distinct rows are distinct positions. Returns how many rows shared an earlier one's.
 */
function checkDistinctRows(x: FourTenExpansion): number {
  const firstOf = new Map<string, number>();
  let shared = 0;
  for (let row = 0; row < x.rowCount; row++) {
    const id = x.rowStart[row] > 0 ? `start ${x.rowStart[row]}` : `turn ${x.rowKey[row]} ${x.rowStock[row]}`;
    const first = firstOf.get(id) ?? row;
    firstOf.set(id, first);
    expect(x.sameAs[row]).toBe(first);
    if (first !== row) {
      shared++;
      expect(x.rows.subarray(row * F, (row + 1) * F)).toEqual(x.rows.subarray(first * F, (first + 1) * F));
    }
  }
  return shared;
}

const VARIANTS: Record<string, unknown>[] = [
  {},
  { drawVisible: false },
  { check: 'faults-first' },
  { safeties: 1, gameTarget: 30 },
  { handTarget: 7 },
];

describe('four-ten expansion = the engine', () => {
  it.each(VARIANTS)('every legal action of random positions, %j', (options) => {
    const env = make('four-ten', options);
    const x = FOUR_TEN_FEATURES.expansion(FOUR_TEN_LAYOUT) as FourTenExpansion;
    const greedy = createAgent('greedy', 'four-ten', env.options as Record<string, unknown>);
    const rng = createRng(11);
    const seen = { sure: 0, starts: 0, open: 0, exchangePhases: 0, sharedRows: 0 };
    // A seeded sweep: 12 games at full scale, 6 below it. The counts below are asked of each game's share, and 6 games
    // of the shortest rules (one safety, 30 points) still meet each kind of step 40 times or more.
    const games = scaled(12, 6);
    for (let game = 0; game < games; game++) {
      env.reset({ seed: 500 + game });
      for (let step = 0; env.running && step < 150; step++) {
        x.expand(env);
        expect(x.actionCount).toBe(env.legalCount);
        seen.sharedRows += checkDistinctRows(x);
        if (env.legal[0] >= FIRST_EXCHANGE) {
          checkExchangePhase(env, x);
          seen.exchangePhases++;
        } else {
          for (let k = 0; k < env.legalCount; k++) {
            const count = checkCardAction(env, x, k);
            seen.sure += count.sure;
            seen.starts += count.starts;
            seen.open += count.open;
          }
        }
        // The safe greedy, with a random move one time in four: long rounds, and every kind of ending.
        env.step(randomInt(rng, 0, 3) > 0 ? greedy.act(env) : env.legal[randomInt(rng, 0, env.legalCount - 1)]);
      }
    }
    const share = games / 12;
    expect(seen.open).toBeGreaterThan(200 * share);
    expect(seen.starts).toBeGreaterThan(50 * share);
    expect(seen.sure).toBeGreaterThan(0);
    expect(seen.exchangePhases).toBeGreaterThan(100 * share);
    expect(seen.sharedRows).toBeGreaterThan(100 * share);
  });
});

// ---------------------------------------------------------------- the agent

describe('the four-ten agent, with a random network', () => {
  let model: tf.LayersModel;
  beforeAll(() => {
    model = buildAfterstateNet({ inputSize: F, hidden: [32], seed: 4, cost: 'rounds' });
  });

  it(
    'plays legal moves to the end, scores every legal move best first as minus the rounds, and never reads the ' +
      'stock order',
    () => {
      const agent = afterstateAgent('random-net', model, modelMetadata('four-ten', 'afterstate'));
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
            expect(scores.unit).toBe('minus-rounds-left');
            expect(scores.actions.map((a) => a.action).sort((a, b) => a - b)).toEqual(env.legalActions());
            expect(scores.actions[0].action).toBe(action);
            for (let i = 1; i < scores.actions.length; i++)
              expect(scores.actions[i].score).toBeLessThanOrEqual(scores.actions[i - 1].score + 1e-9);
            // The same position with the stock in another order: the same choice.
            const state = env.getState() as EnvState & { game: FourTenJSON };
            const order = state.game.stock.map((_, i) => i);
            shuffleInPlace(createRng(randomInt(rng, 0, 1000)), order);
            const twin = env.clone();
            twin.setState({ ...state, game: { ...state.game, stock: order.map((i) => state.game.stock[i]) } });
            expect(agent.act(twin)).toBe(action);
            expect(agent.score(twin)).toEqual(scores);
          }
          env.step(action);
        }
      }
      expect(decisions).toBeGreaterThan(100);
    },
  );

  it(
    "one forward pass over several expansions' distinct rows gives " + 'every row the output of a full forward pass',
    () => {
      // Positions along a game of the safe greedy, the last one a replacement (full hands: many shared rows).
      const env = make('four-ten');
      const greedy = createAgent('greedy', 'four-ten', env.options as Record<string, unknown>);
      env.reset({ seed: 70 });
      const envs: Env[] = [];
      for (
        let seed = 71;
        !(env.running && env.legal[0] >= 3 && env.legal[0] < FIRST_EXCHANGE);
        env.step(greedy.act(env))
      ) {
        if (!env.running) env.reset({ seed: seed++ });
        if (env.legalCount > 1 && envs.length < 3) envs.push(env.clone());
      }
      envs.push(env);
      const xs = envs.map((env) => {
        const x = FOUR_TEN_FEATURES.expansion(FOUR_TEN_LAYOUT);
        x.expand(env);
        return x;
      });
      const batch = new ExpansionBatch();
      const outputs = batch.run(model, xs);
      let at = 0;
      let shared = 0;
      for (const x of xs) {
        const full = afterstateOutputs(model, x.rows, x.rowCount, F);
        for (let r = 0; r < x.rowCount; r++) if (x.sameAs[r] !== r) shared++;
        expect(outputs.subarray(at * 2, (at + x.rowCount) * 2)).toEqual(full);
        at += x.rowCount;
      }
      expect(outputs.length).toBe(at * 2);
      expect(shared).toBeGreaterThan(0);
    },
  );

  it('refuses a model of other options, and options it cannot play', () => {
    const agent = afterstateAgent('random-net', model, modelMetadata('four-ten', 'afterstate'));
    const env = make('four-ten', { handTarget: 7 });
    env.reset({ seed: 1 });
    expect(() => agent.act(env)).toThrow(/trained for four-ten/);
    const big = make('four-ten', { handTarget: 20 });
    big.reset({ seed: 1 });
    expect(() =>
      afterstateAgent('random-net', model, modelMetadata('four-ten', 'afterstate', { handTarget: 20 })).act(big),
    ).toThrow(/handTarget ≤ 16/);
  });
});

// ---------------------------------------------------------------- the learner

describe('the four-ten learner', () => {
  const small = { numEnvs: 16, hidden: [16], batchSize: 32, samplesPerUpdate: 16, totalSteps: 100_000 };

  it(
    'bootstraps a finished round from the next round start, and keeps the tensor count flat, with whole or ' +
      'split minibatches',
    () => {
      // No exploration and no updates: every target is a game's end (one round) or one round plus the network's value
      // of a round start.
      const learner = new AfterstateLearner(
        envConfig('four-ten'),
        afterstateConfigSchema.parse({
          ...small,
          bufferSize: 200_000,
          learningStarts: 200_000,
          epsilonStart: 0,
          epsilonEnd: 0,
        }),
      );
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

      for (const splitBatch of [false, true]) {
        const training = new AfterstateLearner(
          envConfig('four-ten'),
          afterstateConfigSchema.parse({ ...small, learningStarts: 1, splitBatch }),
        );
        expectFlatTensorsAcrossUpdates(training);
        training.dispose();
      }
      expect(
        () =>
          new AfterstateLearner(
            envConfig('four-ten'),
            afterstateConfigSchema.parse({ ...small, batchSize: 33, splitBatch: true }),
          ),
      ).toThrow(/even batchSize/);
      learner.dispose();
    },
  );

  it("an exploring move ends the samples before it (they learn the best move's value there)", () => {
    const waiting = (epsilon: number): number => {
      const learner = new AfterstateLearner(
        envConfig('four-ten'),
        afterstateConfigSchema.parse({
          ...small,
          bufferSize: 200_000,
          learningStarts: 200_000,
          epsilonStart: epsilon,
          epsilonEnd: epsilon,
        }),
      );
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
