/**
 * Masked double DQN (van Hasselt et al. 2016), in the manner of CleanRL's dqn.py: one
 * readable file, its config a zod schema with defaults. A Q-network (network.ts) and a
 * target network copied from it every `targetUpdate` gradient steps; a replay buffer in
 * preallocated typed arrays; ε-greedy over the LEGAL actions with the run's seeded
 * pure-rand generator; Huber loss; global-norm gradient clipping; Adam.
 *
 * The double-DQN target, with both maxima over the legal actions of s′ only:
 *   y = r + γ·(1 − done)·Q_target(s′, argmax over legal a′ of Q_online(s′, a′)).
 * Illegal actions never enter a max: their Q-values are replaced by −1e9 first, so the
 * network's outputs for them are never trained and never matter.
 *
 * Decision points only, as in PPO (see ppo.ts and decisions.ts): forced moves are
 * played automatically, their reward added to the pending transition, and s′ is the
 * next decision point. γ discounts per decision. A transition whose episode ended
 * (terminated or truncated) has done = 1 and is not bootstrapped (see ppo.ts).
 *
 * Each `iterate()` is one round: every copy acts once (one batched forward pass), the
 * numEnvs transitions go into the buffer, and once `learningStarts` samples are in,
 * one gradient step of `batchSize` is taken per `trainEvery` new samples.
 */
import * as tf from '../../agents/learned/tf.js';
import type { Agent } from '../../agents/agent.js';
import type { ModelMetadata } from '../../agents/learned/metadata.js';
import * as z from 'zod';
import { buildQNet } from '../../agents/learned/network.js';
import { kitOf } from '../../agents/modules.js';
import { TengymError } from '../../env/errors.js';
import type { EnvConfig } from '../../env/game.js';
import { createRng, deriveSeed, randomInt, rngFromState, type Rng } from '../../env/rng.js';
import {
  Means,
  ReplayArrays,
  checkSampleMemory,
  commonConfigFields,
  envSizes,
  parseSavedJson,
  savedCount,
  savedMeansSchema,
  savedRingFields,
  savedRngSchema,
  type Algorithm,
  type AlgorithmSpec,
  type AlgorithmState,
  type SavedAlgorithmState,
} from '../algorithm.js';
import { ModelAgent, maskedArgmax } from '../../agents/learned/head-agent.js';
import { DecisionEnv, uniformFloat, type DecisionEnvState } from '../decisions.js';
import { mlpForward } from '../network/mlp.js';
import { Adam, packTensors, restoreVariables, trainableVariables } from '../network/optim.js';

export const dqnConfigSchema = z.strictObject({
  ...commonConfigFields,
  numEnvs: commonConfigFields.numEnvs.unwrap().default(16),
  learningRate: commonConfigFields.learningRate.unwrap().default(2.5e-4),
  maxGradNorm: commonConfigFields.maxGradNorm.unwrap().default(10),
  /** Transitions kept (the oldest are overwritten). */
  bufferSize: z.int().min(1).default(50_000),
  batchSize: z.int().min(1).default(128),
  /** Discount per decision. */
  gamma: z.number().min(0).max(1).default(0.99),
  /** Gradient steps between two copies of the online network into the target network. */
  targetUpdate: z.int().min(1).default(500),
  /** Decision samples collected before the first gradient step. */
  learningStarts: z.int().min(0).default(5_000),
  /** New decision samples per gradient step (batchSize / trainEvery is the replay ratio, 8 by default). */
  trainEvery: z.int().min(1).default(16),
  /** ε decays linearly from epsilonStart to epsilonEnd over this fraction of totalSteps (env steps). */
  epsilonStart: z.number().min(0).max(1).default(1),
  epsilonEnd: z.number().min(0).max(1).default(0.05),
  epsilonFraction: z.number().positive().max(1).default(0.3),
  /** Where the Huber loss turns from quadratic to linear. */
  huberDelta: z.number().positive().default(1),
});
export type DqnConfig = z.infer<typeof dqnConfigSchema>;

/** Defaults tuned per game, from its kit (agents/kits.ts). */
export function dqnPreset(env: EnvConfig): Partial<DqnConfig> {
  return (kitOf(env.game).presets?.dqn?.(env) ?? {}) as Partial<DqnConfig>;
}

const ILLEGAL_Q = -1e9;

/** Transitions (s, mask, a, r, s′, mask′, done) in a ring of preallocated typed arrays. */
class ReplayBuffer extends ReplayArrays {
  readonly obs: Float32Array;
  readonly masks: Uint8Array;
  readonly actions: Int32Array;
  readonly rewards: Float32Array;
  readonly nextObs: Float32Array;
  readonly nextMasks: Uint8Array;
  readonly dones: Uint8Array;

  constructor(
    capacity: number,
    readonly observationSize: number,
    readonly numActions: number,
  ) {
    super(capacity, 'replay buffer');
    this.obs = new Float32Array(capacity * observationSize);
    this.masks = new Uint8Array(capacity * numActions);
    this.actions = new Int32Array(capacity);
    this.rewards = new Float32Array(capacity);
    this.nextObs = new Float32Array(capacity * observationSize);
    this.nextMasks = new Uint8Array(capacity * numActions);
    this.dones = new Uint8Array(capacity);
  }

  add(
    obs: Float32Array,
    mask: Uint8Array,
    action: number,
    reward: number,
    nextObs: Float32Array,
    nextMask: Uint8Array,
    done: boolean,
  ): void {
    const k = this.claim();
    const S = this.observationSize;
    const A = this.numActions;
    this.obs.set(obs, k * S);
    this.masks.set(mask, k * A);
    this.actions[k] = action;
    this.rewards[k] = reward;
    this.dones[k] = done ? 1 : 0;
    // After the end there is no s′ to bootstrap from: store zeros (the target ignores them).
    if (done) {
      this.nextObs.fill(0, k * S, (k + 1) * S);
      this.nextMasks.fill(0, k * A, (k + 1) * A);
    } else {
      this.nextObs.set(nextObs, k * S);
      this.nextMasks.set(nextMask, k * A);
    }
  }

  override restore(state: SavedAlgorithmState, name: string, size: number, next: number): void {
    super.restore(state, name, size, next);
    // An action past the env's would train no Q-value: its one-hot row is all zeros.
    for (let k = 0; k < size; k++) {
      const a = this.actions[k];
      if (a < 0 || a >= this.numActions)
        throw new TengymError(
          'bad-state',
          `${name}.bin.gz: transition ${k} took action ${a}, which the env does not have (it has ${this.numActions})`,
        );
    }
  }

  protected parts(n: number): [Float32Array | Uint8Array | Int32Array, number][] {
    const S = this.observationSize;
    const A = this.numActions;
    return [
      [this.obs, n * S],
      [this.masks, n * A],
      [this.actions, n],
      [this.rewards, n],
      [this.nextObs, n * S],
      [this.nextMasks, n * A],
      [this.dones, n],
    ];
  }
}

export class Dqn implements Algorithm {
  readonly name = 'dqn';
  readonly playsAs = { head: 'q' } as const;
  readonly model: tf.LayersModel;
  readonly env: DecisionEnv;
  samples = 0;
  updates = 0;

  private readonly config: DqnConfig;
  private readonly target: tf.LayersModel;
  private readonly variables: tf.Variable[];
  private readonly targetVariables: tf.Variable[];
  private readonly adam: Adam;
  /** Draws ε-greedy choices and minibatch indices. */
  private rng: Rng;
  private readonly buffer: ReplayBuffer;
  /** Samples not yet used to pay for a gradient step. */
  private sampleCredit = 0;
  private readonly means = new Means();

  // Scratch: the copies' observations and masks before they act; one minibatch.
  private readonly prevObs: Float32Array;
  private readonly prevMasks: Uint8Array;
  private readonly mbObs: Float32Array;
  private readonly mbNextObs: Float32Array;
  private readonly mbNextMasks: Uint8Array;
  private readonly mbActions: Int32Array;
  private readonly mbRewards: Float32Array;
  private readonly mbNotDone: Float32Array;

  constructor(env: EnvConfig, config: DqnConfig) {
    checkDqnConfig(env, config);
    this.config = config;
    this.env = new DecisionEnv(env, config.numEnvs, config.seed, config.rewardScale);
    const { observationSize: S, numActions: A } = this.env;
    const shape = { observationSize: S, numActions: A, hidden: config.hidden, seed: config.seed };
    this.model = buildQNet(shape);
    this.target = buildQNet(shape);
    this.variables = trainableVariables(this.model);
    this.targetVariables = trainableVariables(this.target);
    this.copyToTarget();
    this.adam = new Adam(this.variables);
    this.rng = createRng(deriveSeed(config.seed, 2));
    this.buffer = new ReplayBuffer(config.bufferSize, S, A);
    this.prevObs = new Float32Array(config.numEnvs * S);
    this.prevMasks = new Uint8Array(config.numEnvs * A);
    const B = config.batchSize;
    this.mbObs = new Float32Array(B * S);
    this.mbNextObs = new Float32Array(B * S);
    this.mbNextMasks = new Uint8Array(B * A);
    this.mbActions = new Int32Array(B);
    this.mbRewards = new Float32Array(B);
    this.mbNotDone = new Float32Array(B);
  }

  /** ε at the current env step: linear from epsilonStart to epsilonEnd, then flat. */
  epsilon(): number {
    const c = this.config;
    const progress = Math.min(1, this.env.envSteps / (c.epsilonFraction * c.totalSteps));
    return c.epsilonStart + progress * (c.epsilonEnd - c.epsilonStart);
  }

  iterate(): void {
    const env = this.env;
    const N = this.config.numEnvs;
    const S = env.observationSize;
    const A = env.numActions;
    const epsilon = this.epsilon();
    let q!: Float32Array;
    // Read inside tidy, not returned from it: tf.tidy walks what it returns element by element.
    tf.tidy(() => {
      q = (this.model.apply(tf.tensor2d(env.observations, [N, S])) as tf.Tensor).dataSync() as Float32Array;
    });
    this.prevObs.set(env.observations);
    this.prevMasks.set(env.masks);
    for (let i = 0; i < N; i++) {
      const copy = env.env(i);
      // One draw for the coin and, when exploring, one for the action: the stream never depends on the network.
      const explore = uniformFloat(this.rng) < epsilon;
      const action = explore
        ? copy.legal[randomInt(this.rng, 0, copy.legalCount - 1)]
        : maskedArgmax(q, i * A, copy.legal, copy.legalCount);
      env.act(i, action);
      const done = env.dones[i] === 1;
      this.buffer.add(
        this.prevObs.subarray(i * S, (i + 1) * S),
        this.prevMasks.subarray(i * A, (i + 1) * A),
        action,
        env.rewards[i],
        env.observations.subarray(i * S, (i + 1) * S),
        env.masks.subarray(i * A, (i + 1) * A),
        done,
      );
    }
    this.samples += N;
    this.means.add('epsilon', epsilon);
    if (this.samples < this.config.learningStarts) return;
    this.sampleCredit += N;
    while (this.sampleCredit >= this.config.trainEvery) {
      this.sampleCredit -= this.config.trainEvery;
      this.gradientStep();
      if (this.updates % this.config.targetUpdate === 0) this.copyToTarget();
    }
  }

  private copyToTarget(): void {
    tf.tidy(() => this.targetVariables.forEach((t, k) => t.assign(this.variables[k])));
  }

  private gradientStep(): void {
    const b = this.buffer;
    const B = this.config.batchSize;
    const S = b.observationSize;
    const A = b.numActions;
    for (let k = 0; k < B; k++) {
      const j = randomInt(this.rng, 0, b.size - 1);
      this.mbObs.set(b.obs.subarray(j * S, (j + 1) * S), k * S);
      this.mbNextObs.set(b.nextObs.subarray(j * S, (j + 1) * S), k * S);
      this.mbNextMasks.set(b.nextMasks.subarray(j * A, (j + 1) * A), k * A);
      this.mbActions[k] = b.actions[j];
      this.mbRewards[k] = b.rewards[j];
      this.mbNotDone[k] = 1 - b.dones[j];
    }
    const { gamma, huberDelta, maxGradNorm, learningRate } = this.config;
    const stats = tf.tidy(() => {
      const observations = tf.tensor2d(this.mbObs, [B, S]);
      const nextObservations = tf.tensor2d(this.mbNextObs, [B, S]);
      const nextLegal = tf.tensor2d(this.mbNextMasks, [B, A], 'bool');
      const taken = tf.oneHot(tf.tensor1d(this.mbActions, 'int32'), A);
      // Double DQN: the online network picks a′ among the legal actions, the target network values it.
      const nextOnline = this.model.apply(nextObservations) as tf.Tensor;
      // A full-size constant: tf.where would broadcast a scalar by Tile, very slow on wasm.
      const bestNext = tf.argMax(tf.where(nextLegal, nextOnline, tf.fill([B, A], ILLEGAL_Q)), 1);
      const nextTarget = this.target.apply(nextObservations) as tf.Tensor;
      const nextValue = tf.sum(tf.mul(nextTarget, tf.oneHot(bestNext, A)), 1);
      const targets = tf.add(
        tf.tensor1d(this.mbRewards),
        tf.mul(tf.mul(gamma, tf.tensor1d(this.mbNotDone)), nextValue),
      );
      let qTaken: tf.Tensor | null = null;
      const { value: loss, grads } = tf.variableGrads(() => {
        const q = tf.sum(tf.mul(mlpForward(this.model, observations)[0], taken), 1);
        qTaken = tf.keep(tf.mean(q));
        return tf.losses.huberLoss(targets, q, undefined, huberDelta) as tf.Scalar;
      }, this.variables);
      const gradNorm = this.adam.apply(
        this.variables.map((v) => grads[v.name]),
        learningRate,
        maxGradNorm,
      );
      const all = tf.stack([loss, qTaken!, gradNorm]);
      // Kept tensors escape every tidy: dispose it here.
      qTaken!.dispose();
      return all;
    });
    this.updates++;
    this.means.addStacked(['loss', 'qMean', 'gradNorm'], stats);
  }

  takeStats(): Record<string, number> {
    return this.means.take();
  }

  /** The greedy policy of the current weights (masked argmax of the first output). */
  agent(metadata: ModelMetadata): Agent {
    return new ModelAgent('model', this.model, metadata);
  }

  getState(): AlgorithmState {
    return {
      json: {
        samples: this.samples,
        updates: this.updates,
        sampleCredit: this.sampleCredit,
        rng: [...this.rng.getState()],
        adamStep: this.adam.step,
        bufferSize: this.buffer.size,
        bufferNext: this.buffer.next,
        means: this.means.getState(),
      },
      binary: {
        optimizer: this.adam.getMoments(),
        target: packTensors(this.targetVariables),
        replay: this.buffer.toBytes(),
      },
    };
  }

  setState(state: SavedAlgorithmState, envState: DecisionEnvState): void {
    const j = parseSavedJson(savedDqnSchema(this.config), state.json);
    this.adam.setMoments(state, 'optimizer', j.adamStep);
    restoreVariables(this.targetVariables, state, 'target');
    this.buffer.restore(state, 'replay', j.bufferSize, j.bufferNext);
    this.samples = j.samples;
    this.updates = j.updates;
    this.sampleCredit = j.sampleCredit;
    this.rng = rngFromState(j.rng);
    this.means.setState(j.means);
    this.env.setState(envState);
  }

  dispose(): void {
    this.adam.dispose();
    this.model.dispose();
    this.target.dispose();
  }
}

/** `Dqn.getState()`'s JSON, as a checkpoint of a run with `config` may hold it. */
function savedDqnSchema(config: DqnConfig) {
  return z
    .object({
      samples: savedCount,
      updates: savedCount,
      // Paid out in gradient steps at the end of every round: what is left is less than one step's worth.
      sampleCredit: savedCount.max(config.trainEvery - 1),
      rng: savedRngSchema,
      adamStep: savedCount,
      means: savedMeansSchema,
    })
    .and(savedRingFields('bufferSize', 'bufferNext', config.bufferSize));
}

/** What a DQN run refuses of its config before it allocates anything (AlgorithmSpec.check). */
function checkDqnConfig(env: EnvConfig, config: DqnConfig): void {
  const { observationSize: S, numActions: A } = envSizes(env);
  // A transition: two observations and masks, its action, reward and end; a minibatch row the same but one mask.
  checkSampleMemory('dqn', 'bufferSize', config.bufferSize, 8 * S + 2 * A + 9);
  checkSampleMemory('dqn', 'batchSize', config.batchSize, 8 * S + A + 12);
}

export const algorithm: AlgorithmSpec<DqnConfig> = {
  name: 'dqn',
  configSchema: dqnConfigSchema,
  preset: dqnPreset,
  check: checkDqnConfig,
  create: (env, config) => new Dqn(env, config),
};
