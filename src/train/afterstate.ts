/**
 * Afterstate value learning, in the manner of TD-Gammon and of Sutton & Barto's afterstates
 * (§6.8): one readable file, its config a zod schema with defaults. For the one-line decade
 * family and Four Ten (src/agents/tf/afterstate*.ts have the features and the agent).
 *
 * The network values positions: P(win) from here (a logit, trained with cross-entropy) and a
 * cost (squared error): the cards left at the end / 52 (decade), the rounds still to play / 10
 * (Four Ten). The policy it implies is one step of lookahead: every legal action is valued by
 * the position it leads to (a known position, an average over the next card's values, or an
 * exact result), and the best is played. Improving the values improves the policy, which
 * changes the values: approximate policy iteration, in one loop.
 *
 * Loop, one round of decisions across the vector env's copies (forced moves are played by
 * decisions.ts in between, as for PPO and DQN):
 *   1. expand every copy's legal actions into positions and value them in one batched
 *      forward pass;
 *   2. play the best action (ε-greedy: with probability ε a uniformly random legal one);
 *   3. keep the positions the decision teaches (decade: its own position and where a discard
 *      led; Four Ten: the turn's start where it ended, and each round's start) as samples;
 *   4. give the samples their targets and add them to a replay ring:
 *      - decade, Monte Carlo: when the episode ends, its result (won, cards left): unbiased
 *        for the ε-greedy policy that played, with no bootstrapping;
 *      - Four Ten, bootstrapped by round: a round's samples learn where the round ended, the
 *        game's result or the network's value of the next round's start plus one round; an
 *        exploring move ends the samples before it with the value of the best move there
 *        (Watkins' cut), so the targets are the greedy policy's and exploring is free. The
 *        game's randomness is reshuffled every round, so a round is the unit of noise, and a
 *        game's few rounds are learned through the values of round starts;
 *   5. one gradient step on a uniform minibatch of the ring for every `samplesPerUpdate`
 *      new samples (with `splitBatch`, its two halves on both cores: afterstate-gradients.ts).
 *
 * Tensors: every forward pass and update runs in tf.tidy; the optimizer's moments are
 * made at construction; `tf.memory().numTensors` stays flat (test/train.test.ts).
 */
import * as tf from '@tensorflow/tfjs';
import { z } from 'zod';
import { ExpansionBatch, afterstateOutputs, afterstateUnsupported, createExpansion, featureLayout, type AfterstateExpansion, type FeatureLayout } from '../agents/tf/afterstate.js';
import type { FourTenExpansion } from '../agents/tf/afterstate-four-ten.js';
import { buildAfterstateNet } from '../agents/tf/network.js';
import { TengymError } from '../env/errors.js';
import { envSpec, resolveOptions } from '../env/registry.js';
import { createRng, deriveSeed, randomInt, rngFromState, type Rng } from '../env/rng.js';
import { Means, ReplayArrays, commonConfigFields, type Algorithm, type AlgorithmState } from './algorithm.js';
import { DecisionEnv, uniformFloat, type DecisionEnvState } from './decisions.js';
import { AfterstateGradients } from './afterstate-gradients.js';
import { Adam, trainableVariables } from './optim.js';
import { FourTenTeacher } from './four-ten-teacher.js';
import type { GameSolveProgress } from '../agents/four-ten-solver/game-policy.js';
import type { Env } from '../env/env.js';
import { FIRST_EXCHANGE, type FourTenState } from '../env/games/four-ten.js';

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
   * afterstate-gradients.ts. batchSize must be even.
   */
  splitBatch: z.boolean().default(false),
  /**
   * Where the cost targets come from: 'play', the learner's own games (Monte Carlo, or bootstrapped
   * by round in Four Ten); 'solver' (Four Ten only), the exact pace-optimal values
   * (src/train/four-ten-teacher.ts), solved before the first step: the network is then a
   * distillation of the solver. The win targets come from play either way.
   */
  targets: z.enum(['play', 'solver']).default('play'),
});
export type AfterstateConfig = z.infer<typeof afterstateConfigSchema>;

/**
 * Defaults per game. In the decade family with forced discards a game is ~63 env steps and 2.4
 * decisions; with optional ones every step is a decision (draw or discard), so a run needs far
 * fewer env steps for as many samples, and each sample pays for less of a gradient step. In
 * Four Ten nearly every step is a decision, with about 20 positions to value.
 */
export function afterstatePreset(envId: string, options: Record<string, unknown> = {}): Partial<AfterstateConfig> {
  const base = { numEnvs: 128, hidden: [256, 256], learningRate: 1e-3 };
  if (envSpec(envId).game.name === 'four-ten') return { ...base, totalSteps: 5_000_000, evalEvery: 500_000, evalEpisodes: 1000, epsilonStart: 0.1, epsilonEnd: 0.01, epsilonFraction: 0.3, costLossWeight: 100 };
  if (options.discard === 'optional') return { ...base, totalSteps: 3_000_000, samplesPerUpdate: 512, evalEvery: 500_000, evalEpisodes: 2000 };
  return { ...base, totalSteps: 20_000_000, evalEvery: 2_000_000, evalEpisodes: 5000 };
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

  protected parts(n: number): [Float32Array, number][] {
    return [[this.rows, n * this.features], [this.won, n], [this.cost, n]];
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
  private readonly gradients: AfterstateGradients;
  /** Draws ε-greedy choices and minibatch indices. */
  private rng: Rng;
  /** The samples with their targets (read by tests). */
  readonly ring: ReplayRing;
  private sampleCredit = 0;
  private readonly means = new Means();
  private readonly expansions: AfterstateExpansion[];
  private readonly pending: PendingSamples[];
  /** Per copy: adds a sample to its pending ones (made once: no closure per decision). */
  private readonly adders: ((rows: Float32Array, offset: number) => void)[];
  /** Per copy: the segment its samples belong to (−1: a new episode, its start not yet sampled). */
  private readonly segments: Int32Array;
  /** Copies whose segment ended in this iteration, and their next segment's start rows (bootstrapped in one forward pass). */
  private readonly ended: Int32Array;
  private readonly startRows: Float32Array;
  private readonly value = new Float64Array(2);
  /** The exact cost targets (`targets: 'solver'`). */
  private readonly teacher: FourTenTeacher | null;
  private readonly batch = new ExpansionBatch();
  private readonly mbRows: Float32Array;
  private readonly mbWon: Float32Array;
  private readonly mbCost: Float32Array;

  constructor(envId: string, trainingOptions: Record<string, unknown>, config: AfterstateConfig, onSolve?: (p: GameSolveProgress) => void) {
    const engine = envSpec(envId).game.name;
    if (config.targets === 'solver' && engine !== 'four-ten') throw new TengymError('bad-argument', `afterstate config: targets 'solver' is for four-ten (its exact solver), not ${envId}`);
    const why = afterstateUnsupported(engine, resolveOptions(envId, trainingOptions) as Record<string, unknown>);
    if (why) throw new TengymError('bad-argument', `--algo afterstate on ${envId}: ${why}`);
    if (config.trainingReward !== undefined) throw new TengymError('bad-argument', "afterstate config: trainingReward does not apply (the targets are the game's result: won, and the cards left or the rounds)");
    this.config = config;
    this.env = new DecisionEnv(envId, trainingOptions, config.numEnvs, config.seed);
    const layout = featureLayout(engine, this.env.env(0).options as Record<string, unknown>);
    this.layout = layout;
    const cost = layout.encoding.startsWith('four-ten/') ? 'rounds' : 'cards';
    this.model = buildAfterstateNet({ inputSize: layout.size, hidden: config.hidden, seed: config.seed, cost });
    this.variables = trainableVariables(this.model);
    this.adam = new Adam(this.variables);
    if (config.splitBatch && config.batchSize % 2 !== 0) throw new TengymError('bad-argument', `afterstate config: splitBatch needs an even batchSize, not ${config.batchSize}`);
    this.gradients = new AfterstateGradients(this.model, this.variables, { batchSize: config.batchSize, features: layout.size, costLossWeight: config.costLossWeight, split: config.splitBatch, hidden: config.hidden, cost });
    this.rng = createRng(deriveSeed(config.seed, 2));
    this.ring = new ReplayRing(config.bufferSize, layout.size);
    this.expansions = Array.from({ length: config.numEnvs }, () => createExpansion(layout));
    this.pending = Array.from({ length: config.numEnvs }, () => new PendingSamples(layout.size));
    this.adders = this.pending.map((samples) => (rows: Float32Array, offset: number) => samples.add(rows, offset));
    this.segments = new Int32Array(config.numEnvs).fill(-1);
    this.ended = new Int32Array(config.numEnvs);
    this.startRows = new Float32Array((config.numEnvs + 1) * layout.size);
    this.mbRows = new Float32Array(config.batchSize * layout.size);
    this.mbWon = new Float32Array(config.batchSize);
    this.mbCost = new Float32Array(config.batchSize);
    this.teacher = config.targets === 'solver' ? new FourTenTeacher(this.env.env(0).options as Record<string, unknown>, onSolve) : null;
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
    for (let i = 0; i < N; i++) this.expansions[i].expand(env.env(i));
    const outputs = this.batch.run(this.model, this.expansions);
    // 2–4. Choose, keep the samples, play, and give finished segments their targets.
    const epsilon = this.epsilon();
    const N1 = N * F; // spare row of startRows, for a start sampled at the top of a decision
    let endedCount = 0;
    let base = 0;
    for (let i = 0; i < N; i++) {
      const copy = env.env(i);
      const x = this.expansions[i];
      const samples = this.pending[i];
      const out = outputs.subarray(base * 2);
      base += x.rowCount;
      if (x.bootstraps && this.segments[i] !== x.segment(copy)) {
        // A round (or game) starts: its start is a position to learn too.
        this.segments[i] = x.segment(copy);
        x.writeSegmentStart(copy, this.startRows, N1);
        const s = copy.rawState as FourTenState;
        samples.add(this.startRows, N1, this.teacher ? this.teacher.startCost(s.points, s.safeties) : NaN);
      }
      // One draw for the coin and, when exploring, one for the action: the stream never depends on the network.
      const explore = uniformFloat(this.rng) < epsilon;
      const chosen = explore ? randomInt(this.rng, 0, copy.legalCount - 1) : x.bestIndex(out);
      if (x.bootstraps && explore) {
        // Watkins' cut: what came before learns the best move's value here, not the exploring move's.
        x.actionValue(x.bestIndex(out), out, this.value);
        this.close(i, this.value[0], this.value[1]);
      }
      if (this.teacher) this.teach(copy, x, samples);
      else x.samplesOf(copy, chosen, this.adders[i]);
      env.act(i, copy.legal[chosen]);
      if (env.dones[i]) {
        x.finalTargets(env.doneOutcomes[i], this.value);
        this.close(i, this.value[0], this.value[1]);
        this.segments[i] = -1;
      } else if (x.bootstraps && this.segments[i] !== x.segment(copy)) {
        x.writeSegmentStart(copy, this.startRows, endedCount * F);
        this.ended[endedCount++] = i;
      }
    }
    if (endedCount > 0) {
      // Finished rounds learn one round plus the value of the next round's start.
      const starts = afterstateOutputs(this.model, this.startRows, endedCount, F);
      for (let j = 0; j < endedCount; j++) {
        const i = this.ended[j];
        this.close(i, 1 / (1 + Math.exp(-starts[j * 2])), this.expansions[i].segmentCost + starts[j * 2 + 1]);
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

  /**
   * With exact targets every position a move is valued by is a sample, not only the chosen
   * one's: the ranking of the moves is what the network must get right. In Four Ten: every
   * distinct turn's start a decision's choices hold, once a turn's exchanges; round starts are taught when they come.
   */
  private teach(env: Env, x: AfterstateExpansion, samples: PendingSamples): void {
    const F = this.layout.size;
    const fx = x as FourTenExpansion;
    const teacher = this.teacher!;
    // After an exchange, every option was already an option of this turn's first exchange
    // decision (what an exchange reaches, the turn's start reached too): taught there.
    if (env.legalCount > 0 && env.legal[0] >= FIRST_EXCHANGE && (env.rawState as FourTenState).seenCount > 1) return;
    for (let row = 0; row < x.rowCount; row++) {
      if (fx.rowKey[row] >= 0 && x.sameAs[row] === row) samples.add(x.rows, row * F, teacher.turnStartCost(env, fx.rowKey[row], fx.rowStock[row]));
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
      this.mbCost[k] = ring.cost[j];
    }
    const { costLossWeight, maxGradNorm } = this.config;
    const stats = tf.tidy(() => {
      const { grads, winLoss, costLoss } = this.gradients.compute(this.mbRows, this.mbWon, this.mbCost);
      const gradNorm = this.adam.apply(grads, this.learningRate(), maxGradNorm);
      return tf.stack([tf.add(winLoss, tf.mul(costLoss, costLossWeight)), winLoss, costLoss, gradNorm]);
    });
    this.updates++;
    this.means.addStacked(['loss', 'winLoss', 'costLoss', 'gradNorm'], stats);
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
      json: { samples: this.samples, updates: this.updates, sampleCredit: this.sampleCredit, rng: [...this.rng.getState()], adamStep: this.adam.step, ringSize: this.ring.size, ringNext: this.ring.next, pendingCounts: counts, segments: [...this.segments], means: this.means.getState() },
      binary: { optimizer: this.adam.getMoments(), replay: this.ring.toBytes(), pending: new Uint8Array(pending.buffer) },
    };
  }

  setState(state: AlgorithmState, envState: DecisionEnvState): void {
    const j = state.json as { samples: number; updates: number; sampleCredit: number; rng: number[]; adamStep: number; ringSize: number; ringNext: number; pendingCounts: number[]; segments?: number[]; means: [string, number, number][] };
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
    this.segments.set(j.segments ?? this.segments);
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

