/**
 * The registry (OpenSpiel style): every id is an engine plus preset options.
 * `make(id, options)` validates the merged options with the engine's zod schema;
 * `envs()` lists ids, their defaults and their option schemas.
 */
import * as z from 'zod/mini';
import { Env, engineBounds, isValidatedFor, validatedOptions } from './env.js';
import { TengymError, describeKind, formatZodError, isPlainObject, showName, showValue } from './errors.js';
import { didYouMean, schemaKeys, unknownKey } from './suggest.js';
import {
  GAME_MEMBERS,
  OPTIONAL_GAME_MEMBERS,
  type AnyGame,
  type EnvConfig,
  type GameOptions,
  type Outcome,
  type ResultField,
  type ResultFigure,
  type ResultSpec,
} from './game.js';

/**
 * The options each registered id takes, as the compiler checks them: the zod schemas' input
 * types (every option with a default is optional). Empty here: each game declares its own ids in
 * its folder (`declare module '../../env/registry.js' { interface EnvOptionsById { … } }`), as an app
 * declares a game of its own (`declare module 'tengym'`), so `make('decade', { discard: 'sometimes' })`
 * and `make('decade', { tablaeu: 13 })` do not compile.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by each game's declaration (interface merging)
export interface EnvOptionsById {}

/**
 * The outcome each registered id's games end with, where its game declares it beside its options
 * (`interface OutcomeById { decade: DecadeOutcome }`); `Outcome` for the others.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by each game's declaration (interface merging)
export interface OutcomeById {}

/** A registered env id. */
export type EnvId = keyof EnvOptionsById;

/**
 * The options `make(id, …)` and `envConfig(id, …)` take for an id: a registered id's (checked at
 * compile time); for a `string` known only at run time, anything (checked when called); for an id
 * written out that `EnvOptionsById` does not declare, none (`UndeclaredEnvId`: options there do not compile).
 */
export type EnvOptions<I extends string> = string extends I
  ? unknown
  : I extends EnvId
    ? EnvOptionsById[I]
    : UndeclaredEnvId<I>;

/**
 * The options type of an id written out that `EnvOptionsById` does not declare: a sentence, so
 * that the compiler's error on options given for it ("… is not assignable to parameter of type
 * …") says what to do: declare the id (a game registered at run time), or spell a built-in one.
 */
export type UndeclaredEnvId<I extends string> =
  `env id '${I}' is not declared in EnvOptionsById: ${DeclareId<I>} to type its options, or check the id's spelling`;

/** The declaration `UndeclaredEnvId` shows: a user's own, but for the id. */
type DeclareId<I extends string> =
  `declare module 'tengym' { interface EnvOptionsById { '${I}': z.input<typeof myOptionsSchema> } }`;

/**
 * The outcome an id's games end with (`env.outcome()`, `info.outcome`): what its game declares
 * (`OutcomeById`), else `Outcome`; `Outcome` for an id known only at run time.
 */
export type OutcomeOf<I extends string> = string extends I
  ? Outcome
  : I extends keyof OutcomeById
    ? OutcomeById[I]
    : Outcome;

/**
 * The options `new VectorEnv(id, …)`, `checkEnv`, `createAgent` and `agentsFor` take for an id: a
 * declared id's (checked at compile time, as `make` checks them); anything for another id, a
 * game registered at run time and not declared in `EnvOptionsById` included (checked when called).
 */
export type KnownEnvOptions<I extends string> = I extends EnvId ? EnvOptionsById[I] : unknown;

/** A registered env id: its title, its engine, the options it sets over the engine's defaults. */
export interface EnvSpec {
  id: string;
  /** The game's name as a player reads it (`EnvPreset.title`, default the id). */
  title: string;
  game: AnyGame;
  /** Options this id sets over the engine's defaults. */
  preset: Record<string, unknown>;
  description: string;
}

/** Every registered id, in the order games registered them (src/games/index.ts's, then the app's). */
const SPECS: EnvSpec[] = [];

const BY_ID = new Map(SPECS.map((s) => [s.id, s]));
/**
 * The ids every thread knows: those of the games shipped with tengym, which every thread registers
 * by importing src/games/index.ts; a game registered at run time exists only in the thread that
 * registered it.
 */
const BUILT_IN = new Set<string>();

/**
 * Whether `id` is one of tengym's own ids, known in every thread (worker threads included), not one registered at run
 * time.
 */
export function isBuiltInEnv(id: string): boolean {
  return BUILT_IN.has(id);
}

/** An id a game is registered under: its options over the engine's defaults, and a line about it. */
export interface EnvPreset {
  id: string;
  /** The game's name as a player reads it ("Decade on a loop"); default: the id. */
  title?: string;
  /** Options this id sets over the engine's defaults (default: none). */
  preset?: Record<string, unknown>;
  description: string;
}

const ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** What is wrong with a game's result declaration, or null: the fields, figures and comparison its reports read. */
function resultProblem(result: unknown): string | null {
  if (!isPlainObject(result)) return `must be an object { fields, figures, compare }, got ${showValue(result)}`;
  const r = result as Partial<ResultSpec>;
  const isField = (f: unknown): f is ResultField =>
    isPlainObject(f) && typeof f.key === 'string' && typeof f.label === 'string';
  if (!Array.isArray(r.fields) || !r.fields.every(isField)) return 'fields must be a list of { key, label }';
  if (
    r.counters !== undefined &&
    !(
      Array.isArray(r.counters) &&
      r.counters.every((c) => isField(c) && typeof (c as { count?: unknown }).count === 'function')
    )
  )
    return 'counters, where given, must be a list of { key, label, count(before, after) }';
  const keys = new Set([...r.fields, ...(r.counters ?? [])].map((f) => f.key));
  if (!Array.isArray(r.figures)) return 'figures must be a list';
  for (const f of r.figures) {
    const of = isPlainObject(f) ? (f as unknown as ResultFigure).of : undefined;
    const named = of === undefined ? [] : 'mean' in of ? [of.mean] : 'median' in of ? [of.median] : of.ratio;
    if (!isPlainObject(f) || typeof f.key !== 'string' || named.length === 0 || !named.every((k) => keys.has(k)))
      return (
        `figure ${showValue(f)} must be { key, label, of: { mean | median: field ` +
        `} or { ratio: [field, field] }, digits } of the fields`
      );
  }
  const c = r.compare;
  if (
    !isPlainObject(c) ||
    !keys.has(c!.field) ||
    !['all', 'won-by-both'].includes(c!.over) ||
    !['lower', 'higher'].includes(c!.better)
  )
    return "compare must be { field (one of the fields), over: 'all' | 'won-by-both', better: 'lower' | 'higher' }";
  if (r.curve !== undefined && !r.figures.some((f) => f.key === r.curve))
    return `curve must be one of the figures' keys`;
  return null;
}

/** Why `game` is not a complete game (the first member missing or of the wrong kind, and what it is for), or null. */
function gameProblem(game: unknown): string | null {
  if (game === null || typeof game !== 'object')
    return `a game is an object of the members game.ts lists, got ${showValue(game)}`;
  const named =
    typeof (game as { name?: unknown }).name === 'string' ? `game '${(game as { name: string }).name}'` : 'the game';
  for (const { name, kind, what } of GAME_MEMBERS) {
    const value: unknown = Reflect.get(game, name);
    if (value === undefined) return `${named} has no ${name}: ${what}`;
    if (typeof value !== kind || value === null)
      return `${named}: ${name} must be ${kind === 'object' ? 'an' : 'a'} ${kind} (${what}), got ${showValue(value)}`;
  }
  const g = game as Partial<AnyGame>;
  // Met later as a TypeError at make(), or as figures reported as 0: said here, where the game is given.
  if (typeof (g.optionsSchema as { safeParse?: unknown }).safeParse !== 'function')
    return (
      `${named}: optionsSchema must be a zod schema (z.strictObject({ … }), zod 4), got an object without ` +
      `safeParse`
    );
  const result = resultProblem(g.result);
  if (result !== null) return `${named}: result ${result} (a ResultSpec; CARDS_LEFT_RESULT for cards left)`;
  for (const name of OPTIONAL_GAME_MEMBERS) {
    const value = g[name];
    const ok =
      value === undefined || typeof value === 'function' || (name === 'sameOutcome' && typeof value === 'boolean');
    const kind =
      name === 'sameOutcome'
        ? 'a boolean or a function of the options (whether every order of moves reaches the same end)'
        : 'a function';
    if (!ok) return `${named}: ${name}, where a game has it, must be ${kind}, got ${showValue(value)}`;
  }
  if (g.rules !== undefined && (typeof g.rules !== 'string' || g.rules.trim() === ''))
    return `${named}: rules, where a game has them, must be its rules as Markdown text, got ${showValue(g.rules)}`;
  return null;
}

/**
 * Adds a game to the registry under one or more ids, for `make`, `envs`, the checker, the
 * agent catalogue (`random`, `first`), hints, `tengym replay` and the play page's board. Checks
 * that the game has every member game.ts requires and that each preset's options parse;
 * refuses with a TengymError naming what is missing or wrong. Returns the configs of its ids.
 */
export function registerGame(
  game: AnyGame,
  presets: readonly EnvPreset[],
  options: { shipped?: boolean } = {},
): EnvConfig[] {
  const problem = gameProblem(game);
  if (problem) throw new TengymError('bad-argument', `registerGame: ${problem}`);
  if (!Array.isArray(presets) || presets.length === 0)
    throw new TengymError(
      'bad-argument',
      `registerGame: game '${game.name}' needs at least one id, as [{ id, description, preset? }]`,
    );
  const specs: EnvSpec[] = [];
  for (const p of presets) {
    if (typeof p?.id !== 'string' || !ID_PATTERN.test(p.id))
      throw new TengymError(
        'bad-argument',
        `registerGame: an id is lowercase words joined by '-' ("my-game"), got ${showValue(p?.id)}`,
      );
    if (BY_ID.has(p.id) || specs.some((s) => s.id === p.id))
      throw new TengymError(
        'bad-argument',
        `registerGame: "${p.id}" is already registered; registered ids: ${envIds().join(', ')}`,
      );
    if (typeof p.description !== 'string' || p.description === '')
      throw new TengymError(
        'bad-argument',
        `registerGame: "${p.id}" has no description: a line about the game for \`tengym envs\``,
      );
    const preset = p.preset ?? {};
    const parsed = game.optionsSchema.safeParse(preset);
    if (!parsed.success) {
      // No preset given: the schema itself has an option without a default.
      const what =
        p.preset === undefined || Object.keys(preset).length === 0
          ? `the options schema of ${p.id} (no preset given) does not parse {}: every option needs a default ` +
            `(.default(…)), or the preset a value for it`
          : `bad preset for ${p.id}`;
      throw new TengymError('bad-options', `registerGame: ${what}: ${formatZodError(parsed.error)}`);
    }
    try {
      engineBounds(p.id, game, parsed.data as object);
    } catch (e) {
      if (e instanceof TengymError) throw new TengymError(e.code, `registerGame: ${e.message}`);
      throw e;
    }
    if (p.title !== undefined && (typeof p.title !== 'string' || p.title.trim() === ''))
      throw new TengymError(
        'bad-argument',
        `registerGame: "${p.id}"'s title is its name for a player, a string, got ${showValue(p.title)}`,
      );
    specs.push({ id: p.id, title: p.title ?? p.id, game, preset, description: p.description });
  }
  for (const spec of specs) {
    SPECS.push(spec);
    BY_ID.set(spec.id, spec);
    if (options.shipped === true) BUILT_IN.add(spec.id);
  }
  return specs.map((s) => envConfig(s.id));
}

/** Every registered env id, in the order `envs()` lists them. */
export function envIds(): string[] {
  return SPECS.map((s) => s.id);
}

/** The registration of an env id; a `TengymError` ('unknown-env') naming the ids there are, for another. */
export function envSpec(id: string): EnvSpec {
  const spec = BY_ID.get(id);
  if (!spec)
    throw new TengymError(
      'unknown-env',
      `unknown env ${showName(String(id))}${didYouMean(String(id), envIds())}; registered ids: ${envIds().join(', ')}`,
    );
  return spec;
}

/** Validated options of `id` with `options` over its preset; errors name the field and what it allows. */
export function resolveOptions(id: string, options: unknown = {}): Record<string, unknown> {
  return envConfig(id, options).options;
}

/**
 * The env config of `id` with `options` over its preset: its engine and its options, validated
 * here, once; errors name the field and what it allows. What presets, algorithms, `VectorEnv`,
 * agents and `make` take.
 */
export function envConfig<I extends string>(id: I, options?: EnvOptions<I>): EnvConfig;
export function envConfig(id: string, options: unknown = {}): EnvConfig {
  if (typeof id !== 'string')
    throw new TengymError('unknown-env', `an env id is a string, one of ${envIds().join(', ')}; got ${showValue(id)}`);
  const spec = envSpec(id);
  if (!isPlainObject(options)) {
    throw new TengymError(
      'bad-options',
      `bad options for ${id}: expected a plain object such as {}, got ${describeKind(options)}`,
    );
  }
  const unknown = unknownOptionKey(spec, options as object);
  if (unknown !== null) throw new TengymError('bad-options', unknown);
  return configOf(spec.id, spec.game, validatedOptions(id, spec.game, { ...spec.preset, ...(options as object) }));
}

/**
 * A config: its JSON is its id and options. Its engine is code, and the engine's own
 * `toJSON(state, options)` would otherwise be taken for `JSON.stringify`'s hook (and fail).
 */
function configOf(id: string, game: AnyGame, options: GameOptions): EnvConfig {
  return Object.defineProperty({ id, game, options }, 'toJSON', { value: configJSON });
}

function configJSON(this: EnvConfig): { id: string; options: Readonly<Record<string, unknown>> } {
  return { id: this.id, options: this.options };
}

/**
 * Options that change only what an env pays (each game's `reward`, the training reward), not the
 * game: a model plays the same moves whatever they are.
 */
const PAY_ONLY_OPTIONS: readonly string[] = ['reward'];

/**
 * The options, the training reward aside, whose values differ between two option sets of one game (none: they play the
 * same game).
 */
export function optionsThatDiffer(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const game = (options: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(options).filter(([key]) => !PAY_ONLY_OPTIONS.includes(key)));
  const [x, y] = [game(a), game(b)];
  return [...new Set([...Object.keys(x), ...Object.keys(y)])].filter(
    (key) => JSON.stringify(x[key]) !== JSON.stringify(y[key]),
  );
}

/** An env as a person reads it: its id, and the options (the reward aside) where they are not the id's preset. */
export function envLabel(env: EnvConfig): string {
  const differ = optionsThatDiffer(env.options, envConfig(env.id).options);
  return differ.length === 0
    ? env.id
    : `${env.id} ` + JSON.stringify(Object.fromEntries(differ.map((key) => [key, env.options[key]])));
}

/**
 * The registered id whose preset is the game `env` plays (the same engine and options, the
 * reward aside): its own id when its preset is, else the first such id (`decade` with
 * `{ fives: true }` is `decade-fives`), else its own. What is measured and shipped per id (the
 * shipped model, the hint source) is looked up under it.
 */
export function registeredIdOf(env: EnvConfig): string {
  const ids = [env.id, ...envIds().filter((id) => id !== env.id)];
  return (
    ids.find(
      (id) => BY_ID.get(id)?.game === env.game && optionsThatDiffer(envConfig(id).options, env.options).length === 0,
    ) ?? env.id
  );
}

/**
 * `value` as a config `make` and `VectorEnv` can trust: a config from `envConfig` (or an `Env`
 * made from one) as it is; any other object with an env id has its options validated again
 * (an engine of one's own, as `{ id, game, options }`, against that engine's schema). `caller`
 * names the entry point in errors.
 */
export function checkedEnvConfig(value: unknown, caller: string): EnvConfig {
  const usage = `${caller} takes an env id (${envIds().join(', ')}) or a config made by envConfig(id, options)`;
  if (value === null || typeof value !== 'object')
    throw new TengymError('bad-argument', `${usage}, got ${showValue(value)}`);
  const { id, game, options } = value as Partial<EnvConfig>;
  if (typeof id !== 'string')
    throw new TengymError('bad-argument', `${usage}, got ${describeKind(value)} whose id is ${showValue(id)}`);
  const spec = BY_ID.get(id);
  if (game === undefined || game === spec?.game) {
    // `make` and `VectorEnv` take a config holding options validated for the engine as it is.
    if (spec && game !== undefined && isValidatedFor(game, options)) return configOf(id, game, options);
    return envConfig(id, options ?? {});
  }
  if (SPECS.some((s) => s.game === game))
    throw new TengymError(
      'bad-argument',
      `${caller}: the config's engine is ${game.name}'s, env "${id}" is ` +
        (spec ? `${spec.game.name}'s` : 'not registered'),
    );
  if (
    game === null ||
    typeof game !== 'object' ||
    typeof (game.optionsSchema as { safeParse?: unknown } | undefined)?.safeParse !== 'function' ||
    typeof game.createState !== 'function'
  ) {
    throw new TengymError(
      'bad-argument',
      `${caller}: the config's game is not an engine (a Game with ` +
        `optionsSchema, createState, step, …), got ${describeKind(game)}`,
    );
  }
  if (!isPlainObject(options))
    throw new TengymError(
      'bad-options',
      `bad options for ${id}: expected a plain object, got ${describeKind(options)}`,
    );
  return configOf(id, game, validatedOptions(id, game, options));
}

/**
 * The error for the first option `options` names that the id does not have (with the closest name and the valid ones),
 * or null.
 */
function unknownOptionKey(spec: EnvSpec, options: object): string | null {
  const unknown = unknownKey(options, schemaKeys(spec.game.optionsSchema), 'option', 'its options');
  return unknown === null ? null : `bad options for ${spec.id}: ${unknown}`;
}

/**
 * A new environment: `make('tens', { tableau: 15 })`, or `make(config)` for a config made by
 * `envConfig`. A registered id's options are type-checked (`EnvOptionsById`); an id held in a
 * `string` is checked when called; options for an id written out but not declared do not compile.
 */
export function make(config: EnvConfig): Env;
export function make<I extends string>(id: I, options?: EnvOptions<I>): Env<Record<string, unknown>, OutcomeOf<I>>;
export function make(id: string | EnvConfig, options?: unknown): Env {
  // A config holds its options: others given beside it would be dropped unseen. Anything but an
  // object (an id read from a missing URL parameter) is said as what make takes first.
  if (id !== null && typeof id === 'object' && options !== undefined) {
    throw new TengymError(
      'bad-argument',
      `make(config) takes no options: a config holds its own, and envConfig(id, options) or make(id, options) ` +
        `sets them; got ${describeKind(options)} beside it`,
    );
  }
  const config = typeof id === 'string' ? envConfig(id, options ?? {}) : checkedEnvConfig(id, 'make');
  return new Env(config.id, config.game, config.options);
}

/** An env id as `envs()` lists it: its options with their defaults and JSON Schema, its sizes and its result. */
export interface EnvListing {
  id: string;
  /** The game's name as a player reads it. */
  title: string;
  /**
   * What its result is measured by besides the win (`Game.result`, as JSON: its counters without their code),
   * which a report's figures and a per-deal record follow.
   */
  result: ResultListing;
  engine: string;
  description: string;
  /** Every option with the value this id uses by default. */
  defaults: Record<string, unknown>;
  /** The options' JSON Schema (from the zod schema), each option's `default` this id's. */
  optionsSchema: unknown;
  actions: number;
  observationSize: number;
}

/** A game's result declaration as JSON: its fields, counters (by key and label), figures, comparison and curve. */
export interface ResultListing {
  fields: ResultField[];
  counters: ResultField[];
  figures: ResultFigure[];
  compare: ResultSpec['compare'];
  curve: string | null;
}

function resultListing(result: ResultSpec): ResultListing {
  return {
    fields: result.fields.map(({ key, label }) => ({ key, label })),
    counters: (result.counters ?? []).map(({ key, label }) => ({ key, label })),
    figures: result.figures.map((f) => ({ ...f })),
    compare: { ...result.compare },
    curve: result.curve ?? null,
  };
}

/**
 * A preset's defaults in its engine's schema: a form built from the schema makes this id, not the engine's base game.
 */
function withDefaults(
  schema: z.core.JSONSchema.BaseSchema,
  defaults: Record<string, unknown>,
): z.core.JSONSchema.BaseSchema {
  const properties = schema.properties ?? {};
  for (const [key, value] of Object.entries(defaults)) {
    const property = properties[key];
    if (typeof property === 'object') property.default = value;
  }
  return schema;
}

/**
 * An engine's options as JSON Schema. A game registered at run time may use what JSON Schema cannot
 * spell (`z.custom`, a date, a bigint): such an option is shown as `{}` (any value), and a schema
 * zod cannot convert at all as its option names alone, so that `envs()` lists every id whatever
 * one game's schema holds.
 */
function optionsJsonSchema(game: AnyGame): z.core.JSONSchema.BaseSchema {
  try {
    return z.toJSONSchema(game.optionsSchema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return { type: 'object', properties: Object.fromEntries(schemaKeys(game.optionsSchema).map((key) => [key, {}])) };
  }
}

/** Every registered env id with its options, defaults, JSON Schemas and sizes (`tengym envs`). */
export function envs(): EnvListing[] {
  return SPECS.map((s) => {
    const defaults = resolveOptions(s.id, {});
    return {
      id: s.id,
      title: s.title,
      result: resultListing(s.game.result),
      engine: s.game.name,
      description: s.description,
      defaults,
      optionsSchema: withDefaults(optionsJsonSchema(s.game), defaults),
      actions: s.game.numActions(defaults),
      observationSize: s.game.observationSize(defaults),
    };
  });
}
