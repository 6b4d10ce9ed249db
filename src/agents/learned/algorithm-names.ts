/**
 * The names of the algorithms a tengym model can be trained by, which its metadata's `algorithm` must be one of
 * (metadata.ts): the generic ones, and those the registered games bring. Apart from the metadata's schema, so that
 * registering a game (modules.ts) loads none of it.
 */

/**
 * The generic algorithms a tengym model can be trained by (src/train/algorithms/index.ts lists the same; a test
 * checks).
 */
export const GENERIC_MODEL_ALGORITHMS = ['ppo', 'dqn', 'afterstate'] as const;

/** The algorithms registered games bring of their own (modules.ts adds a game's when it registers). */
const GAME_ALGORITHMS = new Set<string>();

/** Adds algorithm names a registered game brings: models trained by them load. */
export function addModelAlgorithms(names: Iterable<string>): void {
  for (const name of names) GAME_ALGORITHMS.add(name);
}

/** Every algorithm a tengym model can be trained by: the generic ones, and those the registered games bring. */
export function modelAlgorithms(): string[] {
  return [...new Set<string>([...GENERIC_MODEL_ALGORITHMS, ...GAME_ALGORITHMS])];
}
