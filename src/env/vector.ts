/**
 * `VectorEnv`: N copies of one env stepped together into shared buffers, with
 * autoreset (the same-step convention of Pgx and Stable-Baselines3).
 *
 * Buffers (reused, rewritten by every step):
 *   observations  Float32Array(N × obsSize), row i is copy i's observation
 *   masks         Uint8Array(N × n)
 *   rewards       Float32Array(N)
 *   terminated, truncated  Uint8Array(N)
 * When copy i's episode ends on a step, its final observation is copied to row i of
 * `finalObservations`, `onEpisode` is called, and the copy resets at once: row i of
 * `observations` and `masks` then belongs to the new episode. A new deal with no legal
 * move counts as a finished, lost episode of length 0, and the copy resets again (up to
 * MAX_DEAD_DEALS in a row, then an error: a game whose deals are all over cannot be stepped).
 * An error thrown by `onEpisode` leaves no batch half done: every copy still steps and resets,
 * every episode is still reported, and the first such error is thrown once the call is
 * complete (the buffers then hold its results).
 *
 * Seeding: `reset({ seed })` seeds copy i with seed + i; later deals continue each copy's stream.
 * A first `reset()` without a seed is `reset({ seed: 0 })`: reproducible, as a single env is,
 * and every copy dealt its own cards (copies that all started from seed 0 would play one deal
 * N times). `reset({ deck })` deals one deck to every copy (N players of one deal, as the
 * Python vector envs' `options={"deck": …}`); the deals after it are each copy's own again.
 *
 * `reset()` returns the Gymnasium form `{ observations, infos: { masks } }` and `step(actions)`
 * `{ observations, rewards, terminated, truncated, infos: { masks, finalObservations } }`: each
 * the same object every call, whose fields are the buffers above (no allocation; copy what you keep).
 *
 * ```ts
 * const vec = new VectorEnv('decade', {}, 8);
 * vec.reset({ seed: 1 });
 * const actions = new Int32Array(vec.numEnvs);
 * for (let t = 0; t < 1000; t++) {
 * for (let i = 0; i < vec.numEnvs; i++) actions[i] = vec.envs[i].legal[0]; // or a policy over vec.observations and
 * vec.masks
 *   const { observations, rewards, terminated, truncated } = vec.step(actions);
 *   // observations[i * obsSize …] is copy i's next observation (its new episode's after an end)
 * }
 * ```
 */
import { Env, checkSeedFits, engineSizes, validateSeed } from './env.js';
import { TengymError, describeKind, isPlainObject, showValue } from './errors.js';
import type { DeckInput, EnvConfig, Outcome } from './game.js';
import { checkedEnvConfig, envConfig, envSpec, type KnownEnvOptions } from './registry.js';

export interface EpisodeRecord {
  /** Which copy. */
  index: number;
  /** Steps taken (0 for a deal with no legal move). */
  length: number;
  /** Sum of the episode's rewards. */
  return: number;
  outcome: Outcome;
  truncated: boolean;
}

/**
 * What `VectorEnv.step` returns: the env's own buffers under Gymnasium's names (one object, rewritten by every step).
 */
export interface VectorStepResult {
  readonly observations: Float32Array;
  readonly rewards: Float32Array;
  readonly terminated: Uint8Array;
  readonly truncated: Uint8Array;
  readonly infos: {
    /** Legal-action masks of the next observations, numEnvs × actionSpace.n. */
    readonly masks: Uint8Array;
    /** Row i: copy i's last observation of the episode that just ended (when terminated[i] or truncated[i]). */
    readonly finalObservations: Float32Array;
  };
}

/**
 * What `VectorEnv.reset` returns, as Gymnasium's `(observations, infos)`: the env's own buffers (one object, the same
 * at every reset).
 */
export interface VectorResetResult {
  readonly observations: Float32Array;
  readonly infos: {
    /** Legal-action masks of the observations, numEnvs × actionSpace.n. */
    readonly masks: Uint8Array;
  };
}

export interface VectorEnvOptions {
  /**
   * Called for every finished episode, in order, before its copy resets (`envs[index]` still
   * holds the finished game). If it throws, the call that finished the episode (`step`,
   * `stepOne` or `reset`) still completes for every copy, then throws the first such error.
   */
  onEpisode?: (episode: EpisodeRecord) => void;
}

/**
 * Deals in a row with no legal move after which a copy gives up with an error instead of dealing
 * on forever (a game whose every deal is over at reset, from a broken engine or options that
 * leave no move). Tens, the game with most such deals, has 2.3% of them: 10,000 in a row never
 * happens to a game that can be played.
 */
export const MAX_DEAD_DEALS = 10_000;

/** The most copies one VectorEnv holds, however small (memory bounds most ids far lower: `maxCopies`). */
export const MAX_COPIES = 1 << 24;

/**
 * The memory all copies of one VectorEnv may take, by `copyBytes`' estimate: 2 GiB, which a
 * default Node heap (about 4 GiB on 64-bit machines) and a browser tab hold with room to spare.
 * Past it a run would die of "heap limit reached" partway through building the copies.
 */
export const COPIES_MEMORY_BUDGET = 2 ** 31;

/** What one Env takes besides its typed arrays: the object, views and result objects (measured: 2.2 to 3.3 KB). */
const ENV_OBJECT_BYTES = 4096;
/** A typed array's own object beside its bytes. */
const VIEW_BYTES = 128;

/**
 * Bytes one copy of `config` takes, estimated from its buffers and engine state (a generous estimate, not a
 * measurement).
 */
export function copyBytes(config: EnvConfig): number {
  const n = config.game.numActions(config.options);
  const size = config.game.observationSize(config.options);
  let stateBytes = 0;
  const state: unknown = config.game.createState(config.options);
  if (state !== null && typeof state === 'object') {
    for (const v of Object.values(state)) if (ArrayBuffer.isView(v)) stateBytes += v.byteLength + VIEW_BYTES;
  }
  // Observation and final observation rows, mask, legal list; undo history grows later, per step.
  return ENV_OBJECT_BYTES + 2 * 4 * size + n + 4 * n + stateBytes;
}

/** The most copies of `config` one VectorEnv takes: the memory budget over `copyBytes`, at most MAX_COPIES. */
export function maxCopies(config: EnvConfig): number {
  return Math.max(1, Math.min(MAX_COPIES, Math.floor(COPIES_MEMORY_BUDGET / copyBytes(config))));
}

/** `I`: the id, when it is given as one, whose options the constructor checks at compile time. */
export class VectorEnv<I extends string = string> {
  readonly id: string;
  readonly numEnvs: number;
  readonly envs: readonly Env[];
  /** One copy's actions (Gymnasium's vector envs batch theirs; this one is `singleActionSpace`, the same object). */
  readonly actionSpace: { readonly n: number };
  /** One copy's actions, as Gymnasium names them beside `singleObservationSpace`: the same object as `actionSpace`. */
  readonly singleActionSpace: { readonly n: number };
  /** One copy's observation; row i of `observations` is copy i's. */
  readonly singleObservationSpace: { readonly shape: readonly [number] };
  readonly observations: Float32Array;
  readonly finalObservations: Float32Array;
  readonly masks: Uint8Array;
  readonly rewards: Float32Array;
  readonly terminated: Uint8Array;
  readonly truncated: Uint8Array;
  /** Finished episodes so far (zero-length deals included). */
  episodesDone = 0;
  onEpisode: ((episode: EpisodeRecord) => void) | undefined;
  private started = false;
  /** The first error `onEpisode` threw during the current call, thrown when the call is complete. */
  private callbackError: { error: unknown } | null = null;
  private result: VectorStepResult | undefined;
  private resetResult: VectorResetResult | undefined;

  /** `new VectorEnv(id, options, numEnvs)`, or `new VectorEnv(config, numEnvs)` for a config made by `envConfig`. */
  constructor(id: I, options: KnownEnvOptions<I>, numEnvs: number, vectorOptions?: VectorEnvOptions);
  constructor(config: EnvConfig, numEnvs: number, vectorOptions?: VectorEnvOptions);
  constructor(...args: [string, unknown, number, VectorEnvOptions?] | [EnvConfig, number, VectorEnvOptions?]) {
    const [numEnvs, vectorOptions = {}] =
      typeof args[0] === 'string' ? [args[2], args[3]] : [args[1], args[2] as VectorEnvOptions | undefined];
    // The count where the options go (Gymnasium's make_vec(id, num_envs)) would be refused as options.
    if (typeof args[0] === 'string' && typeof args[1] === 'number' && args.length === 2) {
      envSpec(args[0]);
      throw new TengymError(
        'bad-argument',
        `new VectorEnv(id, options, numEnvs): the options come before the count, as new ` +
          `VectorEnv(${JSON.stringify(args[0])}, {}, ${showValue(args[1])}); got ${showValue(args[1])} where ` +
          `the options go and no count`,
      );
    }
    // The env first, as make does: which argument is numEnvs depends on it.
    const config = typeof args[0] === 'string' ? envConfig(args[0], args[1]) : checkedEnvConfig(args[0], 'VectorEnv');
    if (typeof numEnvs !== 'number' || !Number.isInteger(numEnvs) || numEnvs < 1 || numEnvs > MAX_COPIES) {
      throw new TengymError(
        'bad-argument',
        `numEnvs must be a positive integer up to ${MAX_COPIES}, got ${showValue(numEnvs)}`,
      );
    }
    if (
      vectorOptions === null ||
      typeof vectorOptions !== 'object' ||
      (vectorOptions.onEpisode !== undefined && typeof vectorOptions.onEpisode !== 'function')
    ) {
      throw new TengymError(
        'bad-argument',
        `VectorEnv's last argument is { onEpisode?: (episode) => void }, got ${describeKind(vectorOptions)}`,
      );
    }
    // The env's options given here (new VectorEnv(config, 4, { fives: true })) would be dropped unseen.
    const unknown = Object.keys(vectorOptions).find((key) => key !== 'onEpisode');
    if (unknown !== undefined) {
      const where =
        typeof args[0] === 'string' ? 'the second argument' : `envConfig(${JSON.stringify(config.id)}, options)`;
      throw new TengymError(
        'bad-argument',
        `VectorEnv's last argument is { onEpisode?: (episode) => void }: "${unknown}" is not one of its keys ` +
          `(an env option goes in ${where})`,
      );
    }
    const { n, size } = engineSizes(config.id, config.game, config.options);
    // Refused before anything is allocated: the copies would exhaust the heap partway through.
    const most = maxCopies(config);
    if (numEnvs > most) {
      const each = copyBytes(config);
      throw new TengymError(
        'bad-argument',
        `numEnvs ${numEnvs}: at most ${most} copies of ${config.id} fit in one VectorEnv (about ` +
          `${(each / 1024).toFixed(1)} ` +
          `KB each, ${COPIES_MEMORY_BUDGET / 2 ** 30} GiB in all); use fewer copies, or several VectorEnvs in ` +
          `separate workers`,
      );
    }
    const id = config.id;
    const game = config.game;
    const resolved = config.options;
    this.id = id;
    this.numEnvs = numEnvs;
    this.actionSpace = Object.freeze({ n });
    this.singleActionSpace = this.actionSpace;
    this.singleObservationSpace = Object.freeze({ shape: [size] as const });
    try {
      this.observations = new Float32Array(numEnvs * size);
      this.finalObservations = new Float32Array(numEnvs * size);
      this.masks = new Uint8Array(numEnvs * n);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      const gigabytes = (numEnvs * (8 * size + n)) / 1e9;
      throw new TengymError(
        'bad-argument',
        `numEnvs ${numEnvs}: the buffers of ${numEnvs} copies of ${id} take ${gigabytes.toFixed(1)} GB, more ` +
          `than this machine gives (${e.message})`,
      );
    }
    this.rewards = new Float32Array(numEnvs);
    this.terminated = new Uint8Array(numEnvs);
    this.truncated = new Uint8Array(numEnvs);
    const envs: Env[] = [];
    for (let i = 0; i < numEnvs; i++) {
      envs.push(
        new Env(id, game, resolved, {
          observation: this.observations.subarray(i * size, (i + 1) * size),
          mask: this.masks.subarray(i * n, (i + 1) * n),
        }),
      );
    }
    this.envs = envs;
    this.onEpisode = vectorOptions.onEpisode;
  }

  /**
   * Resets every copy: copy i with seed + i when a seed is given (or on the first reset), and
   * with `deck`, when one is given, every copy that deck (the seeds still set what each deals next).
   * Returns `{ observations, infos: { masks } }` over the buffers (the same object each time).
   */
  reset(opts: { seed?: number; deck?: DeckInput } = {}): VectorResetResult {
    if (!isPlainObject(opts))
      throw new TengymError('bad-argument', `VectorEnv.reset takes { seed?, deck? }, got ${describeKind(opts)}`);
    for (const key of Object.keys(opts)) {
      if (key !== 'seed' && key !== 'deck')
        throw new TengymError('bad-argument', `VectorEnv.reset: unknown option "${key}" (it takes { seed?, deck? })`);
    }
    const seed = opts.seed === undefined ? (this.started ? undefined : 0) : validateSeed(opts.seed);
    checkSeedFits(seed, this.numEnvs, `${this.numEnvs} copies`);
    const deck = opts.deck;
    if (deck !== undefined) this.checkDeck(deck, seed);
    this.callbackError = null;
    for (let i = 0; i < this.numEnvs; i++) {
      const copyOptions: { seed?: number; deck?: DeckInput } = seed === undefined ? {} : { seed: seed + i };
      if (deck !== undefined) copyOptions.deck = deck;
      this.envs[i].reset(copyOptions);
      this.skipDeadDeals(i);
    }
    this.rewards.fill(0);
    this.terminated.fill(0);
    this.truncated.fill(0);
    this.started = true;
    this.resetResult ??= { observations: this.observations, infos: { masks: this.masks } };
    this.throwCallbackError();
    return this.resetResult;
  }

  /**
   * Steps copy i with actions[i]. The whole batch is checked first: if any action is not
   * legal for its copy, the error names the copy and no copy moves. Returns the buffers in
   * Gymnasium's form (the same object each time).
   */
  step(actions: ArrayLike<number>): VectorStepResult {
    this.checkStarted('step');
    if (actions === null || typeof actions !== 'object' || typeof actions.length !== 'number')
      throw new TengymError(
        'bad-argument',
        `VectorEnv.step takes one action per copy (an array or a typed array), got ${showValue(actions)}`,
      );
    if (actions.length !== this.numEnvs)
      throw new TengymError('bad-argument', `VectorEnv.step: ${actions.length} actions for ${this.numEnvs} envs`);
    for (let i = 0; i < this.numEnvs; i++) this.checkAction(i, actions[i], 'step', ' (no copy moved)');
    this.callbackError = null;
    for (let i = 0; i < this.numEnvs; i++) this.stepCopy(i, actions[i]);
    this.result ??= {
      observations: this.observations,
      rewards: this.rewards,
      terminated: this.terminated,
      truncated: this.truncated,
      infos: { masks: this.masks, finalObservations: this.finalObservations },
    };
    this.throwCallbackError();
    return this.result;
  }

  /**
   * Steps copy i alone (with autoreset), e.g. to play its forced moves while the other
   * copies wait for a decision. Writes rewards[i], terminated[i], truncated[i].
   */
  stepOne(i: number, action: number): void {
    this.checkStarted('stepOne');
    this.checkIndex(i, 'stepOne');
    this.checkAction(i, action, 'stepOne', '');
    this.callbackError = null;
    this.stepCopy(i, action);
    this.throwCallbackError();
  }

  /**
   * Refuses a step before every copy has a game: dealt by `reset`, or loaded into each copy with
   * `envs[i].setState` (a run resumed from its copies' saved states, which a reset would deal over).
   */
  private checkStarted(call: string): void {
    if (this.started) return;
    const undealt = this.envs.findIndex((env) => !env.hasStarted);
    if (undealt < 0) {
      this.started = true;
      return;
    }
    const loaded = this.envs.some((env) => env.hasStarted);
    throw new TengymError(
      'not-reset',
      `VectorEnv.${call}: call reset() first` +
        (loaded ? ` (or load a game into every copy: copy ${undealt} has none; a reset deals every copy anew)` : ''),
    );
  }

  /**
   * An action that is not legal for copy i: the error `step` would give, naming the copy (`after`: what else the caller
   * says).
   */
  private checkAction(i: number, action: number, call: string, after: string): void {
    if (this.envs[i].isLegal(action)) return;
    try {
      this.envs[i].assertLegal(action, 'step');
    } catch (e) {
      if (e instanceof TengymError) throw new TengymError(e.code, `VectorEnv.${call}: copy ${i}: ${e.message}${after}`);
      throw e;
    }
  }

  /** Steps copy i with a legal action, with autoreset. */
  private stepCopy(i: number, action: number): void {
    const env = this.envs[i];
    const r = env.step(action);
    this.rewards[i] = r.reward;
    this.terminated[i] = r.terminated ? 1 : 0;
    this.truncated[i] = r.truncated ? 1 : 0;
    if (r.terminated || r.truncated) {
      this.finalObservations.set(env.observation, i * env.observation.length);
      this.finish(i, r.truncated);
      env.reset();
      this.skipDeadDeals(i);
    }
  }

  /** Legal ids of copy i in `envs[i].legal[0..legalCount-1]`. */
  legalCount(i: number): number {
    this.checkIndex(i, 'legalCount');
    return this.envs[i].legalCount;
  }

  private checkIndex(i: number, call: string): void {
    if (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i >= this.numEnvs) {
      throw new TengymError(
        'bad-argument',
        `VectorEnv.${call}(${showValue(i)}): not a copy index; this VectorEnv has copies 0..${this.numEnvs - 1}`,
      );
    }
  }

  private finish(i: number, truncated: boolean): void {
    this.episodesDone++;
    const env = this.envs[i];
    if (!this.onEpisode) return;
    // A throw here would leave this copy's game over, never reset, and the copies after it
    // unmoved: a vector env that refuses every later step. The call completes first.
    try {
      this.onEpisode({
        index: i,
        length: env.episodeSteps,
        return: env.episodeReturn,
        outcome: env.outcome(),
        truncated,
      });
    } catch (e) {
      this.callbackError ??= { error: e };
    }
  }

  /** Throws the first error `onEpisode` threw during this call, if any (the call is complete). */
  private throwCallbackError(): void {
    const pending = this.callbackError;
    if (pending === null) return;
    this.callbackError = null;
    throw pending.error;
  }

  /**
   * Refuses, before any copy is dealt, a deck that is not one or that deals no legal move: a copy
   * whose deal is over at reset deals again (skipDeadDeals), so it would not play that deck.
   */
  private checkDeck(deck: DeckInput, seed: number | undefined): void {
    const scratch = this.envs[0].clone();
    try {
      scratch.reset({ seed: seed ?? 0, deck });
    } catch (e) {
      if (e instanceof TengymError) throw new TengymError(e.code, `VectorEnv.reset: ${e.message}`);
      throw e;
    }
    if (!scratch.running)
      throw new TengymError(
        'bad-deck',
        `VectorEnv.reset: this deck deals no legal move, and a copy whose deal is over at reset is dealt ` +
          `again, so no copy would play it`,
      );
  }

  private skipDeadDeals(i: number): void {
    const env = this.envs[i];
    for (let dead = 0; !env.running; dead++) {
      if (dead === MAX_DEAD_DEALS) {
        throw new TengymError(
          'bad-argument',
          `VectorEnv: copy ${i} of ${this.id} dealt ${MAX_DEAD_DEALS} deals in a row with no legal move, so ` +
            `it can never step (${this.id}'s options ${JSON.stringify(env.options)}); check that its engine's ` +
            `legalActions and status leave a fresh deal running (checkEnv(id) reports deadDeals)`,
        );
      }
      this.finish(i, env.truncated);
      env.reset();
    }
  }
}
