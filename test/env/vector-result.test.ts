// VectorEnv.step's Gymnasium form: views of the buffers, the same object every step.
import { describe, expect, it } from 'vitest';
import { VectorEnv } from '../../src/env/vector.js';

describe('VectorEnv.step result', () => {
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
