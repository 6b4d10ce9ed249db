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

describe('VectorEnv set-up and refusals', () => {
  it('shares one buffer per kind, rows in copy order, and resets every copy', () => {
    const vec = new VectorEnv('four-ten', { safeties: 0 }, 3);
    expect(vec.actionSpace).toEqual({ n: 48 });
    expect(vec.singleObservationSpace).toEqual({ shape: [33] });
    expect([vec.observations.length, vec.finalObservations.length, vec.masks.length, vec.rewards.length, vec.terminated.length, vec.truncated.length]).toEqual([99, 99, 144, 3, 3, 3]);
    expect(vec.reset({ seed: 5 })).toBe(vec.observations);
    vec.envs.forEach((env, i) => {
      const single = make('four-ten', { safeties: 0 });
      single.reset({ seed: 5 + i });
      expect(env.observation.buffer).toBe(vec.observations.buffer);
      expect(Array.from(vec.observations.subarray(i * 33, (i + 1) * 33))).toEqual(Array.from(single.observation));
      expect(Array.from(vec.masks.subarray(i * 48, (i + 1) * 48))).toEqual(Array.from(single.mask));
      expect(vec.legalCount(i)).toBe(single.legalCount);
    });
    // A step writes the rewards and ends; a reset clears them.
    vec.step(vec.envs.map((e) => e.legal[0]));
    vec.rewards.fill(7);
    vec.terminated.fill(1);
    vec.truncated.fill(1);
    vec.reset();
    expect([...vec.rewards, ...vec.terminated, ...vec.truncated]).toEqual(new Array(9).fill(0));
  });

  it('without a seed, continues each copy’s stream', () => {
    const vec = new VectorEnv('tens', {}, 2);
    vec.reset({ seed: 9 });
    const first = vec.envs.map((e) => JSON.stringify(e.getState().game));
    vec.reset();
    const singles = [0, 1].map((i) => {
      const env = make('tens');
      env.reset({ seed: 9 + i });
      while (!env.running) env.reset();
      env.reset();
      while (!env.running) env.reset();
      return JSON.stringify(env.getState().game);
    });
    expect(vec.envs.map((e) => JSON.stringify(e.getState().game))).toEqual(singles);
    expect(singles).not.toEqual(first);
  });

  it('refuses bad sizes, seeds, counts and calls before reset, naming them', () => {
    for (const n of [0, -1, 1.5, Number.NaN]) expect(() => new VectorEnv('tens', {}, n)).toThrow(new RegExp(`^numEnvs must be a positive integer up to \\d+, got ${n}$`));
    expect(() => new VectorEnv('nope', {}, 2)).toThrow(/unknown env "nope"/);
    expect(() => new VectorEnv('tens', { tableau: 12 }, 2)).toThrow(/bad options for tens/);
    const vec = new VectorEnv('tens', {}, 3);
    expect(() => vec.step([0, 0, 0])).toThrow(/^VectorEnv.step: call reset\(\) first$/);
    expect(() => vec.stepOne(0, 0)).toThrow(/^VectorEnv.stepOne: call reset\(\) first$/);
    expect(() => vec.reset({ seed: -1 })).toThrow(/bad seed -1/);
    expect(() => vec.reset({ seed: Number.MAX_SAFE_INTEGER - 1 })).toThrow(new RegExp(`^seed ${Number.MAX_SAFE_INTEGER - 1} \\+ 2 copies passes the largest seed$`));
    vec.reset({ seed: Number.MAX_SAFE_INTEGER - 2 });
    expect(() => vec.step([0, 0])).toThrow(/^VectorEnv.step: 2 actions for 3 envs$/);
    // The largest seeds that fit: the last copy deals seed 2^53 − 1.
    const last = make('tens');
    last.reset({ seed: Number.MAX_SAFE_INTEGER });
    if (last.running) expect(vec.envs[2].getState().game).toEqual(last.getState().game);
  });
});
