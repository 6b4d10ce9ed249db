// The Four Ten learned search one turn deeper (src/games/four-ten/learned/learned-lookahead.ts)
// against a brute-force expectimax that plays every next card, placement and run of exchanges on
// copies of the engine, with the same network at the turn starts after next; its fairness, its
// batched decisions, its tensors, and how a model's metadata turns it on.
import { readFileSync } from 'node:fs';
import * as tf from '../../../../src/agents/learned/tf.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../../src/agents/index.js';
import { initBackend } from '../../../../src/node/tf-backend.js';
import { loadModelAgent } from '../../../../src/node/load-model.js';
import { AfterstateAgent, afterstateOutputs } from '../../../../src/agents/learned/afterstate-agent.js';
import {
  FOUR_TEN_LAYOUT,
  LOSS_ROUNDS,
  ROUND_COST,
  writeFourTenFeatures,
  writeRoundStart,
} from '../../../../src/games/four-ten/learned/afterstate-features.js';
import { parseMetadata, type ModelMetadata } from '../../../../src/agents/learned/metadata.js';
import { afterstateAgent, featureLayout } from '../../../../src/agents/learned/from-model.js';
import { buildAfterstateNet } from '../../../../src/agents/learned/network.js';
import type { Env } from '../../../../src/env/env.js';
import type { FourTenOutcome } from '../../../../src/games/four-ten/engine.js';
import {
  END_TURN,
  FIRST_EXCHANGE,
  FIRST_REPLACE,
  fourTenOf,
  type FourTenState,
} from '../../../../src/games/four-ten/engine.js';
import { envConfig, make } from '../../../../src/env/registry.js';
import {
  fourTenAt,
  fourTenPositions,
  walkExchanges,
  withNextCard,
  withStockShuffled,
} from '../../../helpers/four-ten.js';
import { scaled } from '../../../helpers/scale.js';
import { modelMetadata } from '../../../helpers/models.js';

const F = FOUR_TEN_LAYOUT.size;

let model: tf.LayersModel;
beforeAll(async () => {
  await initBackend();
  model = buildAfterstateNet({ inputSize: F, hidden: [32], seed: 21, cost: 'rounds' });
  // Random weights, every cost lifted by 1: a win (one round, 0.1) is then the best of anything
  // it is among, so that a search that misses one is wrong.
  const head = model.getLayer('rounds');
  const [kernel, bias] = head.getWeights();
  head.setWeights([kernel, tf.add(bias, 1)]);
});

/** Metadata of the random network, searching one turn deeper unless `search` is false. */
function metadata(options: Record<string, unknown> = {}, search = true): ModelMetadata {
  return { ...modelMetadata('four-ten', 'afterstate', options), ...(search ? { search: 'next-turn' as const } : {}) };
}

function stateOf(env: Env): FourTenState {
  return fourTenOf(env)!.state;
}

/** Each value the next card can take, with its chance, as copies of `env`. */
function nextCards(env: Env): [Env, number][] {
  const s = stateOf(env);
  const size = s.stockCounts.reduce((a, b) => a + b, 0);
  return [1, 2, 3, 4]
    .filter((v) => s.stockCounts[v - 1] > 0)
    .map((v) => [withNextCard(env, v), s.stockCounts[v - 1] / size]);
}

/** The network's cost of one position's features. */
function net(row: Float32Array): number {
  return afterstateOutputs(model, row, 1, F)[1];
}

function turnStartCost(e: Env): number {
  const { state: s, options } = fourTenOf(e)!;
  const row = new Float32Array(F);
  writeFourTenFeatures(
    { counts: s.counts, sums: s.sums, stock: s.stockCounts, points: s.points, safeties: s.safeties },
    options,
    row,
    0,
  );
  return net(row);
}

/**
 * The cost where a step left `copy`, if it ended the round: the game's end exactly, or one round plus the next round's
 * start; else null.
 */
function roundEndCost(copy: Env, rounds: number): number | null {
  if (!copy.running) return (copy.outcome() as FourTenOutcome).won ? ROUND_COST : (1 + LOSS_ROUNDS) * ROUND_COST;
  const { state: s, options } = fourTenOf(copy)!;
  if (s.rounds === rounds) return null;
  const row = new Float32Array(F);
  writeRoundStart(s.points, s.safeties, options, row, 0);
  return ROUND_COST + net(row);
}

/**
 * An open turn (the exchange phase of `env`): the best over ending the turn at every
 * configuration exchanges reach (engine copies, never revisiting: the engine's own rule) and every
 * round end an exchange reaches, a configuration valued by `leaf`.
 */
function openTurn(env: Env, leaf: (e: Env) => number): number {
  const rounds = stateOf(env).rounds;
  const seen = new Set<number>([stateOf(env).key]);
  let best = leaf(env);
  walkExchanges(env, (copy) => {
    const end = roundEndCost(copy, rounds);
    if (end !== null) best = Math.min(best, end);
    if (end !== null || seen.has(stateOf(copy).key)) return false;
    seen.add(stateOf(copy).key);
    best = Math.min(best, leaf(copy));
    return true;
  });
  return best;
}

/**
 * The cost of a card action (a placement or replacement) of `env`, each next card stepped for real, open turns valued
 * by `leaf`.
 */
function cardAction(env: Env, action: number, leaf: (e: Env) => number): number {
  const s = stateOf(env);
  const cases: [Env, number][] = action >= FIRST_REPLACE || s.drawn === 0 ? nextCards(env) : [[env.clone(), 1]];
  let cost = 0;
  for (const [copy, p] of cases) {
    copy.step(action);
    cost += p * (roundEndCost(copy, s.rounds) ?? openTurn(copy, leaf));
  }
  return cost;
}

/**
 * The turn that starts where `e` (in its exchange phase) ends it, one turn deep: its next card and placement played,
 * the network at the turn starts after.
 */
function turnAfter(e: Env): number {
  const hidden = !fourTenOf(e)!.options.drawVisible;
  const ends = hidden ? [[e.clone(), 1] as [Env, number]] : nextCards(e);
  let cost = 0;
  for (const [copy, p] of ends) {
    copy.step(END_TURN);
    let best = Infinity;
    for (const action of copy.legalActions()) best = Math.min(best, cardAction(copy, action, turnStartCost));
    cost += p * best;
  }
  return cost;
}

/**
 * Brute force: every legal action's cost, the turn starts it can end the turn at valued one turn
 * deeper. In the exchange phase an exchange stands for what it reaches first, breadth first (what
 * a later exchange reaches again is the earlier one's: the best action is the same either way).
 */
function bruteForce(env: Env): Map<number, number> {
  const out = new Map<number, number>();
  if (env.legal[0] < FIRST_EXCHANGE) {
    for (const action of env.legalActions()) out.set(action, cardAction(env, action, turnAfter));
    return out;
  }
  const rounds = stateOf(env).rounds;
  const seen = new Set<number>([stateOf(env).key]);
  out.set(END_TURN, turnAfter(env));
  walkExchanges(env, (copy, first) => {
    const end = roundEndCost(copy, rounds);
    if (end === null && seen.has(stateOf(copy).key)) return false;
    if (end === null) seen.add(stateOf(copy).key);
    out.set(first, Math.min(out.get(first) ?? Infinity, end ?? turnAfter(copy)));
    return end === null;
  });
  return out;
}

/** The agent's cost of every legal action (its scores are minus the rounds left). */
function agentCosts(env: Env, search = true): Map<number, number> {
  const agent = afterstateAgent('random-net', model, metadata(env.options as Record<string, unknown>, search));
  const scores = agent.score(env);
  expect(scores.unit).toBe('minus-rounds-left');
  return new Map(scores.actions.map((a) => [a.action, -a.score * ROUND_COST]));
}

function expectSameCosts(env: Env): void {
  const brute = bruteForce(env);
  const mine = agentCosts(env);
  expect([...mine.keys()].sort((a, b) => a - b)).toEqual([...brute.keys()].sort((a, b) => a - b));
  for (const [action, cost] of brute) expect(mine.get(action)).toBeCloseTo(cost, 5);
}

describe('four-ten lookahead = brute-force expectimax one turn deeper', () => {
  it('a placement of the seen card: into a fault, a score, or an open turn', () => {
    // Hand 3 3, Home 4 3, Shadow 1, drawn 4: into Hand it scores, into Home it faults; 20 points, one safety.
    const env = fourTenAt({
      phase: 'place',
      hand: ['3', '3'],
      home: ['4', '3'],
      shadow: ['1'],
      drawn: '4',
      points: 20,
      safeties: 1,
    });
    expectSameCosts(env);
    // One turn deep (no search in the metadata), the values differ: the check above can fail.
    const flat = agentCosts(env, false);
    const brute = bruteForce(env);
    expect([...brute].some(([action, cost]) => Math.abs(flat.get(action)! - cost) > 1e-3)).toBe(true);
  });

  it('a placement early in a round, with exchanges after it', () => {
    expectSameCosts(fourTenAt({ phase: 'place', hand: ['2'], home: ['3', '1'], drawn: '2', points: 0, safeties: 3 }));
  });

  it('the exchange phase: ending the turn, and every exchange', () => {
    const env = fourTenAt({
      phase: 'place',
      hand: ['2', '1'],
      home: ['3', '2'],
      shadow: ['1'],
      drawn: '3',
      points: 30,
      safeties: 0,
    });
    env.step(1); // Home 3 2 3: the exchange phase
    expect(env.legal[0]).toBeGreaterThanOrEqual(FIRST_EXCHANGE);
    expect(env.legalCount).toBeGreaterThan(2);
    expectSameCosts(env);
  });

  it('near the target: a score wins the game, a fault with no safety pays its points or busts', () => {
    expectSameCosts(
      fourTenAt({
        phase: 'place',
        hand: ['4', '2'],
        home: ['4', '3'],
        shadow: ['1'],
        drawn: '1',
        points: 42,
        safeties: 0,
      }),
    );
    expectSameCosts(
      fourTenAt({
        phase: 'place',
        hand: ['4', '2'],
        home: ['4', '3'],
        shadow: ['1'],
        drawn: '1',
        points: 3,
        safeties: 0,
      }),
    );
  });

  it('with the card hidden (drawVisible: false), and with faults checked first', () => {
    expectSameCosts(
      fourTenAt({ phase: 'place', hand: ['3'], home: ['4', '1'], points: 10, safeties: 2 }, { drawVisible: false }),
    );
    expectSameCosts(
      fourTenAt(
        { phase: 'place', hand: ['3', '3'], home: ['4', '3'], shadow: ['1'], drawn: '4', points: 20, safeties: 1 },
        { check: 'faults-first' },
      ),
    );
  });

  it('replacements, and placements that fill the hands, keep the values of one turn', () => {
    // Eleven cards and a placement: the turn after is a replacement, valued as the expansion values it.
    const env = fourTenAt({
      phase: 'place',
      hand: ['2', '2', '1', '1'],
      home: ['3', '2', '2', '1'],
      shadow: ['1', '1', '2'],
      drawn: '1',
      points: 0,
      safeties: 3,
    });
    const mine = agentCosts(env);
    const flat = new Map(env.legalActions().map((a) => [a, cardAction(env, a, turnStartCost)]));
    for (const [action, cost] of flat) expect(mine.get(action)).toBeCloseTo(cost, 5);
  });
});

describe('the four-ten learned search', () => {
  it('never reads the stock order: every choice and score the same with the unseen stock permuted', () => {
    const agent = afterstateAgent('random-net', model, metadata());
    let compared = 0;
    // A seeded sweep of positions: 120 at full scale, 60 below it; most have a choice to compare.
    const count = scaled(120, 60);
    for (const env of fourTenPositions(count, 31)) {
      if (env.legalCount < 2) continue;
      const twin = make('four-ten');
      twin.setState(withStockShuffled(env, compared + 7));
      // A fresh agent on the twin (nothing kept from earlier searches) against the one that searched every position
      // before.
      const fresh = afterstateAgent('fresh', model, metadata());
      expect(fresh.act(twin)).toBe(agent.act(env));
      expect(fresh.score(twin)).toEqual(agent.score(env));
      compared++;
    }
    expect(compared).toBeGreaterThan(count / 2);
  });

  it('batched decisions choose as one at a time, and the tensor count stays flat across searches', () => {
    const one = afterstateAgent('one', model, metadata());
    const batched = afterstateAgent('batched', model, metadata());
    const greedy = createAgent('greedy', 'four-ten', {});
    const envs = Array.from({ length: 6 }, (_, i) => {
      const env = make('four-ten');
      env.reset({ seed: 40 + i });
      return env;
    });
    const out = new Int32Array(envs.length);
    const warm = envs.map((e) => e.clone());
    batched.actBatch(warm, warm.length, out);
    const tensors = tf.memory().numTensors;
    let decisions = 0;
    for (let step = 0; step < 150; step++) {
      const deciding = envs.filter((e) => e.running && e.legalCount > 1);
      for (const e of envs) if (e.running && e.legalCount === 1) e.step(e.legal[0]);
      if (deciding.length === 0) continue;
      batched.actBatch(deciding, deciding.length, out);
      deciding.forEach((e, j) => {
        expect(out[j]).toBe(one.act(e));
        // Half the games go on by the search's choice, half by greedy's, for positions of every kind.
        e.step(j % 2 === 0 ? out[j] : greedy.act(e));
      });
      decisions += deciding.length;
    }
    expect(decisions).toBeGreaterThan(300);
    expect(tf.memory().numTensors).toBe(tensors);
  });

  it('plays only where a model’s metadata asks for it, and only the search its game has', async () => {
    const env = fourTenAt({ phase: 'place', hand: ['2'], home: ['3', '1'], drawn: '2', points: 0, safeties: 3 });
    expect(afterstateAgent('a', model, metadata()).score(env)).not.toEqual(
      afterstateAgent('b', model, metadata({}, false)).score(env),
    );
    const decadeNet = buildAfterstateNet({
      inputSize: featureLayout(envConfig('decade')).size,
      hidden: [8],
      seed: 1,
      cost: 'cards',
    });
    expect(() =>
      afterstateAgent('d', decadeNet, { ...modelMetadata('decade', 'afterstate'), search: 'next-turn' }),
    ).toThrow(/search "next-turn".*decade/);
    // The shipped Four Ten model plays with it: `tengym eval`, `tengym hint` and the page all load it so.
    const shipped = parseMetadata(
      JSON.parse(readFileSync('models/four-ten/model.json', 'utf8')).userDefinedMetadata,
      'models/four-ten',
    );
    expect(shipped.search).toBe('next-turn');
    const loaded = await loadModelAgent('models/four-ten', 'shipped');
    expect(loaded).toBeInstanceOf(AfterstateAgent);
    expect((loaded as AfterstateAgent).metadata.search).toBe('next-turn');
  });
});
