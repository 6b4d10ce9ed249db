/**
 * What `Env` (env.ts) is made of besides the class: the shapes of its results and saved state, and the checks of
 * seeds, options, sizes and bounds it runs before it deals. Apart so that env.ts holds the RL contract alone.
 */
import * as z from 'zod/mini';
import { TengymError, describeKind, fieldsOf, formatZodError, isPlainObject, showValue } from './errors.js';
import type { AnyGame, DeckInput, GameOptions, ObservationBounds, Outcome } from './game.js';
import { MAX_SEED, rngStateSchema } from './rng.js';

/** Options of `env.reset`: a seed for the env's generator, and a deck to deal instead of a shuffled one. */
export interface ResetOptions {
  seed?: number;
  deck?: DeckInput;
}

/** The `info` of a reset or a step: the new state's action mask, and the outcome once the episode is over. */
export interface StepInfo {
  /** The legal actions of the new state (all zero once the episode is over). */
  actionMask: Uint8Array;
  /**
   * Set when the episode is over: on the last step, or at reset for a deal with no legal move.
   * `step`'s info is one object reused, so there the key stays, `undefined` while the episode
   * runs: test `info.outcome !== undefined`, not `'outcome' in info`.
   */
  outcome?: Outcome | undefined;
  /** Only at reset: true when the deal has no legal move at all. */
  terminated?: boolean;
}

/**
 * What `env.step` returns, Gymnasium's five values. The object and its buffers are reused by the next
 * step: copy what you keep.
 */
export interface StepResult {
  observation: Float32Array;
  reward: number;
  terminated: boolean;
  truncated: boolean;
  info: StepInfo;
}

/** What `env.reset` returns: the first observation and its info (the env's own buffers, as `step`'s). */
export interface ResetResult {
  observation: Float32Array;
  info: StepInfo;
}

/** What `getState()` returns: plain JSON, stock included. */
export interface EnvState {
  env: string;
  options: Record<string, unknown>;
  /** The env's pure-rand xoroshiro128+ state (the stream of later deals and Four Ten rounds). */
  rng: number[];
  undosUsed: number;
  game: unknown;
}

export const envStateSchema = z.strictObject({
  env: z.string(),
  // Kept as given (a record would copy it and drop an own "__proto__" key), so the
  // game's strict options schema sees every key and refuses the unknown ones.
  options: z.custom<Record<string, unknown>>((v) => isPlainObject(v), 'expected a plain object of options'),
  rng: rngStateSchema('the generator state is all zeros, which never changes (every reset would deal the same cards)'),
  undosUsed: z._default(z.int().check(z.minimum(0)), 0),
  // z.unknown() reports a missing key as "expected nonoptional": say what is missing.
  game: z.custom<unknown>((v) => v !== undefined, 'missing: the game itself (getState().game: its cards and counters)'),
});

/** Checks a seed: a non-negative safe integer. */
export function validateSeed(seed: unknown, what = 'seed'): number {
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
    throw new TengymError('bad-seed', `bad ${what} ${showValue(seed)}: expected an integer from 0 to ${MAX_SEED}`);
  }
  return seed;
}

/**
 * Deal i of `deals` uses seed + i: a first seed whose last deal would pass the largest seed is
 * refused before any work, naming the seed given (`name`: "--seed" on the command line), the
 * count (`given`: "episodes 5") and the largest seed that works for it (not seed + i, a seed
 * the caller never gave).
 */
export function checkSeedFits(seed: number | undefined, deals: number, given: string, name = 'seed'): void {
  if (seed === undefined) return;
  const largest = MAX_SEED - (deals - 1);
  if (seed > largest) {
    throw new TengymError(
      'bad-seed',
      `${name} ${seed} is too large for ${given}: deal i uses seed + i and seeds go up to ${MAX_SEED}, so the ` +
        `largest ${name} for ${deals} deals is ${largest}`,
    );
  }
}

export interface EnvBuffers {
  observation?: Float32Array;
  mask?: Uint8Array;
}

/** Options objects validated for an engine (frozen, so they stay valid): taken as they are, never parsed twice. */
const VALIDATED = new WeakMap<object, AnyGame>();

/** Whether `options` were validated for `game` (by `validatedOptions`). */
export function isValidatedFor(game: AnyGame, options: unknown): options is GameOptions {
  return options !== null && typeof options === 'object' && VALIDATED.get(options) === game;
}

/**
 * `options` as `game`'s schema parses them (defaults filled in), frozen and remembered; options
 * validated before are returned as they are. Errors name the field and what it allows.
 */
export function validatedOptions(id: string, game: AnyGame, options: object): Readonly<Record<string, unknown>> {
  if (isValidatedFor(game, options)) return options;
  const parsed = game.optionsSchema.safeParse(options);
  if (!parsed.success) throw new TengymError('bad-options', `bad options for ${id}: ${formatZodError(parsed.error)}`);
  const validated: GameOptions = Object.freeze(fieldsOf(parsed.data));
  VALIDATED.set(validated, game);
  return validated;
}

/**
 * The action count and observation length `game` gives for `options`, checked: a whole number of
 * action ids (at least one) and of observation floats. An engine of one's own that returns
 * anything else is named here, rather than met as buffers of the wrong size.
 */
export function engineSizes(id: string, game: AnyGame, options: object): { n: number; size: number } {
  const n: unknown = game.numActions(options);
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1)
    throw new TengymError(
      'bad-argument',
      `${id}: the engine's numActions(options) gave ${showValue(n)}, expected the number of action ids, a ` +
        `whole number from 1`,
    );
  const size: unknown = game.observationSize(options);
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0)
    throw new TengymError(
      'bad-argument',
      `${id}: the engine's observationSize(options) gave ${showValue(size)}, expected the observation's ` +
        `length, a whole number from 0`,
    );
  return { n, size };
}

/**
 * Bounds by options object (validated options are frozen and shared by an env's clones and copies): computed once per
 * options.
 */
const BOUNDS = new WeakMap<object, { game: AnyGame; bounds: ObservationBounds }>();

/**
 * The observation bounds `game` gives for `options` (`Game.observationBounds`), checked: two arrays
 * of observationSize numbers, none NaN, low <= high; (-Infinity, Infinity) for a game without them.
 * Computed once per options object and shared: do not write to the arrays (`Env.observationBounds`
 * hands out copies).
 */
export function engineBounds(id: string, game: AnyGame, options: object): ObservationBounds {
  const cached = BOUNDS.get(options);
  if (cached !== undefined && cached.game === game) return cached.bounds;
  const { size } = engineSizes(id, game, options);
  let bounds: ObservationBounds;
  if (typeof game.observationBounds !== 'function') {
    bounds = { low: new Float32Array(size).fill(-Infinity), high: new Float32Array(size).fill(Infinity) };
  } else {
    const given: unknown = game.observationBounds(options);
    const { low, high } = (given ?? {}) as Partial<ObservationBounds>;
    const isArray = (a: unknown): a is ArrayLike<number> =>
      a instanceof Float32Array ||
      a instanceof Float64Array ||
      (Array.isArray(a) && a.every((x) => typeof x === 'number'));
    if (!isArray(low) || !isArray(high) || low.length !== size || high.length !== size) {
      throw new TengymError(
        'bad-argument',
        `${id}: the engine's observationBounds(options) gave ${describeKind(given)}, expected { low, high }, ` +
          `two Float32Arrays of the ${size} floats observationSize gives`,
      );
    }
    bounds = { low: Float32Array.from(low), high: Float32Array.from(high) };
    for (let i = 0; i < size; i++) {
      if (!(bounds.low[i] <= bounds.high[i]))
        throw new TengymError(
          'bad-argument',
          `${id}: the engine's observationBounds(options) gives feature ${i} the bounds [${bounds.low[i]}, ` +
            `${bounds.high[i]}]: expected low <= high, neither NaN`,
        );
    }
  }
  if (Object.isFrozen(options)) BOUNDS.set(options, { game, bounds });
  return bounds;
}
