/**
 * `VectorEnv`: N copies of one env stepped together into shared buffers, with autoreset: the one
 * implementation of tengym's vector semantics, which the Python package's engine process
 * (src/bridge/engine.ts) drives too.
 *
 * Buffers (reused, rewritten by every step; a caller may give its own, `buffers`):
 *   observations  Float32Array(N × obsSize), row i is copy i's observation
 *   masks         Uint8Array(N × n)
 *   rewards       Float32Array(N)
 *   terminated, truncated  Uint8Array(N); flags Uint8Array(N), the same as bits (and FLAG_STAYED)
 * Autoreset (`autoreset`): 'same-step' by default (Pgx's and Stable-Baselines3's convention): when
 * copy i's episode ends on a step, its final observation and mask are copied to `finalObservations`
 * and `finalMasks`, `onEpisode` is called, and the copy resets at once: row i of `observations` and
 * `masks` then belongs to the new episode. 'next-step' (Gymnasium's default) deals it at the next
 * step instead, ignoring that step's action; 'disabled' leaves it to the caller (`resetCopy`).
 * `endedCopies`, `endedOutcomes` and `endedCount` say which episodes a step ended and how (null: only
 * the `maxEpisodeSteps` time limit ended it). `illegalAction: 'stay'` lets a copy given an illegal
 * action stay where it is, counted as a step (STAYS_IN_A_ROW_LIMIT). A new deal with no legal
 * move counts as a finished, lost episode of length 0, and the copy resets again (up to
 * MAX_DEAD_DEALS in a row, then an error: a game whose deals are all over cannot be stepped).
 * An error thrown by `onEpisode` leaves no batch half done: every copy still steps and resets,
 * every episode is still reported, and the first such error is thrown once the call is
 * complete (the buffers then hold its results). A step allocates nothing but the outcome of an
 * episode that ends (test/env/vector-allocation.test.ts).
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
 *
 * Past 600 lines on purpose: the vector semantics live in one class, which the Python bridge drives too, so
 * that no rule of them has two homes.
 */
import { Env, checkSeedFits, engineSizes, validateSeed } from './env.js';
import { TengymError, describeKind, isPlainObject, showValue } from './errors.js';
import type { DeckInput, EnvConfig, Outcome } from './game.js';
import { checkedEnvConfig, envConfig, envSpec, type KnownEnvOptions } from './registry.js';

/** A finished episode of a `VectorEnv` copy, as `onEpisode` reports it. */
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
    /** Same-step: row i (or k, with finalRows 'packed'), the last mask of the episode that just ended. */
    readonly finalMasks: Uint8Array;
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

/** When a copy whose episode ended is dealt its next game (Gymnasium's `AutoresetMode`). */
export type AutoresetMode = 'same-step' | 'next-step' | 'disabled';
/** What a step does with an action that is not legal for its copy. */
export type IllegalActionMode = 'raise' | 'stay';

/**
 * Buffers a caller gives a VectorEnv to write into instead of its own (the Python bridge gives
 * views of the frame it sends, so the rows are written once, where they are sent from). Each must
 * be exactly the size the copies need; any not given is allocated.
 */
export interface VectorBuffers {
  /** numEnvs × observation size. */
  observations?: Float32Array;
  /** numEnvs × actions. */
  masks?: Uint8Array;
  /** numEnvs. */
  rewards?: Float32Array;
  /** numEnvs: per copy, bit 0 terminated, bit 1 truncated, bit 2 stayed (FLAG_*). */
  flags?: Uint8Array;
  /** numEnvs × observation size: same-step's last observations of the episodes a step ended. */
  finalObservations?: Float32Array;
  /** numEnvs × actions: same-step's last masks of the episodes a step ended. */
  finalMasks?: Uint8Array;
}

/**
 * Options of `new VectorEnv`: callbacks for finished episodes and new deals, the autoreset mode, what
 * an illegal action does, and buffers to write into.
 */
export interface VectorEnvOptions {
  /**
   * Called for every finished episode, in order, before its copy resets (`envs[index]` still
   * holds the finished game). If it throws, the call that finished the episode (`step`,
   * `stepOne` or `reset`) still completes for every copy, then throws the first such error.
   */
  onEpisode?: (episode: EpisodeRecord) => void;
  /**
   * Called after copy `index` is dealt a game (a reset, or an autoreset: `seed` undefined), once any
   * deal with no legal move has been dealt again: e.g. to reset an agent that plays that copy.
   */
  onDeal?: (index: number, seed: number | undefined) => void;
  /**
   * 'same-step' (the default, Stable-Baselines3's and Pgx's): a copy whose episode ends is dealt
   * its next game within that step, its last observation and mask in `finalObservations` and
   * `finalMasks`. 'next-step' (Gymnasium's default): the next step deals it instead of stepping it,
   * ignoring its action (reward 0). 'disabled': the caller deals it (`resetCopy`); stepping it
   * before is refused ('episode-over').
   */
  autoreset?: AutoresetMode;
  /**
   * Gymnasium's `TimeLimit` (`max_episode_steps`): a copy whose episode has taken this many steps
   * (stays included) is truncated, at the step that terminates it too; its outcome is then null in
   * `endedOutcomes` unless the game ended by itself. 0 or undefined: none. The env's own `maxSteps`,
   * which the observation shows, is unchanged.
   */
  maxEpisodeSteps?: number;
  /**
   * 'raise' (the default): an action that is not legal for its copy refuses the whole step. 'stay':
   * that copy stays where it is if the action is an id of the action space, 0 to n − 1 (one outside
   * it refuses the step, as in 'raise'): reward 0, observation and mask as they were, flag bit 2; the
   * stay counts as a step: toward the env's own `maxSteps` (moves and stays together truncate there)
   * and `maxEpisodeSteps`; on an env without `maxSteps`, STAYS_IN_A_ROW_LIMIT stays in a row truncate.
   */
  illegalAction?: IllegalActionMode;
  /**
   * 'redeal' (the default): a deal with no legal move is dealt again (up to MAX_DEAD_DEALS in a
   * row), so no reset gives an episode that is already over. 'keep' (with autoreset 'disabled'
   * only): it is kept, over at reset, as a single `Env` gives it.
   */
  deadDeals?: 'redeal' | 'keep';
  /**
   * Where `finalObservations` and `finalMasks` put an ended copy's rows: 'by-copy' (the default), row
   * i for copy i; 'packed', row k for the k-th copy the step ended (`endedCount` of them), as a frame
   * that sends only those rows lays them out.
   */
  finalRows?: 'by-copy' | 'packed';
  /** Buffers to write into instead of the env's own (see `VectorBuffers`). */
  buffers?: VectorBuffers;
}

/** `flags` bit 0: the copy's episode terminated at this step. */
export const FLAG_TERMINATED = 1;
/** `flags` bit 1: truncated (the env's own limit, the stays' or `maxEpisodeSteps`). */
export const FLAG_TRUNCATED = 2;
/** `flags` bit 2: the copy stayed (illegalAction 'stay': its action was not legal, it did not move). */
export const FLAG_STAYED = 4;

/**
 * illegalAction 'stay' on an env without a step limit of its own (`maxSteps`): this many stays in a
 * row end the episode, truncated. A deterministic policy repeating an illegal action would otherwise
 * never end it (Tens, Block Ten and Four Ten end only by their rules).
 */
export const STAYS_IN_A_ROW_LIMIT = 1000;

/** The longest `maxEpisodeSteps`. */
export const MAX_EPISODE_STEPS_LIMIT = 2 ** 31 - 1;

/** VectorEnv's own keys of its last argument (any other is an env option given in the wrong place). */
const VECTOR_OPTION_KEYS = [
  'onEpisode',
  'onDeal',
  'autoreset',
  'maxEpisodeSteps',
  'illegalAction',
  'deadDeals',
  'finalRows',
  'buffers',
] as const;

/** A step refused because of one copy's action: the copy and the reason as the single env gives it. */
export class CopyActionError extends TengymError {
  /** Which copy (0-based). */
  readonly copy: number;
  /** What one env's `step` would say of the action (without the copy). */
  readonly reason: string;
  constructor(code: TengymError['code'], copy: number, reason: string, message: string) {
    super(code, message);
    this.copy = copy;
    this.reason = reason;
  }
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
  // The state's typed arrays, and those of the plain objects it owns (a memo): those a second state does not share
  // with the first (the compiled rules, shared by every copy, are not counted twice).
  const nested = (a: unknown, b: unknown): number => {
    if (a === null || typeof a !== 'object' || a === b || Object.getPrototypeOf(a) !== Object.prototype) return 0;
    let bytes = 0;
    for (const [key, v] of Object.entries(a))
      if (ArrayBuffer.isView(v) && v !== (b as Record<string, unknown>)[key]) bytes += v.byteLength + VIEW_BYTES;
    return bytes;
  };
  let stateBytes = 0;
  const state: unknown = config.game.createState(config.options);
  const other: unknown = config.game.createState(config.options);
  if (state !== null && typeof state === 'object') {
    for (const [key, v] of Object.entries(state))
      stateBytes += ArrayBuffer.isView(v)
        ? v.byteLength + VIEW_BYTES
        : nested(v, (other as Record<string, unknown>)[key]);
  }
  // Observation and final observation rows, mask, legal list (an env keeps no history of its steps).
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
  /** Same-step: the last masks of the episodes a step ended (rows as `finalObservations`' ). */
  readonly finalMasks: Uint8Array;
  readonly masks: Uint8Array;
  readonly rewards: Float32Array;
  readonly terminated: Uint8Array;
  readonly truncated: Uint8Array;
  /** Per copy, the last step's FLAG_TERMINATED | FLAG_TRUNCATED | FLAG_STAYED. */
  readonly flags: Uint8Array;
  /** Per copy, 1 while its episode is over and not yet dealt again (autoreset 'next-step' or 'disabled'). */
  readonly ended: Uint8Array;
  readonly autoreset: AutoresetMode;
  readonly illegalAction: IllegalActionMode;
  readonly deadDeals: 'redeal' | 'keep';
  /** Gymnasium's TimeLimit; 0: none. */
  readonly maxEpisodeSteps: number;
  /** The env's own step limit (its `maxSteps` option), which stays count toward; 0: none. */
  readonly maxSteps: number;
  /** How many episodes the last step (or `stepOne`) ended; their copies are `endedCopies[0..endedCount-1]`. */
  endedCount = 0;
  /** The copies the last step ended, in copy order (the first `endedCount`). */
  readonly endedCopies: Int32Array;
  /**
   * The outcomes of the episodes the last step ended, in copy order (the first `endedCount`): null for
   * an episode that only `maxEpisodeSteps` ended, which a game's own outcome does not describe.
   */
  readonly endedOutcomes: (Outcome | null)[];
  /** Finished episodes so far (zero-length deals included). */
  episodesDone = 0;
  /** Called for every finished episode (`VectorEnvOptions.onEpisode`); may be set after construction. */
  onEpisode: ((episode: EpisodeRecord) => void) | undefined;
  /** Called after a copy is dealt a game (`VectorEnvOptions.onDeal`); may be set after construction. */
  onDeal: ((index: number, seed: number | undefined) => void) | undefined;
  private readonly packed: boolean;
  /** illegalAction is 'stay' (read on every step). */
  private readonly stay: boolean;
  /** Stays this episode, stays in a row, and the moves a loaded game had made before it was loaded, per copy. */
  private readonly stays: Int32Array;
  private readonly staysInARow: Int32Array;
  private readonly movesBefore: Float64Array;
  /** Per copy, whether this step's action stays (set by the check, read by the step). */
  private readonly staying: Uint8Array;
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
        `VectorEnv's last argument is { onEpisode?: (episode) => void, …vector options }, got ` +
          `${describeKind(vectorOptions)}`,
      );
    }
    // The env's options given here (new VectorEnv(config, 4, { fives: true })) would be dropped unseen.
    const unknown = Object.keys(vectorOptions).find((key) => !(VECTOR_OPTION_KEYS as readonly string[]).includes(key));
    if (unknown !== undefined) {
      const where =
        typeof args[0] === 'string' ? 'the second argument' : `envConfig(${JSON.stringify(config.id)}, options)`;
      throw new TengymError(
        'bad-argument',
        `VectorEnv's last argument is { ${VECTOR_OPTION_KEYS.join(', ')} }: "${unknown}" is not one of its ` +
          `keys (an env option goes in ${where})`,
      );
    }
    const settings = vectorSettings(vectorOptions);
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
    this.autoreset = settings.autoreset;
    this.illegalAction = settings.illegalAction;
    this.deadDeals = settings.deadDeals;
    this.maxEpisodeSteps = settings.maxEpisodeSteps;
    this.packed = settings.finalRows === 'packed';
    this.stay = settings.illegalAction === 'stay';
    const options: object = resolved;
    this.maxSteps = 'maxSteps' in options && typeof options.maxSteps === 'number' ? options.maxSteps : 0;
    const given = vectorOptions.buffers ?? {};
    try {
      this.observations = buffer(given.observations, Float32Array, numEnvs * size, 'observations');
      this.finalObservations = buffer(given.finalObservations, Float32Array, numEnvs * size, 'finalObservations');
      this.masks = buffer(given.masks, Uint8Array, numEnvs * n, 'masks');
      this.finalMasks = buffer(given.finalMasks, Uint8Array, numEnvs * n, 'finalMasks');
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      const gigabytes = (numEnvs * (8 * size + 2 * n)) / 1e9;
      throw new TengymError(
        'bad-argument',
        `numEnvs ${numEnvs}: the buffers of ${numEnvs} copies of ${id} take ${gigabytes.toFixed(1)} GB, more ` +
          `than this machine gives (${e.message})`,
      );
    }
    this.rewards = buffer(given.rewards, Float32Array, numEnvs, 'rewards');
    this.flags = buffer(given.flags, Uint8Array, numEnvs, 'flags');
    this.terminated = new Uint8Array(numEnvs);
    this.truncated = new Uint8Array(numEnvs);
    this.ended = new Uint8Array(numEnvs);
    this.endedCopies = new Int32Array(numEnvs);
    // Made at its full length once: a step stores into it and allocates nothing.
    this.endedOutcomes = new Array<Outcome | null>(numEnvs).fill(null);
    this.stays = new Int32Array(numEnvs);
    this.staysInARow = new Int32Array(numEnvs);
    this.movesBefore = new Float64Array(numEnvs);
    this.staying = new Uint8Array(numEnvs);
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
    this.onDeal = vectorOptions.onDeal;
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
    this.endedCount = 0;
    for (let i = 0; i < this.numEnvs; i++) {
      const copyOptions: { seed?: number; deck?: DeckInput } = seed === undefined ? {} : { seed: seed + i };
      if (deck !== undefined) copyOptions.deck = deck;
      this.deal(i, copyOptions);
    }
    this.started = true;
    this.resetResult ??= { observations: this.observations, infos: { masks: this.masks } };
    this.throwCallbackError();
    return this.resetResult;
  }

  /**
   * Deals copy i alone (its seed and deck as `Env.reset` takes them; a deal with no legal move is
   * dealt again unless deadDeals is 'keep'), leaving the others as they are: Gymnasium's
   * `reset_mask`, and how a caller deals a copy whose episode ended with autoreset 'disabled'. Its
   * reward and flags are cleared (a kept dead deal is flagged as its status says).
   */
  resetCopy(i: number, opts: { seed?: number; deck?: DeckInput } = {}): void {
    this.checkIndex(i, 'resetCopy');
    this.callbackError = null;
    this.deal(i, opts);
    this.throwCallbackError();
  }

  /**
   * Loads a `getState()` JSON into every copy (one a copy). All are checked first, so a bad one
   * changes no copy. A loaded game's own moves (its JSON's `game.steps`, where it has one) count with
   * later stays toward its `maxSteps`, as they count toward it in the game.
   */
  setStates(states: readonly unknown[]): void {
    if (!Array.isArray(states) || states.length !== this.numEnvs)
      throw new TengymError('bad-state', `bad state: expected ${this.numEnvs} state(s)`);
    const checked = this.envs.map((e, i) => {
      const trial = e.clone();
      trial.setState(states[i]);
      return trial;
    });
    for (let i = 0; i < this.numEnvs; i++) {
      this.envs[i].copyFrom(checked[i]);
      this.clearCopy(i);
      this.movesBefore[i] = loadedMoves(states[i]);
    }
  }

  /** Copy i's stays this episode and in a row, and whether stays ended its episode (for a copy of the env). */
  stayCounts(i: number): { stays: number; staysInARow: number; movesBefore: number; ended: boolean } {
    this.checkIndex(i, 'stayCounts');
    return {
      stays: this.stays[i],
      staysInARow: this.staysInARow[i],
      movesBefore: this.movesBefore[i],
      ended: this.ended[i] === 1,
    };
  }

  /** Sets what `stayCounts` gave (a copy of an env made mid-episode goes on counting as the original). */
  setStayCounts(i: number, counts: { stays: number; staysInARow: number; movesBefore: number; ended: boolean }): void {
    this.checkIndex(i, 'setStayCounts');
    const { stays, staysInARow, movesBefore, ended } = counts;
    for (const [name, v] of [
      ['stays', stays],
      ['staysInARow', staysInARow],
      ['movesBefore', movesBefore],
    ] as const) {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_EPISODE_STEPS_LIMIT)
        throw new TengymError('bad-argument', `setStayCounts: ${name} must be a count, got ${showValue(v)}`);
    }
    if (typeof ended !== 'boolean')
      throw new TengymError('bad-argument', `setStayCounts: ended must be true or false, got ${showValue(ended)}`);
    this.stays[i] = stays;
    this.staysInARow[i] = staysInARow;
    this.movesBefore[i] = movesBefore;
    this.ended[i] = ended || !this.envs[i].running ? 1 : 0;
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
    this.endedCount = 0;
    for (let i = 0; i < this.numEnvs; i++) this.stepCopy(i, actions[i]);
    this.result ??= {
      observations: this.observations,
      rewards: this.rewards,
      terminated: this.terminated,
      truncated: this.truncated,
      infos: { masks: this.masks, finalObservations: this.finalObservations, finalMasks: this.finalMasks },
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
    this.endedCount = 0;
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
   * Whether copy i's action is taken (a move, or with illegalAction 'stay' a stay, marked in `staying`), or
   * the error `step` would give, naming the copy (`after`: what else the caller says). A copy awaiting its
   * next-step autoreset takes any action.
   */
  private checkAction(i: number, action: number, call: string, after: string): void {
    const env = this.envs[i];
    if (this.ended[i] === 0 && env.isLegal(action)) {
      if (this.stay) this.staying[i] = 0;
      return;
    }
    this.checkOther(i, action, call, after);
  }

  /** `checkAction` past its common case (a running copy given a legal action). */
  private checkOther(i: number, action: number, call: string, after: string): void {
    const env = this.envs[i];
    this.staying[i] = 0;
    if (this.ended[i] === 1) {
      if (this.autoreset === 'next-step') return;
      if (env.running) {
        // Ended by its stays or the time limit, which the game itself does not know of.
        const why =
          this.maxEpisodeSteps > 0 && env.episodeSteps + this.stays[i] >= this.maxEpisodeSteps
            ? `the time limit of ${this.maxEpisodeSteps} steps`
            : this.maxSteps > 0
              ? `${this.maxSteps} steps, ${this.stays[i]} of them illegal actions that stayed`
              : `${STAYS_IN_A_ROW_LIMIT} illegal actions in a row stayed`;
        const reason = `step(${showValue(action)}): the episode is over (truncated: ${why}); call reset()`;
        throw new CopyActionError('episode-over', i, reason, `VectorEnv.${call}: copy ${i}: ${reason}${after}`);
      }
    } else if (env.isLegal(action)) {
      return;
    }
    // Only an id of the action space stays: one outside it (-1, 10 ** 6, 2.5) is refused, as Gymnasium's envs
    // refuse an action outside their space, so that an agent with a space of the wrong size is told at once.
    if (this.stay && env.running && env.legalCount > 0 && this.isActionId(action)) {
      this.staying[i] = 1;
      return;
    }
    try {
      // The copy's own step, as Env.step words it; `call` names the VectorEnv method before it.
      env.assertLegal(action, 'step');
    } catch (e) {
      if (e instanceof TengymError)
        throw new CopyActionError(e.code, i, e.message, `VectorEnv.${call}: copy ${i}: ${e.message}${after}`);
      throw e;
    }
  }

  /** Whether `action` is one of the action space's ids, 0 to n − 1. */
  private isActionId(action: number): boolean {
    return Number.isInteger(action) && action >= 0 && action < this.actionSpace.n;
  }

  /** Steps copy i with an action `checkAction` took, with autoreset. */
  private stepCopy(i: number, action: number): void {
    if (this.ended[i] === 1) {
      // Next-step autoreset: this step deals the copy's next game, its action ignored.
      this.deal(i, {});
      return;
    }
    if (this.stay && this.staying[i] === 1) {
      this.stayCopy(i);
      return;
    }
    const env = this.envs[i];
    const r = env.step(action);
    const terminated = r.terminated;
    let truncated = r.truncated;
    if (this.stay) {
      this.staysInARow[i] = 0;
      if (!terminated && !truncated) truncated = this.staysTruncate(i);
    }
    // The game's own end (or the stays'): the time limit's alone gives no outcome.
    const ownEnd = terminated || truncated;
    if (this.maxEpisodeSteps > 0 && env.episodeSteps + this.stays[i] >= this.maxEpisodeSteps) truncated = true;
    this.rewards[i] = r.reward;
    this.terminated[i] = terminated ? 1 : 0;
    this.truncated[i] = truncated ? 1 : 0;
    this.flags[i] = (terminated ? FLAG_TERMINATED : 0) | (truncated ? FLAG_TRUNCATED : 0);
    if (terminated || truncated) this.endEpisode(i, ownEnd ? (r.info.outcome ?? env.outcome()) : null);
  }

  /** Copy i stays where it is (illegalAction 'stay'): a step of reward 0 that counts toward its limits. */
  private stayCopy(i: number): void {
    const env = this.envs[i];
    this.stays[i]++;
    this.staysInARow[i]++;
    const ownEnd = this.staysTruncate(i);
    const truncated = ownEnd || (this.maxEpisodeSteps > 0 && env.episodeSteps + this.stays[i] >= this.maxEpisodeSteps);
    this.rewards[i] = 0;
    this.terminated[i] = 0;
    this.truncated[i] = truncated ? 1 : 0;
    this.flags[i] = (truncated ? FLAG_TRUNCATED : 0) | FLAG_STAYED;
    if (truncated) this.endEpisode(i, ownEnd ? env.outcome() : null);
  }

  /**
   * Copy i's episode ended at this step (its reward and flags written): recorded, then dealt again (same-step) or
   * left over for the next step or the caller.
   */
  private endEpisode(i: number, outcome: Outcome | null): void {
    const env = this.envs[i];
    const k = this.endedCount++;
    this.endedCopies[k] = i;
    this.endedOutcomes[k] = outcome;
    this.finish(i, this.truncated[i] === 1);
    if (this.autoreset !== 'same-step') {
      this.ended[i] = 1;
      return;
    }
    const row = this.packed ? k : i;
    const size = env.observation.length;
    const n = env.mask.length;
    this.finalObservations.set(env.observation, row * size);
    this.finalMasks.set(env.mask, row * n);
    // The ending step's reward and flags stay: the row now holds the next episode's start.
    const reward = this.rewards[i];
    const terminated = this.terminated[i];
    const truncated = this.truncated[i];
    const flags = this.flags[i];
    this.deal(i, {});
    this.rewards[i] = reward;
    this.terminated[i] = terminated;
    this.truncated[i] = truncated;
    this.flags[i] = flags;
  }

  /** With illegalAction 'stay', after copy i's step or stay: whether its stays end the episode (truncated). */
  private staysTruncate(i: number): boolean {
    if (this.stays[i] === 0) return false;
    return this.maxSteps > 0
      ? this.movesBefore[i] + this.envs[i].episodeSteps + this.stays[i] >= this.maxSteps
      : this.staysInARow[i] >= STAYS_IN_A_ROW_LIMIT;
  }

  /** Deals copy i (and again, while its deal has no legal move, unless deadDeals is 'keep'), then tells onDeal. */
  private deal(i: number, opts: { seed?: number; deck?: DeckInput }): void {
    this.envs[i].reset(opts);
    if (this.deadDeals === 'redeal') this.skipDeadDeals(i);
    this.clearCopy(i);
    this.onDeal?.(i, opts.seed);
  }

  /** Copy i holds a new game: its step's results and counts cleared, its flags as its status says. */
  private clearCopy(i: number): void {
    const env = this.envs[i];
    this.rewards[i] = 0;
    this.terminated[i] = env.terminated ? 1 : 0;
    this.truncated[i] = env.truncated ? 1 : 0;
    this.flags[i] = (env.terminated ? FLAG_TERMINATED : 0) | (env.truncated ? FLAG_TRUNCATED : 0);
    this.ended[i] = env.running ? 0 : 1;
    this.stays[i] = 0;
    this.staysInARow[i] = 0;
    this.movesBefore[i] = 0;
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
    if (!scratch.running && this.deadDeals === 'redeal')
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

/** A buffer of `length` elements: the caller's, checked, or a new one. */
function buffer<T extends Float32Array | Uint8Array>(
  given: T | undefined,
  kind: { new (length: number): T; name: string },
  length: number,
  name: string,
): T {
  if (given === undefined) return new kind(length);
  if (!(given instanceof kind) || given.length !== length)
    throw new TengymError(
      'bad-argument',
      `VectorEnv's buffers.${name} must be a ${kind.name} of ${length}, got ${describeKind(given)}` +
        (ArrayBuffer.isView(given) ? ` of ${(given as unknown as { length: number }).length}` : ''),
    );
  return given;
}

/** The vector options, checked, with their defaults. */
function vectorSettings(o: VectorEnvOptions): {
  autoreset: AutoresetMode;
  illegalAction: IllegalActionMode;
  deadDeals: 'redeal' | 'keep';
  maxEpisodeSteps: number;
  finalRows: 'by-copy' | 'packed';
} {
  const pick = <T extends string>(value: unknown, name: string, allowed: readonly T[]): T => {
    if (value === undefined) return allowed[0];
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    throw new TengymError(
      'bad-argument',
      `VectorEnv: ${name} must be ${allowed.map((a) => JSON.stringify(a)).join(' or ')}, got ${showValue(value)}`,
    );
  };
  if (o.onDeal !== undefined && typeof o.onDeal !== 'function')
    throw new TengymError('bad-argument', `VectorEnv: onDeal must be a function, got ${describeKind(o.onDeal)}`);
  const autoreset = pick(o.autoreset, 'autoreset', ['same-step', 'next-step', 'disabled'] as const);
  const deadDeals = pick(o.deadDeals, 'deadDeals', ['redeal', 'keep'] as const);
  if (deadDeals === 'keep' && autoreset !== 'disabled')
    throw new TengymError(
      'bad-argument',
      `VectorEnv: deadDeals 'keep' needs autoreset 'disabled' (an autoreset deals on; a kept dead deal would ` +
        `leave its copy over), got autoreset ${JSON.stringify(autoreset)}`,
    );
  const limit = o.maxEpisodeSteps ?? 0;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > MAX_EPISODE_STEPS_LIMIT)
    throw new TengymError(
      'bad-argument',
      `VectorEnv: maxEpisodeSteps must be a positive integer up to ${MAX_EPISODE_STEPS_LIMIT} (0: none), got ` +
        `${showValue(limit)}`,
    );
  return {
    autoreset,
    illegalAction: pick(o.illegalAction, 'illegalAction', ['raise', 'stay'] as const),
    deadDeals,
    maxEpisodeSteps: limit,
    finalRows: pick(o.finalRows, 'finalRows', ['by-copy', 'packed'] as const),
  };
}

/** The moves a loaded game had made (its JSON's `game.steps`), which count toward its `maxSteps`; 0 without one. */
function loadedMoves(state: unknown): number {
  if (!isPlainObject(state)) return 0;
  const game = state.game;
  if (!isPlainObject(game)) return 0;
  const steps = game.steps;
  return typeof steps === 'number' && Number.isInteger(steps) && steps >= 0 ? steps : 0;
}
