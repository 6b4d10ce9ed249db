// VectorEnv at the ends of episodes: truncated and terminated copies, their final
// observations and episode records, against single envs stepped with the same actions.
import { describe, expect, it } from 'vitest';
import type { Env } from '../../src/env/env.js';
import { TengymError } from '../../src/env/errors.js';
import { TERMINATED } from '../../src/env/game.js';
import { tensGame } from '../../src/games/pairing/tens.js';
import { envConfig, make } from '../../src/env/registry.js';
import { createRng, randomInt } from '../../src/env/rng.js';
import { MAX_COPIES, MAX_DEAD_DEALS, VectorEnv, type EpisodeRecord } from '../../src/env/vector.js';
import { thrown } from '../helpers/pairing.js';

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
  ] as [string, Record<string, unknown>, 'truncated' | 'terminated'][])(
    '%s %j: truncated, terminated, rewards, final observations and records match single envs',
    (id, options, ends) => {
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
          expect([vec.rewards[i], vec.terminated[i], vec.truncated[i]], `copy ${i} step ${t}`).toEqual([
            r.reward,
            r.terminated ? 1 : 0,
            r.truncated ? 1 : 0,
          ]);
          if (r.terminated || r.truncated) {
            truncated += r.truncated ? 1 : 0;
            terminated += r.terminated ? 1 : 0;
            expect(Array.from(vec.finalObservations.subarray(i * size, (i + 1) * size))).toEqual(
              Array.from(env.observation),
            );
            singleRecords.push({
              index: i,
              length: env.episodeSteps,
              return: env.episodeReturn,
              outcome: env.outcome(),
              truncated: r.truncated,
            });
            resetPastDeadDeals(env, singleRecords, i);
          }
          expect(Array.from(vec.observations.subarray(i * size, (i + 1) * size))).toEqual(Array.from(env.observation));
          expect(vec.legalCount(i)).toBe(env.legalCount);
        }
      }
      expect(vectorRecords).toEqual(singleRecords);
      expect(vec.episodesDone).toBe(singleRecords.length);
      expect(ends === 'truncated' ? truncated : terminated).toBeGreaterThan(10);
    },
  );
});

describe('VectorEnv set-up and refusals', () => {
  it('shares one buffer per kind, rows in copy order, and resets every copy', () => {
    const vec = new VectorEnv('four-ten', { safeties: 0 }, 3);
    expect(vec.actionSpace).toEqual({ n: 48 });
    // Gymnasium's names for one copy's spaces, in a pair.
    expect(vec.singleActionSpace).toBe(vec.actionSpace);
    expect(vec.singleObservationSpace).toEqual({ shape: [33] });
    expect([
      vec.observations.length,
      vec.finalObservations.length,
      vec.masks.length,
      vec.rewards.length,
      vec.terminated.length,
      vec.truncated.length,
    ]).toEqual([99, 99, 144, 3, 3, 3]);
    expect(vec.reset({ seed: 5 }).observations).toBe(vec.observations);
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
    for (const n of [0, -1, 1.5, Number.NaN])
      expect(() => new VectorEnv('tens', {}, n)).toThrow(
        new RegExp(`^numEnvs must be a positive integer up to ${2 ** 24}, got ${n}$`),
      );
    expect(() => new VectorEnv('nope', {}, 2)).toThrow(/unknown env "nope"/);
    // The env argument is checked first: here it is the problem, not the {} read as numEnvs.
    expect(() => new VectorEnv(null as unknown as string, {}, 2)).toThrow(
      /^VectorEnv takes an env id \(.*\) or a config made by envConfig\(id, options\), got null$/,
    );
    expect(() => new VectorEnv('tens' as string, { tableau: 12 }, 2)).toThrow(/bad options for tens/);
    // Gymnasium's make_vec(id, num_envs) order: the count is said to belong after the options, not refused as options.
    const countFirst = thrown(
      () => new (VectorEnv as unknown as new (id: string, n: number) => VectorEnv)('decade', 8),
    );
    expect(countFirst.code).toBe('bad-argument');
    expect(countFirst.message).toBe(
      'new VectorEnv(id, options, numEnvs): the options come before the count, as new VectorEnv("decade", {}, ' +
        '8); got 8 where the options go and no count',
    );
    expect(() => new (VectorEnv as unknown as new (id: string, n: number) => VectorEnv)('nope', 8)).toThrow(
      /^unknown env "nope"/,
    );
    const vec = new VectorEnv('tens', {}, 3);
    expect(() => vec.step([0, 0, 0])).toThrow(/^VectorEnv.step: call reset\(\) first$/);
    expect(() => vec.stepOne(0, 0)).toThrow(/^VectorEnv.stepOne: call reset\(\) first$/);
    expect(() => vec.reset({ seed: -1 })).toThrow(/bad seed -1/);
    expect(() => vec.reset({ seed: Number.MAX_SAFE_INTEGER - 1 })).toThrow(
      new RegExp(
        `^seed ${Number.MAX_SAFE_INTEGER - 1} is too large for 3 copies: deal i uses seed \\+ i and seeds go ` +
          `up to ${Number.MAX_SAFE_INTEGER}, so the largest seed for 3 deals is ${Number.MAX_SAFE_INTEGER - 2}$`,
      ),
    );
    vec.reset({ seed: Number.MAX_SAFE_INTEGER - 2 });
    expect(() => vec.step([0, 0])).toThrow(/^VectorEnv.step: 2 actions for 3 envs$/);
    // The largest seeds that fit: the last copy deals seed 2^53 − 1.
    const last = make('tens');
    last.reset({ seed: Number.MAX_SAFE_INTEGER });
    if (last.running) expect(vec.envs[2].getState().game).toEqual(last.getState().game);
  });

  it('says which kind of mistake each refusal is (its code)', () => {
    const vec = new VectorEnv('tens', {}, 2);
    expect(thrown(() => vec.step([0, 0])).code).toBe('not-reset');
    expect(thrown(() => vec.stepOne(0, 0)).code).toBe('not-reset');
    expect(thrown(() => vec.reset({ seed: Number.MAX_SAFE_INTEGER })).code).toBe('bad-seed');
    vec.reset({ seed: 1 });
    expect(thrown(() => vec.step(null as never)).code).toBe('bad-argument');
    expect(thrown(() => vec.step([0])).code).toBe('bad-argument');
    // Text has a length but is not a list of actions; nor is an object without a length.
    const legal = vec.envs.map((e) => e.legal[0]);
    for (const batch of [legal.join(''), legal.join(','), {}]) {
      const e = thrown(() => vec.step(batch as never));
      expect(e.code).toBe('bad-argument');
      expect(e.message).toMatch(/^VectorEnv\.step takes one action per copy \(an array or a typed array\), got /);
    }
  });

  it('takes a config made by envConfig, with vector options, and a single copy', () => {
    const records: EpisodeRecord[] = [];
    const vec = new VectorEnv(envConfig('decade', { maxSteps: 1 }), 2, { onEpisode: (e) => records.push(e) });
    expect([vec.id, vec.numEnvs, vec.envs[0].options.maxSteps]).toEqual(['decade', 2, 1]);
    vec.reset({ seed: 3 });
    vec.step(vec.envs.map((e) => e.legal[0]));
    expect(records.map((r) => [r.index, r.length, r.truncated])).toEqual([
      [0, 1, true],
      [1, 1, true],
    ]);
    const one = new VectorEnv('tens', {}, 1);
    expect(one.reset({ seed: 4 }).observations).toHaveLength(one.singleObservationSpace.shape[0]);
    one.step([one.envs[0].legal[0]]);
    expect(one.envs[0].episodeSteps).toBe(1);
  });

  it('a batch too large for memory is a bad-argument error that names the bound, before anything is allocated', () => {
    // About 40.1 KB a copy (two rows of 3,673 floats, the mask, the legal list, seven stacks, the observation's
    // last values and kept tails, and the line's run memo): 2 GiB hold 52,237 copies.
    const e = thrown(() => new VectorEnv('ten-twenty-thirty', {}, MAX_COPIES));
    expect(e.code).toBe('bad-argument');
    expect(e.message).toBe(
      'numEnvs 16777216: at most 52237 copies of ten-twenty-thirty fit in one VectorEnv (about 40.1 KB each, ' +
        '2 GiB in all); use fewer copies, or several VectorEnvs in separate workers',
    );
  });

  it('a game whose deals are all over at reset is an error naming the copy, not an endless loop', () => {
    // Tens whose deals after the first `playable` have no legal move: a broken engine as a vector env meets it.
    const deadAfter = (playable: number) => {
      let deals = 0;
      const game = {
        ...tensGame,
        reset: (...args: Parameters<typeof tensGame.reset>) => {
          deals++;
          tensGame.reset(...args);
        },
        legalActions: (...args: Parameters<typeof tensGame.legalActions>) =>
          deals > playable ? (args[2].fill(0), 0) : tensGame.legalActions(...args),
        status: (...args: Parameters<typeof tensGame.status>) =>
          deals > playable ? TERMINATED : tensGame.status(...args),
      };
      return { id: 'tens', game, options: envConfig('tens').options };
    };
    const records: EpisodeRecord[] = [];
    const never = new VectorEnv(deadAfter(0), 2, { onEpisode: (r) => records.push(r) });
    const e = thrown(() => never.reset({ seed: 1 }));
    expect(e.code).toBe('bad-argument');
    expect(e.message).toMatch(
      new RegExp(
        '^VectorEnv: copy 0 of tens dealt 10000 deals in a row with no legal move, so it can never step ' +
          String.raw`\(tens's options \{"tableau":13,.*\}\); check that its engine's legalActions and status leave a ` +
          'fresh deal running',
      ),
    );
    expect(records.length).toBe(MAX_DEAD_DEALS);
    // The same in the autoreset of a step: one playable deal, then none.
    const once = new VectorEnv(deadAfter(1), 1);
    once.reset({ seed: 1 });
    expect(() => {
      while (true) once.step([once.envs[0].legal[0]]);
    }).toThrow(/^VectorEnv: copy 0 of tens dealt 10000 deals in a row with no legal move/);
  });

  it('lets an engine’s own failure through as it is, with no copy moved', () => {
    const broken = {
      ...tensGame,
      whyIllegal: () => {
        throw new TypeError('cannot read the slots');
      },
    };
    const vec = new VectorEnv({ id: 'tens', game: broken, options: envConfig('tens').options }, 2);
    vec.reset({ seed: 1 });
    const before = vec.envs.map((e) => JSON.stringify(e.getState()));
    const actions = [vec.envs[0].legal[0], vec.envs[1].mask.indexOf(0)];
    expect(() => vec.step(actions)).toThrow(TypeError);
    expect(() => vec.step(actions)).not.toThrow(TengymError);
    expect(vec.envs.map((e) => JSON.stringify(e.getState()))).toEqual(before);
  });
});

describe('VectorEnv when onEpisode throws', () => {
  /**
   * A vector env of tens whose onEpisode records every episode and throws at the ones `fails` picks (by their count
   * from 0).
   */
  const throwingAt = (n: number, fails: (k: number) => boolean) => {
    const records: EpisodeRecord[] = [];
    const vec = new VectorEnv('tens', {}, n, {
      onEpisode: (r) => {
        records.push(r);
        if (fails(records.length - 1)) throw new Error(`logger failed at episode ${records.length - 1}`);
      },
    });
    return { vec, records };
  };
  const rows = (v: VectorEnv) => v.envs.map((e) => JSON.stringify(e.getState()));

  it(
    'completes the step for every copy, reports every episode, then throws the first error; the next steps play ' +
      'on',
    () => {
      const n = 4;
      const plain = throwingAt(n, () => false);
      const failing = throwingAt(n, (k) => k === 2 || k === 3);
      plain.vec.reset({ seed: 3 });
      failing.vec.reset({ seed: 3 });
      let errors = 0;
      for (let t = 0; t < 60; t++) {
        const actions = plain.vec.envs.map((e) => e.legal[0]);
        plain.vec.step(actions);
        try {
          failing.vec.step(actions);
        } catch (e) {
          errors++;
          expect((e as Error).message).toBe('logger failed at episode 2');
        }
        expect(rows(failing.vec)).toEqual(rows(plain.vec));
        expect(Array.from(failing.vec.observations)).toEqual(Array.from(plain.vec.observations));
        expect(Array.from(failing.vec.finalObservations)).toEqual(Array.from(plain.vec.finalObservations));
        expect(Array.from(failing.vec.terminated)).toEqual(Array.from(plain.vec.terminated));
      }
      expect(errors).toBe(1);
      expect(failing.records).toEqual(plain.records);
      expect(failing.vec.episodesDone).toBe(plain.vec.episodesDone);
    },
  );

  it('completes stepOne and reset (a deal with no legal move) before throwing', () => {
    const env = make('tens');
    let dead = 0;
    for (env.reset({ seed: dead }); env.running; env.reset({ seed: ++dead }));
    const { vec, records } = throwingAt(3, (k) => k === 0);
    expect(() => vec.reset({ seed: dead })).toThrow('logger failed at episode 0');
    expect(records[0]).toMatchObject({ index: 0, length: 0 });
    expect(vec.envs.every((e) => e.running)).toBe(true);
    const single = make('tens');
    single.reset({ seed: dead + 2 });
    expect(rows(vec)[2]).toBe(JSON.stringify(single.getState()));
    vec.step(vec.envs.map((e) => e.legal[0]));

    const one = throwingAt(1, () => true);
    one.vec.reset({ seed: 1 });
    expect(() => {
      while (one.records.length === 0) one.vec.stepOne(0, one.vec.envs[0].legal[0]);
    }).toThrow('logger failed at episode 0');
    expect(one.vec.envs[0].running).toBe(true);
    expect(one.vec.terminated[0]).toBe(1);
  });
});

describe('VectorEnv resumed from its copies saved states', () => {
  it('steps on once every copy holds a loaded game, exactly as the run it was saved from, with no reset', () => {
    const n = 3;
    const records: EpisodeRecord[][] = [[], []];
    const run = new VectorEnv('decade', {}, n, { onEpisode: (r) => records[0].push(r) });
    run.reset({ seed: 8 });
    const rng = createRng(2);
    const choose = (v: VectorEnv) => v.envs.map((e) => e.legal[randomInt(rng, 0, e.legalCount - 1)]);
    for (let t = 0; t < 90; t++) run.step(choose(run));
    const saved = JSON.parse(
      JSON.stringify(run.envs.map((e) => ({ state: e.getState(), steps: e.episodeSteps, return: e.episodeReturn }))),
    ) as { state: unknown; steps: number; return: number }[];
    records[0].length = 0;

    const resumed = new VectorEnv('decade', {}, n, { onEpisode: (r) => records[1].push(r) });
    resumed.envs[0].setState(saved[0].state);
    const partly = thrown(() => resumed.step([0, 0, 0]));
    expect(partly.code).toBe('not-reset');
    expect(partly.message).toBe(
      'VectorEnv.step: call reset() first (or load a game into every copy: copy 1 has none; a reset deals ' +
        'every copy anew)',
    );
    saved.forEach((s, i) => {
      resumed.envs[i].setState(s.state);
      resumed.envs[i].episodeSteps = s.steps;
      resumed.envs[i].episodeReturn = s.return;
    });
    expect(Array.from(resumed.observations)).toEqual(Array.from(run.observations));
    for (let t = 0; t < 300; t++) {
      const actions = choose(run);
      run.step(actions);
      resumed.step(actions);
      expect(Array.from(resumed.observations)).toEqual(Array.from(run.observations));
      expect(Array.from(resumed.rewards)).toEqual(Array.from(run.rewards));
    }
    expect(records[0].length).toBeGreaterThan(5);
    expect(records[1]).toEqual(records[0]);
    expect(thrown(() => new VectorEnv('decade', {}, 2).step([0, 0])).message).toBe(
      'VectorEnv.step: call reset() first',
    );
  });
});
