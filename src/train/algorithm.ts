/**
 * What the trainer (trainer.ts) needs from a learning algorithm, and the config fields every
 * algorithm shares: the run (seed, length, network), the evaluation schedule and the training
 * reward. Each algorithm is one file in algorithms/ (ppo.ts, dqn.ts, afterstate.ts,
 * expert-iteration.ts, distill.ts) exporting an `AlgorithmSpec` named `algorithm`;
 * algorithms/index.ts lists them. The three value learners, afterstate, expert iteration and
 * distill, share algorithms/afterstate-learning.ts.
 */
import type * as tf from '../agents/learned/tf.js';
import * as z from 'zod';
import type { Agent } from '../agents/agent.js';
import type { ModelMetadata } from '../agents/learned/metadata.js';
import { engineSizes } from '../env/env.js';
import { TengymError, formatZodError } from '../env/errors.js';
import { rngStateSchema } from '../env/rng.js';
import type { EnvConfig } from '../env/game.js';
import type { DecisionEnv, DecisionEnvState } from './decisions.js';

/** The largest seed of a training run. */
export const MAX_TRAIN_SEED = 2 ** 31;

/** Config fields of every algorithm (each has a default; presets per env may change them). */
export const commonConfigFields = {
  /** Seeds the network's initial weights, the sampling and the training deals (copy i: seed + i). */
  seed: z.int().min(0).max(MAX_TRAIN_SEED).default(0),
  /** Env steps to train for, forced moves included (`--steps` overrides it). */
  totalSteps: z.int().min(1).default(1_000_000),
  /** Env copies played side by side (one batched forward pass per decision round). */
  numEnvs: z.int().min(1).max(4096).default(32),
  /** Units of each hidden layer of the MLP (ReLU). */
  hidden: z.array(z.int().min(1).max(4096)).min(1).max(8).default([64, 64]),
  learningRate: z.number().positive().max(1).default(3e-4),
  /** Gradients are scaled down to this global L2 norm. */
  maxGradNorm: z.number().positive().default(0.5),
  /**
   * The env's `reward` option used for the training copies only (e.g. 'cards' for a
   * denser signal in the decade family, 'rounds' for Four Ten). Evaluation, the best
   * model and its metadata use the env as given, so the model plays that env.
   */
  trainingReward: z.enum(['win', 'cards', 'points', 'rounds']).optional(),
  /**
   * Multiplies every training reward: e.g. 1/52 with trainingReward 'cards' keeps returns
   * near 1, so the value loss does not swamp the policy in the shared trunk.
   */
  rewardScale: z.number().positive().default(1),
  /** Evaluate the greedy policy every this many env steps (and at the start and the end). */
  evalEvery: z.int().min(1).default(200_000),
  /** Held-out deals of each evaluation: seeds 1,000,000,000 + i, never dealt in training. */
  evalEpisodes: z.int().min(1).max(1_000_000).default(2000),
  /** Agent played on the same held-out deals once, for a paired comparison in every evaluation. */
  evalReference: z.string().default('first'),
};

/** The common fields of every algorithm's config, resolved. */
export type CommonConfig = z.infer<z.ZodObject<typeof commonConfigFields>>;

/** The learning rate after `envSteps`: annealed linearly to 0 at `totalSteps` when the config asks for it. */
export function learningRateAt(
  c: Pick<CommonConfig, 'learningRate' | 'totalSteps'> & { annealLearningRate: boolean },
  envSteps: number,
): number {
  return c.annealLearningRate ? c.learningRate * Math.max(0, 1 - envSteps / c.totalSteps) : c.learningRate;
}

/**
 * The memory a run's sample arrays of one kind (a rollout, a replay buffer, a minibatch) may
 * take: 2 GiB, as a VectorEnv's copies. Past it they fail to allocate or exhaust the machine.
 */
export const SAMPLE_MEMORY_BUDGET = 2 ** 31;

/**
 * Refuses a config field asking for `count` samples of `sampleBytes` each past the budget, before anything is
 * allocated.
 */
export function checkSampleMemory(algo: string, field: string, count: number, sampleBytes: number): void {
  if (count * sampleBytes <= SAMPLE_MEMORY_BUDGET) return;
  const most = Math.floor(SAMPLE_MEMORY_BUDGET / sampleBytes);
  throw new TengymError(
    'bad-argument',
    `${algo} config: ${field} ${count} is more than a run holds: at most ${most} samples of ${sampleBytes} ` +
      `bytes (${SAMPLE_MEMORY_BUDGET / 2 ** 30} GiB)`,
  );
}

/**
 * An env's observation length and action count, as its copies will have them, without making one (a config's sample
 * sizes).
 */
export function envSizes(env: EnvConfig): { observationSize: number; numActions: number } {
  const { size, n } = engineSizes(env.id, env.game, env.options);
  return { observationSize: size, numActions: n };
}

/**
 * Evaluations a run makes at least, besides the one at its start, unless its evalEvery is set or
 * its iterations are longer than a tenth of it (an evaluation comes between two iterations).
 */
export const CURVE_EVALUATIONS = 10;

/**
 * Seeds of the held-out evaluation deals (deal i: EVAL_SEED + i). Training deals come from the run's seed, far below.
 */
export const EVAL_SEED = 1_000_000_000;

/**
 * Seeds of fresh deals for comparing a run's best model (deal i: FRESH_SEED + i): above every
 * run's first training deals (seed + i, seed ≤ MAX_TRAIN_SEED, i < numEnvs ≤ 4096) and every
 * held-out deal (EVAL_SEED + i, i < evalEpisodes ≤ 1,000,000). The held-out deals chose `best/`
 * among the evaluations, so a comparison on them favours it.
 */
export const FRESH_SEED = 3_000_000_000;

/** Running means of named statistics (losses, entropy, …) between two metric rows. */
export class Means {
  private sums = new Map<string, number>();
  private counts = new Map<string, number>();
  add(name: string, value: number): void {
    this.sums.set(name, (this.sums.get(name) ?? 0) + value);
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }
  /** Adds one update's statistics, stacked in a tensor in the order of `names`, and disposes the tensor. */
  addStacked(names: readonly string[], stats: tf.Tensor): void {
    const values = stats.dataSync();
    stats.dispose();
    names.forEach((name, i) => this.add(name, values[i]));
  }
  take(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [k, s] of this.sums) out[k] = s / this.counts.get(k)!;
    this.sums.clear();
    this.counts.clear();
    return out;
  }
  getState(): [string, number, number][] {
    return [...this.sums].map(([k, s]) => [k, s, this.counts.get(k)!]);
  }
  setState(entries: [string, number, number][]): void {
    this.sums = new Map(entries.map(([k, s]) => [k, s]));
    this.counts = new Map(entries.map(([k, , c]) => [k, c]));
  }
}

/** An algorithm's state beyond its network weights: JSON plus named binary blobs. */
export interface AlgorithmState {
  json: Record<string, unknown>;
  binary: Record<string, Uint8Array>;
}

/**
 * An algorithm's state as a checkpoint holds it, for `setState`: its JSON as read (the algorithm
 * checks it), and its blobs, each unpacked when asked for, at the length the JSON makes it.
 */
export interface SavedAlgorithmState {
  json: Record<string, unknown>;
  /**
   * Blob `name`, which must unpack to exactly `bytes` bytes (to one of them, for a blob written in
   * more than one layout): one missing, or of another length, is refused by a `TengymError` naming its file.
   */
  blob(name: string, bytes: number | readonly number[]): Uint8Array;
}

/** A saved counter. */
export const savedCount = z.int().min(0);

/** A saved pure-rand xoroshiro128+ state (`rngStateSchema`). */
export const savedRngSchema = rngStateSchema();

/** `Means.getState()`: [name, sum, count] entries (a count of 0 would make a mean NaN). */
export const savedMeansSchema = z.array(z.tuple([z.string(), z.number(), z.int().min(1)]));

/**
 * A replay ring's size and next slot, as `ReplayArrays` saves them under the names given: both
 * within its capacity, and, until the ring is full, the next slot is the one after the last filled.
 */
export function savedRingFields<S extends string, N extends string>(size: S, next: N, capacity: number) {
  const shape = { [size]: savedCount.max(capacity), [next]: savedCount.max(capacity - 1) } as Record<
    S | N,
    typeof savedCount
  >;
  const filledInOrder = (j: object) => {
    const ring = j as Record<string, number>;
    return ring[size] === capacity || ring[next] === ring[size];
  };
  return z.object(shape).refine(filledInOrder, {
    message: `while the ring holds fewer than its ${capacity} items, its next slot is ${size}`,
    path: [next],
    // Said of two fields in their ranges only: of one out of range, that is all there is to say.
    when: (payload) => payload.issues.length === 0,
  });
}

/**
 * The algorithm's part of a checkpoint's state.json (its `algorithm` field), checked by `schema`;
 * what is wrong is refused naming its place in the file ("→ at algorithm.bufferNext").
 */
export function parseSavedJson<T>(schema: z.ZodType<T>, json: unknown): T {
  const parsed = z.object({ algorithm: schema }).safeParse({ algorithm: json });
  if (!parsed.success) throw new TengymError('bad-state', `state.json: ${formatZodError(parsed.error)}`);
  return parsed.data.algorithm;
}

/**
 * Blob `name` as `count` float32 values, every one finite: a NaN or an infinity restored (in
 * optimizer moments, a target network) would spread through the next gradient step into every weight.
 */
export function savedFloats(state: SavedAlgorithmState, name: string, count: number): Float32Array {
  const bytes = state.blob(name, count * 4);
  const values = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  checkFinite(values, `${name}.bin.gz`);
  return values;
}

/** Refuses a NaN or an infinity among values restored from `file`. */
export function checkFinite(values: Float32Array, file: string, what = 'value'): void {
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i]))
      throw new TengymError(
        'bad-state',
        `${file} holds ${values[i]} (${what} ${i} of ${values.length}): it must hold finite numbers`,
      );
  }
}

/**
 * A learning algorithm at work: the trainer calls `iterate` until the run's steps are done, evaluating and
 * checkpointing between calls.
 */
export interface Algorithm {
  readonly name: string;
  /** The network that gets saved (best/, checkpoint/). */
  readonly model: tf.LayersModel;
  readonly env: DecisionEnv;
  /** Decision samples collected so far (forced moves are not samples). */
  readonly samples: number;
  /** Gradient updates so far. */
  readonly updates: number;
  /**
   * How the saved model plays, for its metadata: its head, its input's encoding when that is not the env's observation,
   * and how a search model searches.
   */
  readonly playsAs: Pick<ModelMetadata, 'head' | 'features' | 'search'>;
  /**
   * The agent that plays the current weights as `tengym eval` plays the model saved with
   * `metadata` (held-out evaluation plays it, batching its decisions where it can).
   */
  agent(metadata: ModelMetadata): Agent;
  /**
   * One round of training: a rollout and its update (PPO), one round of decisions and its gradient steps (DQN,
   * afterstate).
   */
  iterate(): void;
  /** Means of the training statistics since the last call (losses, entropy, …). */
  takeStats(): Record<string, number>;
  getState(): AlgorithmState;
  /**
   * Loads a checkpoint's state. A field out of its range, a blob of another length or a float
   * that is not finite is refused with a `TengymError` naming the field or the file; a state
   * refused partway may leave the algorithm half loaded: the run is refused, never trained.
   */
  setState(state: SavedAlgorithmState, envState: DecisionEnvState): void;
  dispose(): void;
}

/** An algorithm as `tengym train --algo NAME` finds it: its config and how to start it. */
export interface AlgorithmSpec<C extends CommonConfig = CommonConfig> {
  readonly name: string;
  /** A strict object schema with a default on every field (`commonConfigFields` and its own). */
  readonly configSchema: z.ZodType<C>;
  /** The defaults tuned for an env, over the schema's. */
  preset(env: EnvConfig): Partial<C>;
  /**
   * The checks `create` makes of a resolved config before it allocates anything (fields that do
   * not go together, sample arrays past SAMPLE_MEMORY_BUDGET), making nothing: `tengym train`
   * runs them before it writes anything, and `--print-config` before it prints, so it refuses
   * what a run would. `env` is the env to train on, as `create` takes it.
   */
  check(env: EnvConfig, config: C): void;
  /**
   * Starts a run: `env` is the env to train on (the config's `trainingReward` already in its
   * options); `onSetup` hears about a long set-up before the first step.
   */
  create(env: EnvConfig, config: C, onSetup?: (message: string) => void): Algorithm;
}

type NumberArray = Float32Array | Uint8Array | Int32Array;

/**
 * A replay ring over preallocated typed arrays (DQN's transitions, afterstate samples): where
 * the next item goes, how many it holds, and its filled part as checkpoint bytes.
 */
export abstract class ReplayArrays {
  /** Items held, and the slot of the next one. */
  size = 0;
  next = 0;

  constructor(
    readonly capacity: number,
    private readonly what: string,
  ) {}

  /** Each array with the elements that `n` items fill. */
  protected abstract parts(n: number): [NumberArray, number][];

  /** The slot for a new item, counted in (the oldest is overwritten once the ring is full). */
  protected claim(): number {
    const k = this.next;
    this.next = (k + 1) % this.capacity;
    this.size = Math.min(this.size + 1, this.capacity);
    return k;
  }

  /** The filled part of every array, for a checkpoint. */
  toBytes(): Uint8Array {
    return packArrays(this.parts(this.size));
  }

  /**
   * Fills the ring from blob `name` of a checkpoint, holding `size` items with `next` the slot of
   * the next (checked by `savedRingFields`); its floats must be finite.
   */
  restore(state: SavedAlgorithmState, name: string, size: number, next: number): void {
    const parts = this.parts(size);
    unpackArrays(
      state.blob(
        name,
        parts.reduce((t, [a, count]) => t + count * a.BYTES_PER_ELEMENT, 0),
      ),
      parts,
      this.what,
    );
    for (const [a, count] of parts)
      if (a instanceof Float32Array) checkFinite(a.subarray(0, count), `${name}.bin.gz`, `${this.what} value`);
    this.size = size;
    this.next = next;
  }
}

/** The leading `count` elements of each array, back to back as bytes: a replay buffer in a checkpoint. */
export function packArrays(parts: [NumberArray, number][]): Uint8Array {
  const out = new Uint8Array(parts.reduce((t, [a, count]) => t + count * a.BYTES_PER_ELEMENT, 0));
  let offset = 0;
  for (const [a, count] of parts) {
    const length = count * a.BYTES_PER_ELEMENT;
    out.set(new Uint8Array(a.buffer, a.byteOffset, length), offset);
    offset += length;
  }
  return out;
}

/** Fills the leading `count` elements of each array from `packArrays`' bytes, which must fit exactly. */
export function unpackArrays(bytes: Uint8Array, parts: [NumberArray, number][], what: string): void {
  const expected = parts.reduce((t, [a, count]) => t + count * a.BYTES_PER_ELEMENT, 0);
  if (expected !== bytes.byteLength) throw new Error(`${what}: ${bytes.byteLength} bytes, expected ${expected}`);
  let offset = 0;
  for (const [a, count] of parts) {
    const length = count * a.BYTES_PER_ELEMENT;
    new Uint8Array(a.buffer, a.byteOffset, length).set(bytes.subarray(offset, offset + length));
    offset += length;
  }
}
