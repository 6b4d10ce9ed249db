// Afterstate values for the one-line decade family (Four Ten's are in
// test/games/four-ten/agents/afterstate-features.test.ts): the features of a hand-made position, what each action
// expands to, the agent's legality, fairness and ranking with a random network, save → load, and the options it
// refuses.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as tf from '../../../src/agents/learned/tf.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { AfterstateAgent } from '../../../src/agents/learned/afterstate-agent.js';
import { DECADE_FEATURES } from '../../../src/games/decade/learned/afterstate-features.js';
import { afterstateAgent, featureLayout } from '../../../src/agents/learned/from-model.js';
import { initBackend } from '../../../src/node/tf-backend.js';
import { loadModelAgent, saveModel } from '../../../src/node/load-model.js';
import { buildAfterstateNet } from '../../../src/agents/learned/network.js';
import { runActionId } from '../../../src/games/decade/engine.js';
import { envConfig, make } from '../../../src/env/registry.js';
import { createRng, randomInt } from '../../../src/env/rng.js';
import { AfterstateLearner, afterstateConfigSchema } from '../../../src/train/algorithms/afterstate.js';
import { envAt, withStockPermuted } from '../../helpers/decade.js';
import { expectFlatTensorsAcrossUpdates, modelMetadata } from '../../helpers/models.js';

const ONE_LINE = ['decade', 'decade-optional', 'decade-fives', 'decade-loop', 'decade-max3'] as const;

const LINE = featureLayout(envConfig('decade'));

/** The indices of a feature row that are not zero, with their values. */
function nonZero(rows: Float32Array, row: number, size = LINE.size): Record<number, number> {
  const out: Record<number, number> = {};
  for (let i = 0; i < size; i++) {
    const v = rows[row * size + i];
    if (v !== 0) out[i] = Number(v.toFixed(6));
  }
  return out;
}

beforeAll(async () => {
  await initBackend();
});

describe('features and expansion', () => {
  // Line 4 6 3, stock 5 T 5 7 (unseen: two 5s, one 7, one ten): the run 4 6 (10) or, with
  // optional discards, a draw. (Stacks + stock total 40, so the other cards can all be runs.)
  const layout = { stacks: [['4C', '6D', '3S']], stock: ['5H', 'TC', '5C', '7D'] };

  it('a discard leads to its known line, read from the right end', () => {
    const env = envAt('decade-optional', layout);
    expect(env.legalActions()).toEqual([0, runActionId(0, 2)]);
    const x = DECADE_FEATURES.expansion(LINE);
    x.expand(env);
    expect(x.actionCount).toBe(2);
    // Action 1 (the run): one row, the line "3" with the stock 5 T 5 7 unseen: 5s 2/4, 7s 1/4, tens 1/16.
    expect(x.rowsOf[1]).toBe(1);
    expect(nonZero(x.rows, x.firstRow[1])).toEqual({
      2: 1,
      [520 + 4]: 0.5,
      [520 + 6]: 0.25,
      [520 + 9]: 0.0625,
      530: Number((4 / 52).toFixed(6)),
      531: Number((1 / 52).toFixed(6)),
    });
  });

  it('a draw averages over the unseen values, each weighted by its count', () => {
    const env = envAt('decade-optional', layout);
    const x = DECADE_FEATURES.expansion(LINE);
    x.expand(env);
    // One row per unseen value (5, 7, ten), weighted 2/4, 1/4, 1/4.
    expect(x.rowsOf[0]).toBe(3);
    const [five, seven, ten] = [x.firstRow[0], x.firstRow[0] + 1, x.firstRow[0] + 2];
    expect([x.weight[five], x.weight[seven], x.weight[ten]]).toEqual([0.5, 0.25, 0.25]);
    // Drawn 5: 5 3 6 4 from the right; one 5 is no longer unseen.
    const [three, line] = [Number((3 / 52).toFixed(6)), Number((4 / 52).toFixed(6))];
    expect(nonZero(x.rows, five)).toEqual({
      4: 1,
      12: 1,
      25: 1,
      33: 1,
      [520 + 4]: 0.25,
      [520 + 6]: 0.25,
      [520 + 9]: 0.0625,
      530: three,
      531: line,
    });
    expect(nonZero(x.rows, seven)).toEqual({
      6: 1,
      12: 1,
      25: 1,
      33: 1,
      [520 + 4]: 0.5,
      [520 + 9]: 0.0625,
      530: three,
      531: line,
    });
    expect(nonZero(x.rows, ten)).toEqual({
      9: 1,
      12: 1,
      25: 1,
      33: 1,
      [520 + 4]: 0.5,
      [520 + 6]: 0.25,
      530: three,
      531: line,
    });
  });

  it('a loop also shows its oldest cards from the left end, a drawn card after them on a short line', () => {
    const loop = featureLayout(envConfig('decade', { loop: true }));
    expect(loop.size).toBe(662);
    const env = envAt('decade-loop', layout, { discard: 'optional' });
    const x = DECADE_FEATURES.expansion(loop);
    x.expand(env);
    const draw = env.legalActions().indexOf(0);
    const five = nonZero(x.rows, x.firstRow[draw], loop.size);
    // From the right: 5 3 6 4; from the left: 4 6 3 5.
    expect(
      Object.keys(five)
        .map(Number)
        .filter((i) => i < 520),
    ).toEqual([4, 12, 25, 33]);
    expect(
      Object.keys(five)
        .map(Number)
        .filter((i) => i >= 532),
    ).toEqual([532 + 3, 542 + 5, 552 + 2, 562 + 4]);
  });

  it('a move that ends the game is valued exactly, without the network', () => {
    // Line 4 6 with nothing unseen: the run clears the table and wins.
    const env = envAt('decade', { stacks: [['4C', '6D', '5S', '5H']], stock: [] });
    const x = DECADE_FEATURES.expansion(LINE);
    x.expand(env);
    const k = env.legalActions().indexOf(runActionId(0, 4));
    expect(k).toBeGreaterThanOrEqual(0);
    expect(x.rowsOf[k]).toBe(0);
    expect([x.exactWin[k], x.exactCost[k]]).toEqual([1, 0]);
    const value = new Float64Array(2);
    x.actionValue(k, new Float32Array(0), value);
    expect([...value]).toEqual([1, 0]);
  });
});

describe('the agent, with a random network', () => {
  const models = new Map<number, tf.LayersModel>();
  const modelFor = (id: string) => {
    const size = featureLayout(envConfig(id)).size;
    if (!models.has(size)) models.set(size, buildAfterstateNet({ inputSize: size, hidden: [32], seed: 3 }));
    return models.get(size)!;
  };
  const model = modelFor('decade');

  it.each(ONE_LINE)('%s: always legal, scores every legal move best first, and fair', (id) => {
    const model = modelFor(id);
    const agent = afterstateAgent('random-net', model, modelMetadata(id, 'afterstate'));
    const twin = afterstateAgent('random-net', model, modelMetadata(id, 'afterstate'));
    const rng = createRng(5);
    let decisions = 0;
    let ends = 0;
    for (let game = 0; game < 12; game++) {
      const env = make(id);
      env.reset({ seed: 300 + game });
      while (env.running) {
        if (env.legalCount > 1) {
          decisions++;
          const action = agent.act(env);
          expect(env.mask[action]).toBe(1);
          const scores = agent.score(env);
          expect(scores.kind).toBe('win-probability');
          expect(scores.actions.map((s) => s.action).sort((a, b) => a - b)).toEqual(
            env.legalActions().sort((a, b) => a - b),
          );
          expect(scores.actions[0].action).toBe(action);
          // Best first: ranked by P(win) − 0.02 · cards left / 52, so a P(win) is never more than
          // 0.02 above the one before it.
          for (let i = 1; i < scores.actions.length; i++)
            expect(scores.actions[i].score).toBeLessThanOrEqual(scores.actions[i - 1].score + 0.02);
          // Probabilities; a move that ends the game is worth exactly its result.
          for (const s of scores.actions) {
            expect(s.score).toBeGreaterThanOrEqual(0);
            expect(s.score).toBeLessThanOrEqual(1);
            const after = env.clone();
            after.step(s.action);
            if (!after.running) {
              expect(s.score).toBe(after.outcome().won ? 1 : 0);
              ends++;
            }
          }
          const permuted = withStockPermuted(env, game);
          expect(twin.act(permuted)).toBe(action);
          expect(twin.score(permuted)).toEqual(scores);
        }
        // Random play visits more varied positions than the agent's own.
        env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
      }
    }
    expect(decisions).toBeGreaterThan(10);
    // Moves that end the game came up (on decade-max3 random play rarely reaches one at a decision).
    if (id !== 'decade-max3') expect(ends).toBeGreaterThan(0);
  });

  it('save → load gives the same agent; a model of one env refuses another', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tengym-afterstate-'));
    await saveModel(model, dir, modelMetadata('decade', 'afterstate'));
    const loaded = await loadModelAgent(dir, 'saved');
    expect(loaded).toBeInstanceOf(AfterstateAgent);
    const original = afterstateAgent('x', model, modelMetadata('decade', 'afterstate'));
    const env = envAt('decade', { stacks: [['4C', '6D', '3S', '7H', '2C', '8D']], stock: ['5H', 'TC', '5C'] });
    expect(loaded.score!(env)).toEqual(original.score(env));
    const fives = make('decade-fives');
    fives.reset({ seed: 1 });
    expect(() => loaded.act(fives)).toThrow(/trained for decade/);
    // A line model given a loop's metadata: its input does not fit.
    const loop = make('decade-loop');
    loop.reset({ seed: 1 });
    expect(() => afterstateAgent('x', model, modelMetadata('decade-loop', 'afterstate')).act(loop)).toThrow(
      /reads 532 features/,
    );
  });
});

describe('the learner', () => {
  it.each(['decade-stacks', 'ten-twenty-thirty', 'tens'])('refuses %s clearly', (id) => {
    expect(() => new AfterstateLearner(envConfig(id), afterstateConfigSchema.parse({}))).toThrow(/afterstate/);
  });

  it('refuses a replay ring smaller than learningStarts, which would never make a first gradient step', () => {
    expect(
      () =>
        new AfterstateLearner(
          envConfig('decade'),
          afterstateConfigSchema.parse({ hidden: [4], bufferSize: 500, learningStarts: 1000 }),
        ),
    ).toThrow(
      new RegExp(
        '^afterstate config: bufferSize 500 is less than learningStarts 1000, so the replay ring never ' +
          'holds enough samples for a first gradient step; make bufferSize at least learningStarts$',
      ),
    );
  });

  it('the tensor count stays flat across updates', () => {
    const learner = new AfterstateLearner(
      envConfig('decade'),
      afterstateConfigSchema.parse({
        numEnvs: 16,
        hidden: [16],
        batchSize: 32,
        learningStarts: 1,
        samplesPerUpdate: 16,
        totalSteps: 100_000,
      }),
    );
    expectFlatTensorsAcrossUpdates(learner);
    const stats = learner.takeStats();
    expect(Number.isFinite(stats.winLoss)).toBe(true);
    expect(Number.isFinite(stats.costLoss)).toBe(true);
    learner.dispose();
  });
});
