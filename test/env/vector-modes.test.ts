// VectorEnv's modes beyond its defaults: next-step and disabled autoreset, the time limit, illegal
// actions that stay, kept dead deals, caller-given buffers and packed final rows. The Python
// package's engine process drives these (src/bridge/engine.ts), so each is checked against single
// envs played by hand.
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import type { Env } from '../../src/env/env.js';
import { TengymError } from '../../src/env/errors.js';
import { make } from '../../src/env/registry.js';
import { FLAG_STAYED, FLAG_TERMINATED, FLAG_TRUNCATED, STAYS_IN_A_ROW_LIMIT, VectorEnv } from '../../src/env/vector.js';

/** The first illegal id of an env now. */
const illegal = (e: Env): number => e.mask.indexOf(0);

describe('VectorEnv autoreset modes', () => {
  it("next-step: an ended copy's next step deals it, its action ignored, reward 0", () => {
    const vec = new VectorEnv('tens', {}, 3, { autoreset: 'next-step' });
    vec.reset({ seed: 4 });
    const singles = [0, 1, 2].map((i) => {
      const e = make('tens');
      e.reset({ seed: 4 + i });
      while (!e.running) e.reset();
      return e;
    });
    const actions = new Int32Array(3);
    let ends = 0;
    for (let t = 0; t < 400; t++) {
      const pending = Array.from(vec.ended);
      for (let i = 0; i < 3; i++) actions[i] = pending[i] ? -7 : vec.envs[i].legal[0];
      vec.step(actions);
      for (let i = 0; i < 3; i++) {
        const e = singles[i];
        if (pending[i]) {
          e.reset();
          while (!e.running) e.reset();
          expect(vec.rewards[i]).toBe(0);
          expect(vec.flags[i]).toBe(0);
        } else {
          const r = e.step(e.legal[0]);
          expect(vec.rewards[i]).toBe(r.reward);
          expect(vec.flags[i]).toBe((r.terminated ? FLAG_TERMINATED : 0) | (r.truncated ? FLAG_TRUNCATED : 0));
          if (r.terminated || r.truncated) ends++;
        }
        expect(Array.from(vec.envs[i].observation)).toEqual(Array.from(e.observation));
      }
    }
    expect(ends).toBeGreaterThan(3);
  });

  it('disabled: a copy whose episode ended is refused until resetCopy deals it; the others step on', () => {
    const vec = new VectorEnv('decade', { maxSteps: 3 }, 2, { autoreset: 'disabled' });
    vec.reset({ seed: 1 });
    const legal = () => Int32Array.from(vec.envs, (e) => e.legal[0]);
    for (let t = 0; t < 3; t++) vec.step(legal());
    expect(Array.from(vec.truncated)).toEqual([1, 1]);
    expect(Array.from(vec.ended)).toEqual([1, 1]);
    expect(vec.endedCount).toBe(2);
    expect(vec.endedOutcomes.slice(0, 2)).toEqual([vec.envs[0].outcome(), vec.envs[1].outcome()]);
    expect(() => vec.step(legal())).toThrow(/copy 0: step\(\d+\): the episode is over/);
    vec.resetCopy(0, { seed: 9 });
    expect(vec.ended[0]).toBe(0);
    const single = make('decade', { maxSteps: 3 });
    single.reset({ seed: 9 });
    expect(Array.from(vec.envs[0].observation)).toEqual(Array.from(single.observation));
    vec.resetCopy(1);
    vec.step(legal());
    expect(vec.envs[0].episodeSteps).toBe(1);
  });

  it("deadDeals 'keep' gives a deal with no legal move as it is, over at reset (disabled autoreset only)", () => {
    const probe = make('tens');
    let seed = 0;
    for (; ; seed++) {
      probe.reset({ seed });
      if (!probe.running) break;
    }
    const vec = new VectorEnv('tens', {}, 1, { autoreset: 'disabled', deadDeals: 'keep' });
    vec.resetCopy(0, { seed });
    expect(vec.ended[0]).toBe(1);
    expect(vec.flags[0] & FLAG_TERMINATED).toBe(FLAG_TERMINATED);
    expect(() => new VectorEnv('tens', {}, 1, { deadDeals: 'keep' })).toThrow(/needs autoreset 'disabled'/);
  });
});

describe('VectorEnv time limit', () => {
  it('truncates at maxEpisodeSteps with no outcome; where the game ends at that step too, its outcome', () => {
    const vec = new VectorEnv('decade', {}, 1, { autoreset: 'next-step', maxEpisodeSteps: 4 });
    vec.reset({ seed: 2 });
    for (let t = 0; t < 4; t++) vec.step([vec.envs[0].legal[0]]);
    expect(vec.flags[0]).toBe(FLAG_TRUNCATED);
    expect(vec.endedOutcomes[0]).toBeNull();
    expect(vec.envs[0].running).toBe(true);
    // A game whose own end comes at the limit's step: its outcome, both flags.
    const e = make('decade', { maxSteps: 4 });
    const limited = new VectorEnv(e.id, { maxSteps: 4 }, 1, { autoreset: 'next-step', maxEpisodeSteps: 4 });
    limited.reset({ seed: 2 });
    for (let t = 0; t < 4; t++) limited.step([limited.envs[0].legal[0]]);
    expect(limited.flags[0]).toBe(FLAG_TRUNCATED);
    expect(limited.endedOutcomes[0]).toEqual(limited.envs[0].outcome());
  });

  it('refuses a limit that is not a count', () => {
    for (const bad of [-1, 1.5, 2 ** 31, 'ten'])
      expect(() => new VectorEnv('tens', {}, 1, { maxEpisodeSteps: bad as number })).toThrow(/maxEpisodeSteps/);
  });
});

describe("VectorEnv illegalAction 'stay'", () => {
  it('an illegal action stays (reward 0, the same row, FLAG_STAYED) and counts toward maxSteps with the moves', () => {
    const vec = new VectorEnv('decade', { maxSteps: 6 }, 2, { illegalAction: 'stay', autoreset: 'disabled' });
    vec.reset({ seed: 0 });
    const before = vec.observations.slice();
    vec.step([illegal(vec.envs[0]), vec.envs[1].legal[0]]);
    expect(vec.flags[0]).toBe(FLAG_STAYED);
    expect(vec.rewards[0]).toBe(0);
    expect(Array.from(vec.observations.subarray(0, before.length / 2))).toEqual(
      Array.from(before.subarray(0, before.length / 2)),
    );
    expect(vec.flags[1]).toBe(0);
    // A stay, a move, three stays: the sixth step of either kind ends the episode, truncated, with its outcome.
    vec.step([vec.envs[0].legal[0], vec.envs[1].legal[0]]);
    for (let t = 0; t < 3; t++) vec.step([illegal(vec.envs[0]), vec.envs[1].legal[0]]);
    expect(vec.ended[0]).toBe(0);
    vec.step([illegal(vec.envs[0]), vec.envs[1].legal[0]]);
    expect(vec.flags[0]).toBe(FLAG_TRUNCATED | FLAG_STAYED);
    expect(vec.endedOutcomes[0]).toEqual(vec.envs[0].outcome());
    expect(() => vec.stepOne(0, vec.envs[0].legal[0])).toThrow(
      /the episode is over \(truncated: 6 steps, 5 of them illegal actions that stayed\)/,
    );
  });

  it(`on an env without maxSteps, ${STAYS_IN_A_ROW_LIMIT} in a row truncate; a move starts the count anew`, () => {
    const vec = new VectorEnv('tens', {}, 1, { illegalAction: 'stay', autoreset: 'same-step', finalRows: 'packed' });
    vec.reset({ seed: 1 });
    for (let k = 1; k < STAYS_IN_A_ROW_LIMIT; k++) vec.step([illegal(vec.envs[0])]);
    vec.step([vec.envs[0].legal[0]]);
    const moved = vec.observations.slice();
    for (let k = 1; k < STAYS_IN_A_ROW_LIMIT; k++) vec.step([illegal(vec.envs[0])]);
    expect(vec.flags[0]).toBe(FLAG_STAYED);
    vec.step([illegal(vec.envs[0])]);
    expect(vec.flags[0]).toBe(FLAG_TRUNCATED | FLAG_STAYED);
    expect(vec.endedCount).toBe(1);
    // Same-step: the last observation is the one it stayed at; the row holds the next deal.
    expect(Array.from(vec.finalObservations.subarray(0, moved.length))).toEqual(Array.from(moved));
    expect(vec.envs[0].episodeSteps).toBe(0);
  });

  it('an action outside the action space is refused, not stayed, and no copy moves', () => {
    const vec = new VectorEnv('tens', {}, 2, { illegalAction: 'stay', autoreset: 'next-step' });
    vec.reset({ seed: 1 });
    const n = vec.actionSpace.n;
    const before = vec.envs.map((e) => JSON.stringify(e.getState()));
    for (const bad of [-1, n, 10 ** 6, 2 ** 31, 2.5, Number.NaN]) {
      try {
        vec.step([vec.envs[0].legal[0], bad]);
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(TengymError);
        expect((e as { copy: number }).copy).toBe(1);
        expect((e as TengymError).code).toBe('bad-action');
        expect((e as { reason: string }).reason).toMatch(/not an action id; tens has ids 0\.\.81$/);
      }
      expect(vec.envs.map((e) => JSON.stringify(e.getState()))).toEqual(before);
    }
    // An id of the space that is not legal still stays.
    vec.step([vec.envs[0].legal[0], illegal(vec.envs[1])]);
    expect(vec.flags[1]).toBe(FLAG_STAYED);
  });

  it("'raise' still refuses the whole batch, naming the copy, with the reason a single env gives", () => {
    const vec = new VectorEnv('decade', {}, 2);
    vec.reset({ seed: 0 });
    const a = illegal(vec.envs[1]);
    try {
      vec.step([vec.envs[0].legal[0], a]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(TengymError);
      expect((e as { copy: number }).copy).toBe(1);
      expect((e as { reason: string }).reason).toMatch(new RegExp(`^step\\(${a}\\): .* is not legal`));
    }
    expect(vec.envs[0].episodeSteps).toBe(0);
  });
});

describe('VectorEnv buffers', () => {
  it("writes into a caller's buffers, and packs final rows in the order the step ended them", () => {
    const n = make('tens').actionSpace.n;
    const size = make('tens').observationSpace.shape[0];
    const N = 6;
    const frame = new ArrayBuffer(N * size * 4 * 2 + N * 4 + N * n * 2 + N);
    let at = 0;
    const take = <T>(make: (offset: number) => T, bytes: number): T => {
      const v = make(at);
      at += bytes;
      return v;
    };
    const buffers = {
      observations: take((o) => new Float32Array(frame, o, N * size), N * size * 4),
      finalObservations: take((o) => new Float32Array(frame, o, N * size), N * size * 4),
      rewards: take((o) => new Float32Array(frame, o, N), N * 4),
      masks: take((o) => new Uint8Array(frame, o, N * n), N * n),
      finalMasks: take((o) => new Uint8Array(frame, o, N * n), N * n),
      flags: take((o) => new Uint8Array(frame, o, N), N),
    };
    const vec = new VectorEnv('tens', {}, N, { buffers, finalRows: 'packed' });
    expect(vec.observations).toBe(buffers.observations);
    expect(vec.flags).toBe(buffers.flags);
    vec.reset({ seed: 3 });
    let checked = 0;
    for (let t = 0; t < 300 && checked < 5; t++) {
      const lasts = vec.envs.map((e) => Array.from(e.observation));
      const actions = Int32Array.from(vec.envs, (e) => e.legal[0]);
      const singles = vec.envs.map((e) => {
        const c = e.clone();
        c.step(c.legal[0]);
        return Array.from(c.observation);
      });
      vec.step(actions);
      for (let k = 0; k < vec.endedCount; k++) {
        const i = vec.endedCopies[k];
        expect(Array.from(vec.finalObservations.subarray(k * size, (k + 1) * size))).toEqual(singles[i]);
        expect(lasts[i]).not.toEqual(singles[i]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(() => new VectorEnv('tens', {}, 2, { buffers: { rewards: new Float32Array(3) } })).toThrow(
      /buffers.rewards must be a Float32Array of 2/,
    );
  });
});
