/**
 * Worker thread of split-gradients.ts: computes the second half of each minibatch's gradients on
 * the other core. It builds the same network from its topology and imports the same loss from
 * the algorithm's module, then loops: wait for a step, take the weights and the half batch from
 * shared memory, write the gradients and statistics back, and signal. Any error is reported
 * through the control words, so the learner never waits on a worker that is gone.
 */
import { workerData } from 'node:worker_threads';
import * as tf from '../../agents/learned/tf.js';
import { initBackend, type BackendName } from '../../node/tf-backend.js';
import { trainableVariables } from './optim.js';
import {
  ASKED,
  DONE,
  READY,
  batchGradients,
  sharedViews,
  type LossFunction,
  type WorkerSetup,
} from './split-gradients.js';

const setup = workerData as WorkerSetup;
const shared = sharedViews(setup.buffer, setup.layout);
const control = shared.control;

try {
  await initBackend({ prefer: setup.backend as BackendName });
  if (tf.getBackend() !== setup.backend) throw new Error(`backend ${tf.getBackend()}, not ${setup.backend}`);
  // The weights do not matter: every step brings them.
  const model = await tf.models.modelFromJSON({ modelTopology: setup.topology as tf.io.ModelJSON['modelTopology'] });
  const fn = ((await import(setup.loss.module)) as Record<string, LossFunction>)[setup.loss.name];
  if (typeof fn !== 'function') throw new Error(`${setup.loss.module} exports no loss ${setup.loss.name}`);
  const loss = { fn, options: setup.loss.options };
  const variables = trainableVariables(model);
  const { half, widths } = setup.layout;
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
      const columns = shared.columns.map((c, k) => tf.tensor2d(c, [half, widths[k]]));
      const { grads, stats } = batchGradients(model, variables, columns, loss);
      at = 0;
      for (const g of grads) {
        shared.grads.set(g.dataSync() as Float32Array, at);
        at += g.size;
      }
      stats.forEach((x, i) => (shared.stats[i] = x.dataSync()[0]));
    });
    Atomics.store(control, DONE, step);
    Atomics.notify(control, DONE);
  }
} catch {
  Atomics.store(control, READY, -1);
  Atomics.notify(control, READY);
  Atomics.notify(control, DONE);
}
