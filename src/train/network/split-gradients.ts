/**
 * The gradients of a minibatch, optionally as its two halves on both cores (Node-only: a worker
 * thread). Loss-agnostic: an algorithm names its loss (`BatchLoss`: a function exported by its own
 * module, so the worker can import it too) and the columns of its minibatch; this file knows
 * neither.
 *
 * With `split`, every minibatch is computed as its two halves and the halves' gradients and
 * statistics are averaged (the mean over the batch, up to float rounding). The second half runs in
 * a worker thread when one can start (the compiled package: split-gradients-worker.js beside this
 * file), else in this thread, the same operations on the same numbers either way: a run's weights
 * do not depend on whether it had the worker. A gradient step is most of an afterstate training's
 * time, so the worker nearly halves it on a 2-core machine.
 *
 * The worker holds no state of its own: each step hands it the current weights and its half
 * batch through shared memory (no copies through messages), and Atomics wake each side, so a
 * step is as synchronous as the one-thread version and checkpoints need nothing from it.
 */
import { Worker } from 'node:worker_threads';
import * as tf from '../../agents/learned/tf.js';

/**
 * A loss over a minibatch's columns (tensors of [rows, width]), in tf ops: [the loss the
 * gradients are of, then statistics to report], each a scalar. Must be a pure function of its
 * arguments: the worker runs it on its own copy of the network.
 */
export type LossFunction = (
  model: tf.LayersModel,
  columns: tf.Tensor2D[],
  options: Record<string, number>,
) => tf.Scalar[];

export interface BatchLoss {
  fn: LossFunction;
  /** Where the worker finds `fn`: the URL of the module exporting it (`import.meta.url`), and its export name. */
  module: string;
  name: string;
  options: Record<string, number>;
}

export interface SplitGradientsOptions {
  /** Rows of a minibatch (even with `split`). */
  batchSize: number;
  /** Floats per row of each column, in the order the loss takes them. */
  widths: readonly number[];
  loss: BatchLoss;
  /** Statistics the loss reports besides the loss itself. */
  statCount: number;
  split: boolean;
  /** false: never start the worker (tests compare both ways). */
  useWorker?: boolean;
}

/** Gradients (one per variable, in order) and the loss's statistics. */
export interface BatchGradients {
  grads: tf.Tensor[];
  stats: tf.Scalar[];
}

/**
 * Gradients and statistics of one batch, with the variables' current values. Call inside tf.tidy: everything returned
 * belongs to it.
 */
export function batchGradients(
  model: tf.LayersModel,
  variables: tf.Variable[],
  columns: tf.Tensor2D[],
  loss: Pick<BatchLoss, 'fn' | 'options'>,
): BatchGradients {
  let kept: tf.Scalar[] = [];
  const { grads } = tf.variableGrads(() => {
    const [value, ...stats] = loss.fn(model, columns, loss.options);
    kept = stats.map((x) => tf.keep(x));
    return value;
  }, variables);
  // Kept tensors escape every tidy: hand back tracked copies.
  const stats = kept.map((x) => x.clone());
  for (const x of kept) x.dispose();
  return { grads: variables.map((v) => grads[v.name]), stats };
}

/**
 * The shared memory of one split step: control words, then float32 weights, each column's half batch, and the worker's
 * results.
 */
export interface SharedLayout {
  /** Parameters (all variables, flattened in order). */
  parameters: number;
  half: number;
  widths: number[];
  statCount: number;
}

/** Control words: [0] the step asked for, [1] the step done, [2] 1 when the worker is ready (−1: it failed). */
export const ASKED = 0;
export const DONE = 1;
export const READY = 2;

/**
 * The float32 views of the shared buffer: weights, the half batch's columns, then the worker's grads and statistics.
 */
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
    columns: l.widths.map((w) => next(l.half * w)),
    grads: next(l.parameters),
    stats: next(l.statCount),
  };
}

export function sharedBytes(l: SharedLayout): number {
  return 16 + 4 * (2 * l.parameters + l.half * l.widths.reduce((a, b) => a + b, 0) + l.statCount);
}

/** What the worker needs to build the same network and loss. */
export interface WorkerSetup {
  buffer: SharedArrayBuffer;
  layout: SharedLayout;
  /** The network's topology (`model.toJSON(null, false)`): the worker builds its own copy. */
  topology: unknown;
  loss: Omit<BatchLoss, 'fn'>;
  backend: string;
}

/** The compiled worker exists next to this file only in the built package (dist/). */
function workerUrl(): URL | null {
  return import.meta.url.endsWith('.js') ? new URL('./split-gradients-worker.js', import.meta.url) : null;
}

/** How long the first step waits for the worker to start before computing both halves here. */
const READY_TIMEOUT_MS = 60_000;

export class SplitGradients {
  private readonly half: number;
  private readonly shared: ReturnType<typeof sharedViews> | null = null;
  private worker: Worker | null = null;
  private asked = 0;

  constructor(
    private readonly model: tf.LayersModel,
    private readonly variables: tf.Variable[],
    private readonly opts: SplitGradientsOptions,
  ) {
    this.half = opts.batchSize >> 1;
    const url = workerUrl();
    if (!opts.split || opts.useWorker === false || url === null) return;
    const layout: SharedLayout = {
      parameters: variables.reduce((n, v) => n + v.size, 0),
      half: this.half,
      widths: [...opts.widths],
      statCount: opts.statCount,
    };
    const buffer = new SharedArrayBuffer(sharedBytes(layout));
    this.shared = sharedViews(buffer, layout);
    const { fn: _fn, ...loss } = opts.loss;
    const setup: WorkerSetup = { buffer, layout, topology: model.toJSON(null, false), loss, backend: tf.getBackend() };
    this.worker = new Worker(url, { workerData: setup });
    this.worker.unref();
    this.worker.on('error', () => Atomics.store(this.shared!.control, READY, -1));
  }

  /** Whether the second half runs in the worker. */
  get threaded(): boolean {
    return this.worker !== null && Atomics.load(this.shared!.control, READY) === 1;
  }

  /** Gradients and statistics of the minibatch whose columns hold rows [0 … batchSize). Call inside tf.tidy. */
  compute(columns: readonly Float32Array[]): BatchGradients {
    const { batchSize: B, widths, split, loss } = this.opts;
    const on = (from: number, n: number) =>
      columns.map((c, k) => tf.tensor2d(c.subarray(from * widths[k], (from + n) * widths[k]), [n, widths[k]]));
    if (!split) return batchGradients(this.model, this.variables, on(0, B), loss);
    const H = this.half;
    const useWorker = this.ready();
    if (useWorker) this.ask(columns);
    const a = batchGradients(this.model, this.variables, on(0, H), loss);
    const b = useWorker ? this.answer() : batchGradients(this.model, this.variables, on(H, H), loss);
    return {
      grads: a.grads.map((g, i) => tf.mul(tf.add(g, b.grads[i]), 0.5)),
      stats: a.stats.map((x, i) => tf.mul(tf.add(x, b.stats[i]), 0.5) as tf.Scalar),
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
  private ask(columns: readonly Float32Array[]): void {
    const s = this.shared!;
    const H = this.half;
    let at = 0;
    for (const v of this.variables) {
      s.weights.set(v.dataSync() as Float32Array, at);
      at += v.size;
    }
    columns.forEach((c, k) => {
      const w = this.opts.widths[k];
      s.columns[k].set(c.subarray(H * w, 2 * H * w));
    });
    this.asked++;
    Atomics.store(s.control, ASKED, this.asked);
    Atomics.notify(s.control, ASKED);
  }

  /** Waits for the worker's half and reads it as tensors. */
  private answer(): BatchGradients {
    const s = this.shared!;
    for (;;) {
      const done = Atomics.load(s.control, DONE);
      if (done === this.asked) break;
      if (Atomics.load(s.control, READY) === -1) throw new Error('split-gradients worker failed');
      Atomics.wait(s.control, DONE, done, 1000);
    }
    let at = 0;
    const grads = this.variables.map((v) => {
      const g = tf.tensor(s.grads.slice(at, at + v.size), v.shape);
      at += v.size;
      return g;
    });
    return { grads, stats: Array.from(s.stats, (x) => tf.scalar(x)) };
  }

  dispose(): void {
    if (this.worker) void this.worker.terminate();
    this.worker = null;
  }
}
