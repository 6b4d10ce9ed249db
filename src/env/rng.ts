/**
 * Seeded randomness for every env, on pure-rand's xoroshiro128+.
 *
 * One generator per env: `reset({ seed })` re-seeds it, a `reset()` without a seed
 * continues its stream, and Four Ten draws every later round's shuffle from it. Its
 * state is part of `getState()`, so a saved game resumes the same stream.
 *
 * Deals are a Fisher–Yates shuffle (i from n-1 down to 1, j = uniformInt(0, i)), a
 * contract pinned by golden tests: the same seed gives the same deal in every version.
 */
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

export type Rng = RandomGenerator;

/** Largest accepted seed: any non-negative safe integer. */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/**
 * A generator for a seed in 0..2^53-1. Below 2^32 this is exactly pure-rand's
 * `xoroshiro128plus(seed)`; the high 21 bits go into the first state word.
 */
export function createRng(seed: number): Rng {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 0x1_0000_0000) | 0;
  return xoroshiro128plusFromState([-1 ^ hi, ~lo, lo | 0, hi]);
}

export function rngFromState(state: readonly number[]): Rng {
  return xoroshiro128plusFromState(state);
}

/** Uniform integer in [from, to], advancing `rng` in place. */
export function randomInt(rng: Rng, from: number, to: number): number {
  return uniformInt(rng, from, to);
}

/** Shuffles `items[0..length-1]` in place (Fisher–Yates). Allocation-free. */
export function shuffleInPlace(rng: Rng, items: Uint8Array | Int32Array | number[], length = items.length): void {
  for (let i = length - 1; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
}

// Re-exported so nothing else imports pure-rand's generator directly.
export { xoroshiro128plus };
