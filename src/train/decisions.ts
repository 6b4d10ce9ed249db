/**
 * The decision-point view of a vector env, shared by every algorithm (Node-only code lives
 * beside it in src/train/, but this file itself is plain TypeScript).
 *
 * Why: a state with exactly one legal action is not a decision. The policy's
 * probability of that action is 1 whatever its weights, so the sample carries zero
 * policy gradient, and a value target there teaches nothing the next decision does not.
 * `DecisionEnv` therefore plays every forced move itself (`vec.stepOne(i, legal[0])`)
 * and stops each copy only where it has a real choice. The reward of the forced moves
 * that follow an action is added to that action's transition, so returns are unchanged;
 * discounting (γ in PPO and DQN) counts decisions, not env steps. In `decade` about 96%
 * of the steps are forced (2.4 decisions in a 63-step game), which is what lets a
 * trainer on the WebAssembly backend play 10,000+ env steps a second.
 *
 * Invariant: between calls, every copy stands at a decision point (two or more legal
 * actions) of a running episode. `act(i, a)` plays a in copy i, then its forced moves,
 * autoresetting as often as needed, until copy i stands at a decision point again;
 * `rewards[i]` and `dones[i]` then describe the transition. A transition is done when
 * the episode ended on a or on a forced move after it (terminated or truncated: both
 * end the transition, see docs/decisions.md, "Training"). Forced moves of the next
 * episode before its first decision are played but belong to no transition.
 *
 * Counting: `envSteps` counts every env step (forced ones included), the unit of
 * `--steps` and of the throughput figure; the algorithms count decision samples.
 *
 * Randomness: the copies' deals come from `VectorEnv.reset({ seed })` (copy i from
 * seed + i, later deals from each copy's own stream); the masked sampling below draws
 * from a pure-rand generator the caller owns. `getState()` / `setState()` capture the
 * copies exactly, so a resumed run deals the same cards.
 */
import type { Env, EnvState } from '../env/env.js';
import { TengymError } from '../env/errors.js';
import type { EnvConfig, Outcome } from '../env/game.js';
import type { Rng } from '../env/rng.js';
import { VectorEnv, type EpisodeRecord } from '../env/vector.js';
import { addToSums, emptySums, type FigureSums } from '../stats/figures.js';

/** More forced moves in a row than any game of tengym has: a guard against envs with no decisions at all. */
const MAX_FORCED_IN_A_ROW = 1_000_000;

/**
 * Outcomes of the training episodes finished since the last `takeEpisodeStats()`: their number, wins,
 * and the game's recorded numbers summed (`FigureSums`), enough for its training figures.
 */
export type EpisodeStats = FigureSums;

export interface DecisionEnvState {
  envs: EnvState[];
  /** Each copy's `episodeSteps` and `episodeReturn` (not part of an env's JSON state). */
  episodeSteps: number[];
  episodeReturns: number[];
  envSteps: number;
  episodesDone: number;
  stats: EpisodeStats;
}

export class DecisionEnv {
  readonly vec: VectorEnv;
  readonly numEnvs: number;
  readonly observationSize: number;
  readonly numActions: number;
  /** Copy i's current observation is `observations[i*observationSize …]` (the vector env's buffer). */
  readonly observations: Float32Array;
  /** Copy i's current mask is `masks[i*numActions …]`. */
  readonly masks: Uint8Array;
  /** Reward of copy i's last transition: its action plus the forced moves after it, up to the episode's end. */
  readonly rewards: Float32Array;
  /** 1 when copy i's last transition ended its episode. */
  readonly dones: Uint8Array;
  /** Every env step taken, forced moves included. */
  envSteps = 0;
  /**
   * The outcome of the episode copy i's last transition ended (null when it did not end
   * one); later deals that end on forced moves alone, before the next decision, do not
   * replace it.
   */
  readonly doneOutcomes: (Outcome | null)[] = [];
  private stats: EpisodeStats;

  /** Multiplies every reward of a transition (the episode statistics are outcomes, unscaled). */
  private readonly rewardScale: number;

  /**
   * `onStep(i, copy)`, when given, is called with copy i at every state it reaches: after the first
   * deal and after every env step, forced ones included (an agent that must see every state of a
   * game, as one that remembers the picked-up cards, is kept up to date there).
   */
  constructor(
    env: EnvConfig,
    numEnvs: number,
    seed: number,
    rewardScale = 1,
    private readonly onStep?: (i: number, env: Env) => void,
  ) {
    this.rewardScale = rewardScale;
    this.stats = emptySums(env.game.result);
    this.vec = new VectorEnv(env, numEnvs, { onEpisode: (e) => this.record(e) });
    this.numEnvs = numEnvs;
    this.observationSize = this.vec.singleObservationSpace.shape[0];
    this.numActions = this.vec.actionSpace.n;
    this.observations = this.vec.observations;
    this.masks = this.vec.masks;
    this.rewards = new Float32Array(numEnvs);
    this.dones = new Uint8Array(numEnvs);
    this.vec.reset({ seed });
    for (let i = 0; i < numEnvs; i++) {
      this.onStep?.(i, this.env(i));
      this.playForced(i, true);
    }
  }

  env(i: number): Env {
    return this.vec.envs[i];
  }

  /** Plays `action` in copy i, then its forced moves, up to copy i's next decision point. */
  act(i: number, action: number): void {
    const vec = this.vec;
    this.doneOutcomes[i] = null;
    vec.stepOne(i, action);
    this.envSteps++;
    this.onStep?.(i, this.env(i));
    this.rewards[i] = vec.rewards[i] * this.rewardScale;
    this.dones[i] = vec.terminated[i] | vec.truncated[i];
    this.playForced(i, this.dones[i] === 1);
  }

  /**
   * Deals copy i anew from its own stream, up to its first decision, leaving its game unfinished
   * (not an episode of the statistics): for an algorithm with nothing left to learn in a game
   * (distill.ts, `untilKnown`). The copy's pending transition is dropped.
   */
  restart(i: number): void {
    const env = this.vec.envs[i];
    env.reset();
    this.rewards[i] = 0;
    this.dones[i] = 0;
    this.doneOutcomes[i] = null;
    this.onStep?.(i, env);
    this.playForced(i, true);
  }

  /** Plays copy i's forced moves; their rewards go to the pending transition until it is done. */
  private playForced(i: number, done: boolean): void {
    const vec = this.vec;
    const env = vec.envs[i];
    let forced = 0;
    while (env.legalCount === 1) {
      vec.stepOne(i, env.legal[0]);
      this.envSteps++;
      this.onStep?.(i, this.env(i));
      if (!done) {
        this.rewards[i] += vec.rewards[i] * this.rewardScale;
        if (vec.terminated[i] || vec.truncated[i]) {
          done = true;
          this.dones[i] = 1;
        }
      }
      if (++forced > MAX_FORCED_IN_A_ROW) {
        throw new TengymError(
          'bad-argument',
          `${vec.id} played ${MAX_FORCED_IN_A_ROW} forced moves in a row without a decision: there is nothing ` +
            `to learn in it`,
        );
      }
    }
  }

  private record(e: EpisodeRecord): void {
    const o = e.outcome;
    this.doneOutcomes[e.index] ??= o;
    // The outcome's fields: counters of steps are not kept in training (no figure of them is a training one).
    const values: Record<string, number> = {};
    for (const { key } of this.vec.envs[0].game.result.fields) values[key] = o[key] as number;
    addToSums(this.stats, o.won, values);
  }

  /** The training episodes finished since the last call. */
  takeEpisodeStats(): EpisodeStats {
    const s = this.stats;
    this.stats = emptySums(this.vec.envs[0].game.result);
    return s;
  }

  getState(): DecisionEnvState {
    const envs = this.vec.envs;
    return {
      envs: envs.map((e) => e.getState()),
      episodeSteps: envs.map((e) => e.episodeSteps),
      episodeReturns: envs.map((e) => e.episodeReturn),
      envSteps: this.envSteps,
      episodesDone: this.vec.episodesDone,
      stats: { ...this.stats, sums: { ...this.stats.sums }, wonSums: { ...this.stats.wonSums } },
    };
  }

  setState(state: DecisionEnvState): void {
    if (state.envs.length !== this.numEnvs)
      throw new TengymError(
        'bad-state',
        `checkpoint has ${state.envs.length} env copies, the config asks for ${this.numEnvs}`,
      );
    this.vec.envs.forEach((env, i) => {
      env.setState(state.envs[i]);
      env.episodeSteps = state.episodeSteps[i];
      env.episodeReturn = state.episodeReturns[i];
      if (env.legalCount < 2)
        throw new TengymError('bad-state', `checkpoint: env copy ${i} is not at a decision point`);
    });
    this.envSteps = state.envSteps;
    this.vec.episodesDone = state.episodesDone;
    this.stats = { ...state.stats, sums: { ...state.stats.sums }, wonSums: { ...state.stats.wonSums } };
  }
}

/** A float in [0, 1) from one 32-bit output of a pure-rand generator. */
export function uniformFloat(rng: Rng): number {
  return (rng.next() + 2147483648) / 4294967296;
}

/**
 * Samples a legal action from the softmax of the logits over the legal actions only (the
 * illegal ones have probability exactly 0), with the seeded generator: never
 * `tf.multinomial`, so a run is reproducible. Returns the action and its log-probability.
 * Computed in float64 on the CPU; the update recomputes log-probabilities in float32,
 * and the difference (about 1e-7) is far below PPO's clipping range.
 */
export function sampleMasked(
  logits: ArrayLike<number>,
  offset: number,
  legal: Int32Array,
  legalCount: number,
  rng: Rng,
): { action: number; logProb: number } {
  let max = -Infinity;
  for (let k = 0; k < legalCount; k++) max = Math.max(max, logits[offset + legal[k]]);
  let total = 0;
  for (let k = 0; k < legalCount; k++) total += Math.exp(logits[offset + legal[k]] - max);
  const u = uniformFloat(rng) * total;
  let k = 0;
  let cumulative = Math.exp(logits[offset + legal[0]] - max);
  while (cumulative <= u && k < legalCount - 1) {
    k++;
    cumulative += Math.exp(logits[offset + legal[k]] - max);
  }
  const action = legal[k];
  return { action, logProb: logits[offset + action] - max - Math.log(total) };
}
