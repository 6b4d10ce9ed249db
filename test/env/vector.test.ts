import { describe, expect, it } from 'vitest';
import { make } from '../../src/env/registry.js';
import { createRng, randomInt } from '../../src/env/rng.js';
import { scaled } from '../helpers/scale.js';
import { VectorEnv, type EpisodeRecord } from '../../src/env/vector.js';

describe('VectorEnv', () => {
  it('matches N independent envs seeded seed + i, through autoresets', () => {
    const n = 4;
    const episodes: EpisodeRecord[] = [];
    const vec = new VectorEnv('decade', {}, n, { onEpisode: (e) => episodes.push(e) });
    const singles = Array.from({ length: n }, () => make('decade'));
    vec.reset({ seed: 10 });
    singles.forEach((e, i) => {
      e.reset({ seed: 10 + i });
      while (!e.running) e.reset();
    });
    const rng = createRng(3);
    const actions = new Int32Array(n);
    const size = vec.singleObservationSpace.shape[0];
    const singleEpisodes: number[] = [];
    for (let t = 0; t < scaled(3000, 600); t++) {
      for (let i = 0; i < n; i++) actions[i] = vec.envs[i].legal[randomInt(rng, 0, vec.envs[i].legalCount - 1)];
      vec.step(actions);
      for (let i = 0; i < n; i++) {
        const r = singles[i].step(actions[i]);
        expect(vec.rewards[i]).toBe(r.reward);
        expect(vec.terminated[i]).toBe(r.terminated ? 1 : 0);
        if (r.terminated || r.truncated) {
          expect(Array.from(vec.finalObservations.subarray(i * size, (i + 1) * size))).toEqual(
            Array.from(singles[i].observation),
          );
          singleEpisodes.push(i);
          singles[i].reset();
          while (!singles[i].running) {
            singleEpisodes.push(i);
            singles[i].reset();
          }
        }
        expect(Array.from(vec.observations.subarray(i * size, (i + 1) * size))).toEqual(
          Array.from(singles[i].observation),
        );
        expect(Array.from(vec.masks.subarray(i * 677, (i + 1) * 677))).toEqual(Array.from(singles[i].mask));
      }
    }
    expect(episodes.map((e) => e.index)).toEqual(singleEpisodes);
    expect(episodes.length).toBeGreaterThan(20);
  });

  it(
    'a first reset without a seed is reset({ seed: 0 }): every copy ' + 'its own deal; later ones continue each copy',
    () => {
      const rows = (v: VectorEnv) => Array.from({ length: v.numEnvs }, (_, i) => JSON.stringify(v.envs[i].getState()));
      const unseeded = new VectorEnv('decade', {}, 3);
      const seeded = new VectorEnv('decade', {}, 3);
      unseeded.reset();
      seeded.reset({ seed: 0 });
      const first = rows(unseeded);
      expect(first).toEqual(rows(seeded));
      expect(new Set(first).size).toBe(3);
      unseeded.reset();
      seeded.reset();
      expect(rows(unseeded)).toEqual(rows(seeded));
      expect(rows(unseeded).every((row, i) => row !== first[i])).toBe(true);
    },
  );

  it('counts a deal with no legal move as a lost episode of length 0 and resets again', () => {
    // Find tens seeds whose deal has no legal move.
    const env = make('tens');
    const dead: number[] = [];
    for (let s = 0; dead.length < 1; s++) {
      env.reset({ seed: s });
      if (!env.running) dead.push(s);
    }
    const episodes: EpisodeRecord[] = [];
    const vec = new VectorEnv('tens', {}, 1, { onEpisode: (e) => episodes.push(e) });
    vec.reset({ seed: dead[0] });
    expect(episodes[0]).toMatchObject({ index: 0, length: 0, return: 0, outcome: { won: false } });
    expect(vec.envs[0].running).toBe(true);
  });

  it(
    "reset({ deck }) deals that deck to every copy; the deals after it are each copy's own, as single envs " +
      'reset with seed + i and the deck',
    () => {
      const cards = [...'A23456789TJQK'].flatMap((r) => [...'CDHS'].map((suit) => r + suit)).reverse();
      const n = 3;
      const vec = new VectorEnv('decade', {}, n);
      const singles = Array.from({ length: n }, () => make('decade'));
      vec.reset({ seed: 5, deck: cards });
      singles.forEach((e, i) => e.reset({ seed: 5 + i, deck: cards }));
      const size = vec.singleObservationSpace.shape[0];
      const rows = () =>
        Array.from({ length: n }, (_, i) => Array.from(vec.observations.subarray(i * size, (i + 1) * size)));
      // One deal: every copy starts from the same observation, the single env's.
      expect(rows().every((row) => JSON.stringify(row) === JSON.stringify(Array.from(singles[0].observation)))).toBe(
        true,
      );
      const rng = createRng(9);
      const actions = new Int32Array(n);
      let ends = 0;
      for (let t = 0; t < scaled(2000, 600); t++) {
        for (let i = 0; i < n; i++) actions[i] = vec.envs[i].legal[randomInt(rng, 0, vec.envs[i].legalCount - 1)];
        vec.step(actions);
        for (let i = 0; i < n; i++) {
          const r = singles[i].step(actions[i]);
          if (r.terminated || r.truncated) {
            ends++;
            do singles[i].reset();
            while (!singles[i].running);
          }
          expect(rows()[i]).toEqual(Array.from(singles[i].observation));
        }
      }
      expect(ends).toBeGreaterThan(10);
      // After the deck's games, the copies deal apart again.
      expect(new Set(rows().map((row) => JSON.stringify(row))).size).toBe(n);
    },
  );

  it('reset({ deck }) refuses a deck that is not one, or that deals no legal move, before any copy is dealt', () => {
    const vec = new VectorEnv('tens', {}, 2);
    vec.reset({ seed: 3 });
    const before = vec.envs.map((e) => JSON.stringify(e.getState()));
    expect(() => vec.reset({ deck: ['AS'] })).toThrow(/^VectorEnv\.reset: bad deck/);
    // Its first cards, four aces, twos, threes and a four, pair to no ten, fifteen or twenty.
    const dead = [...'A23456789TJQK'].flatMap((r) => [...'CDHS'].map((suit) => r + suit));
    expect(() => vec.reset({ deck: dead })).toThrow(
      expect.objectContaining({
        code: 'bad-deck',
        message: expect.stringMatching(/^VectorEnv\.reset: this deck deals no legal move/),
      }),
    );
    expect(vec.envs.map((e) => JSON.stringify(e.getState()))).toEqual(before);
    expect(() => vec.reset({ decks: [dead] } as never)).toThrow(
      /unknown option "decks" \(it takes \{ seed\?, deck\? \}\)/,
    );
  });

  it('refuses wrong action counts and illegal actions', () => {
    const vec = new VectorEnv('tens', {}, 2);
    expect(() => vec.step([0, 0])).toThrow(/reset/);
    vec.reset({ seed: 0 });
    expect(() => vec.step([0])).toThrow(/1 actions for 2 envs/);
    expect(() => new VectorEnv('tens', {}, 0)).toThrow(/positive integer/);
  });
});
