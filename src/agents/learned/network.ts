/**
 * The networks of the learned agents, as TensorFlow.js layers models (so they save in
 * the layers format and load in a browser): an MLP trunk with ReLU, then a policy head
 * (one logit per action id) and a value head for PPO, or one Q-value per action id for
 * DQN. Weight initialisation is seeded, so a training run is reproducible.
 */
import * as tf from './tf.js';
import type { ValueNetwork } from '../value-network.js';

export interface NetworkShape {
  observationSize: number;
  numActions: number;
  hidden: readonly number[];
  seed: number;
}

/** tfjs takes a seed of 0 for "no seed" (an unseeded initialiser), so every seed is offset by one. */
const tfSeed = (seed: number, k: number): number => seed + k + 1;

function trunk(input: tf.SymbolicTensor, hidden: readonly number[], seed: number): tf.SymbolicTensor {
  let x = input;
  hidden.forEach((units, i) => {
    x = tf.layers
      .dense({
        units,
        activation: 'relu',
        kernelInitializer: tf.initializers.heNormal({ seed: tfSeed(seed, i) }),
        name: `hidden_${i}`,
      })
      .apply(x) as tf.SymbolicTensor;
  });
  return x;
}

/** PPO: outputs [logits (numActions), value (1)]. */
export function buildPolicyValueNet(shape: NetworkShape): tf.LayersModel {
  const input = tf.input({ shape: [shape.observationSize], name: 'observation' });
  const x = trunk(input, shape.hidden, shape.seed);
  // Small policy weights start near uniform over the legal actions (CleanRL's 0.01 gain).
  const logits = tf.layers
    .dense({
      units: shape.numActions,
      kernelInitializer: tf.initializers.randomNormal({ stddev: 0.01, seed: tfSeed(shape.seed, 100) }),
      name: 'logits',
    })
    .apply(x) as tf.SymbolicTensor;
  const value = tf.layers
    .dense({
      units: 1,
      kernelInitializer: tf.initializers.glorotUniform({ seed: tfSeed(shape.seed, 101) }),
      name: 'value',
    })
    .apply(x) as tf.SymbolicTensor;
  return tf.model({ inputs: input, outputs: [logits, value], name: 'tengym_policy_value' });
}

/** DQN: outputs Q-values (numActions). */
export function buildQNet(shape: NetworkShape): tf.LayersModel {
  const input = tf.input({ shape: [shape.observationSize], name: 'observation' });
  const x = trunk(input, shape.hidden, shape.seed);
  const q = tf.layers
    .dense({
      units: shape.numActions,
      kernelInitializer: tf.initializers.glorotUniform({ seed: tfSeed(shape.seed, 100) }),
      name: 'q',
    })
    .apply(x) as tf.SymbolicTensor;
  return tf.model({ inputs: input, outputs: q, name: 'tengym_q' });
}

/** The logits or Q-values of one observation (the first output of the model). */
export function actionOutputs(model: tf.LayersModel, observation: Float32Array): Float32Array {
  // The tensor leaves tidy and is read outside it: tidy walks a returned typed array
  // element by element, which costs more than the network itself.
  const first = tf.tidy(() => {
    const out = model.apply(tf.tensor2d(observation, [1, observation.length]), { training: false }) as
      | tf.Tensor
      | tf.Tensor[];
    return Array.isArray(out) ? out[0] : out;
  });
  const values = first.dataSync() as Float32Array;
  first.dispose();
  return values;
}

/**
 * Afterstate values (afterstate-agent.ts): features of a position → [win logit (1), cost (1)], two
 * heads on one trunk; the cost head is named for what it measures ('cards' left / 52 in the
 * decade family, 'rounds' still to play / 10 in Four Ten).
 */
export function buildAfterstateNet(shape: {
  inputSize: number;
  hidden: readonly number[];
  seed: number;
  cost?: 'cards' | 'rounds';
}): tf.LayersModel {
  const input = tf.input({ shape: [shape.inputSize], name: 'position' });
  const x = trunk(input, shape.hidden, shape.seed);
  const win = tf.layers
    .dense({
      units: 1,
      kernelInitializer: tf.initializers.glorotUniform({ seed: tfSeed(shape.seed, 100) }),
      name: 'win',
    })
    .apply(x) as tf.SymbolicTensor;
  const cost = tf.layers
    .dense({
      units: 1,
      kernelInitializer: tf.initializers.glorotUniform({ seed: tfSeed(shape.seed, 101) }),
      name: shape.cost ?? 'cards',
    })
    .apply(x) as tf.SymbolicTensor;
  return tf.model({ inputs: input, outputs: [win, cost], name: 'tengym_afterstate' });
}

/**
 * Rows per forward pass. On the WebAssembly backend a pass's time grows much faster than its
 * rows (a decade afterstate network, 535 features and 256 × 256 hidden, over 16,384 rows: 11.3 s
 * in one pass, 0.75 s in passes of 1,024, 0.35 s in passes of 128, 0.31 s in passes of 64), and
 * the outputs are the same bit for bit, each row's being computed alone.
 */
export const PASS_ROWS = 128;

/**
 * `pass`'s outputs (`width` floats a row) for rows[0 … count) of `size` features, in passes of at
 * most PASS_ROWS rows.
 */
export function inPasses(
  rows: Float32Array,
  count: number,
  size: number,
  width: number,
  pass: (rows: Float32Array, count: number) => Float32Array,
): Float32Array {
  if (count <= PASS_ROWS) return pass(rows, count);
  const out = new Float32Array(width * count);
  for (let from = 0; from < count; from += PASS_ROWS) {
    const n = Math.min(PASS_ROWS, count - from);
    out.set(pass(rows.subarray(from * size, (from + n) * size), n), width * from);
  }
  return out;
}

/**
 * The network's two outputs (win logit, cost) for `count` rows, in passes of at most PASS_ROWS (network.ts says why).
 */
export function forwardPass(model: tf.LayersModel, rows: Float32Array, count: number, size: number): Float32Array {
  if (count === 0) return EMPTY;
  return inPasses(rows, count, size, 2, (part, n) => {
    const out = tf.tidy(() => {
      const y = model.predict(tf.tensor2d(part.subarray(0, n * size), [n, size])) as tf.Tensor[];
      return tf.concat(y, 1);
    });
    const data = out.dataSync() as Float32Array;
    out.dispose();
    return data;
  });
}
const EMPTY = new Float32Array(0);

/**
 * A TensorFlow.js model as the games' own code takes a network (`ValueNetwork`, TensorFlow.js-free): its
 * input width, and its outputs over rows by `outputs` (`forwardPass` by default; afterstate models run
 * theirs with `afterstateOutputs`). `dispose()` disposes the model.
 */
export function valueNetwork(
  model: tf.LayersModel,
  outputs: (model: tf.LayersModel, rows: Float32Array, count: number, size: number) => Float32Array = forwardPass,
): ValueNetwork {
  const inputSize = model.inputs[0]?.shape[1] ?? null;
  return {
    inputSize,
    outputs: (rows, count, size) => outputs(model, rows, count, size),
    dispose: () => model.dispose(),
  };
}
