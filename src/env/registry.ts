/**
 * The registry (OpenSpiel style): every id is an engine plus preset options.
 * `make(id, options)` validates the merged options with the engine's zod schema;
 * `envs()` lists ids, their defaults and their option schemas.
 */
import { z } from 'zod';
import { Env, formatZodError } from './env.js';
import { TengymError, showValue } from './errors.js';
import type { AnyGame } from './game.js';
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
  const spec = envSpec(id);
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TengymError('bad-options', `bad options for ${id}: expected an object such as {} , got ${showValue(options)}`);
  }
  const parsed = spec.game.optionsSchema.safeParse({ ...spec.preset, ...(options as object) });
  if (!parsed.success) throw new TengymError('bad-options', `bad options for ${id}: ${formatZodError(parsed.error)}`);
  return parsed.data as Record<string, unknown>;
}

/** A new environment: `make('tens', { tableau: 15 })`. */
export function make(id: string, options: unknown = {}): Env {
  const spec = envSpec(id);
  return new Env(id, spec.game, resolveOptions(id, options));
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
