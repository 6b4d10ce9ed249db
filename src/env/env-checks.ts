/**
 * The checks `Env` (env.ts) runs on what it is given: its constructor's arguments and buffers, `reset`'s options,
 * an action id, and a state to load. Apart so that env.ts holds the RL contract; each says what was wrong and what
 * to give instead.
 */
import {
  TengymError,
  describeKind,
  describeNotState,
  fieldsOf,
  formatZodError,
  isPlainObject,
  showName,
  showValue,
} from './errors.js';
import type { AnyGame } from './game.js';
import { loadStateJSON } from './defaults.js';
import { envStateSchema, type EnvState, type ResetOptions } from './env-support.js';

/** `new Env`'s arguments: make checks what it passes; a call by hand gets this, not a TypeError deep in the engine. */
export function checkEnvArguments(id: unknown, game: unknown, options: unknown): void {
  let wrong: string | null = null;
  if (typeof id !== 'string') wrong = `the id ${showValue(id)}`;
  else if (game === null || typeof game !== 'object' || typeof (game as AnyGame).numActions !== 'function')
    wrong = `${describeKind(game)} as the engine`;
  else if (options === null || typeof options !== 'object') wrong = `${describeKind(options)} as the options`;
  if (wrong !== null)
    throw new TengymError(
      'bad-argument',
      `new Env takes an id, an engine and its options, got ${wrong}; use make(id, options), or make({ id, ` +
        `game, options }) for an engine of your own`,
    );
}

/** Buffers given to `new Env` must have the engine's sizes. */
export function checkBuffers(id: string, observation: Float32Array, mask: Uint8Array, size: number, n: number): void {
  if (observation.length !== size || mask.length !== n) {
    throw new TengymError(
      'bad-argument',
      `${id}: buffers of ${observation.length} observation floats and ${mask.length} mask ` +
        `entries, the engine needs ${size} and ${n}`,
    );
  }
}

/** `reset`'s options checked by hand, not with zod (reset is on the hot path of short games): the keys and the deck. */
export function checkResetArguments(opts: ResetOptions, id: string, game: AnyGame): void {
  if (!isPlainObject(opts as unknown))
    throw new TengymError('bad-argument', `reset takes { seed?, deck? }, got ${describeKind(opts)}`);
  for (const key in opts)
    if (key !== 'seed' && key !== 'deck')
      throw new TengymError('bad-argument', `reset: unknown option "${key}" (reset takes { seed?, deck? })`);
  if (opts.deck !== undefined && !game.parseDeck)
    throw new TengymError('bad-deck', `reset: ${id} takes no explicit deck (its engine has no parseDeck)`);
}

/** Why `action` is no action id of an env of `n` actions: the error to throw. */
export function actionIdError(action: unknown, call: string, id: string, n: number): TengymError {
  if (typeof action !== 'number') {
    // Ids read from a page or a file (a button's data-action, JSON text) arrive as strings.
    const text =
      typeof action === 'string' && /^\s*\d+\s*$/.test(action)
        ? ' (text from a page or a file: Number(text) makes it one)'
        : '';
    // A hint (or any move object) passed whole: its id is its .action. An object is shown once, in the call.
    const hintId =
      isPlainObject(action) && typeof (action as { action?: unknown }).action === 'number'
        ? ` (a hint's id is its .action: ${call}(hint.action))`
        : '';
    const kind =
      action == null
        ? String(action)
        : isPlainObject(action)
          ? 'an object'
          : typeof action === 'object'
            ? describeKind(action)
            : `a ${typeof action}`;
    return new TengymError(
      'bad-action',
      `${call}(${showValue(action)}): an action id is a number, not ${kind}${text}${hintId}; ${id} has ids ` +
        `0..${n - 1}`,
    );
  }
  return new TengymError('bad-action', `${call}(${showValue(action)}): not an action id; ${id} has ids 0..${n - 1}`);
}

/**
 * A `getState()` JSON checked for an env of `id`, `game` and `options`, and its engine state made fresh: a malformed or
 * foreign state is an error, and the env is left as it was.
 */
export function loadedState(
  json: unknown,
  id: string,
  game: AnyGame,
  options: object,
  undoBudget: number,
): { st: EnvState; fresh: unknown } {
  if (!isPlainObject(json))
    throw new TengymError(
      'bad-state',
      `bad state: expected a plain object { env, options, rng, undosUsed, game }, got ${describeNotState(json)}`,
    );
  const parsed = envStateSchema.safeParse(json);
  if (!parsed.success) throw new TengymError('bad-state', `bad state: ${formatZodError(parsed.error)}`);
  const st = parsed.data as EnvState;
  if (st.env !== id)
    throw new TengymError('bad-state', `bad state: it is a ${showName(st.env)} state, this env is "${id}"`);
  const opts = game.optionsSchema.safeParse(st.options);
  if (!opts.success) throw new TengymError('bad-state', `bad state options: ${formatZodError(opts.error)}`);
  if (JSON.stringify(opts.data) !== JSON.stringify(options)) {
    // Only the options that differ: the whole of both hides the one that matters among a dozen.
    const mine = fieldsOf(options);
    const theirs = fieldsOf(opts.data);
    const keys = [...new Set([...Object.keys(theirs), ...Object.keys(mine)])].filter(
      (k) => JSON.stringify(theirs[k]) !== JSON.stringify(mine[k]),
    );
    const pick = (o: Record<string, unknown>) => JSON.stringify(Object.fromEntries(keys.map((k) => [k, o[k] ?? null])));
    throw new TengymError(
      'bad-state',
      `bad state: made with options ${pick(theirs)}, this env has ${pick(mine)} (the options that differ)`,
    );
  }
  if (st.undosUsed > undoBudget) {
    throw new TengymError(
      'bad-state',
      `bad state: undosUsed is ${st.undosUsed}, but ${id} allows ` +
        (undoBudget === 0 ? 'no undo' : `${undoBudget} undos per game`),
    );
  }
  const fresh = game.createState(options);
  loadStateJSON(game, st.game, options, fresh);
  const problem = game.checkState?.(fresh, options) ?? null;
  if (problem) throw new TengymError('bad-state', `bad state: ${problem}`);
  return { st, fresh };
}
