/**
 * Worker thread of afterstate-gradients.ts: computes the second half of each minibatch's
 * gradients on the other core. It builds the same network, then loops: wait for a step, take
 * the weights and the half batch from shared memory, write the gradients and losses back, and
 * signal. Any error is reported through the control words, so the learner never waits on a
 * worker that is gone.
 */
import { workerData } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs';
import { initBackend, type BackendName } from '../agents/tf/backend.js';
import { buildAfterstateNet } from '../agents/tf/network.js';
import { ASKED, DONE, READY, batchGradients, sharedViews, type WorkerSetup } from './afterstate-gradients.js';
import { trainableVariables } from './optim.js';

const setup = workerData as WorkerSetup;
const shared = sharedViews(setup.buffer, setup.layout);
const control = shared.control;

try {
  await initBackend({ prefer: setup.backend as BackendName, quiet: true });
  if (tf.getBackend() !== setup.backend) throw new Error(`backend ${tf.getBackend()}, not ${setup.backend}`);
  // The seed does not matter: every step brings the weights.
  const model = buildAfterstateNet({ inputSize: setup.inputSize, hidden: setup.hidden, seed: 0, cost: setup.cost });
  const variables = trainableVariables(model);
  const { half, features } = setup.layout;
  Atomics.store(control, READY, 1);
  Atomics.notify(control, READY);
  for (let step = 1; ; step++) {
    while (Atomics.load(control, ASKED) < step) Atomics.wait(control, ASKED, step - 1);
    tf.tidy(() => {
      let at = 0;
      for (const v of variables) {
        v.assign(tf.tensor(shared.weights.subarray(at, at + v.size), v.shape));
        at += v.size;
      }
      const rows = tf.tensor2d(shared.rows, [half, features]);
      const won = tf.tensor2d(shared.won, [half, 1]);
      const cost = tf.tensor2d(shared.cost, [half, 1]);
      const { grads, winLoss, costLoss } = batchGradients(model, variables, rows, won, cost, setup.costLossWeight);
      at = 0;
      for (const g of grads) {
        shared.grads.set(g.dataSync() as Float32Array, at);
        at += g.size;
      }
      shared.losses[0] = winLoss.dataSync()[0];
      shared.losses[1] = costLoss.dataSync()[0];
    });
    Atomics.store(control, DONE, step);
    Atomics.notify(control, DONE);
  }
} catch {
  Atomics.store(control, READY, -1);
  Atomics.notify(control, READY);
  Atomics.notify(control, DONE);
}
