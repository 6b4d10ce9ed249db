// Search with learned values (src/games/decade/learned/learned-search.ts) and expert iteration
// (src/games/decade/training/expert-iteration.ts): the search's values against a brute-force expectimax written
// here on the env itself, fairness, tensors, and a training run that repeats under its seed.
import { valueNetwork } from '../../../../src/agents/learned/network.js';
import * as tf from '../../../../src/agents/learned/tf.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { StockMemory } from '../../../../src/games/decade/agents/memory.js';
import { Position, rulesOf } from '../../../../src/games/decade/agents/position.js';
import { Solver } from '../../../../src/games/decade/agents/solver.js';
import { decadeLayout, writeLineFeatures } from '../../../../src/games/decade/learned/afterstate-features.js';
import {
  DecadeSearchAgent,
  loadKnowledge,
  positionLayout,
  StockKnowledge,
  writePositionFeatures,
  type SearchConfig,
} from '../../../../src/games/decade/learned/learned-search.js';
import { initBackend } from '../../../../src/node/tf-backend.js';
import { parseCardCode } from '../../../../src/env/cards.js';
import type { Env, EnvState } from '../../../../src/env/env.js';
import { CARD_VALUE, decadeOf, DRAW } from '../../../../src/games/decade/engine.js';
import { envConfig } from '../../../../src/env/registry.js';
import { createRng, randomInt } from '../../../../src/env/rng.js';
import {
  expertIterationConfigSchema,
  ExpertIteration,
} from '../../../../src/games/decade/training/expert-iteration.js';
import {
  bruteAfter,
  bruteDraw,
  bruteExpectimax,
  envAt,
  randomPosition,
  withStockPermuted,
  type Leaf,
  type Value,
} from '../../../helpers/decade.js';
import { expectFlatTensorsAcrossUpdates, expectSeedDecidesWeights, modelMetadata } from '../../../helpers/models.js';

beforeAll(async () => {
  await initBackend();
});

const TIE = 0.02;
const expectimax = (env: Env, depth: number, unknown: number, leaf: Leaf): Value =>
  bruteExpectimax(env, depth, unknown, leaf, TIE);
const draw = (env: Env, depth: number, unknown: number, leaf: Leaf): Value => bruteDraw(env, depth, unknown, leaf, TIE);
const stockOf = (env: Env) => (env.getState() as EnvState & { game: { stock: string[] } }).game.stock;

/**
 * A network whose two outputs are fixed linear functions of the features, and the same
 * functions in float64 of a position whose stock is `unknown` unseen cards on top, then the
 * rest in the order they lie.
 */
function linearNet(size: number, seed: number): { model: tf.LayersModel; leaf: Leaf } {
  const rng = createRng(seed);
  const w = Array.from({ length: 2 }, () =>
    Float32Array.from({ length: size }, () => (randomInt(rng, -1000, 1000) / 1000) * 0.05),
  );
  const input = tf.input({ shape: [size] });
  const heads = w.map((weights, h) => {
    const layer = tf.layers.dense({ units: 1, useBias: true, name: `out${h}` });
    const out = layer.apply(input) as tf.SymbolicTensor;
    layer.setWeights([tf.tensor2d(weights, [size, 1]), tf.tensor1d([h === 0 ? -0.3 : 0.2])]);
    return out;
  });
  const model = tf.model({ inputs: input, outputs: heads });
  const row = new Float32Array(size);
  const leaf = (env: Env, unknown: number): Value => {
    const { state, options } = decadeOf(env)!;
    const p = new Position(options.stacks);
    p.loadTableOnly(state);
    p.stockLen = state.stockLen;
    const k = new StockKnowledge();
    const stock = stockOf(env).map((c) => CARD_VALUE[parseCardCode(c)]);
    k.unknown = unknown;
    for (let i = 0; i < unknown; i++) k.unseen[stock[i]]++;
    for (let i = unknown; i < stock.length; i++) k.known[k.knownLen++] = stock[i];
    writePositionFeatures(p, k, row, 0, positionLayout({ stacks: options.stacks, loop: options.loop }));
    let logit = -0.3;
    let cards = 0.2;
    for (let i = 0; i < size; i++) {
      logit += w[0][i] * row[i];
      cards += w[1][i] * row[i];
    }
    return [1 / (1 + Math.exp(-logit)), cards];
  };
  return { model, leaf };
}

function searchAgent(id: string, model: tf.LayersModel, config: Partial<SearchConfig> = {}): DecadeSearchAgent {
  const env = randomPosition(id, 0, 0);
  const metadata = {
    ...modelMetadata('decade', 'afterstate'),
    env: id,
    options: env.options,
    observationSize: env.observationSpace.shape[0],
    numActions: env.actionSpace.n,
    head: 'search' as const,
    features: positionLayout(decadeOf(env)!.options).encoding,
  };
  return new DecadeSearchAgent('search', valueNetwork(model), metadata, {
    depth: 1,
    maxLeaves: 100_000,
    tieWeight: TIE,
    ...config,
  });
}

/** Positions with a choice and at most `maxStock` cards in the stock, from random play. */
function latePositions(id: string, count: number, maxStock: number, seed: number): Env[] {
  const out: Env[] = [];
  for (let s = seed; out.length < count && s < seed + 2000; s++) {
    const env = randomPosition(id, s, 0);
    const rng = createRng(s + 7);
    while (env.running && decadeOf(env)!.state.stockLen > maxStock)
      env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
    while (env.running && env.legalCount < 2) env.step(env.legal[0]);
    if (env.running && env.legalCount >= 2) out.push(env);
  }
  return out;
}

describe('the search against a brute-force expectimax', () => {
  it(
    'hand-made positions, searched to the end of the stock: exact values (one line, optional draws, loop, ' +
      'fives, seven piles)',
    () => {
      const cases: [string, Parameters<typeof envAt>[1]][] = [
        ['decade', { stacks: [['5C', '3D', '2H', '4S', 'KC', '6H']], stock: ['4C', '6D', 'KH', 'TS'] }],
        ['decade-optional', { stacks: [['5C', '3D', '2H', '8S', '7D']], stock: ['3C', 'QD', '5H', '7S'] }],
        ['decade-loop', { stacks: [['7C', '3D', '5H', '2S', '9C', '4D']], stock: ['AC', '6D', 'TH', '3S'] }],
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
      for (const [id, layout] of cases) {
        const env = envAt(id, layout);
        expect(env.running, id).toBe(true);
        // Searched to the end of the stock: the network is never asked.
        const { model } = linearNet(positionLayout(decadeOf(env)!.options).size, 1);
        const agent = searchAgent(id, model, { depth: 60 });
        const scores = agent.score(env);
        const unknown = decadeOf(env)!.state.stockLen;
        for (const { action, score: win } of scores.actions) {
          const next = env.clone();
          const v =
            action === DRAW
              ? draw(next, 60, unknown, () => [Number.NaN, Number.NaN])
              : expectimax(stepped(next, action), 60, unknown, () => [Number.NaN, Number.NaN]);
          expect(win, `${id} action ${action}`).toBeCloseTo(v[0], 9);
          compared++;
        }
      }
      expect(compared).toBeGreaterThanOrEqual(10);
    },
  );

  /**
   * Each legal move's score from `agent` against the brute-force expectimax `depth` draws deep (`leaf` at its horizon);
   * how many were compared.
   */
  function expectBruteForce(
    id: string,
    agent: DecadeSearchAgent,
    env: Env,
    depth: number,
    leaf: Parameters<typeof draw>[3],
    digits: number,
  ): number {
    const unknown = decadeOf(env)!.state.stockLen;
    const { actions } = agent.score(env);
    for (const { action, score: win } of actions) {
      const v =
        action === DRAW
          ? draw(env.clone(), depth, unknown, leaf)
          : expectimax(stepped(env.clone(), action), depth, unknown, leaf);
      expect(win, `${id} action ${action}, stock ${unknown}`).toBeCloseTo(v[0], digits);
    }
    return actions.length;
  }

  // Where the endgame search is exact, its scores are the brute force's to the end (the network is never asked: a NaN
  // leaf would show); where it gives up (the tree past its nodes, the fair solve past its positions), the usual
  // one-draw search.
  it.each([
    [
      'the tree: exact where the stock is that small; a whole stock is past its node budget',
      { endgame: 6 },
      [5, 6],
      { maxLeaves: 100_000, endgame: 52 },
      [3, 30],
    ],
    [
      'the fair solve (endgamePositions): exact within its positions; with one position allowed it gives up',
      { endgame: 12, endgamePositions: 1_000_000 },
      [4, 6],
      { endgame: 12, endgamePositions: 1 },
      [3, 10],
    ],
  ] as const)(
    'with an endgame, %s',
    (_what, exactConfig, [exactCount, exactStock], fallbackConfig, [fallbackCount, fallbackStock]) => {
      let exact = 0;
      let fellBack = 0;
      const never = (): [number, number] => [Number.NaN, Number.NaN];
      for (const id of ['decade', 'decade-fives', 'decade-loop']) {
        const size = positionLayout(decadeOf(randomPosition(id, 1, 0))!.options).size;
        const { model, leaf } = linearNet(size, 13);
        const solved = searchAgent(id, model, { depth: 1, ...exactConfig });
        for (const env of latePositions(id, exactCount, exactStock, 300))
          exact += expectBruteForce(id, solved, env, 60, never, 9);
        const gaveUp = searchAgent(id, model, { depth: 1, ...fallbackConfig });
        for (const env of latePositions(id, fallbackCount, fallbackStock, 500)) {
          if (fallbackStock === 30) expect(decadeOf(env)!.state.stockLen).toBeGreaterThanOrEqual(15);
          fellBack += expectBruteForce(id, gaveUp, env, 1, leaf, 4);
        }
        model.dispose();
      }
      expect(exact).toBeGreaterThanOrEqual(15);
      expect(fellBack).toBeGreaterThanOrEqual(10);
    },
  );

  // endgameSamples: each move's P(win) is its win fraction over sampled orders of the unseen cards, each solved knowing
  // the order. With few cards unseen every order can be listed: the mean of the brute force's perfect-information
  // verdicts over all of them is what the fraction estimates (4,096 samples: a standard error under 0.008).
  it(
    'with a sampled endgame (endgameSamples): the win fraction over all orders of the unseen cards, the same ' +
      'whoever asks and whatever the order',
    () => {
      let compared = 0;
      let uncertain = 0;
      for (const id of ['decade', 'decade-fives', 'decade-loop']) {
        const size = positionLayout(decadeOf(randomPosition(id, 1, 0))!.options).size;
        const { model } = linearNet(size, 19);
        const agent = searchAgent(id, model, { depth: 2, endgame: 12, endgameSamples: 4096 });
        const positions = latePositions(id, 4, 4, 700);
        for (const env of positions) {
          const stock = stockOf(env);
          const orders = permutations(stock.length);
          const { actions } = agent.score(env);
          for (const { action, score: win } of actions) {
            let wins = 0;
            for (const order of orders) {
              const dealt = env.clone();
              const state = env.getState() as EnvState & { game: { stock: string[] } };
              dealt.setState({ ...state, game: { ...state.game, stock: order.map((i) => stock[i]) } });
              wins += bruteAfter(dealt, action, 60, 0, () => [Number.NaN, Number.NaN], TIE)[0];
            }
            const mean = wins / orders.length;
            expect(Math.abs(win - mean), `${id} action ${action}, stock ${stock.join(' ')}`).toBeLessThan(0.04);
            if (mean > 0 && mean < 1) uncertain++;
            compared++;
          }
          // A fresh agent asked after other positions answers the same; a permuted stock changes nothing.
          const fresh = searchAgent(id, model, { depth: 2, endgame: 12, endgameSamples: 4096 });
          for (const other of positions) fresh.score(other);
          expect(fresh.score(env)).toEqual(agent.score(env));
          expect(agent.score(withStockPermuted(env, 5))).toEqual(agent.score(env));
        }
        model.dispose();
      }
      expect(compared).toBeGreaterThanOrEqual(15);
      expect(uncertain).toBeGreaterThanOrEqual(3);
    },
  );

  for (const id of ['decade', 'decade-loop', 'decade-optional', 'ten-twenty-thirty']) {
    it(`${id}: random late positions, one and two draws deep with the network at the horizon`, () => {
      const size = positionLayout(decadeOf(randomPosition(id, 1, 0))!.options).size;
      const { model, leaf } = linearNet(size, 11);
      let compared = 0;
      for (const depth of [1, 2]) {
        const agent = searchAgent(id, model, { depth });
        for (const env of latePositions(id, 6, id === 'ten-twenty-thirty' ? 52 : 8, 100 * depth)) {
          const unknown = decadeOf(env)!.state.stockLen;
          for (const { action, score: win } of agent.score(env).actions) {
            const d = action === DRAW ? Math.max(depth, 1) : depth;
            const v =
              action === DRAW
                ? draw(env.clone(), d, unknown, leaf)
                : expectimax(stepped(env.clone(), action), depth, unknown, leaf);
            expect(win, `${id} depth ${depth} action ${action}`).toBeCloseTo(v[0], 4);
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThanOrEqual(20);
      model.dispose();
    });
  }
});

describe('the search with the known order under the stock', () => {
  it('ten-twenty-thirty, after the first pass: the known next cards, against the brute force', () => {
    const size = positionLayout({ stacks: 7, loop: true }).size;
    const { model, leaf } = linearNet(size, 13);
    const agent = searchAgent('ten-twenty-thirty', model, { depth: 2 });
    let compared = 0;
    let known = 0;
    for (let seed = 0; compared < 30 && seed < 400; seed++) {
      // Played from the deal, the agent watching every state: it knows what went under the stock.
      const env = randomPosition('ten-twenty-thirty', seed, 0);
      let unknown = decadeOf(env)!.state.stockLen;
      const rng = createRng(seed);
      while (env.running && compared < 30) {
        if (env.legalCount >= 2 && unknown <= 1) {
          for (const { action, score: win } of agent.score(env).actions) {
            const v = expectimax(stepped(env.clone(), action), 2, unknown, leaf);
            expect(win, `seed ${seed} action ${action}`).toBeCloseTo(v[0], 4);
            compared++;
          }
          if (unknown === 0) known++;
        }
        const a = env.legalCount === 1 ? agent.act(env) : env.legal[randomInt(rng, 0, env.legalCount - 1)];
        if (env.legalCount >= 2) agent.act(env);
        if (a === DRAW && unknown > 0) unknown--;
        env.step(a);
      }
    }
    expect(compared).toBeGreaterThanOrEqual(30);
    expect(known).toBeGreaterThan(0);
    model.dispose();
  });

  it(
    "ten-twenty-thirty with an endgame: once nothing is unseen, the solver's verdict on the true deal; before, " +
      "the network's search unchanged",
    () => {
      const size = positionLayout({ stacks: 7, loop: true }).size;
      const { model } = linearNet(size, 17);
      let solved = 0;
      let searched = 0;
      for (let seed = 0; (solved < 20 || searched < 10) && seed < 200; seed++) {
        // Every agent watches every state from the deal, so each remembers what went under the stock.
        const plain = searchAgent('ten-twenty-thirty', model, { depth: 1 });
        const endgame = searchAgent('ten-twenty-thirty', model, { depth: 1, endgame: 12 });
        const env = randomPosition('ten-twenty-thirty', seed, 0);
        const rules = rulesOf(decadeOf(env)!.options);
        // What the agents remember (a move that could have put the cards under in another order forgets it).
        const memory = new StockMemory();
        const rng = createRng(seed);
        while (env.running) {
          for (const agent of [plain, endgame]) agent.act(env);
          const state = decadeOf(env)!.state;
          memory.sync(state, rules);
          if (env.legalCount >= 2 && memory.unknown === 0) {
            // The deal as it truly is (the remembered order is the stock's), solved afresh: 0 where the table clears.
            const deal = new Position(7);
            deal.loadTrue(state);
            const solver = new Solver(rules);
            for (const { action, score: win } of endgame.score(env).actions)
              expect(win, `seed ${seed} action ${action}`).toBe(solver.valueAfter(deal, action, 20_000) === 0 ? 1 : 0);
            solved++;
          } else if (env.legalCount >= 2) {
            expect(endgame.score(env)).toEqual(plain.score(env));
            searched++;
          }
          env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
        }
      }
      expect(solved).toBeGreaterThanOrEqual(20);
      expect(searched).toBeGreaterThanOrEqual(10);
      model.dispose();
    },
  );
});

function stepped(env: Env, action: number): Env {
  env.step(action);
  return env;
}

describe('the one-line encoding', () => {
  it('is written by the search as the afterstate models write it (decade, decade-loop)', () => {
    let compared = 0;
    for (const id of ['decade', 'decade-loop']) {
      for (let seed = 0; seed < 40; seed++) {
        const env = randomPosition(id, seed, seed * 3);
        const { state, options } = decadeOf(env)!;
        const layout = decadeLayout(options);
        const a = new Float32Array(layout.size);
        writeLineFeatures(state, 0, a, 0, layout);
        const p = new Position(1);
        p.loadTableOnly(state);
        p.stockLen = state.stockLen;
        const k = new StockKnowledge();
        loadKnowledge(k, state, null);
        const b = new Float32Array(layout.size);
        const searchLayout = positionLayout(options);
        expect(searchLayout).toMatchObject({ encoding: layout.encoding, size: layout.size });
        writePositionFeatures(p, k, b, 0, searchLayout);
        expect(Array.from(b), `${id} seed ${seed}`).toEqual(Array.from(a));
        compared++;
      }
    }
    expect(compared).toBe(80);
  });
});

describe('the learned-search agent', () => {
  it('is fair: permuting the unseen stock changes no choice and no value', () => {
    for (const id of ['decade', 'decade-loop', 'ten-twenty-thirty']) {
      const size = positionLayout(decadeOf(randomPosition(id, 1, 0))!.options).size;
      const { model } = linearNet(size, 5);
      const agent = searchAgent(id, model, { depth: 1, maxLeaves: 400 });
      let positions = 0;
      for (let s = 0; positions < 12 && s < 4000; s++) {
        const env = randomPosition(id, 3000 + s, 3 + (s % 40));
        if (!env.running || env.legalCount < 2) continue;
        const a = searchAgent(id, model, { depth: 1, maxLeaves: 400 }).score(env);
        const b = searchAgent(id, model, { depth: 1, maxLeaves: 400 }).score(withStockPermuted(env, s));
        expect(b, `${id} seed ${3000 + s}`).toEqual(a);
        positions++;
      }
      expect(positions, id).toBe(12);
      expect(agent.fair).toBe(true);
      model.dispose();
    }
  });

  it('refuses an env its model was not trained for, saying why', () => {
    const { model } = linearNet(positionLayout({ stacks: 1, loop: false }).size, 1);
    const agent = searchAgent('decade', model);
    expect(() => agent.act(randomPosition('decade-loop', 1, 0))).toThrow(
      /model "search" was trained for decade .*not decade-loop/,
    );
    model.dispose();
  });

  it('keeps the tensor count flat across searches', () => {
    const size = positionLayout({ stacks: 1, loop: false }).size;
    const { model } = linearNet(size, 3);
    const agent = searchAgent('decade', model, { depth: 2, maxLeaves: 300 });
    const env = randomPosition('decade', 1, 0);
    agent.act(env.running && env.legalCount > 1 ? env : latePositions('decade', 1, 20, 1)[0]);
    const tensors = tf.memory().numTensors;
    let decisions = 0;
    for (const p of latePositions('decade', 10, 30, 50)) {
      while (p.running) {
        p.step(agent.act(p));
        decisions++;
      }
    }
    expect(decisions).toBeGreaterThan(20);
    expect(tf.memory().numTensors).toBe(tensors);
    model.dispose();
  });
});

const TINY = {
  numEnvs: 8,
  hidden: [16],
  bufferSize: 2000,
  batchSize: 32,
  learningStarts: 64,
  samplesPerUpdate: 16,
  maxLeaves: 64,
  totalSteps: 100_000,
};

describe('expert iteration', () => {
  it('keeps the tensor count flat across updates', () => {
    const learner = new ExpertIteration(envConfig('decade'), expertIterationConfigSchema.parse(TINY));
    expectFlatTensorsAcrossUpdates(learner);
    learner.dispose();
  });

  it('gives the same model under the same seed, another under another seed (seven piles, deck-bottom)', () => {
    expectSeedDecidesWeights(
      (seed) =>
        new ExpertIteration(envConfig('ten-twenty-thirty'), expertIterationConfigSchema.parse({ ...TINY, seed })),
      40,
    );
  });

  it('refuses an engine it has no search for, by name', () => {
    expect(() => new ExpertIteration(envConfig('four-ten'), expertIterationConfigSchema.parse(TINY))).toThrow(
      /decade family .*not four-ten/,
    );
  });
});

/** Every order of n items, as index lists. */
function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((rest) =>
    Array.from({ length: n }, (_, at) => [...rest.slice(0, at), n - 1, ...rest.slice(at)]),
  );
}
