// Promises the docs make about the engines as a whole: the hot path allocates nothing and
// `step` returns the same object, and bad input to `reset` leaves the env as it was. (That they
// import nothing Node-only is test/structure.test.ts's.)
// @slow: a child process plays every id to measure what the hot path allocates.
import { describe, expect, it } from 'vitest';
import { isTengymError } from '../../src/env/errors.js';
import { envIds, make } from '../../src/env/registry.js';
import { createRng, randomInt } from '../../src/env/rng.js';
import { measuredAllocations } from '../helpers/allocation.js';
import { decksFor } from '../helpers/game-checks.js';

describe('the hot path', () => {
  it('legalActions, status, observe and step allocate nothing; Env.step allocates only the last step’s outcome', () => {
    // process.memoryUsage() itself takes 256 bytes; one byte per step would show as thousands.
    const report = measuredAllocations<{
      engine: number;
      gameSteps: number;
      env: number;
      envSteps: number;
      episodes: number;
    }>('test/env/fixtures/hot-path-allocation.mjs', (m) => m.engine < 1024 && m.env < 4096 + 128 * m.episodes);
    expect(Object.keys(report)).toEqual(envIds());
    for (const [id, m] of Object.entries(report)) {
      expect(m.engine, `${id}: the engine allocated over ${m.gameSteps} steps`).toBeLessThan(1024);
      expect(m.env, `${id}: Env.step allocated over ${m.envSteps} steps of ${m.episodes} episodes`).toBeLessThan(
        4096 + 128 * m.episodes,
      );
      expect(m.gameSteps).toBeGreaterThan(2 * m.episodes);
    }
  });

  it.each(envIds())('%s: step returns the same result object, writing into the env’s own buffers', (id) => {
    const env = make(id);
    const first = env.reset({ seed: 3 });
    expect(first.observation).toBe(env.observation);
    expect(first.info.actionMask).toBe(env.mask);
    const rng = createRng(4);
    let result: unknown = null;
    for (let seed = 3; seed < 40; seed++) {
      env.reset({ seed });
      while (env.running) {
        const r = env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
        if (result !== null) expect(r).toBe(result);
        result = r;
        expect(r.observation).toBe(env.observation);
        expect(r.info.actionMask).toBe(env.mask);
      }
    }
  });
});

describe('reset with bad input', () => {
  /** A whole deck of the id's game, as reset({ deck }) takes it (its checks.ts's, or a seeded deal's cards). */
  const deckOf = (id: string): string[] => decksFor(id, 1)[0] ?? 'AS 2C 3D'.split(' ');
  const bad: [string, (id: string) => unknown][] = [
    ['a deck with too few cards', (id) => ({ deck: deckOf(id).slice(0, 2).join(' ') })],
    // Its first card twice, its last missing.
    ['a deck with a card twice', (id) => ({ deck: [deckOf(id)[0], ...deckOf(id).slice(0, -1)] })],
    ['a deck with a card that does not exist', (id) => ({ deck: ['XX', ...deckOf(id).slice(1)].join(' ') })],
    ['a deck that is not a list', () => ({ deck: { cards: 52 } })],
    ['a negative seed', () => ({ seed: -1 })],
    ['an unknown option', () => ({ seed: 1, shuffle: false })],
    ['not an object', () => 7],
  ];

  it.each(envIds())('%s: a refused reset leaves the game, its random stream and its counters as they were', (id) => {
    const env = make(id);
    env.reset({ seed: 11 });
    const rng = createRng(12);
    for (let k = 0; k < 3 && env.running; k++) env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
    const twin = env.clone();
    const before = JSON.stringify(env.getState());
    const counters = [env.episodeSteps, env.episodeReturn, env.legalCount, env.running];
    for (const [what, input] of bad) {
      let error: unknown = null;
      try {
        env.reset(input(id) as never);
      } catch (e) {
        error = e;
      }
      expect(isTengymError(error), `${id}: ${what}`).toBe(true);
      expect(JSON.stringify(env.getState()), `${id}: ${what}`).toBe(before);
      expect([env.episodeSteps, env.episodeReturn, env.legalCount, env.running], `${id}: ${what}`).toEqual(counters);
    }
    // And it plays on exactly like a copy taken before the bad input, next deals included.
    for (let k = 0; k < 200; k++) {
      while (!env.running) {
        env.reset();
        twin.reset();
      }
      const a = env.legal[randomInt(rng, 0, env.legalCount - 1)];
      expect(env.step(a).reward).toBe(twin.step(a).reward);
      expect(Array.from(env.observation)).toEqual(Array.from(twin.observation));
    }
  });
});
