/**
 * Deals for apps: whether a deal can be won (`isWinnable`), a deal that can (`pickDeal` with `winnable: true`), and the
 * daily deal of a date, the same everywhere (`dailySeed`). A deal is a seed: `env.reset({ seed })` deals it.
 *
 * A deal is winnable when the game's exact solver wins it seeing every card (`GameKit.solver`: the decade family's
 * `oracle`), or, in a game whose every order of moves ends the same way (`Game.sameOutcome`: Tens, Block Ten), when
 * playing it out in any order wins it. Any other game's deals are of unknown winnability (null).
 *
 * A winnable deal's difficulty (`dealDifficulty`) is its traps: the decisions on the solver's winning line where
 * another legal move would lose it. Its `level` places the deal in the easy, medium or hard third of its env id's
 * winnable deals, as the game's kit measured them.
 */
import { Env } from '../env/env.js';
import { TengymError, describeKind, isPlainObject, showValue } from '../env/errors.js';
import { unknownKey } from '../env/suggest.js';
import { sameOutcomeOf, type EnvConfig } from '../env/game.js';
import { envConfig, envLabel, optionsThatDiffer, registeredIdOf } from '../env/registry.js';
import { MAX_SEED } from '../env/rng.js';
import type { Agent } from './agent.js';
import type { DifficultyThirds } from './kit.js';
import { agentsFor, createAgent } from './index.js';
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
 * Why no deal of env is known to be winnable, where `winnableBy` gives null: "four-ten has no solver that sees every
 * card, and its moves' order matters; optimal, its ceiling, plays without seeing the stock, which decides no deal".
 */
export function whyWinnabilityUnknown(env: EnvConfig): string {
  const ceilings = agentsFor(env)
    .filter((a) => a.ceiling)
    .map((a) => a.name);
  const ceiling =
    ceilings.length === 0
      ? ''
      : `; ${ceilings.join(' and ')}, its ceiling, plays best without seeing the stock, which decides no deal`;
  return `${env.id} has no solver that plays a deal seeing every card, and its moves' order matters${ceiling}`;
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
  const kit = kitOf(env.game);
  if (by === 'solver' && kit.cannotWin?.(env) === true) return false;
  return playsToWin(env, by === 'solver' && kit.solver !== undefined ? createAgent(kit.solver, env) : null);
}

/**
 * A winnable deal's difficulty: the moves on the exact solver's winning line where another legal move would lose the
 * deal (traps), and the deal's third among its id's winnable deals by that count.
 */
export interface DealDifficulty {
  /** Decisions on the solver's line where some other legal move loses the deal (0 where no move can lose it). */
  traps: number;
  /** Decisions on the line: states with more than one legal move (0 in a game whose moves' order changes nothing). */
  decisions: number;
  /**
   * The deal's third of its id's winnable deals by traps, as the game's kit measured them
   * (`GameKit.difficultyThirds`); null where they were not measured (options other than a registered id's preset).
   */
  level: 'easy' | 'medium' | 'hard' | null;
}

/**
 * How hard the game at env's state is to win (a fresh deal: the deal), for a deal that can be won: the game's exact
 * solver plays a copy to its win and, at each decision, each other legal move is played on a copy and checked
 * (`isWinnable`); the decisions where one loses are the deal's traps. Null where the deal cannot be won or the game
 * cannot tell (`winnableBy`). A game whose moves' order changes nothing has no traps. Costs a solve per legal move
 * per decision: about 40 ms for a decade deal in Node, seconds for Pyramid's (docs/apps.md). env is left as it is.
 */
export function dealDifficulty(env: Env): DealDifficulty | null {
  if (!(env instanceof Env))
    throw new TengymError(
      'bad-argument',
      `dealDifficulty takes an env (make(id), then reset()), got ${describeKind(env)}`,
    );
  if (!env.hasStarted) throw new TengymError('not-reset', 'dealDifficulty: call reset() first');
  const by = winnableBy(env);
  if (by === null || !isWinnable(env)) return null;
  if (by === 'any-order') return { traps: 0, decisions: 0, level: levelOf(env, 0) };
  const line = env.clone();
  const solver = createAgent(kitOf(env.game).solver as string, line);
  solver.reset(0);
  let [traps, decisions] = [0, 0];
  while (line.running) {
    const legal = line.legalActions();
    if (legal.length > 1) {
      decisions++;
      const loses = (action: number) => {
        const next = line.clone();
        next.step(action);
        return next.running ? !isWinnable(next) : !next.outcome().won;
      };
      if (legal.some(loses)) traps++;
    }
    line.step(solver.act(line));
  }
  return { traps, decisions, level: levelOf(env, traps) };
}

/** The third of its id's winnable deals a count of traps falls in, where the kit measured them for these options. */
function levelOf(env: Env, traps: number): DealDifficulty['level'] {
  const thirds = difficultyThirdsOf(env);
  if (thirds === null) return null;
  return traps <= thirds.easy ? 'easy' : traps <= thirds.medium ? 'medium' : 'hard';
}

/**
 * Where env's winnable deals divide into easy, medium and hard by traps, as the game's kit measured them for a
 * registered id's preset options (decade with `fives` is decade-fives), or null where they were not measured: whether
 * `pickDeal` takes a `level` and `dealDifficulty` gives one.
 */
export function difficultyThirdsOf(env: EnvConfig): DifficultyThirds | null {
  const id = registeredIdOf(env);
  const thirds = kitOf(env.game).difficultyThirds?.[id];
  return thirds === undefined || optionsThatDiffer(envConfig(id).options, env.options).length > 0 ? null : thirds;
}

/**
 * Why `text` is not a day of the calendar as "YYYY-MM-DD" ("2026-02-30 has no day 30: February 2026 has 28"), or null
 * where it is one (years 0001 to 9999, leap years counted).
 */
export function whyNotDay(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m === null) return `"${text}" is not a day "YYYY-MM-DD"`;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1) return `${text} has no year ${m[1]}: years run from 0001 to 9999`;
  if (month < 1 || month > 12) return `${text} has no month ${m[2]}: months run from 01 to 12`;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (day < 1 || day > days) return `${text} has no day ${m[3]}: that month has days 01 to ${days}`;
  return null;
}

/**
 * The day's seed of a date, the same in every JavaScript engine: the date's UTC day as "YYYY-MM-DD" (a string given so
 * is taken as it is, once checked as a day of the calendar), and the env id where given, hashed (FNV-1a, 32 bits) into
 * a seed.
 */
export function dailySeed(date: Date | string, id = ''): number {
  let day: string;
  if (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)) {
    const why = whyNotDay(date);
    if (why !== null) throw new TengymError('bad-argument', `dailySeed takes a day of the calendar: ${why}`);
    day = date;
  } else if (date instanceof Date && !Number.isNaN(date.getTime())) day = date.toISOString().slice(0, 10);
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

/**
 * Whether the deal env holds leaves the player a move to choose before it ends: its forced moves (a single legal
 * move) are played on a copy, and the game must still be running. env is left as it is.
 */
export function leavesAChoice(env: Env): boolean {
  if (!(env instanceof Env))
    throw new TengymError(
      'bad-argument',
      `leavesAChoice takes an env (make(id), then reset()), got ${describeKind(env)}`,
    );
  if (!env.hasStarted) throw new TengymError('not-reset', 'leavesAChoice: call reset() first');
  const copy = env.clone();
  while (copy.running && copy.legalCount === 1) copy.step(copy.legal[0]);
  return copy.running;
}

/** Which deal `pickDeal` gives: from a seed or a day, winnable or not, playable or not. */
export interface DealChoice {
  /** The first seed tried (default 0): a random one for a new game, `dailySeed(date)` for the daily deal. */
  seed?: number;
  /** The day of the daily deal (`dailySeed(date, env.id)` is the first seed tried). */
  date?: Date | string;
  /** Only a deal the game can be won from (`isWinnable`); seeds are tried in turn from the first. */
  winnable?: boolean;
  /** Only a winnable deal of this third of the id's winnable deals by difficulty (`dealDifficulty`'s `level`). */
  level?: 'easy' | 'medium' | 'hard';
  /**
   * Only a deal that leaves the player a move to choose (`leavesAChoice`): forced moves alone play some deals to their
   * end (8% of decade's) before the player has done anything.
   */
  playable?: boolean;
  /**
   * Seeds tried at most, a whole number from 1 (default 1,000; for a winnable deal of a game that rules out most lost
   * deals in microseconds before its solver, `GameKit.cannotWin`, 1,000,000: one decade-max3 deal in about 7,000 can
   * be won).
   */
  tries?: number;
}

/** The keys of a `DealChoice`. */
const DEAL_CHOICE_KEYS = ['seed', 'date', 'winnable', 'level', 'playable', 'tries'] as const;

/** Throws unless `choice` is a `DealChoice`: a plain object of its keys, `seed` or `date`, `tries` whole. */
function checkDealChoice(choice: unknown): asserts choice is DealChoice {
  const takes = '{ seed?, date?, winnable?, level?, playable?, tries? }';
  if (!isPlainObject(choice))
    throw new TengymError('bad-argument', `pickDeal takes as its second argument ${takes}, got ${showValue(choice)}`);
  const unknown = unknownKey(choice, DEAL_CHOICE_KEYS, 'pickDeal key', 'pickDeal takes');
  if (unknown !== null) throw new TengymError('bad-argument', unknown);
  if (choice.seed !== undefined && choice.date !== undefined)
    throw new TengymError(
      'bad-argument',
      'pickDeal takes seed or date, not both: the daily deal of a date starts from its own seed (dailySeed)',
    );
  for (const key of ['winnable', 'playable'] as const)
    if (choice[key] !== undefined && typeof choice[key] !== 'boolean')
      throw new TengymError('bad-argument', `pickDeal: ${key} is true or false, got ${showValue(choice[key])}`);
  const { tries } = choice;
  if (tries !== undefined && !(typeof tries === 'number' && Number.isSafeInteger(tries) && tries >= 1))
    throw new TengymError(
      'bad-argument',
      `pickDeal: tries is the seeds tried at most, a whole number from 1, got ${showValue(tries)}`,
    );
}

/** The deal `pickDeal` chose: its seed, and what was asked of it (null where nothing was). */
export interface PickedDeal {
  /** Deal it with `env.reset({ seed })`. */
  seed: number;
  /** True when `winnable` or a `level` was asked (the deal can be won); null otherwise. */
  winnable: boolean | null;
  /** Its difficulty when a `level` was asked; null otherwise. */
  difficulty: DealDifficulty | null;
  /** Seeds tried. */
  tries: number;
}

/**
 * A deal for an app: from the first seed (`seed`, or the daily deal's of `date`), the first whose deal is what was
 * asked, seeds tried in turn: one that can be won (`winnable: true`; an env whose game cannot tell is refused), and of
 * the asked third by difficulty (`level`, which implies winnable; an env whose thirds were not measured is refused),
 * and that leaves the player a move to choose (`playable`). Leaves env dealt with the last seed tried.
 */
export function pickDeal(env: Env, choice: DealChoice = {}): PickedDeal {
  if (!(env instanceof Env))
    throw new TengymError('bad-argument', `pickDeal takes an env (make(id)), got ${describeKind(env)}`);
  checkDealChoice(choice);
  const first = choice.date !== undefined ? dailySeed(choice.date, env.id) : (choice.seed ?? 0);
  if (!Number.isSafeInteger(first) || first < 0 || first > MAX_SEED)
    throw new TengymError('bad-seed', `pickDeal: bad seed ${showValue(first)}`);
  const { level } = choice;
  const winnable = choice.winnable === true || level !== undefined; // a level is a winnable deal's
  const playable = choice.playable === true;
  if (!winnable && !playable) return { seed: first, winnable: null, difficulty: null, tries: 1 };
  if (winnable && winnableBy(env) === null)
    throw new TengymError('bad-argument', `pickDeal: no deal is known to be winnable: ${whyWinnabilityUnknown(env)}`);
  const never = winnable ? (env.game.unwinnable?.(env.options) ?? null) : null;
  if (never !== null) throw new TengymError('bad-options', `pickDeal: no ${env.id} deal can be won: ${never}`);
  if (level !== undefined && !['easy', 'medium', 'hard'].includes(level))
    throw new TengymError('bad-argument', `pickDeal: level is "easy", "medium" or "hard", got ${showValue(level)}`);
  if (level !== undefined && difficultyThirdsOf(env) === null)
    throw new TengymError(
      'bad-argument',
      `pickDeal: ${envLabel(env)} has no measured difficulty thirds, so no deal is known to be ${level}`,
    );
  const tries = choice.tries ?? (winnable && kitOf(env.game).cannotWin !== undefined ? 1_000_000 : 1000);
  for (let i = 0; i < tries && first + i <= MAX_SEED; i++) {
    env.reset({ seed: first + i });
    if (playable && !leavesAChoice(env)) continue; // cheap: before the solver
    if (winnable && level === undefined && !isWinnable(env)) continue;
    const difficulty = level === undefined ? null : dealDifficulty(env);
    if (level !== undefined && difficulty === null) continue;
    if (difficulty !== null && difficulty.level !== level) continue;
    return { seed: first + i, winnable: winnable ? true : null, difficulty, tries: i + 1 };
  }
  const asked = [playable ? 'playable' : '', winnable ? 'winnable' : '', level ?? ''].filter(Boolean).join(' and ');
  throw new TengymError('bad-argument', `pickDeal: no ${asked} deal among ${tries} seeds from ${first}`);
}
