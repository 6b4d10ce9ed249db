/**
 * The learning machinery of the three value learners, afterstate.ts, expert-iteration.ts and
 * distill.ts: all three train the afterstate network (P(win) as a logit, and a cost) on
 * positions with targets, and differ only in where the positions and their targets come from.
 * What they share is here:
 *
 * - their config fields for it (the replay ring, the minibatch, ε-greedy exploration, the loss);
 * - the loss: the win logit's sigmoid cross-entropy plus `costLossWeight` × the cost's squared error;
 * - `ValueLearning`: the network, a replay ring of positions with their targets, and one gradient
 *   step (Adam, the gradient's norm clipped; with `splitBatch` the minibatch's halves on both
 *   cores: split-gradients.ts) on a uniform minibatch for every `samplesPerUpdate` new samples;
 *   the ε schedule, the statistics, and its part of a checkpoint;
 * - `SampleBuffer`: per env copy, the positions waiting for their targets, and their packing
 *   into a checkpoint.
 *
 * Tensors: every update runs in tf.tidy; the optimizer's moments are made at construction.
 */
import * as tf from '../../agents/learned/tf.js';
import * as z from 'zod';
import { buildAfterstateNet } from '../../agents/learned/network.js';
import { DECK_SIZE } from '../../env/cards.js';
import { TengymError } from '../../env/errors.js';
import { createRng, deriveSeed, randomInt, rngFromState, type Rng } from '../../env/rng.js';
import {
  Means,
  ReplayArrays,
  SAMPLE_MEMORY_BUDGET,
  checkFinite,
  checkSampleMemory,
  learningRateAt,
  parseSavedJson,
  savedCount,
  savedMeansSchema,
  savedRingFields,
  savedRngSchema,
  type AlgorithmState,
  type CommonConfig,
  type SavedAlgorithmState,
} from '../algorithm.js';
import { uniformFloat } from '../decisions.js';
import { mlpForward } from '../network/mlp.js';
import { Adam, trainableVariables } from '../network/optim.js';
import { SplitGradients, type LossFunction } from '../network/split-gradients.js';

/** The config fields of value learning; each learner sets its own exploration defaults. */
export function valueLearningFields(exploration: { epsilonStart: number; epsilonEnd: number }) {
  return {
    /** Positions in the replay ring (each 532 floats for decade's afterstates, 245 for Four Ten's). */
    bufferSize: z.int().min(1).default(200_000),
    /** Samples in the ring before the first gradient step. */
    learningStarts: z.int().min(1).default(10_000),
    batchSize: z.int().min(1).default(512),
    /** New samples per gradient step: with batchSize 512 and 128, each sample is used about 4 times. */
    samplesPerUpdate: z.int().min(1).default(128),
    /** Weight of the cost's loss (cards left, or rounds) beside the win loss. */
    costLossWeight: z.number().min(0).default(1),
    /** ε-greedy exploration: linear from epsilonStart to epsilonEnd over the first epsilonFraction of the run. */
    epsilonStart: z.number().min(0).max(1).default(exploration.epsilonStart),
    epsilonEnd: z.number().min(0).max(1).default(exploration.epsilonEnd),
    epsilonFraction: z.number().positive().max(1).default(0.5),
    /** Learning rate decays linearly to 0 over totalSteps. */
    annealLearningRate: z.boolean().default(true),
    /**
     * Each gradient step as the mean of its minibatch's two halves, the second computed on the
     * other core (a worker thread; in this thread when none can start, with the same result):
     * split-gradients.ts. batchSize must be even.
     */
    splitBatch: z.boolean().default(false),
  };
}

/** A value learner's config: the common fields and those of value learning. */
export type ValueLearningConfig = CommonConfig & z.infer<z.ZodObject<ReturnType<typeof valueLearningFields>>>;

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

  /** One row (rows[offset …]) with its targets. */
  addOne(rows: Float32Array, offset: number, won: number, cost: number): void {
    const F = this.features;
    const j = this.claim();
    this.rows.set(rows.subarray(offset, offset + F), j * F);
    this.won[j] = won;
    this.cost[j] = cost;
  }

  /**
   * A uniform minibatch of `won.length` samples (with replacement, indices drawn from `rng`) into rows, won and cost.
   */
  sampleInto(rng: Rng, rows: Float32Array, won: Float32Array, cost: Float32Array): void {
    const F = this.features;
    for (let k = 0; k < won.length; k++) {
      const j = randomInt(rng, 0, this.size - 1);
      rows.set(this.rows.subarray(j * F, (j + 1) * F), k * F);
      won[k] = this.won[j];
      cost[k] = this.cost[j];
    }
  }

  protected parts(n: number): [Float32Array, number][] {
    return [
      [this.rows, n * this.features],
      [this.won, n],
      [this.cost, n],
    ];
  }
}

/**
 * What a value learner refuses of its config before it allocates anything (its algorithm's
 * AlgorithmSpec.check, and ValueLearning's constructor): `inputSize` is a position's features.
 */
export function checkValueLearning(config: ValueLearningConfig, algo: string, inputSize: number): void {
  if (config.splitBatch && config.batchSize % 2 !== 0)
    throw new TengymError(
      'bad-argument',
      `${algo} config: splitBatch needs an even batchSize, not ${config.batchSize}`,
    );
  // The ring holds at most bufferSize samples, and the first gradient step waits for learningStarts of them.
  if (config.bufferSize < config.learningStarts) {
    throw new TengymError(
      'bad-argument',
      `${algo} config: bufferSize ${config.bufferSize} is less than learningStarts ${config.learningStarts}, ` +
        `so the replay ring never holds enough samples for a first gradient step; make bufferSize at least ` +
        `learningStarts`,
    );
  }
  // A position: its features and two targets.
  checkSampleMemory(algo, 'bufferSize', config.bufferSize, 4 * inputSize + 8);
  checkSampleMemory(algo, 'batchSize', config.batchSize, 4 * inputSize + 8);
}

/**
 * The network, the replay ring and the gradient steps of a value learner. The learner adds
 * samples with `learn` and calls `train` once a round; `rng` draws its ε-greedy choices and the
 * minibatches' indices, one stream.
 */
export class ValueLearning {
  readonly model: tf.LayersModel;
  /** The samples with their targets (read by tests). */
  readonly ring: ReplayRing;
  readonly means = new Means();
  samples = 0;
  updates = 0;
  rng: Rng;
  private sampleCredit = 0;
  private readonly adam: Adam;
  private readonly gradients: SplitGradients;
  private readonly mbRows: Float32Array;
  private readonly mbWon: Float32Array;
  private readonly mbCost: Float32Array;

  /** `algo` names the algorithm in errors; `inputSize` is a position's features, `cost` what the cost head measures. */
  constructor(
    private readonly config: ValueLearningConfig,
    algo: string,
    network: { inputSize: number; cost: 'cards' | 'rounds' },
  ) {
    checkValueLearning(config, algo, network.inputSize);
    this.model = buildAfterstateNet({
      inputSize: network.inputSize,
      hidden: config.hidden,
      seed: config.seed,
      cost: network.cost,
    });
    const variables = trainableVariables(this.model);
    this.adam = new Adam(variables);
    this.gradients = new SplitGradients(this.model, variables, {
      batchSize: config.batchSize,
      widths: [network.inputSize, 1, 1],
      loss: {
        fn: afterstateLoss,
        module: import.meta.url,
        name: 'afterstateLoss',
        options: { costLossWeight: config.costLossWeight },
      },
      statCount: 2,
      split: config.splitBatch,
    });
    this.rng = createRng(deriveSeed(config.seed, 2));
    this.ring = new ReplayRing(config.bufferSize, network.inputSize);
    this.mbRows = new Float32Array(config.batchSize * network.inputSize);
    this.mbWon = new Float32Array(config.batchSize);
    this.mbCost = new Float32Array(config.batchSize);
  }

  /** ε after `envSteps`: linear from epsilonStart to epsilonEnd, then flat. */
  epsilon(envSteps: number): number {
    const c = this.config;
    const progress = Math.min(1, envSteps / (c.epsilonFraction * c.totalSteps));
    return c.epsilonStart + progress * (c.epsilonEnd - c.epsilonStart);
  }

  /**
   * Whether a decision explores (with probability ε; then `randomIndex` picks its action): one
   * draw for the coin and, when exploring, one for the action, so the stream never depends on the network.
   */
  explores(epsilon: number): boolean {
    return uniformFloat(this.rng) < epsilon;
  }

  /** A uniformly random index below `n`. */
  randomIndex(n: number): number {
    return randomInt(this.rng, 0, n - 1);
  }

  /** A sample (rows[offset …]) with its targets, into the ring. */
  learn(rows: Float32Array, offset: number, won: number, cost: number): void {
    this.ring.addOne(rows, offset, won, cost);
    this.samples++;
    this.sampleCredit++;
  }

  /** The gradient steps the new samples pay for, once the ring holds `learningStarts`. */
  train(envSteps: number): void {
    if (this.ring.size < this.config.learningStarts) return;
    while (this.sampleCredit >= this.config.samplesPerUpdate) {
      this.sampleCredit -= this.config.samplesPerUpdate;
      this.gradientStep(learningRateAt(this.config, envSteps));
    }
  }

  /**
   * One gradient step of the afterstate loss on a uniform minibatch of the ring; the losses and the gradient's norm go
   * into `means`.
   */
  private gradientStep(learningRate: number): void {
    this.ring.sampleInto(this.rng, this.mbRows, this.mbWon, this.mbCost);
    const { costLossWeight, maxGradNorm } = this.config;
    const stats = tf.tidy(() => {
      const {
        grads,
        stats: [winLoss, costLoss],
      } = this.gradients.compute([this.mbRows, this.mbWon, this.mbCost]);
      const gradNorm = this.adam.apply(grads, learningRate, maxGradNorm);
      return tf.stack([tf.add(winLoss, tf.mul(costLoss, costLossWeight)), winLoss, costLoss, gradNorm]);
    });
    this.means.addStacked(['loss', 'winLoss', 'costLoss', 'gradNorm'], stats);
    this.updates++;
  }

  /** The checkpoint's state: this machinery's, with the learner's own `json` fields and `binary` blobs. */
  getState(json: Record<string, unknown>, binary: Record<string, Uint8Array>): AlgorithmState {
    return {
      json: {
        samples: this.samples,
        updates: this.updates,
        sampleCredit: this.sampleCredit,
        rng: [...this.rng.getState()],
        adamStep: this.adam.step,
        ringSize: this.ring.size,
        ringNext: this.ring.next,
        ...json,
        means: this.means.getState(),
      },
      binary: { optimizer: this.adam.getMoments(), replay: this.ring.toBytes(), ...binary },
    };
  }

  /** Restores what `getState` saved of this machinery (the learner's own fields are its to check). */
  setState(state: SavedAlgorithmState): void {
    const c = this.config;
    // Every round ends with the gradient steps its samples pay for: what is left is less than one
    // step's worth, or, before the first step, the samples so far (fewer than learningStarts).
    const credit = Math.max(c.learningStarts, c.samplesPerUpdate) - 1;
    const schema = z
      .looseObject({
        samples: savedCount,
        updates: savedCount,
        sampleCredit: savedCount.max(credit),
        rng: savedRngSchema,
        adamStep: savedCount,
        means: savedMeansSchema,
      })
      .and(savedRingFields('ringSize', 'ringNext', c.bufferSize));
    const j = parseSavedJson(schema, state.json);
    this.adam.setMoments(state, 'optimizer', j.adamStep);
    this.ring.restore(state, 'replay', j.ringSize, j.ringNext);
    this.samples = j.samples;
    this.updates = j.updates;
    this.sampleCredit = j.sampleCredit;
    this.rng = rngFromState(j.rng);
    this.means.setState(j.means);
  }

  dispose(): void {
    this.gradients.dispose();
    this.adam.dispose();
    this.model.dispose();
  }
}

/**
 * What a value learner is as an algorithm besides its loop: its machinery's counters, statistics
 * and end. The learner makes `learning` in its constructor.
 */
export abstract class ValueLearner {
  /** The network, the replay ring and the gradient steps. */
  protected abstract readonly learning: ValueLearning;

  /** Decision samples that joined the ring. */
  get samples(): number {
    return this.learning.samples;
  }

  get updates(): number {
    return this.learning.updates;
  }

  /** The samples with their targets (read by tests). */
  get ring(): ReplayRing {
    return this.learning.ring;
  }

  takeStats(): Record<string, number> {
    return this.learning.means.take();
  }

  dispose(): void {
    this.learning.dispose();
  }
}

/** Which targets a `SampleBuffer` keeps of its own beside each row. */
export type SampleTarget = 'won' | 'cost';

/**
 * One env copy's positions waiting for their targets (until its game, or round, ends): rows of
 * `features` floats, each with its own won and cost so far (NaN where it has none). Grows as needed.
 */
export class SampleBuffer {
  rows: Float32Array;
  won: Float32Array;
  cost: Float32Array;
  count = 0;

  constructor(readonly features: number) {
    this.rows = new Float32Array(32 * features);
    this.won = new Float32Array(32);
    this.cost = new Float32Array(32);
  }

  add(from: Float32Array, offset: number, won: number, cost: number): void {
    const F = this.features;
    if (this.count === this.won.length) {
      this.rows = grown(this.rows, this.rows.length * 2);
      this.won = grown(this.won, this.won.length * 2);
      this.cost = grown(this.cost, this.cost.length * 2);
    }
    this.rows.set(from.subarray(offset, offset + F), this.count * F);
    this.won[this.count] = won;
    this.cost[this.count] = cost;
    this.count++;
  }
}

function grown(a: Float32Array, n: number): Float32Array {
  const b = new Float32Array(n);
  b.set(a);
  return b;
}

/**
 * The buffers' samples for a checkpoint: their counts, and as bytes every buffer's rows, then
 * each buffer's `targets` in that order.
 */
export function packSamples(
  buffers: readonly SampleBuffer[],
  targets: readonly SampleTarget[],
): { counts: number[]; bytes: Uint8Array } {
  const counts = buffers.map((b) => b.count);
  const total = counts.reduce((a, b) => a + b, 0);
  const F = buffers[0].features;
  const packed = new Float32Array(total * (F + targets.length));
  let at = 0;
  for (const b of buffers) {
    packed.set(b.rows.subarray(0, b.count * F), at);
    at += b.count * F;
  }
  for (const b of buffers) {
    for (const t of targets) {
      packed.set(b[t].subarray(0, b.count), at);
      at += b.count;
    }
  }
  return { counts, bytes: new Uint8Array(packed.buffer) };
}

/**
 * The counts `packSamples` saved of `numEnvs` buffers whose samples take `sampleBytes` each (row
 * and targets): one a buffer, all within the memory a run's samples may take.
 */
export function savedSampleCounts(numEnvs: number, sampleBytes: number) {
  return z
    .array(savedCount)
    .length(numEnvs)
    .refine(
      (counts) => counts.reduce((a, b) => a + b, 0) * sampleBytes <= SAMPLE_MEMORY_BUDGET,
      `more samples than a run holds (${SAMPLE_MEMORY_BUDGET / 2 ** 30} GiB of them)`,
    );
}

/**
 * Refills the buffers from blob `name` of a checkpoint, `packSamples`' bytes for `counts` (checked
 * by `savedSampleCounts`). The rows must be finite, and so must the targets, but for
 * `optionalTargets`, which a sample may lack (NaN: it takes the one its samples are closed with):
 * those may be NaN, and a checkpoint written before the buffers kept them holds the rows only.
 */
export function unpackSamples(
  buffers: readonly SampleBuffer[],
  targets: readonly SampleTarget[],
  counts: readonly number[],
  state: SavedAlgorithmState,
  name: string,
  optionalTargets: boolean,
): void {
  const F = buffers[0].features;
  const total = counts.reduce((a, b) => a + b, 0);
  const full = total * (F + targets.length) * 4;
  const bytes = state.blob(name, optionalTargets ? [full, total * F * 4] : full);
  const packed = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const file = `${name}.bin.gz`;
  checkFinite(packed.subarray(0, total * F), file, 'feature');
  const withTargets = packed.length === total * (F + targets.length);
  for (let k = total * F; k < packed.length; k++) {
    const v = packed[k];
    if (!(Number.isFinite(v) || (optionalTargets && Number.isNaN(v))))
      throw new TengymError(
        'bad-state',
        `${file} holds ${v} (target ${k - total * F} of ${packed.length - total * F}): it must hold finite ` +
          `numbers${optionalTargets ? ' or NaN' : ''}`,
      );
  }
  const wonColumn = withTargets ? targets.indexOf('won') : -1;
  const costColumn = withTargets ? targets.indexOf('cost') : -1;
  let at = 0;
  let targetsAt = total * F;
  buffers.forEach((b, i) => {
    const n = counts[i];
    b.count = 0;
    for (let k = 0; k < n; k++, at += F)
      b.add(
        packed,
        at,
        wonColumn < 0 ? NaN : packed[targetsAt + wonColumn * n + k],
        costColumn < 0 ? NaN : packed[targetsAt + costColumn * n + k],
      );
    if (withTargets) targetsAt += targets.length * n;
  });
}

/**
 * What a player remembers of the stock (`StockMemory.remembered`), as a checkpoint holds it: known card values (1 to
 * 10) under the unseen cards, 52 at most.
 */
const savedRememberedSchema = z
  .object({
    unknown: savedCount.max(DECK_SIZE),
    known: z.array(z.int().min(1).max(10)).max(DECK_SIZE),
    held: z.array(savedCount).optional(),
  })
  .refine((r) => r.unknown + r.known.length <= DECK_SIZE, {
    message: `more than the deck's ${DECK_SIZE} cards in the stock`,
    when: (payload) => payload.issues.length === 0,
  });

/**
 * The memories of the stock of a learner's `numEnvs` copies, as its checkpoint holds them: one a
 * copy where its players remember (`remembers`, 'deck-bottom'), none otherwise.
 */
export function savedMemoriesSchema(numEnvs: number, remembers: boolean) {
  return remembers ? z.array(savedRememberedSchema).length(numEnvs) : z.null().optional();
}
