/**
 * The algorithms of `tengym train --algo NAME`: the generic ones listed here, one file each exporting
 * `algorithm`, an `AlgorithmSpec` (algorithm.ts), and those a game brings of its own (its kit's
 * `algorithms`, in its folder). A module is loaded when a run asks for it (TensorFlow.js takes a
 * moment to load, and the other commands do not need it).
 */
import { registeredKits } from '../../agents/modules.js';
import { TengymError } from '../../env/errors.js';
import type { AlgorithmSpec } from '../algorithm.js';

const GENERIC = {
  ppo: async () => (await import('./ppo.js')).algorithm,
  dqn: async () => (await import('./dqn.js')).algorithm,
  afterstate: async () => (await import('./afterstate.js')).algorithm,
};

/** The names of the algorithms any env can train with. */
export const GENERIC_ALGORITHMS = Object.keys(GENERIC) as (keyof typeof GENERIC)[];

/** Every algorithm name `--algo` takes: the generic ones, then the registered games' own, each once. */
export function algorithmNames(): string[] {
  const own = registeredKits().flatMap((kit) => Object.keys(kit.algorithms ?? {}));
  return [...new Set<string>([...GENERIC_ALGORITHMS, ...own])];
}

/**
 * The spec of an algorithm: a generic one, or one a registered game brings (whose own `check` refuses
 * the envs it does not train); an error names the ones there are.
 */
export async function loadAlgorithm(name: string): Promise<AlgorithmSpec> {
  if (Object.hasOwn(GENERIC, name)) return GENERIC[name as keyof typeof GENERIC]();
  const load = registeredKits()
    .map((kit) => kit.algorithms?.[name])
    .find((own) => own !== undefined);
  if (load === undefined)
    throw new TengymError('bad-argument', `unknown algorithm "${name}"; choose ${algorithmNames().join(' or ')}`);
  // A path from dist/ (this file is dist/train/algorithms/index.js), or a URL, which `new URL` keeps.
  const url = new URL(load.module, new URL('../../', import.meta.url));
  return ((await import(url.href)) as { algorithm: AlgorithmSpec }).algorithm;
}
