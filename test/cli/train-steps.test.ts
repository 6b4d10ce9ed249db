// `train --steps N` trains whole iterations: the summary says why it ended past N.
import { describe, expect, it } from 'vitest';
import { stepsNote } from '../../src/cli/commands/train.js';

describe('train --steps', () => {
  it('says why a run ended past --steps, and nothing when it stopped there', () => {
    expect(stepsNote(219_112, { totalSteps: 200_000, numEnvs: 64, rolloutSteps: 16 })).toBe(
      'note: 219112 env steps for --steps 200000: training runs whole iterations (a rollout of numEnvs × rolloutSteps = 1024 decisions, forced moves counting as env steps too) and stops after the one that reaches the limit',
    );
    expect(stepsNote(200_000, { totalSteps: 200_000, numEnvs: 64 })).toBeNull();
    expect(stepsNote(200_100, { totalSteps: 200_000, numEnvs: 64 })).toMatch(/\(a round of numEnvs = 64 decisions,/);
    // No iteration at all: the copies' first deals alone passed --steps.
    expect(stepsNote(3238, { totalSteps: 3000, numEnvs: 128 }, false)).toBe(
      'note: 3238 env steps for --steps 3000: dealing the numEnvs = 128 copies their first deals, forced moves included, took them all, so no iteration ran; give more --steps or a smaller numEnvs',
    );
  });
});
