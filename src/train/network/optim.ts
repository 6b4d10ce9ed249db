/**
 * Adam with global-norm gradient clipping, written out so that its state can be saved
 * and restored bit for bit (a resumed run must reach the same weights as an
 * uninterrupted one). `tf.train.adam` is not usable for that: it keeps its bias
 * corrections as running float32 products β^t and, on `setWeights`, rebuilds them
 * with `pow(β, t)`, which rounds differently; it also keys its moments by variable
 * names, which tfjs makes unique per process (`hidden_0/kernel_1`).
 *
 * Update (Kingma & Ba, with the "ε-hat" form TensorFlow uses):
 *   m ← β1·m + (1−β1)·g,  v ← β2·v + (1−β2)·g²,
 *   θ ← θ − lr·√(1−β2^t)/(1−β1^t) · m / (√v + ε)
 * with the scalar factor computed in float64 from the step count t.
 */
import * as tf from '../../agents/learned/tf.js';
import { savedFloats, type SavedAlgorithmState } from '../algorithm.js';

export interface AdamOptions {
  beta1?: number;
  beta2?: number;
  epsilon?: number;
}

export class Adam {
  readonly variables: tf.Variable[];
  private readonly m: tf.Variable[];
  private readonly v: tf.Variable[];
  private readonly beta1: number;
  private readonly beta2: number;
  private readonly epsilon: number;
  /** Updates applied so far (t). */
  step = 0;

  constructor(variables: tf.Variable[], options: AdamOptions = {}) {
    this.variables = variables;
    this.beta1 = options.beta1 ?? 0.9;
    this.beta2 = options.beta2 ?? 0.999;
    this.epsilon = options.epsilon ?? 1e-8;
    // Made now, not at the first update, so the tensor count is flat from the start.
    this.m = variables.map((x) => tf.variable(tf.zerosLike(x), false));
    this.v = variables.map((x) => tf.variable(tf.zerosLike(x), false));
  }

  /**
   * Clips the gradients (one per variable, in order) to a global L2 norm of at most
   * `maxGradNorm` and applies one Adam step. Returns the norm before clipping as a
   * scalar tensor (the caller reads or disposes it).
   */
  apply(grads: tf.Tensor[], learningRate: number, maxGradNorm: number): tf.Scalar {
    this.step++;
    const t = this.step;
    const stepSize = (learningRate * Math.sqrt(1 - this.beta2 ** t)) / (1 - this.beta1 ** t);
    return tf.tidy(() => {
      const norm = tf.sqrt(tf.addN(grads.map((g) => tf.sum(tf.square(g))))) as tf.Scalar;
      // scale = min(1, maxNorm / norm), computed on the device: no round trip to the CPU.
      const scale = tf.div(maxGradNorm, tf.maximum(norm, maxGradNorm));
      this.variables.forEach((x, i) => {
        const g = tf.mul(grads[i], scale);
        const m = tf.add(tf.mul(this.m[i], this.beta1), tf.mul(g, 1 - this.beta1));
        const v = tf.add(tf.mul(this.v[i], this.beta2), tf.mul(tf.square(g), 1 - this.beta2));
        this.m[i].assign(m);
        this.v[i].assign(v);
        x.assign(tf.sub(x, tf.mul(stepSize, tf.div(m, tf.add(tf.sqrt(v), this.epsilon)))));
      });
      return norm;
    });
  }

  /** The moments m and v of every variable, as float32 bytes. */
  getMoments(): Uint8Array {
    return packTensors([...this.m, ...this.v]);
  }

  /** Loads the moments `getMoments` saved as blob `name` of a checkpoint, and the step count. */
  setMoments(state: SavedAlgorithmState, name: string, step: number): void {
    restoreVariables([...this.m, ...this.v], state, name);
    this.step = step;
  }

  dispose(): void {
    for (const x of [...this.m, ...this.v]) x.dispose();
  }
}

/** The float32 values of the tensors, concatenated in order. */
export function packTensors(tensors: readonly tf.Tensor[]): Uint8Array {
  const total = tensors.reduce((n, t) => n + t.size, 0);
  const out = new Float32Array(total);
  let offset = 0;
  for (const t of tensors) {
    out.set(t.dataSync() as Float32Array, offset);
    offset += t.size;
  }
  return new Uint8Array(out.buffer);
}

/** Assigns the `packTensors` bytes saved as blob `name` of a checkpoint back to variables of the same shapes. */
export function restoreVariables(variables: readonly tf.Variable[], state: SavedAlgorithmState, name: string): void {
  const values = savedFloats(
    state,
    name,
    variables.reduce((n, t) => n + t.size, 0),
  );
  let offset = 0;
  for (const x of variables) {
    tf.tidy(() => x.assign(tf.tensor(values.subarray(offset, offset + x.size), x.shape, 'float32')));
    offset += x.size;
  }
}

/** The trainable tf.Variables of a layers model, in the model's weight order. */
export function trainableVariables(model: tf.LayersModel): tf.Variable[] {
  return model.trainableWeights.map((w) => w.read() as tf.Variable);
}
