// VectorEnv.reset's and step's Gymnasium forms: views of the buffers, the same object every call.
import { describe, expect, it } from 'vitest';
import { VectorEnv } from '../../src/env/vector.js';

describe('VectorEnv.step result', () => {
  it('reset returns { observations, infos: { masks } } over its buffers, the same object every reset', () => {
    const vec = new VectorEnv('decade', {}, 3);
    const dealt = vec.reset({ seed: 2 });
    expect(dealt.observations).toBe(vec.observations);
    expect(dealt.infos.masks).toBe(vec.masks);
    expect(Array.from(dealt.infos.masks.subarray(0, vec.actionSpace.n))).toEqual(Array.from(vec.envs[0].mask));
    expect(vec.reset({ seed: 3 })).toBe(dealt);
  });

  it('returns { observations, rewards, terminated, truncated, infos } over its buffers, allocation-free', () => {
    const vec = new VectorEnv('decade', {}, 4);
    vec.reset({ seed: 1 });
    const actions = new Int32Array(vec.numEnvs);
    const pick = () => vec.envs.forEach((e, i) => (actions[i] = e.legal[0]));
    pick();
    const first = vec.step(actions);
    expect(first.observations).toBe(vec.observations);
    expect(first.rewards).toBe(vec.rewards);
    expect(first.terminated).toBe(vec.terminated);
    expect(first.truncated).toBe(vec.truncated);
    expect(first.infos.masks).toBe(vec.masks);
    expect(first.infos.finalObservations).toBe(vec.finalObservations);
    pick();
    expect(vec.step(actions)).toBe(first);
  });
});
