// tengym metadata for models built in tests (random networks saved, loaded or played), and the tensor-leak check of
// learners.
import * as tf from '../../src/agents/learned/tf.js';
import { expect } from 'vitest';
import { featureLayout } from '../../src/agents/learned/from-model.js';
import type { ModelMetadata } from '../../src/agents/learned/metadata.js';
import { envConfig, make } from '../../src/env/registry.js';

/** The metadata of an untrained model of `algorithm` for this env and options. */
export function modelMetadata(
  envId: string,
  algorithm: 'ppo' | 'dqn' | 'afterstate',
  options: Record<string, unknown> = {},
): ModelMetadata {
  const env = make(envId, options);
  const resolved = env.options as Record<string, unknown>;
  return {
    format: 'tengym-model/1',
    env: envId,
    options: resolved,
    observationSize: env.observationSpace.shape[0],
    numActions: env.actionSpace.n,
    algorithm,
    head: algorithm === 'ppo' ? 'logits' : algorithm === 'dqn' ? 'q' : 'afterstate',
    ...(algorithm === 'afterstate' ? { features: featureLayout(envConfig(envId, options)).encoding } : {}),
    config: {},
    steps: 0,
  };
}

/** Iterates a learner until it updates, then 30 more times: more updates, and not one tensor more. */
export function expectFlatTensorsAcrossUpdates(learner: { updates: number; iterate(): void }): void {
  for (let k = 0; k < 40 && learner.updates === 0; k++) learner.iterate();
  expect(learner.updates).toBeGreaterThan(0);
  const tensors = tf.memory().numTensors;
  const updates = learner.updates;
  for (let k = 0; k < 30; k++) learner.iterate();
  expect(learner.updates).toBeGreaterThan(updates);
  expect(tf.memory().numTensors).toBe(tensors);
}

/**
 * A learner made with a seed, iterated `iterations` times: the same seed gives the same weights, another seed others.
 */
export function expectSeedDecidesWeights(
  make: (seed: number) => { model: tf.LayersModel; updates: number; iterate(): void; dispose(): void },
  iterations: number,
): void {
  const weights = (seed: number) => {
    const learner = make(seed);
    for (let k = 0; k < iterations; k++) learner.iterate();
    expect(learner.updates).toBeGreaterThan(0);
    const w = learner.model.getWeights().map((t) => Array.from(t.dataSync()));
    learner.dispose();
    return w;
  };
  const a = weights(1);
  expect(weights(1)).toEqual(a);
  expect(weights(2)).not.toEqual(a);
}
