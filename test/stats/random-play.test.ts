import { describe, expect, it } from 'vitest';
import { MAX_SEED } from '../../src/env/rng.js';
import { randomPlayStats } from '../../src/stats/random-play.js';

describe('randomPlayStats', () => {
  it('refuses a seed too large for its episodes by the seed given, with the largest that works', () => {
    expect(() => randomPlayStats('tens', {}, 5, MAX_SEED - 1)).toThrow(
      new RegExp(`^seed ${MAX_SEED - 1} is too large for 5 episodes: deal i uses seed \\+ i and seeds go up to ${MAX_SEED}, so the largest seed for 5 deals is ${MAX_SEED - 4}$`),
    );
    expect(randomPlayStats('tens', {}, 5, MAX_SEED - 4).episodes).toBe(5);
  });
});
