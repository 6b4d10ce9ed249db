/**
 * An agent from a trained model: the legal action with the highest logit (PPO) or
 * Q-value (DQN). Its scores are the policy's probabilities over the legal actions, or
 * the Q-values. Fair by construction: it sees only the observation, which never holds
 * the order of the stock. Browser-safe (loading from files is in load-model.ts).
 */
import * as tf from './tf.js';
import type { Env } from '../../env/env.js';
import { checkNotDisposed, checkPlaying, checkUnusedSeed, type ActionScores, type Agent } from '../agent.js';
import type { ModelMetadata } from './metadata.js';
import { assertModelFits } from './model-fit.js';
import { actionOutputs } from './network.js';

/**
 * The legal action with the highest output (the first on a tie): the greedy policy of a
 * logits or Q head. `outputs[offset + a]` is action a's output; illegal ids are never read.
 */
export function maskedArgmax(
  outputs: ArrayLike<number>,
  offset: number,
  legal: Int32Array,
  legalCount: number,
): number {
  let best = legal[0];
  let bestValue = outputs[offset + best];
  for (let k = 1; k < legalCount; k++) {
    const v = outputs[offset + legal[k]];
    if (v > bestValue) {
      best = legal[k];
      bestValue = v;
    }
  }
  return best;
}

/**
 * The agent of a model that outputs one value per action id (a policy or Q-values): plays the legal
 * action its network rates highest. `agentFromModel` returns it for such models.
 */
export class ModelAgent implements Agent {
  readonly fair = true;
  private readonly checked = new WeakSet<Env>();
  /** The observations of a batch, row j for envs[j]. */
  private observations = new Float32Array(0);
  private disposed = false;

  constructor(
    readonly name: string,
    readonly model: tf.LayersModel,
    readonly metadata: ModelMetadata,
  ) {}

  reset(seed?: number): void {
    checkUnusedSeed(seed, this.name);
  }

  act(env: Env): number {
    checkNotDisposed(this.disposed, this.name);
    checkPlaying(env, this.name);
    // Before the forced-move shortcut: a model of another env is refused at its first act, not at its first decision.
    this.check(env);
    if (env.legalCount === 1) return env.legal[0];
    return maskedArgmax(actionOutputs(this.model, env.observation), 0, env.legal, env.legalCount);
  }

  /** The decisions of envs[0 … count) in one forward pass over their observations. */
  actBatch(envs: readonly Env[], count: number, out: Int32Array): void {
    checkNotDisposed(this.disposed, this.name);
    if (count === 0) return;
    const S = envs[0].observation.length;
    const A = envs[0].actionSpace.n;
    if (this.observations.length < count * S) this.observations = new Float32Array(count * S);
    for (let j = 0; j < count; j++) {
      this.check(envs[j]);
      this.observations.set(envs[j].observation, j * S);
    }
    let outputs!: Float32Array;
    // Read inside tidy, not returned from it: tf.tidy walks what it returns element by element.
    tf.tidy(() => {
      const y = this.model.apply(tf.tensor2d(this.observations.subarray(0, count * S), [count, S]));
      outputs = ((Array.isArray(y) ? y[0] : y) as tf.Tensor).dataSync() as Float32Array;
    });
    for (let j = 0; j < count; j++) out[j] = maskedArgmax(outputs, j * A, envs[j].legal, envs[j].legalCount);
  }

  score(env: Env): ActionScores {
    checkNotDisposed(this.disposed, this.name);
    checkPlaying(env, this.name);
    this.check(env);
    const out = actionOutputs(this.model, env.observation);
    const legal = env.legalActions();
    if (this.metadata.head === 'q') {
      return {
        kind: 'value',
        unit: 'return',
        actions: legal.map((action) => ({ action, score: out[action] })).sort((a, b) => b.score - a.score),
      };
    }
    const max = Math.max(...legal.map((a) => out[a]));
    const exps = legal.map((a) => Math.exp(out[a] - max));
    const total = exps.reduce((a, b) => a + b, 0);
    return {
      kind: 'probability',
      actions: legal.map((action, i) => ({ action, score: exps[i] / total })).sort((a, b) => b.score - a.score),
    };
  }

  /** Frees the model's weights (`Agent.dispose`); a second call does nothing. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.model.dispose();
  }

  private check(env: Env): void {
    if (this.checked.has(env)) return;
    assertModelFits(this.metadata, env, `model "${this.name}"`);
    this.checked.add(env);
  }
}
