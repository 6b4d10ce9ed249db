/**
 * Masked PPO (Schulman et al. 2017), in the manner of CleanRL's ppo.py: one readable
 * file, its config a zod schema with defaults. Actor-critic MLP (network.ts: shared
 * ReLU trunk, a logits head of one output per action id and a value head), rollouts
 * batched across a vector env, GAE(λ), clipped surrogate, value loss, entropy bonus,
 * global-norm gradient clipping, Adam.
 *
 * Decision points only. A state with exactly one legal action is played automatically
 * (decisions.ts: `vec.stepOne(i, env.legal[0])`) and its reward is added to the pending
 * transition of that copy: the policy has no choice there (probability 1, zero
 * gradient), so the sample would cost a forward and a backward pass and teach nothing.
 * In `decade` ~96% of steps are forced, which is what makes 10,000+ env steps a second
 * possible on the WebAssembly backend (a 535→64→64→677 forward and backward pass costs
 * about 0.1–0.3 ms per sample there). `envSteps` counts every step, forced ones included;
 * `samples` counts decisions. γ discounts per decision.
 *
 * Masking. The network emits a logit for every action id; illegal ones are replaced by
 * −1e9 before the softmax (tf.where on the mask), so their probability is exactly 0,
 * their gradient is 0, and the log-probabilities and the entropy are over the legal
 * actions only (the entropy sums where(mask, p·log p, 0)). Acting samples on the CPU
 * from the softmax over the legal logits with the run's seeded pure-rand generator
 * (decisions.ts `sampleMasked`; never tf.multinomial), so a run is reproducible and an
 * illegal action can never be drawn, whatever the weights.
 *
 * Episode ends. A transition whose episode ended (terminated or truncated) is treated as
 * terminal: GAE does not bootstrap past it. The truncations of tengym's envs are part of
 * the observation (decade shows steps/maxSteps, Four Ten rounds/maxRounds), so the value
 * function can see them coming; bootstrapping from `finalObservations` would cost an
 * extra forward pass for no gain in these games.
 *
 * Speed: the update's forward pass is mlp.ts `mlpForward` (the model's own variables,
 * with matmul gradients that avoid wasm's slow transposed matmuls), and tf.where gets
 * full-size constants rather than scalars (broadcasting by Tile is slow there too).
 *
 * Tensors. Every forward and update runs in tf.tidy; the optimizer's moments are made at
 * construction; nothing else is allocated per update, so `tf.memory().numTensors` stays
 * flat across updates (test/train/trainer.test.ts checks it).
 */
import * as tf from '../../agents/learned/tf.js';
import type { Agent } from '../../agents/agent.js';
import type { ModelMetadata } from '../../agents/learned/metadata.js';
import * as z from 'zod';
import { ModelAgent } from '../../agents/learned/head-agent.js';
import { buildPolicyValueNet } from '../../agents/learned/network.js';
import { kitOf } from '../../agents/modules.js';
import { TengymError } from '../../env/errors.js';
import type { EnvConfig } from '../../env/game.js';
import { createRng, deriveSeed, rngFromState, shuffleInPlace, type Rng } from '../../env/rng.js';
import {
  Means,
  checkSampleMemory,
  commonConfigFields,
  envSizes,
  learningRateAt,
  parseSavedJson,
  savedCount,
  savedMeansSchema,
  savedRngSchema,
  type Algorithm,
  type AlgorithmSpec,
  type AlgorithmState,
  type SavedAlgorithmState,
} from '../algorithm.js';
import { DecisionEnv, sampleMasked, type DecisionEnvState } from '../decisions.js';
import { mlpForward, rowMaxNoGradient } from '../network/mlp.js';
import { Adam, trainableVariables } from '../network/optim.js';

export const ppoConfigSchema = z.strictObject({
  ...commonConfigFields,
  /** Decisions per env copy in one rollout; a rollout is numEnvs × rolloutSteps samples. */
  rolloutSteps: z.int().min(1).default(16),
  /** Passes over each rollout. */
  epochs: z.int().min(1).default(4),
  minibatchSize: z.int().min(1).default(256),
  /** Discount per decision (forced moves take no time for the agent). */
  gamma: z.number().min(0).max(1).default(0.99),
  gaeLambda: z.number().min(0).max(1).default(0.95),
  /** PPO's ratio clipping range ε. */
  clipCoef: z.number().positive().default(0.2),
  valueCoef: z.number().min(0).default(0.5),
  entropyCoef: z.number().min(0).default(0.01),
  /** Advantages normalised to mean 0, std 1 within each minibatch. */
  normalizeAdvantages: z.boolean().default(true),
  /** Learning rate decays linearly to 0 over totalSteps. */
  annealLearningRate: z.boolean().default(true),
});
export type PpoConfig = z.infer<typeof ppoConfigSchema>;

/** Defaults tuned per game, from its kit (agents/kits.ts; a config file, --steps and --seed override them). */
export function ppoPreset(env: EnvConfig): Partial<PpoConfig> {
  return (kitOf(env.game).presets?.ppo?.(env) ?? {}) as Partial<PpoConfig>;
}

/** Large negative logit for illegal actions: exp(−1e9 − max) is exactly 0 in float32. */
const ILLEGAL_LOGIT = -1e9;

export class Ppo implements Algorithm {
  readonly name = 'ppo';
  readonly playsAs = { head: 'logits' } as const;
  readonly model: tf.LayersModel;
  readonly env: DecisionEnv;
  samples = 0;
  updates = 0;

  private readonly config: PpoConfig;
  private readonly variables: tf.Variable[];
  private readonly adam: Adam;
  /** Draws the actions and shuffles the minibatches. */
  private rng: Rng;
  private readonly means = new Means();

  // The rollout, row t*numEnvs + i for copy i's t-th decision.
  private readonly obs: Float32Array;
  private readonly masks: Uint8Array;
  private readonly actions: Int32Array;
  private readonly logProbs: Float32Array;
  private readonly values: Float32Array;
  private readonly rewards: Float32Array;
  private readonly dones: Uint8Array;
  private readonly advantages: Float32Array;
  private readonly returns: Float32Array;
  private readonly order: Int32Array;

  // One minibatch, gathered from the rollout.
  private readonly mbObs: Float32Array;
  private readonly mbMasks: Uint8Array;
  private readonly mbActions: Int32Array;
  private readonly mbLogProbs: Float32Array;
  private readonly mbAdvantages: Float32Array;
  private readonly mbReturns: Float32Array;

  constructor(env: EnvConfig, config: PpoConfig) {
    checkPpoConfig(env, config);
    this.config = config;
    this.env = new DecisionEnv(env, config.numEnvs, config.seed, config.rewardScale);
    const { observationSize: S, numActions: A } = this.env;
    this.model = buildPolicyValueNet({ observationSize: S, numActions: A, hidden: config.hidden, seed: config.seed });
    this.variables = trainableVariables(this.model);
    this.adam = new Adam(this.variables, { epsilon: 1e-5 });
    this.rng = createRng(deriveSeed(config.seed, 1));

    const rows = config.numEnvs * config.rolloutSteps;
    this.obs = new Float32Array(rows * S);
    this.masks = new Uint8Array(rows * A);
    this.actions = new Int32Array(rows);
    this.logProbs = new Float32Array(rows);
    this.values = new Float32Array(rows);
    this.rewards = new Float32Array(rows);
    this.dones = new Uint8Array(rows);
    this.advantages = new Float32Array(rows);
    this.returns = new Float32Array(rows);
    this.order = new Int32Array(rows);
    const mb = config.minibatchSize;
    this.mbObs = new Float32Array(mb * S);
    this.mbMasks = new Uint8Array(mb * A);
    this.mbActions = new Int32Array(mb);
    this.mbLogProbs = new Float32Array(mb);
    this.mbAdvantages = new Float32Array(mb);
    this.mbReturns = new Float32Array(mb);
  }

  iterate(): void {
    const learningRate = learningRateAt(this.config, this.env.envSteps);
    this.collectRollout();
    this.update(learningRate);
  }

  /** Logits (numEnvs × numActions) and values of the copies' current observations. */
  private forward(observations: Float32Array, rows: number): { logits: Float32Array; values: Float32Array } {
    let out!: { logits: Float32Array; values: Float32Array };
    // Read inside tidy and returned outside it: tf.tidy walks whatever it returns, element by element.
    tf.tidy(() => {
      const [logits, values] = this.model.apply(
        tf.tensor2d(observations, [rows, this.env.observationSize]),
      ) as tf.Tensor[];
      out = { logits: logits.dataSync() as Float32Array, values: values.dataSync() as Float32Array };
    });
    return out;
  }

  /** rolloutSteps rounds: one batched forward pass, then every copy samples, acts and plays its forced moves. */
  private collectRollout(): void {
    const env = this.env;
    const { numEnvs: N, rolloutSteps: T } = this.config;
    const S = env.observationSize;
    const A = env.numActions;
    for (let t = 0; t < T; t++) {
      const out = this.forward(env.observations, N);
      for (let i = 0; i < N; i++) {
        const row = t * N + i;
        this.obs.set(env.observations.subarray(i * S, (i + 1) * S), row * S);
        this.masks.set(env.masks.subarray(i * A, (i + 1) * A), row * A);
        const copy = env.env(i);
        const { action, logProb } = sampleMasked(out.logits, i * A, copy.legal, copy.legalCount, this.rng);
        this.actions[row] = action;
        this.logProbs[row] = logProb;
        this.values[row] = out.values[i];
        env.act(i, action);
        this.rewards[row] = env.rewards[i];
        this.dones[row] = env.dones[i];
      }
    }
    this.samples += N * T;

    // GAE(λ): δ_t = r_t + γ·V(s_{t+1})·(1 − done_t) − V(s_t); A_t = δ_t + γλ·(1 − done_t)·A_{t+1}.
    const { gamma, gaeLambda } = this.config;
    const lastValues = this.forward(env.observations, N).values;
    for (let i = 0; i < N; i++) {
      let nextAdvantage = 0;
      let nextValue = lastValues[i];
      for (let t = T - 1; t >= 0; t--) {
        const row = t * N + i;
        const notDone = 1 - this.dones[row];
        const delta = this.rewards[row] + gamma * nextValue * notDone - this.values[row];
        nextAdvantage = delta + gamma * gaeLambda * notDone * nextAdvantage;
        this.advantages[row] = nextAdvantage;
        this.returns[row] = nextAdvantage + this.values[row];
        nextValue = this.values[row];
      }
    }
  }

  /** `epochs` passes over the rollout in shuffled minibatches. */
  private update(learningRate: number): void {
    const rows = this.order.length;
    for (let k = 0; k < rows; k++) this.order[k] = k;
    const mb = this.mbActions.length;
    for (let epoch = 0; epoch < this.config.epochs; epoch++) {
      shuffleInPlace(this.rng, this.order);
      for (let start = 0; start < rows; start += mb)
        this.updateMinibatch(this.order.subarray(start, Math.min(rows, start + mb)), learningRate);
    }
  }

  private updateMinibatch(rows: Int32Array, learningRate: number): void {
    const n = rows.length;
    const S = this.env.observationSize;
    const A = this.env.numActions;
    let mean = 0;
    for (let k = 0; k < n; k++) {
      const row = rows[k];
      this.mbObs.set(this.obs.subarray(row * S, (row + 1) * S), k * S);
      this.mbMasks.set(this.masks.subarray(row * A, (row + 1) * A), k * A);
      this.mbActions[k] = this.actions[row];
      this.mbLogProbs[k] = this.logProbs[row];
      this.mbAdvantages[k] = this.advantages[row];
      this.mbReturns[k] = this.returns[row];
      mean += this.advantages[row];
    }
    if (this.config.normalizeAdvantages && n > 1) {
      mean /= n;
      let variance = 0;
      for (let k = 0; k < n; k++) variance += (this.mbAdvantages[k] - mean) ** 2;
      const std = Math.sqrt(variance / (n - 1));
      for (let k = 0; k < n; k++) this.mbAdvantages[k] = (this.mbAdvantages[k] - mean) / (std + 1e-8);
    }
    const { clipCoef, valueCoef, entropyCoef, maxGradNorm } = this.config;

    const stats = tf.tidy(() => {
      const observations = tf.tensor2d(this.mbObs.subarray(0, n * S), [n, S]);
      const legal = tf.tensor2d(this.mbMasks.subarray(0, n * A), [n, A], 'bool');
      const taken = tf.oneHot(tf.tensor1d(this.mbActions.subarray(0, n), 'int32'), A);
      const oldLogProbs = tf.tensor1d(this.mbLogProbs.subarray(0, n));
      const advantages = tf.tensor1d(this.mbAdvantages.subarray(0, n));
      const returns = tf.tensor1d(this.mbReturns.subarray(0, n));
      // Full-size constants for tf.where: a scalar would be broadcast by Tile, very slow on wasm.
      const illegalLogits = tf.fill([n, A], ILLEGAL_LOGIT);
      const zeros = tf.zeros([n, A]);
      let statsTensor: tf.Tensor | null = null;

      const { grads } = tf.variableGrads(() => {
        const [logits, value] = mlpForward(this.model, observations);
        // Log-softmax over the legal actions, by hand so that exp runs once and never on the
        // −1e9 entries (exp is the slowest kernel here, slower still on huge negatives).
        const masked = tf.where(legal, logits, illegalLogits);
        const shifted = tf.sub(masked, rowMaxNoGradient(masked));
        const expShifted = tf.where(legal, tf.exp(tf.where(legal, shifted, zeros)), zeros);
        const sumExp = tf.sum(expShifted, 1, true);
        const logProbs = tf.sub(shifted, tf.log(sumExp)); // illegal: about −1e9
        const probs = tf.div(expShifted, sumExp); // illegal: exactly 0
        const logProb = tf.sum(tf.mul(logProbs, taken), 1);
        const logRatio = tf.sub(logProb, oldLogProbs);
        const ratio = tf.exp(logRatio);
        // Clipped surrogate: the pessimistic of the unclipped and clipped objectives.
        const surrogate = tf.minimum(
          tf.mul(ratio, advantages),
          tf.mul(tf.clipByValue(ratio, 1 - clipCoef, 1 + clipCoef), advantages),
        );
        const policyLoss = tf.neg(tf.mean(surrogate));
        const valueLoss = tf.mul(0.5, tf.mean(tf.square(tf.sub(tf.reshape(value, [n]), returns))));
        // Entropy over the legal actions only: illegal terms are 0 (where, not p·log p = 0·(−1e9)).
        const entropy = tf.neg(tf.mean(tf.sum(tf.where(legal, tf.mul(probs, logProbs), zeros), 1)));
        const loss = tf.add(
          policyLoss,
          tf.sub(tf.mul(valueCoef, valueLoss), tf.mul(entropyCoef, entropy)),
        ) as tf.Scalar;
        // Diagnostics (no gradient flows through them): approximate KL (k3) and the clipped fraction.
        const approxKl = tf.mean(tf.sub(tf.sub(ratio, 1), logRatio));
        const clipFraction = tf.mean(tf.cast(tf.greater(tf.abs(tf.sub(ratio, 1)), clipCoef), 'float32'));
        statsTensor = tf.keep(tf.stack([policyLoss, valueLoss, entropy, approxKl, clipFraction]));
        return loss;
      }, this.variables);

      const gradNorm = this.adam.apply(
        this.variables.map((v) => grads[v.name]),
        learningRate,
        maxGradNorm,
      );
      const all = tf.concat([statsTensor!, tf.reshape(gradNorm, [1])]);
      // Kept tensors escape every tidy: dispose it here.
      statsTensor!.dispose();
      return all;
    });
    this.updates++;
    this.means.addStacked(['policyLoss', 'valueLoss', 'entropy', 'approxKl', 'clipFraction', 'gradNorm'], stats);
    this.means.add('learningRate', learningRate);
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
        rng: [...this.rng.getState()],
        adamStep: this.adam.step,
        means: this.means.getState(),
      },
      binary: { optimizer: this.adam.getMoments() },
    };
  }

  setState(state: SavedAlgorithmState, envState: DecisionEnvState): void {
    const j = parseSavedJson(savedPpoSchema, state.json);
    this.adam.setMoments(state, 'optimizer', j.adamStep);
    this.samples = j.samples;
    this.updates = j.updates;
    this.rng = rngFromState(j.rng);
    this.means.setState(j.means);
    this.env.setState(envState);
  }

  dispose(): void {
    this.adam.dispose();
    this.model.dispose();
  }
}

/** `Ppo.getState()`'s JSON, as a checkpoint holds it. */
const savedPpoSchema = z.object({
  samples: savedCount,
  updates: savedCount,
  rng: savedRngSchema,
  adamStep: savedCount,
  means: savedMeansSchema,
});

/** What a PPO run refuses of its config before it allocates anything (AlgorithmSpec.check). */
function checkPpoConfig(env: EnvConfig, config: PpoConfig): void {
  // A minibatch is drawn from one rollout: a larger one would quietly be the whole rollout.
  const rollout = config.numEnvs * config.rolloutSteps;
  if (config.minibatchSize > rollout) {
    throw new TengymError(
      'bad-argument',
      `ppo config: minibatchSize ${config.minibatchSize} is more than a rollout holds (numEnvs × rolloutSteps ` +
        `= ${config.numEnvs} × ${config.rolloutSteps} = ${rollout} samples); make it at most ${rollout}, or the ` +
        `rollout larger`,
    );
  }
  const { observationSize: S, numActions: A } = envSizes(env);
  // A sample: its observation, mask, action, log-prob, value, reward, done, advantage, return and order.
  checkSampleMemory('ppo', 'numEnvs × rolloutSteps', rollout, 4 * S + A + 29);
}

export const algorithm: AlgorithmSpec<PpoConfig> = {
  name: 'ppo',
  configSchema: ppoConfigSchema,
  preset: ppoPreset,
  check: checkPpoConfig,
  create: (env, config) => new Ppo(env, config),
};
