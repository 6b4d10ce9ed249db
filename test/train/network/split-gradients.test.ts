// The split gradient step, with the afterstate learner's loss: the second half of a minibatch
// computed in a worker thread gives exactly the numbers of computing it in this thread, and the
// mean of the halves is the whole batch's gradient up to float rounding. The worker exists only
// in the built package, so this test runs dist/ (npm test builds it first).
import * as tf from '../../../src/agents/learned/tf.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, randomInt } from '../../../src/env/rng.js';

type Gradients = typeof import('../../../src/train/network/split-gradients.js');
type Afterstate = typeof import('../../../src/train/algorithms/afterstate-learning.js');
type Network = typeof import('../../../src/agents/learned/network.js');
type Optim = typeof import('../../../src/train/network/optim.js');
type Backend = typeof import('../../../src/node/tf-backend.js');

const dist = (path: string) => new URL(`../../../dist/${path}`, import.meta.url).href;
let built: { gradients: Gradients; afterstate: Afterstate; network: Network; optim: Optim };

const F = 245;
const B = 64;
const toDispose: { dispose(): void }[] = [];

beforeAll(async () => {
  await ((await import(dist('node/tf-backend.js'))) as Backend).initBackend();
  built = {
    gradients: (await import(dist('train/network/split-gradients.js'))) as Gradients,
    afterstate: (await import(dist('train/algorithms/afterstate-learning.js'))) as Afterstate,
    network: (await import(dist('agents/learned/network.js'))) as Network,
    optim: (await import(dist('train/network/optim.js'))) as Optim,
  };
});

afterAll(() => {
  for (const x of toDispose) x.dispose();
});

/** A minibatch of random rows, win targets and cost targets. */
function minibatch(seed: number) {
  const rng = createRng(seed);
  return {
    rows: Float32Array.from({ length: B * F }, () => randomInt(rng, 0, 4) / 4),
    won: Float32Array.from({ length: B }, () => randomInt(rng, 0, 1)),
    cost: Float32Array.from({ length: B }, () => randomInt(rng, 0, 60) / 100),
  };
}

describe('split gradients (the afterstate loss)', () => {
  it(
    'the worker half equals the same half computed here, bit for ' + 'bit, and the halves average to the whole batch',
    () => {
      const model = built.network.buildAfterstateNet({ inputSize: F, hidden: [32, 16], seed: 5, cost: 'rounds' });
      const variables = built.optim.trainableVariables(model);
      const loss = {
        fn: built.afterstate.afterstateLoss,
        module: dist('train/algorithms/afterstate-learning.js'),
        name: 'afterstateLoss',
        options: { costLossWeight: 100 },
      };
      const make = (split: boolean, useWorker: boolean) => {
        const g = new built.gradients.SplitGradients(model, variables, {
          batchSize: B,
          widths: [F, 1, 1],
          loss,
          statCount: 2,
          split,
          useWorker,
        });
        toDispose.push(g);
        return g;
      };
      const threaded = make(true, true);
      const here = make(true, false);
      const whole = make(false, false);
      const flat = (g: InstanceType<Gradients['SplitGradients']>, seed: number) => {
        const { rows, won, cost } = minibatch(seed);
        return tf.tidy(() => {
          const r = g.compute([rows, won, cost]);
          return {
            grads: Array.from(tf.concat(r.grads.map((x) => tf.reshape(x, [-1]))).dataSync()),
            winLoss: r.stats[0].dataSync()[0],
            costLoss: r.stats[1].dataSync()[0],
          };
        });
      };
      const before = tf.memory().numTensors;
      for (const seed of [1, 2, 3]) {
        const a = flat(threaded, seed);
        expect(threaded.threaded).toBe(true);
        expect(a).toEqual(flat(here, seed));
        const w = flat(whole, seed);
        expect(a.winLoss).toBeCloseTo(w.winLoss, 5);
        expect(a.costLoss).toBeCloseTo(w.costLoss, 5);
        a.grads.forEach((g, i) => expect(Math.abs(g - w.grads[i])).toBeLessThan(1e-5 + 1e-4 * Math.abs(w.grads[i])));
      }
      expect(here.threaded).toBe(false);
      expect(tf.memory().numTensors).toBe(before);
      model.dispose();
    },
  );
});
