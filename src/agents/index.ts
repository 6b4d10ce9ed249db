/**
 * The agent catalogue: which agents exist for which env, and how to make one.
 * `tengym agents --env ID` lists it; `tengym eval --agents a,b` draws from it.
 */
import { TengymError } from '../env/errors.js';
import type { EnvConfig } from '../env/game.js';
import { checkedEnvConfig, envConfig, type KnownEnvOptions } from '../env/registry.js';
import type { Agent, AgentInfo, AgentSpec } from './agent.js';
import { FirstAgent, RandomAgent } from './basic.js';
import type { AgentLadder } from './kit.js';
import { kitOf } from './modules.js';

export type { AgentSpec } from './agent.js';

/** What every game has, whatever its kit (kits.ts) adds. */
const BASIC = [
  {
    name: 'random',
    description: 'uniformly random legal action (seeded)',
    fair: true,
    create: () => new RandomAgent(),
  },
  { name: 'first', description: 'the lowest legal action id', fair: true, create: () => new FirstAgent() },
] as const;

/**
 * An env config from an id (with options) or a config already made (validated as `make` validates it); `caller` names
 * the entry point in errors.
 */
function configOf(env: string | EnvConfig, options: unknown, caller: string): EnvConfig {
  return typeof env === 'string' ? envConfig(env, options) : checkedEnvConfig(env, caller);
}

/** The catalogue entries that play this env (its engine, and these options where an entry says). */
function specsFor(config: EnvConfig): AgentSpec[] {
  const own = (kitOf(config.game).agents ?? []).filter(
    (s) => s.games.includes(config.game) && (s.plays?.(config) ?? true),
  );
  return [...BASIC.map((s) => ({ ...s, games: [config.game] })), ...own];
}

/** The agents of an env: `agentsFor('decade')`, or `agentsFor(config)`. */
export function agentsFor<I extends string>(env: I | EnvConfig, options?: KnownEnvOptions<I>): AgentInfo[];
export function agentsFor(env: string | EnvConfig, options: unknown = {}): AgentInfo[] {
  return specsFor(configOf(env, options, 'agentsFor')).map(({ name, description, fair, ceiling }) =>
    ceiling ? { name, description, fair, ceiling } : { name, description, fair },
  );
}

/**
 * The catalogue name of the env's best simple heuristic (its kit's `simpleBaseline`, where it plays these options),
 * else `first`.
 */
export function simpleBaseline(env: EnvConfig): string {
  const name = kitOf(env.game).simpleBaseline;
  return name !== undefined && specsFor(env).some((s) => s.name === name) ? name : 'first';
}

/**
 * The measured win rates of the env's agents (its kit's ladder for the id), where the env has the id's default
 * options: the ladder was measured with those. Null where none was.
 */
export function agentLadder(env: EnvConfig): AgentLadder | null {
  const ladder = kitOf(env.game).ladders?.[env.id];
  if (ladder === undefined) return null;
  return JSON.stringify(env.options) === JSON.stringify(envConfig(env.id).options) ? ladder : null;
}

/**
 * What the first move of the catalogue agent `name` does for minutes before it answers on this env, or null (quick, or
 * no such agent).
 */
export function slowFirstMove(name: string, env: EnvConfig): string | null {
  return (
    specsFor(env)
      .find((s) => s.name === name)
      ?.slowFirstMove?.(env) ?? null
  );
}

/** A catalogue agent for an env: `createAgent('longest', 'decade', options)`, or `createAgent(name, config)`. */
export function createAgent<I extends string>(name: string, env: I | EnvConfig, options?: KnownEnvOptions<I>): Agent;
export function createAgent(name: string, env: string | EnvConfig, options: unknown = {}): Agent {
  const config = configOf(env, options, 'createAgent');
  const spec = specsFor(config).find((s) => s.name === name);
  if (!spec) {
    throw new TengymError(
      'bad-argument',
      `unknown agent "${name}" for ${config.id}; agents for ${config.id}: ${agentsFor(config)
        .map((a) => a.name)
        .join(', ')}`,
    );
  }
  return spec.create(config);
}
