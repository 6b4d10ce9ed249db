/**
 * Afterstate value learning, in the manner of TD-Gammon and of Sutton & Barto's afterstates
 * (§6.8): its config a zod schema with defaults, for the games whose afterstate features exist
 * (src/agents/learned/afterstate-agent.ts, with the features in src/agents/decade/ and src/agents/four-ten/: the one-line decade family and Four Ten). The method is five
 * files: this one (the loop, the loss, the update), afterstate-targets.ts (where the targets come
 * from), and the agent side's afterstate.ts (expansion and scoring) with one file of features per
 * game.
 *
 * The network values positions: P(win) from here (a logit, trained with cross-entropy) and a
 * cost (squared error): the cards left at the end / 52 (decade), the rounds still to play / 10
 * (Four Ten). The policy it implies is one step of lookahead: every legal action is valued by
 * the position it leads to (a known position, an average over the next card's values, or an
 * exact result), and the best is played. Improving the values improves the policy, which
 * changes the values: approximate policy iteration, in one loop.
 *
 * Loop, one round of decisions across the vector env's copies (forced moves are played by
 * decisions.ts in between, as for every algorithm):
 *   1. expand every copy's legal actions into positions and value them in one batched
 *      forward pass;
 *   2. play the best action (ε-greedy: with probability ε a uniformly random legal one);
 *   3. keep the positions the decision teaches as samples, and give them their targets when
 *      they are known: the game's target strategy (afterstate-targets.ts) decides both;
 *   4. add the samples with their targets to a replay ring;
 *   5. one gradient step on a uniform minibatch of the ring for every `samplesPerUpdate`
 *      new samples (with `splitBatch`, its two halves on both cores: split-gradients.ts).
 *
 * Tensors: every forward pass and update runs in tf.tidy; the optimizer's moments are made at
 * construction; `tf.memory().numTensors` stays flat (test/train/trainer.test.ts).
 */
import * as tf from '@tensorflow/tfjs';
import { z } from 'zod';
import type { Agent } from '../../agents/agent.js';
import { AfterstateAgent, ExpansionBatch, type AfterstateExpansion, type AfterstateFeatures, type FeatureLayout } from '../../agents/learned/afterstate-agent.js';
import type { ModelMetadata } from '../../agents/learned/metadata.js';
import { afterstateFeatures, afterstateUnsupported } from '../../agents/learned/from-model.js';
import { buildAfterstateNet } from '../../agents/learned/network.js';
import { TengymError } from '../../env/errors.js';
import { kitOf } from '../../agents/kits.js';
import type { EnvConfig } from '../../env/game.js';
import { createRng, deriveSeed, randomInt, rngFromState, type Rng } from '../../env/rng.js';
import { Means, learningRateAt, ReplayArrays, commonConfigFields, type Algorithm, type AlgorithmSpec, type AlgorithmState } from '../algorithm.js';
import { targetStrategy, targetsUnavailable, type SampleSink, type TargetStrategy } from './afterstate-targets.js';
import { DecisionEnv, uniformFloat, type DecisionEnvState } from '../decisions.js';
import { mlpForward } from '../network/mlp.js';
import { Adam, trainableVariables } from '../network/optim.js';
import { SplitGradients, type LossFunction } from '../network/split-gradients.js';

export const afterstateConfigSchema = z.strictObject({
  ...commonConfigFields,
  /** Positions in the replay ring (each 532 floats for decade, 245 for Four Ten). */
  bufferSize: z.int().min(1).default(200_000),
  /** Samples in the ring before the first gradient step. */
  learningStarts: z.int().min(1).default(10_000),
  batchSize: z.int().min(1).default(512),
  /** New samples per gradient step: with batchSize 512 and 128, each sample is used about 4 times. */
  samplesPerUpdate: z.int().min(1).default(128),
  /** Weight of the cost's loss (cards left, or rounds) beside the win loss. */
  costLossWeight: z.number().min(0).default(1),
  /** ε-greedy exploration: linear from epsilonStart to epsilonEnd over the first epsilonFraction of the run. */
  epsilonStart: z.number().min(0).max(1).default(0.2),
  epsilonEnd: z.number().min(0).max(1).default(0.02),
  epsilonFraction: z.number().positive().max(1).default(0.5),
  /** Learning rate decays linearly to 0 over totalSteps. */
  annealLearningRate: z.boolean().default(true),
  /**
   * Each gradient step as the mean of its minibatch's two halves, the second computed on the
   * other core (a worker thread; in this thread when none can start, with the same result):
   * split-gradients.ts. batchSize must be even.
   */
  splitBatch: z.boolean().default(false),
  /**
   * Where the cost targets come from (afterstate-targets.ts): 'play', the learner's own games
   * (Monte Carlo, or bootstrapped by round in Four Ten); 'solver' (Four Ten only), the exact
   * pace-optimal values, solved before the first step: the network is then a distillation of the
   * solver. The win targets come from play either way.
   */
  targets: z.enum(['play', 'solver']).default('play'),
});
export type AfterstateConfig = z.infer<typeof afterstateConfigSchema>;

/** Defaults for every game, under those tuned per game in its kit (agents/kits.ts). */
export function afterstatePreset(env: EnvConfig): Partial<AfterstateConfig> {
  return { numEnvs: 128, hidden: [256, 256], learningRate: 1e-3, ...(kitOf(env.game).presets?.afterstate?.(env) as Partial<AfterstateConfig> | undefined) };
}

/**
 * The loss of a minibatch [rows, won, cost]: the win logit's sigmoid cross-entropy plus
 * `costLossWeight` × the cost's squared error, each a mean over the batch. Returns [loss,
 * winLoss, costLoss]. Exported for split-gradients.ts's worker, which imports it from here.
 */
export const afterstateLoss: LossFunction = (model, [rows, won, cost], { costLossWeight }) => {
  const [winLogit, costOut] = mlpForward(model, rows);
  const winLoss = tf.losses.sigmoidCrossEntropy(won, winLogit) as tf.Scalar;
  const costLoss = tf.losses.meanSquaredError(cost, costOut) as tf.Scalar;
  return [tf.add(winLoss, tf.mul(costLoss, costLossWeight)) as tf.Scalar, winLoss, costLoss];
};

/**
 * One gradient step of the afterstate loss on a minibatch (rows, won, cost), Adam with the
 * gradient's norm clipped; the losses and that norm go into `means`.
 */
export function afterstateStep(
  gradients: SplitGradients,
  adam: Adam,
  batch: [Float32Array, Float32Array, Float32Array],
  learningRate: number,
  { costLossWeight, maxGradNorm }: { costLossWeight: number; maxGradNorm: number },
  means: Means,
): void {
  const stats = tf.tidy(() => {
    const {
      grads,
      stats: [winLoss, costLoss],
    } = gradients.compute(batch);
    const gradNorm = adam.apply(grads, learningRate, maxGradNorm);
    return tf.stack([tf.add(winLoss, tf.mul(costLoss, costLossWeight)), winLoss, costLoss, gradNorm]);
  });
  means.addStacked(['loss', 'winLoss', 'costLoss', 'gradNorm'], stats);
}

/** Samples waiting for their targets (decade: the episode's; Four Ten: the round's since its start or the last exploring move), per copy. */
class PendingSamples {
  rows: Float32Array;
  /** Per sample: its own cost target (`targets: 'solver'`), or NaN for the one its segment ends with. */
  costs: Float32Array;
  count = 0;

  constructor(readonly features: number) {
    this.rows = new Float32Array(32 * features);
    this.costs = new Float32Array(32);
  }

  add(from: Float32Array, offset: number, cost = NaN): void {
    const F = this.features;
    if ((this.count + 1) * F > this.rows.length) {
      const rows = new Float32Array(this.rows.length * 2);
      rows.set(this.rows);
      this.rows = rows;
      const costs = new Float32Array(this.costs.length * 2);
      costs.set(this.costs);
      this.costs = costs;
    }
    this.rows.set(from.subarray(offset, offset + F), this.count * F);
    this.costs[this.count] = cost;
    this.count++;
  }
}

/** Positions with their targets (won, cost) in a ring of typed arrays. */
export class ReplayRing extends ReplayArrays {
  readonly rows: Float32Array;
  readonly won: Float32Array;
  readonly cost: Float32Array;

  constructor(
    capacity: number,
    readonly features: number,
  ) {
    super(capacity, 'replay ring');
    this.rows = new Float32Array(capacity * features);
    this.won = new Float32Array(capacity);
    this.cost = new Float32Array(capacity);
  }

  /** `count` rows with these targets; a sample's own cost in `costs` (not NaN) replaces `cost`. */
  add(rows: Float32Array, count: number, won: number, cost: number, costs?: Float32Array): void {
    const F = this.features;
    for (let k = 0; k < count; k++) {
      const j = this.claim();
      this.rows.set(rows.subarray(k * F, (k + 1) * F), j * F);
      this.won[j] = won;
      this.cost[j] = costs && !Number.isNaN(costs[k]) ? costs[k] : cost;
    }
  }

  /** A uniform minibatch of `won.length` samples (with replacement, indices drawn from `rng`) into rows, won and cost. */
  sampleInto(rng: Rng, rows: Float32Array, won: Float32Array, cost: Float32Array): void {
    const F = this.features;
    for (let k = 0; k < won.length; k++) {
      const j = randomInt(rng, 0, this.size - 1);
      rows.set(this.rows.subarray(j * F, (j + 1) * F), k * F);
      won[k] = this.won[j];
      cost[k] = this.cost[j];
    }
  }

  /** One row (rows[offset …]) with its own targets. */
  addOne(rows: Float32Array, offset: number, won: number, cost: number): void {
    const F = this.features;
    const j = this.claim();
    this.rows.set(rows.subarray(offset, offset + F), j * F);
    this.won[j] = won;
    this.cost[j] = cost;
  }

  protected parts(n: number): [Float32Array, number][] {
    return [[this.rows, n * this.features], [this.won, n], [this.cost, n]];
  }
}

export class AfterstateLearner implements Algorithm {
  readonly name = 'afterstate';
  readonly playsAs: Pick<ModelMetadata, 'head' | 'features'>;
  readonly model: tf.LayersModel;
  readonly env: DecisionEnv;
  samples = 0;
  updates = 0;

  private readonly config: AfterstateConfig;
  readonly features: AfterstateFeatures;
  readonly layout: FeatureLayout;
  private readonly variables: tf.Variable[];
  private readonly adam: Adam;
  private readonly gradients: SplitGradients;
  /** Draws ε-greedy choices and minibatch indices. */
  private rng: Rng;
  /** The samples with their targets (read by tests). */
  readonly ring: ReplayRing;
  private sampleCredit = 0;
  private readonly means = new Means();
  private readonly expansions: AfterstateExpansion[];
  private readonly pending: PendingSamples[];
  /** Where the targets come from. */
  private readonly targets: TargetStrategy;
  private readonly batch = new ExpansionBatch();
  private readonly mbRows: Float32Array;
  private readonly mbWon: Float32Array;
  private readonly mbCost: Float32Array;

  /** `env`: the env to train on; `onSetup` hears about a long set-up (`targets: 'solver'` solves Four Ten first). */
  constructor(env: EnvConfig, config: AfterstateConfig, onSetup?: (message: string) => void) {
    // Targets of another kind than play's are there for some games only: said first.
    const noTargets = config.targets === 'play' ? null : targetsUnavailable(config.targets, env);
    if (noTargets) throw new TengymError('bad-argument', `afterstate config: ${noTargets}`);
    const why = afterstateUnsupported(env);
    if (why) throw new TengymError('bad-argument', `--algo afterstate on ${env.id}: ${why}`);
    if (config.trainingReward !== undefined) throw new TengymError('bad-argument', "afterstate config: trainingReward does not apply (the targets are the game's result: won, and the cards left or the rounds)");
    const { features, layout } = afterstateFeatures(env);
    if (config.splitBatch && config.batchSize % 2 !== 0) throw new TengymError('bad-argument', `afterstate config: splitBatch needs an even batchSize, not ${config.batchSize}`);
    this.config = config;
    this.features = features;
    this.layout = layout;
    this.playsAs = { head: 'afterstate', features: layout.encoding };
    this.env = new DecisionEnv(env, config.numEnvs, config.seed);
    this.model = buildAfterstateNet({ inputSize: layout.size, hidden: config.hidden, seed: config.seed, cost: layout.cost });
    this.variables = trainableVariables(this.model);
    this.adam = new Adam(this.variables);
    this.gradients = new SplitGradients(this.model, this.variables, {
      batchSize: config.batchSize,
      widths: [layout.size, 1, 1],
      loss: { fn: afterstateLoss, module: import.meta.url, name: 'afterstateLoss', options: { costLossWeight: config.costLossWeight } },
      statCount: 2,
      split: config.splitBatch,
    });
    this.rng = createRng(deriveSeed(config.seed, 2));
    this.ring = new ReplayRing(config.bufferSize, layout.size);
    this.expansions = Array.from({ length: config.numEnvs }, () => features.expansion(layout));
    this.pending = Array.from({ length: config.numEnvs }, () => new PendingSamples(layout.size));
    this.mbRows = new Float32Array(config.batchSize * layout.size);
    this.mbWon = new Float32Array(config.batchSize);
    this.mbCost = new Float32Array(config.batchSize);
    const sink: SampleSink = {
      add: (i, rows, offset, cost) => this.pending[i].add(rows, offset, cost),
      close: (i, won, cost) => this.close(i, won, cost),
    };
    const start = performance.now();
    let shown = 0;
    this.targets = targetStrategy(config.targets, env, layout, config.numEnvs, sink, (p) => {
      const seconds = (performance.now() - start) / 1000;
      if (seconds - shown < 30) return;
      shown = seconds;
      onSetup?.(`solving the exact targets: ${p.solves} round solves (points ${p.points}, safeties ${p.safeties}), ${seconds.toFixed(0)} s`);
    });
    if (config.targets === 'solver') onSetup?.(`solved the exact targets in ${((performance.now() - start) / 1000).toFixed(0)} s`);
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
    // 1. Every copy's candidate positions, in one batch.
    for (let i = 0; i < N; i++) this.expansions[i].expand(env.env(i));
    const outputs = this.batch.run(this.model, this.expansions);
    // 2–4. Choose, keep the samples, play, and give what ended its targets.
    const epsilon = this.epsilon();
    let base = 0;
    for (let i = 0; i < N; i++) {
      const copy = env.env(i);
      const x = this.expansions[i];
      const out = outputs.subarray(base * 2);
      base += x.rowCount;
      // One draw for the coin and, when exploring, one for the action: the stream never depends on the network.
      const explore = uniformFloat(this.rng) < epsilon;
      const chosen = explore ? randomInt(this.rng, 0, copy.legalCount - 1) : x.bestIndex(out);
      this.targets.beforeMove(i, copy, x, out, chosen, explore);
      env.act(i, copy.legal[chosen]);
      this.targets.afterMove(i, copy, env.dones[i] ? env.doneOutcomes[i] : null);
    }
    this.targets.endRound(this.model);
    this.means.add('epsilon', epsilon);
    // 5. Gradient steps.
    if (this.ring.size < this.config.learningStarts) return;
    while (this.sampleCredit >= this.config.samplesPerUpdate) {
      this.sampleCredit -= this.config.samplesPerUpdate;
      this.gradientStep();
    }
  }

  /** Copy i's pending samples get their targets and join the ring. */
  private close(i: number, won: number, cost: number): void {
    const samples = this.pending[i];
    this.ring.add(samples.rows, samples.count, won, cost, samples.costs);
    this.samples += samples.count;
    this.sampleCredit += samples.count;
    samples.count = 0;
  }

  /** The agent that plays the current values, as a saved model of them plays. */
  agent(metadata: ModelMetadata): Agent {
    return new AfterstateAgent('model', this.model, metadata, this.features);
  }

  private gradientStep(): void {
    this.ring.sampleInto(this.rng, this.mbRows, this.mbWon, this.mbCost);
    afterstateStep(this.gradients, this.adam, [this.mbRows, this.mbWon, this.mbCost], learningRateAt(this.config, this.env.envSteps), this.config, this.means);
    this.updates++;
  }

  takeStats(): Record<string, number> {
    return this.means.take();
  }

  getState(): AlgorithmState {
    const F = this.layout.size;
    // Samples waiting for their targets: their counts, then their rows, then their own cost targets, packed.
    const counts = this.pending.map((e) => e.count);
    const total = counts.reduce((a, b) => a + b, 0);
    const pending = new Float32Array(total * (F + 1));
    let at = 0;
    let costAt = total * F;
    for (const e of this.pending) {
      pending.set(e.rows.subarray(0, e.count * F), at);
      pending.set(e.costs.subarray(0, e.count), costAt);
      at += e.count * F;
      costAt += e.count;
    }
    return {
      json: { samples: this.samples, updates: this.updates, sampleCredit: this.sampleCredit, rng: [...this.rng.getState()], adamStep: this.adam.step, ringSize: this.ring.size, ringNext: this.ring.next, pendingCounts: counts, ...this.targets.getState(), means: this.means.getState() },
      binary: { optimizer: this.adam.getMoments(), replay: this.ring.toBytes(), pending: new Uint8Array(pending.buffer) },
    };
  }

  setState(state: AlgorithmState, envState: DecisionEnvState): void {
    const j = state.json as { samples: number; updates: number; sampleCredit: number; rng: number[]; adamStep: number; ringSize: number; ringNext: number; pendingCounts: number[]; means: [string, number, number][] };
    this.samples = j.samples;
    this.updates = j.updates;
    this.sampleCredit = j.sampleCredit;
    this.rng = rngFromState(j.rng);
    this.adam.setMoments(state.binary.optimizer, j.adamStep);
    this.ring.fromBytes(state.binary.replay, j.ringSize, j.ringNext);
    const bytes = state.binary.pending;
    const pending = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const total = j.pendingCounts.reduce((a, b) => a + b, 0);
    // Checkpoints written before own cost targets existed hold the rows only.
    const withCosts = pending.length === total * (this.layout.size + 1);
    let at = 0;
    let costAt = total * this.layout.size;
    this.targets.setState(state.json);
    this.pending.forEach((e, i) => {
      e.count = 0;
      for (let k = 0; k < j.pendingCounts[i]; k++, at += this.layout.size) e.add(pending, at, withCosts ? pending[costAt++] : NaN);
    });
    this.means.setState(j.means);
    this.env.setState(envState);
  }

  dispose(): void {
    this.gradients.dispose();
    this.adam.dispose();
    this.model.dispose();
  }
}

export const algorithm: AlgorithmSpec<AfterstateConfig> = {
  name: 'afterstate',
  configSchema: afterstateConfigSchema,
  preset: afterstatePreset,
  create: (env, config, onSetup) => new AfterstateLearner(env, config, onSetup),
};
