/**
 * Seeded randomness for every env, on pure-rand's xoroshiro128+.
 *
 * One generator per env: `reset({ seed })` re-seeds it, a `reset()` without a seed
 * continues its stream, and Four Ten draws every later round's shuffle from it. Its
 * state is part of `getState()`, so a saved game resumes the same stream.
 *
 * Deals are a Fisher–Yates shuffle (i from n-1 down to 1, j = uniformInt(0, i)), a
 * contract pinned by golden tests: the same seed gives the same deal in every version.
 * Only `createRng`, `rngFromState`, `randomInt` and `shuffleInPlace` touch pure-rand.
 */
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import * as z from 'zod/mini';
import { TengymError, describeKind, showValue } from './errors.js';

/**
 * A seeded generator: pure-rand's `RandomGenerator`, declared here because pure-rand names its
 * type only at a subpath that moduleResolution node10 cannot resolve (where the package's
 * types would then lose it, or fail without skipLibCheck).
 */
export interface Rng {
  /** An independent copy at the same point of the stream. */
  clone(): Rng;
  /** The next value, in −2^31 … 2^31 − 1; advances the generator. */
  next(): number;
  /** The generator's state (rngFromState restores it). */
  getState(): readonly number[];
}

/** Largest accepted seed: any non-negative safe integer. */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/**
 * MurmurHash3's 32-bit finaliser: a bijection that scatters every input bit (seeds here, hash keys in the decade
 * solver).
 */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) | 0;
}

/**
 * A generator for a seed: any safe integer (reset's seeds are 0..2^53-1; derived ones such
 * as `seed ^ k` may be negative). The seed is scattered over the whole 128-bit
 * xoroshiro128+ state (pure-rand's own `xoroshiro128plus(seed)` puts the seed in the
 * first output as is, so seeds s, s+1, … would deal related first cards). The first two
 * words are a bijection of the seed's low and high halves, so distinct seeds never
 * share a state.
 */
export function createRng(seed: number): Rng {
  // Anything else (a string, NaN, 1.5, Infinity) would silently act as some other seed.
  if (!Number.isSafeInteger(seed))
    throw new TengymError(
      'bad-seed',
      `bad seed ${showValue(seed)}: expected an integer from -${MAX_SEED} to ${MAX_SEED}`,
    );
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 0x1_0000_0000) >>> 0;
  const a = mix32(lo);
  const b = mix32(hi ^ 0x9e3779b9);
  const c = mix32(a ^ Math.imul(b, 0x2545f491) ^ 0x632be5ab);
  const d = mix32(c + 0x7f4a7c15);
  return xoroshiro128plusFromState([a, b, c, d]);
}

const INT32 = z.int().check(z.minimum(-0x8000_0000), z.maximum(0x7fff_ffff));

/**
 * A generator's state as `getState()` gives it and `rngFromState` takes it (a saved env, a
 * training checkpoint): four int32 words, not all zero, since xoroshiro128+ never leaves that
 * state. `allZero` says what that would do where the state is used.
 */
export function rngStateSchema(allZero = 'the generator state is all zeros, which never changes') {
  // A tuple, not .array().length(4): zod reports a length on a string too ("expected string to have exactly 4
  // characters").
  return z
    .tuple([INT32, INT32, INT32, INT32], {
      error: (issue) =>
        issue.code === 'invalid_type' || issue.code === 'too_small' || issue.code === 'too_big'
          ? 'expected the generator state: an array of 4 int32 words'
          : undefined,
    })
    .check(z.refine((words) => words.some((w) => w !== 0), allZero));
}

export function rngFromState(state: readonly number[]): Rng {
  return xoroshiro128plusFromState(state);
}

/** Uniform integer in [from, to], advancing `rng` in place. */
export function randomInt(rng: Rng, from: number, to: number): number {
  // uniformInt loops forever on a NaN or infinite bound, and strays out of a fractional or reversed range.
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || to < from) {
    throw new TengymError(
      'bad-argument',
      `randomInt takes integer bounds from ≤ to, got from ${showValue(from)}, to ${showValue(to)}`,
    );
  }
  return uniformInt(rng, from, to);
}

/**
 * Shuffles `items[0..length-1]` in place (Fisher–Yates): an array of anything (the card codes of a
 * state's `game.stock`) or a typed array. Allocation-free.
 *
 * j is drawn exactly as pure-rand's `uniformInt(rng, 0, i)` draws it (rejection
 * sampling on one 32-bit output), inlined because V8 is slow at its modulo on numbers
 * above 2^31: a 32-card Four Ten reshuffle takes a third of the time. A test checks
 * that both give the same deals.
 */
export function shuffleInPlace(rng: Rng, items: Uint8Array | Int32Array | unknown[], length?: number): void {
  if (!Array.isArray(items) && !(ArrayBuffer.isView(items) && !(items instanceof DataView)))
    throw new TengymError('bad-argument', `shuffleInPlace takes an array or a typed array, got ${describeKind(items)}`);
  const n = length ?? items.length;
  // Past the end it would shuffle in holes (undefined, or zeros in a typed array).
  if (!Number.isInteger(n) || n < 0 || n > items.length)
    throw new TengymError(
      'bad-argument',
      `shuffleInPlace: length must be an integer from 0 to the ${items.length} items, got ${showValue(length)}`,
    );
  // One array whatever its kind: every element read is written back into the same array.
  const a = items as unknown[];
  for (let i = n - 1; i > 0; i--) {
    const size = i + 1;
    const limit = size > 2 ? ~~(4294967296 / size) * size : 4294967296;
    let u = rng.next() + 2147483648;
    while (u >= limit) u = rng.next() + 2147483648;
    const j = u - Math.floor(u / size) * size;
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

/**
 * A seed derived from two numbers (splitmix-style mixing, 53 bits), e.g. the agent's
 * seed for episode i of an evaluation, so it never depends on which worker ran it.
 */
export function deriveSeed(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  const hi = Math.imul(h ^ Math.floor(a / 0x1_0000_0000), 0x27d4eb2d) >>> 11;
  return (hi * 0x1_0000_0000 + (h >>> 0)) % Number.MAX_SAFE_INTEGER;
}
