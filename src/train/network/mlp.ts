/**
 * The training-time forward pass of network.ts's MLPs, on the layers' own variables
 * (so gradients reach the model that gets saved), with a matmul whose gradient avoids
 * transposed matmuls.
 *
 * Why: on the WebAssembly backend `matMul(a, b, transposeA, transposeB)` with a
 * transpose flag takes ~8× as long as an explicit `transpose` followed by a plain
 * `matMul` (the flagged form misses XNNPACK's fast path). The stock gradient of a dense
 * layer uses the flagged forms (dy·Wᵀ and xᵀ·dy), which made them two thirds of a PPO
 * update. Acting still uses `model.apply` (fused and fast); a test checks that both
 * give the same outputs.
 */
import * as tf from '../../agents/learned/tf.js';

/** a·b, whose gradient is dy·transpose(b) and transpose(a)·dy with explicit transposes. */
export const matMul = tf.customGrad(((a: tf.Tensor2D, b: tf.Tensor2D, save: tf.GradSaveFunc) => {
  save([a, b]);
  return {
    value: tf.matMul(a, b),
    gradFunc: (dy: tf.Tensor2D, saved: tf.Tensor[]) => [
      tf.matMul(dy, tf.transpose(saved[1])),
      tf.matMul(tf.transpose(saved[0]), dy),
    ],
  };
}) as unknown as Parameters<typeof tf.customGrad>[0]) as (a: tf.Tensor, b: tf.Tensor) => tf.Tensor2D;

interface Dense {
  kernel: tf.Tensor;
  bias: tf.Tensor;
  relu: boolean;
}

function dense(layer: tf.layers.Layer): Dense {
  const [kernel, bias] = layer.trainableWeights.map((w) => w.read());
  const activation = (layer.getConfig() as { activation?: string }).activation;
  if (layer.getClassName() !== 'Dense' || !kernel || !bias || (activation !== 'relu' && activation !== 'linear')) {
    throw new Error(`mlpForward: layer ${layer.name} is not a dense layer of network.ts`);
  }
  return { kernel, bias, relu: activation === 'relu' };
}

/**
 * The outputs of a network.ts model (a trunk of `hidden_i` layers, then one dense head
 * per output), in the model's output order: [logits, value] or [q].
 */
export function mlpForward(model: tf.LayersModel, x: tf.Tensor): tf.Tensor2D[] {
  const trunk = model.layers.filter((l) => l.name.startsWith('hidden_')).map(dense);
  const heads = model.outputLayers.map(dense);
  let h = x;
  for (const layer of trunk) h = tf.relu(tf.add(matMul(h, layer.kernel), layer.bias));
  return heads.map((head) => tf.add(matMul(h, head.kernel), head.bias) as tf.Tensor2D);
}

/**
 * The max of each row of a 2-D tensor, with a zero gradient: for the shift subtracted
 * before a softmax, which the result does not depend on (its true gradient is 0, and
 * the stock max gradient costs a broadcast Equal, slow on wasm).
 */
export const rowMaxNoGradient = tf.customGrad(((x: tf.Tensor) => ({
  value: tf.max(x, 1, true),
  gradFunc: () => tf.zerosLike(x),
})) as unknown as Parameters<typeof tf.customGrad>[0]) as (x: tf.Tensor) => tf.Tensor;
