// tengym metadata for models built in tests (random networks saved, loaded or played).
import { featureLayout } from '../src/agents/tf/afterstate.js';
import type { ModelMetadata } from '../src/agents/tf/metadata.js';
import { make } from '../src/env/registry.js';

/** The metadata of an untrained model of `algorithm` for this env and options. */
export function modelMetadata(envId: string, algorithm: 'ppo' | 'dqn' | 'afterstate', options: Record<string, unknown> = {}): ModelMetadata {
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
    ...(algorithm === 'afterstate' ? { features: featureLayout(env.game.name, resolved).encoding } : {}),
    config: {},
    steps: 0,
  };
}
