/**
 * The algorithms of `tengym train --algo NAME`, listed once: each is one file exporting
 * `algorithm`, an `AlgorithmSpec` (algorithm.ts). A module is loaded when a run asks for it
 * (TensorFlow.js takes a moment to load, and the other commands do not need it).
 */
import { TengymError } from '../../env/errors.js';
import type { AlgorithmSpec } from '../algorithm.js';

const MODULES = {
  ppo: async () => (await import('./ppo.js')).algorithm,
  dqn: async () => (await import('./dqn.js')).algorithm,
  afterstate: async () => (await import('./afterstate.js')).algorithm,
  'expert-iteration': async () => (await import('../../games/decade/training/expert-iteration.js')).algorithm,
  distill: async () => (await import('../../games/decade/training/distill.js')).algorithm,
};

export type AlgorithmName = keyof typeof MODULES;

export const ALGORITHMS = Object.keys(MODULES) as AlgorithmName[];

/** The spec of an algorithm; an error names the ones there are. */
export async function loadAlgorithm(name: string): Promise<AlgorithmSpec> {
  if (!Object.hasOwn(MODULES, name))
    throw new TengymError('bad-argument', `unknown algorithm "${name}"; choose ${ALGORITHMS.join(' or ')}`);
  return MODULES[name as AlgorithmName]();
}
