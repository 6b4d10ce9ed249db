/**
 * The afterstate learner's gradients (src/train/afterstate.ts), optionally on both cores.
 *
 * Loss of a minibatch: the win logit's sigmoid cross-entropy plus `costLossWeight` × the cost's
 * squared error, each a mean over the batch. With `split`, every minibatch is computed as its two
 * halves and the halves' gradients and losses are averaged (the mean over the batch, up to
 * float rounding). The second half runs in a worker thread when one can start (the compiled
 * package: afterstate-gradient-worker.js beside this file), else in this thread, the same
 * operations on the same numbers either way: a run's weights do not depend on whether it had
 * the worker. A gradient step is most of a Four Ten training's time, so the worker nearly
 * halves it on a 2-core machine.
 *
 * The worker holds no state of its own: each step hands it the current weights and its half
 * batch through shared memory (no copies through messages), and Atomics wake each side, so a
 * step is as synchronous as the one-thread version and checkpoints need nothing from it.
 */
import { Worker } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs';
import { mlpForward } from './mlp.js';

/** [loss, winLoss, costLoss] of a minibatch, as scalars; the loss is what the gradients are of. */
export function afterstateLoss(model: tf.LayersModel, rows: tf.Tensor2D, won: tf.Tensor2D, cost: tf.Tensor2D, costLossWeight: number): [tf.Scalar, tf.Scalar, tf.Scalar] {
  const [winLogit, costOut] = mlpForward(model, rows);
  const winLoss = tf.losses.sigmoidCrossEntropy(won, winLogit) as tf.Scalar;
  const costLoss = tf.losses.meanSquaredError(cost, costOut) as tf.Scalar;
  return [tf.add(winLoss, tf.mul(costLoss, costLossWeight)) as tf.Scalar, winLoss, costLoss];
}

/** Gradients (one per variable, in order) and [winLoss, costLoss] of one batch, with the variables' current values. Call inside tf.tidy: everything returned belongs to it. */
export function batchGradients(model: tf.LayersModel, variables: tf.Variable[], rows: tf.Tensor2D, won: tf.Tensor2D, cost: tf.Tensor2D, costLossWeight: number): { grads: tf.Tensor[]; winLoss: tf.Scalar; costLoss: tf.Scalar } {
  let winLoss: tf.Scalar | null = null;
  let costLoss: tf.Scalar | null = null;
  const { grads } = tf.variableGrads(() => {
    const [loss, w, c] = afterstateLoss(model, rows, won, cost, costLossWeight);
    winLoss = tf.keep(w);
    costLoss = tf.keep(c);
    return loss;
  }, variables);
  // Kept tensors escape every tidy: hand back tracked copies.
  const [w, c] = [(winLoss as tf.Scalar | null)!, (costLoss as tf.Scalar | null)!];
  const out = { grads: variables.map((v) => grads[v.name]), winLoss: w.clone(), costLoss: c.clone() };
  w.dispose();
  c.dispose();
  return out;
}

/** The shared memory of one split step: control words, then float32 weights, half batch, and the worker's results. */
export interface SharedLayout {
  /** Parameters (all variables, flattened in order). */
  parameters: number;
  half: number;
  features: number;
}

/** Control words: [0] the step asked for, [1] the step done, [2] 1 when the worker is ready (−1: it failed). */
export const ASKED = 0;
export const DONE = 1;
export const READY = 2;

/** The float32 views of the shared buffer: weights, the half batch (rows, won, cost), then the worker's grads and [winLoss, costLoss]. */
export function sharedViews(buffer: SharedArrayBuffer, l: SharedLayout) {
  let at = 16;
  const next = (n: number) => {
    const view = new Float32Array(buffer, at, n);
    at += n * 4;
    return view;
  };
  return {
    control: new Int32Array(buffer, 0, 4),
    weights: next(l.parameters),
    rows: next(l.half * l.features),
    won: next(l.half),
    cost: next(l.half),
    grads: next(l.parameters),
    losses: next(2),
  };
}

export function sharedBytes(l: SharedLayout): number {
  return 16 + 4 * (2 * l.parameters + l.half * (l.features + 2) + 2);
}

/** What the worker needs to build the same network. */
export interface WorkerSetup {
  buffer: SharedArrayBuffer;
  layout: SharedLayout;
  inputSize: number;
  hidden: number[];
  cost: 'cards' | 'rounds';
  costLossWeight: number;
  backend: string;
}

/** The compiled worker exists next to this file only in the built package (dist/). */
function workerUrl(): URL | null {
  return import.meta.url.endsWith('.js') ? new URL('./afterstate-gradient-worker.js', import.meta.url) : null;
}

/** How long the first step waits for the worker to start before computing both halves here. */
const READY_TIMEOUT_MS = 60_000;

export class AfterstateGradients {
  private readonly half: number;
  private readonly shared: ReturnType<typeof sharedViews> | null = null;
  private worker: Worker | null = null;
  private asked = 0;

  constructor(
    private readonly model: tf.LayersModel,
    private readonly variables: tf.Variable[],
    private readonly opts: { batchSize: number; features: number; costLossWeight: number; split: boolean; hidden: number[]; cost: 'cards' | 'rounds'; useWorker?: boolean },
  ) {
    this.half = opts.batchSize >> 1;
    const url = workerUrl();
    if (!opts.split || opts.useWorker === false || url === null) return;
    const layout: SharedLayout = { parameters: variables.reduce((n, v) => n + v.size, 0), half: this.half, features: opts.features };
    const buffer = new SharedArrayBuffer(sharedBytes(layout));
    this.shared = sharedViews(buffer, layout);
    const setup: WorkerSetup = { buffer, layout, inputSize: opts.features, hidden: opts.hidden, cost: opts.cost, costLossWeight: opts.costLossWeight, backend: tf.getBackend() };
    this.worker = new Worker(url, { workerData: setup });
    this.worker.unref();
    this.worker.on('error', () => Atomics.store(this.shared!.control, READY, -1));
  }

  /** Whether the second half runs in the worker. */
  get threaded(): boolean {
    return this.worker !== null && Atomics.load(this.shared!.control, READY) === 1;
  }

  /**
   * Gradients (one per variable, in order) and [winLoss, costLoss] of the minibatch rows[0 … B),
   * won, cost. Call inside tf.tidy.
   */
  compute(rows: Float32Array, won: Float32Array, cost: Float32Array): { grads: tf.Tensor[]; winLoss: tf.Scalar; costLoss: tf.Scalar } {
    const { batchSize: B, features: F, costLossWeight, split } = this.opts;
    const on = (from: number, n: number) => [tf.tensor2d(rows.subarray(from * F, (from + n) * F), [n, F]), tf.tensor2d(won.subarray(from, from + n), [n, 1]), tf.tensor2d(cost.subarray(from, from + n), [n, 1])] as const;
    if (!split) return batchGradients(this.model, this.variables, ...on(0, B), costLossWeight);
    const H = this.half;
    const useWorker = this.ready();
    if (useWorker) this.ask(rows, won, cost);
    const a = batchGradients(this.model, this.variables, ...on(0, H), costLossWeight);
    const b = useWorker ? this.answer() : batchGradients(this.model, this.variables, ...on(H, H), costLossWeight);
    return {
      grads: a.grads.map((g, i) => tf.mul(tf.add(g, b.grads[i]), 0.5)),
      winLoss: tf.mul(tf.add(a.winLoss, b.winLoss), 0.5) as tf.Scalar,
      costLoss: tf.mul(tf.add(a.costLoss, b.costLoss), 0.5) as tf.Scalar,
    };
  }

  /** Whether the worker is there to take the second half (waiting for it to start the first time). */
  private ready(): boolean {
    if (this.worker === null) return false;
    const control = this.shared!.control;
    if (Atomics.load(control, READY) === 0) Atomics.wait(control, READY, 0, READY_TIMEOUT_MS);
    if (Atomics.load(control, READY) === 1) return true;
    // It never started (or failed): both halves here from now on, the same numbers.
    void this.worker.terminate();
    this.worker = null;
    return false;
  }

  /** Hands the worker the current weights and the second half, and wakes it. */
  private ask(rows: Float32Array, won: Float32Array, cost: Float32Array): void {
    const s = this.shared!;
    const H = this.half;
    const F = this.opts.features;
    let at = 0;
    for (const v of this.variables) {
      s.weights.set(v.dataSync() as Float32Array, at);
      at += v.size;
    }
    s.rows.set(rows.subarray(H * F, 2 * H * F));
    s.won.set(won.subarray(H, 2 * H));
    s.cost.set(cost.subarray(H, 2 * H));
    this.asked++;
    Atomics.store(s.control, ASKED, this.asked);
    Atomics.notify(s.control, ASKED);
  }

  /** Waits for the worker's half and reads it as tensors. */
  private answer(): { grads: tf.Tensor[]; winLoss: tf.Scalar; costLoss: tf.Scalar } {
    const s = this.shared!;
    for (;;) {
      const done = Atomics.load(s.control, DONE);
      if (done === this.asked) break;
      if (Atomics.load(s.control, READY) === -1) throw new Error('afterstate gradient worker failed');
      Atomics.wait(s.control, DONE, done, 1000);
    }
    let at = 0;
    const grads = this.variables.map((v) => {
      const g = tf.tensor(s.grads.slice(at, at + v.size), v.shape);
      at += v.size;
      return g;
    });
    return { grads, winLoss: tf.scalar(s.losses[0]), costLoss: tf.scalar(s.losses[1]) };
  }

  dispose(): void {
    if (this.worker) void this.worker.terminate();
    this.worker = null;
  }
}
