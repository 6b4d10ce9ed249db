/**
 * Deals for apps: whether a deal can be won (`isWinnable`), a deal that can (`pickDeal` with `winnable: true`), and the
 * daily deal of a date, the same everywhere (`dailySeed`). A deal is a seed: `env.reset({ seed })` deals it.
 *
 * A deal is winnable when the game's exact solver wins it seeing every card (`GameKit.solver`: the decade family's
 * `oracle`), or, in a game whose every order of moves ends the same way (`Game.sameOutcome`: Tens, Block Ten), when
 * playing it out in any order wins it. Any other game's deals are of unknown winnability (null).
 */
import { Env } from '../env/env.js';
import { TengymError, describeKind, showValue } from '../env/errors.js';
import { sameOutcomeOf, type EnvConfig } from '../env/game.js';
import { MAX_SEED } from '../env/rng.js';
import type { Agent } from './agent.js';
import { createAgent } from './index.js';
import { kitOf } from './modules.js';

/** Plays env (a copy) to its end with `agent` (null: the first legal move); whether it is won. */
function playsToWin(env: Env, agent: Agent | null): boolean {
  const copy = env.clone();
  agent?.reset(0);
  while (copy.running) copy.step(agent === null ? copy.legal[0] : agent.act(copy));
  return copy.outcome().won;
}

/** How a deal of this env is decided: by playing it in any order, by its solver, or not at all. */
export function winnableBy(env: EnvConfig): 'any-order' | 'solver' | null {
  if (sameOutcomeOf(env.game, env.options)) return 'any-order';
  const solver = kitOf(env.game).solver;
  if (solver === undefined) return null;
  try {
    createAgent(solver, env);
    return 'solver';
  } catch {
    return null; // the solver does not play these options
  }
}

/**
 * Whether the game at env's state can still be won (a fresh deal: whether the deal can): decided by playing a copy
 * (env is left as it is); null where the game has no way to tell.
 */
export function isWinnable(env: Env): boolean | null {
  if (!(env instanceof Env))
    throw new TengymError('bad-argument', `isWinnable takes an env (make(id), then reset()), got ${describeKind(env)}`);
  if (!env.hasStarted) throw new TengymError('not-reset', 'isWinnable: call reset() first');
  const by = winnableBy(env);
  if (by === null) return null;
  if (!env.running) return env.outcome().won;
  const solver = kitOf(env.game).solver;
  return playsToWin(env, by === 'solver' && solver !== undefined ? createAgent(solver, env) : null);
}

/**
 * The day's seed of a date, the same in every JavaScript engine: the date's UTC day as "YYYY-MM-DD" (a string given so
 * is taken as it is), and the env id where given, hashed (FNV-1a, 32 bits) into a seed.
 */
export function dailySeed(date: Date | string, id = ''): number {
  let day: string;
  if (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)) day = date;
  else if (date instanceof Date && !Number.isNaN(date.getTime())) day = date.toISOString().slice(0, 10);
  else
    throw new TengymError(
      'bad-argument',
      `dailySeed takes a Date or a day "YYYY-MM-DD", got ${showValue(date as unknown)}`,
    );
  let h = 0x811c9dc5;
  const text = `${day}|${id}`;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Which deal `pickDeal` gives: from a seed or a day, winnable or not. */
export interface DealChoice {
  /** The first seed tried (default 0): a random one for a new game, `dailySeed(date)` for the daily deal. */
  seed?: number;
  /** The day of the daily deal (`dailySeed(date, env.id)` is the first seed tried). */
  date?: Date | string;
  /** Only a deal the game can be won from (`isWinnable`); seeds are tried in turn from the first. */
  winnable?: boolean;
  /** Seeds tried at most (default 1,000). */
  tries?: number;
}

/**
 * A deal for an app: the seed (deal it with `env.reset({ seed })`), whether it can be won (null: not asked or not
 * known), and how many seeds were tried. With `winnable: true`, the first seed from the first one tried whose deal can
 * be won; an env whose game cannot tell is refused.
 */
export function pickDeal(env: Env, choice: DealChoice = {}): { seed: number; winnable: boolean | null; tries: number } {
  if (!(env instanceof Env))
    throw new TengymError('bad-argument', `pickDeal takes an env (make(id)), got ${describeKind(env)}`);
  const first = choice.date !== undefined ? dailySeed(choice.date, env.id) : (choice.seed ?? 0);
  if (!Number.isSafeInteger(first) || first < 0 || first > MAX_SEED)
    throw new TengymError('bad-seed', `pickDeal: bad seed ${showValue(first)}`);
  if (!choice.winnable) return { seed: first, winnable: null, tries: 1 };
  if (winnableBy(env) === null)
    throw new TengymError(
      'bad-argument',
      `pickDeal: ${env.id} has no exact solver and its moves' order matters, so no deal is known to be winnable`,
    );
  const never = env.game.unwinnable?.(env.options) ?? null;
  if (never !== null) throw new TengymError('bad-options', `pickDeal: no ${env.id} deal can be won: ${never}`);
  const tries = choice.tries ?? 1000;
  for (let i = 0; i < tries; i++) {
    env.reset({ seed: first + i });
    if (isWinnable(env)) return { seed: first + i, winnable: true, tries: i + 1 };
  }
  throw new TengymError('bad-argument', `pickDeal: no winnable deal among ${tries} seeds from ${first}`);
}
