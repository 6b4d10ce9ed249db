/**
 * The registry (OpenSpiel style): every id is an engine plus preset options.
 * `make(id, options)` validates the merged options with the engine's zod schema;
 * `envs()` lists ids, their defaults and their option schemas.
 */
import { z } from 'zod';
import { Env } from './env.js';
import { TengymError, describeKind, formatZodError, isPlainObject, showValue } from './errors.js';
import type { AnyGame, EnvConfig } from './game.js';
import { tensGame } from './games/tens.js';
import { blockTenGame } from './games/block-ten.js';
import { decadeGame } from './games/decade.js';
import { fourTenGame } from './games/four-ten.js';

export interface EnvSpec {
  id: string;
  game: AnyGame;
  /** Options this id sets over the engine's defaults. */
  preset: Record<string, unknown>;
  description: string;
}

const SPECS: readonly EnvSpec[] = [
  { id: 'tens', game: tensGame, preset: {}, description: 'Tens: remove pairs summing to 10 and quartets of 10/J/Q/K from a 13- or 15-card tableau' },
  { id: 'block-ten', game: blockTenGame, preset: {}, description: 'Block Ten: 3×3 tableau, pairs summing to 10 or matching J/Q/K; tens block their slot' },
  { id: 'decade', game: decadeGame, preset: {}, description: 'Decade: discard runs of consecutive cards totalling 10, 20 or 30 from a line; forced discards' },
  { id: 'decade-optional', game: decadeGame, preset: { discard: 'optional' }, description: 'Decade, discarding optional: the player may draw instead' },
  { id: 'decade-max3', game: decadeGame, preset: { maxRun: 3 }, description: 'Decade, runs of at most three cards' },
  { id: 'decade-loop', game: decadeGame, preset: { loop: true, maxRun: 3 }, description: 'Decade on a loop: runs of at most three may wrap and must include the last card' },
  { id: 'decade-fives', game: decadeGame, preset: { fives: true }, description: 'Decade where totals 5, 15, 25 and 35 also discard' },
  { id: 'decade-stacks', game: decadeGame, preset: { stacks: 7 }, description: 'Decade on seven stacks dealt in rotation' },
  {
    id: 'ten-twenty-thirty',
    game: decadeGame,
    preset: { stacks: 7, loop: true, minRun: 3, maxRun: 3, pickedUp: 'deck-bottom' },
    description: 'Ten-Twenty-Thirty: seven piles, three cards from the ends, picked-up cards go under the stock',
  },
  { id: 'four-ten', game: fourTenGame, preset: {}, description: 'Four Ten (rules by Jeremiah Sanders, CC BY-NC-SA 4.0): build Hand to 10 between Home and Shadow, 50 points wins' },
];

const BY_ID = new Map(SPECS.map((s) => [s.id, s]));

export function envIds(): string[] {
  return SPECS.map((s) => s.id);
}

export function envSpec(id: string): EnvSpec {
  const spec = BY_ID.get(id);
  if (!spec) throw new TengymError('unknown-env', `unknown env "${id}"; registered ids: ${envIds().join(', ')}`);
  return spec;
}

/** Validated options of `id` with `options` over its preset; errors name the field and what it allows. */
export function resolveOptions(id: string, options: unknown = {}): Record<string, unknown> {
  return envConfig(id, options).options;
}

/**
 * Options objects validated here (frozen, so they stay valid): `make` and `VectorEnv` take a
 * config holding one as it is, and validate any other config again.
 */
const VALIDATED = new WeakSet<object>();

/**
 * The env config of `id` with `options` over its preset: its engine and its options, validated
 * here, once; errors name the field and what it allows. What presets, algorithms, `VectorEnv`,
 * agents and `make` take.
 */
export function envConfig(id: string, options: unknown = {}): EnvConfig {
  if (typeof id !== 'string') throw new TengymError('unknown-env', `an env id is a string, one of ${envIds().join(', ')}; got ${showValue(id)}`);
  const spec = envSpec(id);
  if (!isPlainObject(options)) {
    throw new TengymError('bad-options', `bad options for ${id}: expected a plain object such as {}, got ${describeKind(options)}`);
  }
  const parsed = spec.game.optionsSchema.safeParse({ ...spec.preset, ...options });
  if (!parsed.success) throw new TengymError('bad-options', `bad options for ${id}: ${formatZodError(parsed.error)}`);
  const validated = Object.freeze(parsed.data as Record<string, unknown>);
  VALIDATED.add(validated);
  return { id: spec.id, game: spec.game, options: validated };
}

/**
 * `value` as a config `make` and `VectorEnv` can trust: a config from `envConfig` (or an `Env`
 * made from one) as it is; any other object with an env id has its options validated again
 * (an engine of one's own, as `{ id, game, options }`, against that engine's schema). `caller`
 * names the entry point in errors.
 */
export function checkedEnvConfig(value: unknown, caller: string): EnvConfig {
  const usage = `${caller} takes an env id (${envIds().join(', ')}) or a config made by envConfig(id, options)`;
  if (value === null || typeof value !== 'object') throw new TengymError('bad-argument', `${usage}, got ${showValue(value)}`);
  const { id, game, options } = value as Partial<EnvConfig>;
  if (typeof id !== 'string') throw new TengymError('bad-argument', `${usage}, got ${describeKind(value)} whose id is ${showValue(id)}`);
  const spec = BY_ID.get(id);
  if (game === undefined || game === spec?.game) {
    if (spec && game !== undefined && options !== null && typeof options === 'object' && VALIDATED.has(options)) return { id, game, options };
    return envConfig(id, options ?? {});
  }
  if (SPECS.some((s) => s.game === game)) throw new TengymError('bad-argument', `${caller}: the config's engine is ${game.name}'s, env "${id}" is ${spec ? `${spec.game.name}'s` : 'not registered'}`);
  if (game === null || typeof game !== 'object' || typeof game.optionsSchema?.safeParse !== 'function' || typeof game.createState !== 'function') {
    throw new TengymError('bad-argument', `${caller}: the config's game is not an engine (a Game with optionsSchema, createState, step, …), got ${describeKind(game)}`);
  }
  if (!isPlainObject(options)) throw new TengymError('bad-options', `bad options for ${id}: expected a plain object, got ${describeKind(options)}`);
  const parsed = game.optionsSchema.safeParse(options);
  if (!parsed.success) throw new TengymError('bad-options', `bad options for ${id}: ${formatZodError(parsed.error)}`);
  return { id, game, options: Object.freeze(parsed.data as Record<string, unknown>) };
}

/** A new environment: `make('tens', { tableau: 15 })`, or `make(config)` for a config made by `envConfig`. */
export function make(id: string | EnvConfig, options: unknown = {}): Env {
  const config = typeof id === 'string' ? envConfig(id, options) : checkedEnvConfig(id, 'make');
  return new Env(config.id, config.game, config.options);
}

export interface EnvListing {
  id: string;
  engine: string;
  description: string;
  /** Every option with the value this id uses by default. */
  defaults: Record<string, unknown>;
  /** The options' JSON Schema (from the zod schema). */
  optionsSchema: unknown;
  actions: number;
  observationSize: number;
}

export function envs(): EnvListing[] {
  return SPECS.map((s) => {
    const defaults = resolveOptions(s.id, {});
    return {
      id: s.id,
      engine: s.game.name,
      description: s.description,
      defaults,
      optionsSchema: z.toJSONSchema(s.game.optionsSchema, { io: 'input' }),
      actions: s.game.numActions(defaults),
      observationSize: s.game.observationSize(defaults),
    };
  });
}
