/**
 * Afterstate value learning (Monte Carlo), in the manner of TD-Gammon and of Sutton &
 * Barto's afterstates (§6.8): one readable file, its config a zod schema with defaults.
 * For the one-line decade family (src/agents/tf/afterstate.ts has the features and the
 * agent).
 *
 * The network values positions: P(win) from here (a logit, trained with cross-entropy
 * on the game's result) and the cards left at the end / 52 (squared error), from the
 * features of a line read from its right end. The policy it implies is one step of
 * lookahead: every legal action is valued by the position it leads to (a discard's
 * known line, a draw's average over the unseen cards, a game-ending move's exact
 * result), and the best is played. Improving the values improves the policy, which
 * changes the values: approximate policy iteration, in one loop.
 *
 * Loop, one round of decisions across the vector env's copies (forced moves are played
 * by decisions.ts in between, as for PPO and DQN):
 *   1. expand every copy's legal actions into positions and value them in one batched
 *      forward pass;
 *   2. play the best action (ε-greedy: with probability ε a uniformly random legal one);
 *   3. keep the decision's position and the position its action led to (for a discard
 *      that does not end the game) as samples of the episode;
 *   4. when an episode ends, its samples get its result (won, cards left) as targets
 *      and join a replay ring;
 *   5. one gradient step on a uniform minibatch of the ring for every `samplesPerUpdate`
 *      new samples.
 * Targets are Monte Carlo returns: unbiased for the ε-greedy policy that played, with
 * no bootstrapping from a value that is itself being learned.
 *
 * Tensors: every forward pass and update runs in tf.tidy; the optimizer's moments are
 * made at construction; `tf.memory().numTensors` stays flat (test/train.test.ts).
 */
import * as tf from '@tensorflow/tfjs';
import { z } from 'zod';
import { AfterstateExpansion, afterstateOutputs, afterstateUnsupported, featureLayout, type FeatureLayout } from '../agents/tf/afterstate.js';
import { buildAfterstateNet } from '../agents/tf/network.js';
import type { CardOutcome } from '../env/game.js';
import { TengymError } from '../env/errors.js';
import { envSpec, resolveOptions } from '../env/registry.js';
import { createRng, deriveSeed, randomInt, rngFromState, type Rng } from '../env/rng.js';
import { Means, commonConfigFields, packArrays, unpackArrays, type Algorithm, type AlgorithmState } from './algorithm.js';
import { DecisionEnv, uniformFloat, type DecisionEnvState } from './decisions.js';
import { mlpForward } from './mlp.js';
import { Adam, trainableVariables } from './optim.js';

export const afterstateConfigSchema = z.strictObject({
  ...commonConfigFields,
  /** Positions in the replay ring (each 532 floats). */
  bufferSize: z.int().min(1).default(200_000),
  /** Samples in the ring before the first gradient step. */
  learningStarts: z.int().min(1).default(10_000),
  batchSize: z.int().min(1).default(512),
  /** New samples per gradient step: with batchSize 512 and 128, each sample is used about 4 times. */
  samplesPerUpdate: z.int().min(1).default(128),
  /** Weight of the cards-left loss beside the win loss. */
  cardsLossWeight: z.number().min(0).default(1),
  /** ε-greedy exploration: linear from epsilonStart to epsilonEnd over the first epsilonFraction of the run. */
  epsilonStart: z.number().min(0).max(1).default(0.2),
  epsilonEnd: z.number().min(0).max(1).default(0.02),
  epsilonFraction: z.number().positive().max(1).default(0.5),
  /** Learning rate decays linearly to 0 over totalSteps. */
  annealLearningRate: z.boolean().default(true),
});
export type AfterstateConfig = z.infer<typeof afterstateConfigSchema>;

/**
 * Defaults for the one-line decade family (the only games afterstate values play). With
 * forced discards a game is ~63 env steps and 2.4 decisions; with optional ones every step
 * is a decision (draw or discard), so a run needs far fewer env steps for as many samples,
 * and each sample pays for less of a gradient step.
 */
export function afterstatePreset(_envId: string, options: Record<string, unknown> = {}): Partial<AfterstateConfig> {
  const base = { numEnvs: 128, hidden: [256, 256], learningRate: 1e-3 };
  if (options.discard === 'optional') return { ...base, totalSteps: 3_000_000, samplesPerUpdate: 512, evalEvery: 500_000, evalEpisodes: 2000 };
  return { ...base, totalSteps: 20_000_000, evalEvery: 2_000_000, evalEpisodes: 5000 };
}

/** Samples of one episode in progress, per copy. */
class EpisodeSamples {
  rows: Float32Array;
  count = 0;

  constructor(readonly features: number) {
    this.rows = new Float32Array(32 * features);
  }

  add(from: Float32Array, offset: number): void {
    const F = this.features;
    if ((this.count + 1) * F > this.rows.length) {
      const rows = new Float32Array(this.rows.length * 2);
      rows.set(this.rows);
      this.rows = rows;
    }
    this.rows.set(from.subarray(offset, offset + F), this.count * F);
    this.count++;
  }
}

/** Positions with their targets (won 0/1, cards left / 52) in a ring of typed arrays. */
class ReplayRing {
  readonly rows: Float32Array;
  readonly won: Float32Array;
  readonly cards: Float32Array;
  size = 0;
  next = 0;

  constructor(
    readonly capacity: number,
    readonly features: number,
  ) {
    this.rows = new Float32Array(capacity * features);
    this.won = new Float32Array(capacity);
    this.cards = new Float32Array(capacity);
  }

  add(rows: Float32Array, count: number, won: number, cards: number): void {
    const F = this.features;
    for (let k = 0; k < count; k++) {
      const j = this.next;
      this.rows.set(rows.subarray(k * F, (k + 1) * F), j * F);
      this.won[j] = won;
      this.cards[j] = cards;
      this.next = (j + 1) % this.capacity;
      this.size = Math.min(this.size + 1, this.capacity);
    }
  }

  /** The filled part of the ring, for a checkpoint. */
  toBytes(): Uint8Array {
    return packArrays([[this.rows, this.size * this.features], [this.won, this.size], [this.cards, this.size]]);
  }

  fromBytes(bytes: Uint8Array, size: number, next: number): void {
    unpackArrays(bytes, [[this.rows, size * this.features], [this.won, size], [this.cards, size]], 'replay ring');
    this.size = size;
    this.next = next;
  }
}

export class AfterstateLearner implements Algorithm {
  readonly name = 'afterstate' as const;
  readonly head = 'afterstate' as const;
  readonly model: tf.LayersModel;
  readonly env: DecisionEnv;
  samples = 0;
  updates = 0;

  private readonly config: AfterstateConfig;
  readonly layout: FeatureLayout;
  private readonly variables: tf.Variable[];
  private readonly adam: Adam;
  /** Draws ε-greedy choices and minibatch indices. */
  private rng: Rng;
  private readonly ring: ReplayRing;
  private sampleCredit = 0;
  private readonly means = new Means();
  private readonly expansions: AfterstateExpansion[];
  private readonly episodes: EpisodeSamples[];
  private batchRows = new Float32Array(0);
  private readonly mbRows: Float32Array;
  private readonly mbWon: Float32Array;
  private readonly mbCards: Float32Array;

  constructor(envId: string, trainingOptions: Record<string, unknown>, config: AfterstateConfig) {
    const why = afterstateUnsupported(envSpec(envId).game.name, resolveOptions(envId, trainingOptions) as Record<string, unknown>);
    if (why) throw new TengymError('bad-argument', `--algo afterstate on ${envId}: ${why}`);
    if (config.trainingReward !== undefined) throw new TengymError('bad-argument', 'afterstate config: trainingReward does not apply (the targets are the game\'s result: won, cards left)');
    this.config = config;
    this.env = new DecisionEnv(envId, trainingOptions, config.numEnvs, config.seed);
    const layout = featureLayout(this.env.env(0).options as { loop?: boolean });
    this.layout = layout;
    this.model = buildAfterstateNet({ inputSize: layout.size, hidden: config.hidden, seed: config.seed });
    this.variables = trainableVariables(this.model);
    this.adam = new Adam(this.variables);
    this.rng = createRng(deriveSeed(config.seed, 2));
    this.ring = new ReplayRing(config.bufferSize, layout.size);
    this.expansions = Array.from({ length: config.numEnvs }, () => new AfterstateExpansion(layout));
    this.episodes = Array.from({ length: config.numEnvs }, () => new EpisodeSamples(layout.size));
    this.mbRows = new Float32Array(config.batchSize * layout.size);
    this.mbWon = new Float32Array(config.batchSize);
    this.mbCards = new Float32Array(config.batchSize);
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
    const F = this.layout.size;
    // 1. Every copy's candidate positions, in one batch.
    let total = 0;
    for (let i = 0; i < N; i++) {
      this.expansions[i].expand(env.env(i));
      total += this.expansions[i].rowCount;
    }
    if (this.batchRows.length < total * F) this.batchRows = new Float32Array(total * F * 2);
    let at = 0;
    for (const x of this.expansions) {
      this.batchRows.set(x.rows.subarray(0, x.rowCount * F), at * F);
      at += x.rowCount;
    }
    const outputs = total > 0 ? afterstateOutputs(this.model, this.batchRows, total, F) : new Float32Array(0);
    // 2–4. Choose, keep the samples, play, and close finished episodes.
    const epsilon = this.epsilon();
    let base = 0;
    for (let i = 0; i < N; i++) {
      const copy = env.env(i);
      const x = this.expansions[i];
      const episode = this.episodes[i];
      // One draw for the coin and, when exploring, one for the action: the stream never depends on the network.
      const explore = uniformFloat(this.rng) < epsilon;
      const chosen = explore ? randomInt(this.rng, 0, copy.legalCount - 1) : x.bestIndex(outputs.subarray(base * 2));
      base += x.rowCount;
      // The decision's own position (written after the candidates, in a spare row), and where a discard led.
      const own = x.addPosition(copy);
      episode.add(x.rows, own * F);
      if (x.rowsOf[chosen] === 1 && copy.legal[chosen] !== 0) episode.add(x.rows, x.firstRow[chosen] * F);
      env.act(i, copy.legal[chosen]);
      if (env.dones[i]) {
        const outcome = env.doneOutcomes[i] as CardOutcome;
        this.ring.add(episode.rows, episode.count, outcome.won ? 1 : 0, outcome.cardsLeft / 52);
        this.samples += episode.count;
        this.sampleCredit += episode.count;
        episode.count = 0;
      }
    }
    this.means.add('epsilon', epsilon);
    // 5. Gradient steps.
    if (this.ring.size < this.config.learningStarts) return;
    while (this.sampleCredit >= this.config.samplesPerUpdate) {
      this.sampleCredit -= this.config.samplesPerUpdate;
      this.gradientStep();
    }
  }

  private learningRate(): number {
    const c = this.config;
    return c.annealLearningRate ? c.learningRate * Math.max(0, 1 - this.env.envSteps / c.totalSteps) : c.learningRate;
  }

  private gradientStep(): void {
    const B = this.config.batchSize;
    const F = this.layout.size;
    const ring = this.ring;
    for (let k = 0; k < B; k++) {
      const j = randomInt(this.rng, 0, ring.size - 1);
      this.mbRows.set(ring.rows.subarray(j * F, (j + 1) * F), k * F);
      this.mbWon[k] = ring.won[j];
      this.mbCards[k] = ring.cards[j];
    }
    const { cardsLossWeight, maxGradNorm } = this.config;
    const stats = tf.tidy(() => {
      const rows = tf.tensor2d(this.mbRows, [B, F]);
      const won = tf.tensor2d(this.mbWon, [B, 1]);
      const cards = tf.tensor2d(this.mbCards, [B, 1]);
      let winLoss: tf.Scalar | null = null;
      let cardsLoss: tf.Scalar | null = null;
      const { value: loss, grads } = tf.variableGrads(() => {
        const [winLogit, cardsOut] = mlpForward(this.model, rows);
        const w = tf.losses.sigmoidCrossEntropy(won, winLogit) as tf.Scalar;
        const c = tf.losses.meanSquaredError(cards, cardsOut) as tf.Scalar;
        winLoss = tf.keep(w);
        cardsLoss = tf.keep(c);
        return tf.add(w, tf.mul(c, cardsLossWeight)) as tf.Scalar;
      }, this.variables);
      const gradNorm = this.adam.apply(this.variables.map((v) => grads[v.name]), this.learningRate(), maxGradNorm);
      const all = tf.stack([loss, winLoss!, cardsLoss!, gradNorm]);
      // Kept tensors escape every tidy: dispose them here.
      winLoss!.dispose();
      cardsLoss!.dispose();
      return all;
    });
    const [loss, winLoss, cardsLoss, gradNorm] = stats.dataSync();
    stats.dispose();
    this.updates++;
    this.means.add('loss', loss);
    this.means.add('winLoss', winLoss);
    this.means.add('cardsLoss', cardsLoss);
    this.means.add('gradNorm', gradNorm);
  }

  takeStats(): Record<string, number> {
    return this.means.take();
  }

  getState(): AlgorithmState {
    const F = this.layout.size;
    // Episodes in progress: their sample counts, then their rows, packed.
    const counts = this.episodes.map((e) => e.count);
    const pending = new Float32Array(counts.reduce((a, b) => a + b, 0) * F);
    let at = 0;
    for (const e of this.episodes) {
      pending.set(e.rows.subarray(0, e.count * F), at);
      at += e.count * F;
    }
    return {
      json: { samples: this.samples, updates: this.updates, sampleCredit: this.sampleCredit, rng: [...this.rng.getState()], adamStep: this.adam.step, ringSize: this.ring.size, ringNext: this.ring.next, pendingCounts: counts, means: this.means.getState() },
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
    let at = 0;
    this.episodes.forEach((e, i) => {
      e.count = 0;
      for (let k = 0; k < j.pendingCounts[i]; k++, at += this.layout.size) e.add(pending, at);
    });
    this.means.setState(j.means);
    this.env.setState(envState);
  }

  dispose(): void {
    this.adam.dispose();
    this.model.dispose();
  }
}

