/**
 * The agent catalogue: which agents exist for which env, and how to make one.
 * `tengym agents --env ID` lists it; `tengym eval --agents a,b` draws from it.
 */
import { envSpec } from '../env/registry.js';
import { TengymError } from '../env/errors.js';
import type { Agent, AgentInfo } from './agent.js';
import { FirstAgent, RandomAgent } from './basic.js';
import { DECADE_AGENTS } from './decade/index.js';
import { FOUR_TEN_AGENTS } from './four-ten/index.js';
import { OPTIMAL_AGENTS } from './four-ten-solver/index.js';

export interface AgentSpec extends AgentInfo {
  /** Engines this agent plays. */
  engines: readonly string[];
  create(envId: string, options: Record<string, unknown>): Agent;
}

const ALL = ['tens', 'block-ten', 'decade', 'four-ten'] as const;

const SPECS: readonly AgentSpec[] = [
  { name: 'random', description: 'uniformly random legal action (seeded)', fair: true, engines: ALL, create: () => new RandomAgent() },
  { name: 'first', description: 'the lowest legal action id', fair: true, engines: ALL, create: () => new FirstAgent() },
  ...DECADE_AGENTS,
  ...FOUR_TEN_AGENTS,
  ...OPTIMAL_AGENTS,
];

export function agentsFor(envId: string): AgentInfo[] {
  const engine = envSpec(envId).game.name;
  return SPECS.filter((s) => s.engines.includes(engine)).map(({ name, description, fair, ceiling }) => (ceiling ? { name, description, fair, ceiling } : { name, description, fair }));
}

export function createAgent(name: string, envId: string, options: Record<string, unknown>): Agent {
  const engine = envSpec(envId).game.name;
  const spec = SPECS.find((s) => s.name === name && s.engines.includes(engine));
  if (!spec) {
    throw new TengymError('bad-argument', `unknown agent "${name}" for ${envId}; agents for ${envId}: ${agentsFor(envId).map((a) => a.name).join(', ')}`);
  }
  return spec.create(envId, options);
}
