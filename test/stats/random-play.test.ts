import { describe, expect, it } from 'vitest';
import { MAX_SEED } from '../../src/env/rng.js';
import { randomPlayStats } from '../../src/stats/random-play.js';

describe('randomPlayStats', () => {
  it('refuses a seed too large for its episodes by the seed given, with the largest that works', () => {
    expect(() => randomPlayStats('tens', {}, 5, MAX_SEED - 1)).toThrow(
      new RegExp(
        `^seed ${MAX_SEED - 1} is too large for 5 episodes: deal i uses seed \\+ i and seeds go up to ` +
          `${MAX_SEED}, so the largest seed for 5 deals is ${MAX_SEED - 4}$`,
      ),
    );
    expect(randomPlayStats('tens', {}, 5, MAX_SEED - 4).episodes).toBe(5);
  });

  it('refuses episodes that are not a count of deals, and a seed that is not one, rather than give NaN rates', () => {
    for (const episodes of [0, -3, 2.5, Number.NaN]) {
      expect(() => randomPlayStats('tens', {}, episodes), String(episodes)).toThrow(
        /^episodes must be an integer ≥ 1, got /,
      );
    }
    for (const seed of [-1, 0.5])
      expect(() => randomPlayStats('tens', {}, 3, seed), String(seed)).toThrow(
        /^bad seed .*: expected an integer from 0 to /,
      );
  });
});
