/**
 * An agent from a trained model: the legal action with the highest logit (PPO) or
 * Q-value (DQN). Its scores are the policy's probabilities over the legal actions, or
 * the Q-values. Fair by construction: it sees only the observation, which never holds
 * the order of the stock. Browser-safe (loading from files is in load-model.ts).
 */
import type * as tf from '@tensorflow/tfjs';
import type { Env } from '../../env/env.js';
import type { ActionScores, Agent } from '../agent.js';
import { assertModelFits, type ModelMetadata } from './metadata.js';
import { actionOutputs } from './network.js';

export class ModelAgent implements Agent {
  readonly fair = true;
  private checkedEnv: Env | null = null;

  constructor(
    readonly name: string,
    readonly model: tf.LayersModel,
    readonly metadata: ModelMetadata,
  ) {}

  reset(): void {}

  act(env: Env): number {
    if (env.legalCount === 1) return env.legal[0];
    this.check(env);
    const out = actionOutputs(this.model, env.observation);
    let best = env.legal[0];
    for (let k = 1; k < env.legalCount; k++) if (out[env.legal[k]] > out[best]) best = env.legal[k];
    return best;
  }

  score(env: Env): ActionScores {
    this.check(env);
    const out = actionOutputs(this.model, env.observation);
    const legal = env.legalActions();
    if (this.metadata.head === 'q') {
      return { kind: 'value', unit: 'return', actions: legal.map((action) => ({ action, score: out[action] })).sort((a, b) => b.score - a.score) };
    }
    const max = Math.max(...legal.map((a) => out[a]));
    const exps = legal.map((a) => Math.exp(out[a] - max));
    const total = exps.reduce((a, b) => a + b, 0);
    return { kind: 'probability', actions: legal.map((action, i) => ({ action, score: exps[i] / total })).sort((a, b) => b.score - a.score) };
  }

  private check(env: Env): void {
    if (this.checkedEnv === env) return;
    assertModelFits(this.metadata, env, `model "${this.name}"`);
    this.checkedEnv = env;
  }
}
