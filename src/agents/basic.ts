/**
 * The simplest agents, which need nothing but the legal-move list (boardgame.io
 * style): `random` picks uniformly with its own seeded generator, `first` takes the
 * lowest legal id. Every env has both.
 */
import { validateSeed, type Env } from '../env/env.js';
import { createRng, randomInt, type Rng } from '../env/rng.js';
import { checkPlaying, checkUnusedSeed, type Agent } from './agent.js';

/** Plays a uniformly random legal action, from its own seeded generator: the floor every agent is measured against. */
export class RandomAgent implements Agent {
  readonly name = 'random';
  readonly fair = true;
  private rng: Rng;
  // The seed range every agent takes (0 to 2^53 − 1), not the generator's wider one, which
  // would play -1 as a deal of its own where every other agent refuses it.
  constructor(seed = 0) {
    this.rng = createRng(validateSeed(seed, `agent "${this.name}" seed`));
  }
  reset(seed: number): void {
    this.rng = createRng(validateSeed(seed, `agent "${this.name}" seed`));
  }
  act(env: Env): number {
    checkPlaying(env, this.name);
    return env.legal[randomInt(this.rng, 0, env.legalCount - 1)];
  }
}

/** Plays the lowest legal action id: deterministic, and the cheapest agent (tests and timing). */
export class FirstAgent implements Agent {
  readonly name = 'first';
  readonly fair = true;
  reset(seed?: number): void {
    checkUnusedSeed(seed, this.name);
  }
  act(env: Env): number {
    checkPlaying(env, this.name);
    return env.legal[0];
  }
}

export const BASIC_POLICIES = ['random', 'first'] as const;
export type BasicPolicyName = (typeof BASIC_POLICIES)[number];

export function makeBasicPolicy(name: BasicPolicyName, seed = 0): Agent {
  return name === 'random' ? new RandomAgent(seed) : new FirstAgent();
}
