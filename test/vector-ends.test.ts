// VectorEnv at the ends of episodes: truncated and terminated copies, their final
// observations and episode records, against single envs stepped with the same actions.
import { describe, expect, it } from 'vitest';
import type { Env } from '../src/env/env.js';
import { make } from '../src/env/registry.js';
import { createRng, randomInt } from '../src/env/rng.js';
import { VectorEnv, type EpisodeRecord } from '../src/env/vector.js';

/** Resets a single env the way a vector copy autoresets: past deals with no legal move. */
function resetPastDeadDeals(env: Env, records: EpisodeRecord[], index: number, opts: { seed?: number } = {}): void {
  env.reset(opts);
  while (!env.running) {
    records.push({ index, length: 0, return: 0, outcome: env.outcome(), truncated: env.truncated });
    env.reset();
  }
}

describe('VectorEnv episode ends', () => {
  // Random play: decade hits its step limit, Four Ten's first fault ends the game (a bust,
  // without safeties) or its only round (truncated, with one), tens ends on its own.
  it.each([
    ['decade', { maxSteps: 25, reward: 'cards' }, 'truncated'],
    ['four-ten', { maxRounds: 1, safeties: 1, reward: 'rounds' }, 'truncated'],
    ['four-ten', { safeties: 0, reward: 'rounds' }, 'terminated'],
    ['tens', { reward: 'cards' }, 'terminated'],
  ] as [string, Record<string, unknown>, 'truncated' | 'terminated'][])('%s %j: truncated, terminated, rewards, final observations and records match single envs', (id, options, ends) => {
    const n = 3;
    const vectorRecords: EpisodeRecord[] = [];
    const vec = new VectorEnv(id, options, n, { onEpisode: (e) => vectorRecords.push(e) });
    const singles = Array.from({ length: n }, () => make(id, options));
    const singleRecords: EpisodeRecord[] = [];
    vec.reset({ seed: 40 });
    singles.forEach((env, i) => resetPastDeadDeals(env, singleRecords, i, { seed: 40 + i }));
    const size = vec.singleObservationSpace.shape[0];
    const rng = createRng(8);
    const actions = new Int32Array(n);
    let truncated = 0;
    let terminated = 0;
    for (let t = 0; t < 400; t++) {
      for (let i = 0; i < n; i++) actions[i] = singles[i].legal[randomInt(rng, 0, singles[i].legalCount - 1)];
      // Copy 0 steps alone now and then (stepOne), the others together.
      if (t % 7 === 0) vec.stepOne(0, actions[0]);
      else vec.step(actions);
      for (let i = 0; i < n; i++) {
        if (t % 7 === 0 && i > 0) continue;
        const env = singles[i];
        const r = env.step(actions[i]);
        expect([vec.rewards[i], vec.terminated[i], vec.truncated[i]], `copy ${i} step ${t}`).toEqual([r.reward, r.terminated ? 1 : 0, r.truncated ? 1 : 0]);
        if (r.terminated || r.truncated) {
          truncated += r.truncated ? 1 : 0;
          terminated += r.terminated ? 1 : 0;
          expect(Array.from(vec.finalObservations.subarray(i * size, (i + 1) * size))).toEqual(Array.from(env.observation));
          singleRecords.push({ index: i, length: env.episodeSteps, return: env.episodeReturn, outcome: env.outcome(), truncated: r.truncated });
          resetPastDeadDeals(env, singleRecords, i);
        }
        expect(Array.from(vec.observations.subarray(i * size, (i + 1) * size))).toEqual(Array.from(env.observation));
        expect(vec.legalCount(i)).toBe(env.legalCount);
      }
    }
    expect(vectorRecords).toEqual(singleRecords);
    expect(vec.episodesDone).toBe(singleRecords.length);
    expect(ends === 'truncated' ? truncated : terminated).toBeGreaterThan(10);
  });
});
