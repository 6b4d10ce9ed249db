// The observation bounds every engine declares (`observationBounds`): no observation of many
// random games, of every registered id and of the option sets that move a bound, leaves them.
// A bound too tight fails here (and in the contract checker, contract.test.ts); the bounds'
// reasoning is in each game's doc comment.
import { describe, expect, it } from 'vitest';
import { Env } from '../../src/env/env.js';
import { fourTenGame, maxDeckOutPoints } from '../../src/games/four-ten/engine.js';
import { envIds, make } from '../../src/env/registry.js';
import { createRng, randomInt } from '../../src/env/rng.js';
import { tenPairsGame } from '../helpers/ten-pairs.js';
import { allChecks } from '../helpers/game-checks.js';
import { perId } from '../helpers/scale.js';

/** Games an id is played, fewer for a slow one (its checks' `episodes`) and each fewer once ids are many (perId). */
const GAMES: Record<string, number> = Object.assign({}, ...allChecks().map((c) => c.episodes ?? {}));
const gamesOf = (id: string) => perId(Math.min(GAMES[id] ?? 1000, 1000), envIds().length);

/** Option sets that change a bound (besides every id's preset): each game's (its test folder's checks.ts). */
const VARIANTS = allChecks().flatMap((c) => c.boundVariants ?? []);

/**
 * Plays `games` random games of `env` (seeded), checking every observation against the env's
 * bounds; returns the first breach, naming the feature, its value and the bound, or null.
 */
function firstBreach(env: Env, games: number, seed: number): string | null {
  const { low, high } = env.observationBounds();
  const policy = createRng(seed ^ 0xb0b);
  const obs = env.observation;
  for (let g = 0; g < games; g++) {
    env.reset({ seed: seed + g });
    for (let step = 0; ; step++) {
      for (let i = 0; i < obs.length; i++) {
        if (obs[i] < low[i])
          return `seed ${seed + g} step ${step}: observation[${i}] = ${obs[i]} is below its lower bound ${low[i]}`;
        if (obs[i] > high[i])
          return `seed ${seed + g} step ${step}: observation[${i}] = ${obs[i]} is above its upper bound ${high[i]}`;
      }
      if (!env.running) break;
      env.step(env.legal[randomInt(policy, 0, env.legalCount - 1)]);
    }
  }
  return null;
}

describe('observation bounds', () => {
  it.each(envIds())('%s: no observation of random play leaves its bounds', (id) => {
    expect(firstBreach(make(id), gamesOf(id), 500)).toBeNull();
  });

  it.each(VARIANTS)('%s %j: no observation of random play leaves its bounds', (id, options) => {
    expect(firstBreach(make(id, options), gamesOf(id), 900)).toBeNull();
  });

  it('a bound too tight is caught', () => {
    /** Four Ten under `options` with feature i's upper bound set to `high`. */
    const tightened = (options: Record<string, unknown>, i: number, high: number) => {
      const parsed = fourTenGame.optionsSchema.parse(options);
      const bounds = fourTenGame.observationBounds!(parsed);
      bounds.high[i] = high;
      return new Env('four-ten', { ...fourTenGame, observationBounds: () => bounds }, parsed);
    };
    // Home above handTarget: the hands a fault ends the game with stay shown.
    expect(firstBreach(tightened({}, 13, 1), 400, 500)).toMatch(
      /observation\[13\] = 1\.\d+ is above its upper bound 1$/,
    );
    // Points at the winning end: a round can take them past gameTarget.
    expect(firstBreach(tightened({ gameTarget: 5 }, 30, 1), 400, 500)).toMatch(
      /observation\[30\] = [\d.]+ is above its upper bound 1$/,
    );
  });

  it(
    'are float32 arrays of observationSize, low < high (no empty range, which Gymnasium warns of), copied for ' +
      'each caller',
    () => {
      for (const id of envIds()) {
        const env = make(id);
        const { low, high } = env.observationBounds();
        expect(low).toBeInstanceOf(Float32Array);
        expect([low.length, high.length]).toEqual([env.observationSpace.shape[0], env.observationSpace.shape[0]]);
        for (let i = 0; i < low.length; i++)
          if (!(low[i] < high[i])) expect.fail(`${id}: feature ${i} has the range [${low[i]}, ${high[i]}]`);
        high.fill(0);
        expect(env.observationBounds().high.some((x) => x > 0)).toBe(true);
      }
    },
  );

  it('depend on the options as the engines say', () => {
    const high = (id: string, options: Record<string, unknown> = {}) =>
      Array.from(make(id, options).observationBounds().high);
    expect(high('tens')[182]).toBe(Math.fround(39 / 52));
    expect(high('tens', { tableau: 15 })[208]).toBe(Math.fround(37 / 52));
    expect(high('block-ten')[130]).toBe(Math.fround(43 / 52));
    // Decade on one line: the flags keep [0, 1]; at most 49 draws and 26 discards.
    const line = make('decade').observationBounds();
    expect([line.low[521], line.high[521], line.low[522], line.high[522]]).toEqual([0, 1, 0, 1]);
    expect([line.high[533], line.high[534]]).toEqual([Math.fround(49 / 52), Math.fround(75 / 5000)]);
    expect(high('decade', { pickedUp: 'deck-bottom' }).slice(533)).toEqual([1, 1]);
    expect(high('decade-stacks')[3671]).toBe(Math.fround(45 / 52));
    // Four Ten: Hand and Shadow up to t + 3, Home t + 4, four cards 16 at most; points (g − 1 + m)/g.
    expect(maxDeckOutPoints(10)).toBe(28);
    expect(maxDeckOutPoints(4)).toBe(0);
    expect(maxDeckOutPoints(40)).toBe(44);
    expect(high('four-ten').slice(12, 15)).toEqual([1.3, 1.4, 1.3].map(Math.fround));
    expect(high('four-ten')[30]).toBe(Math.fround(77 / 50));
    expect(high('four-ten', { handTarget: 40, gameTarget: 45 }).slice(12, 15)).toEqual(
      [0.4, 0.4, 0.4].map(Math.fround),
    );
    expect(high('four-ten', { handTarget: 40, gameTarget: 45 })[30]).toBe(Math.fround(88 / 45));
    expect(high('four-ten', { handTarget: 3, gameTarget: 1 })[30]).toBe(3);
    expect(high('four-ten', { drawVisible: false })[29]).toBe(1);
    expect(high('four-ten')[29]).toBe(Math.fround(31 / 32));
    // Flags the options pin keep [0, 1]: no feature's range is empty.
    expect(high('four-ten', { drawVisible: false, safeties: 0 })[18]).toBe(1);
    expect(high('four-ten', { drawVisible: false, safeties: 0 })[31]).toBe(1);
  });

  it('a game without observationBounds is unbounded', () => {
    // Ten Pairs declares its bounds; the same game without them.
    const { observationBounds, ...unbounded } = tenPairsGame;
    expect(observationBounds).toBeDefined();
    const env = new Env('ten-pairs', unbounded, tenPairsGame.optionsSchema.parse({}));
    const { low, high } = env.observationBounds();
    expect(low.every((x) => x === -Infinity) && high.every((x) => x === Infinity)).toBe(true);
  });

  it('bounds an engine gives malformed are refused, naming the problem', () => {
    const options = fourTenGame.optionsSchema.parse({});
    const withBounds = (observationBounds: unknown) =>
      new Env('four-ten', { ...fourTenGame, observationBounds } as typeof fourTenGame, options).observationBounds();
    expect(() => withBounds(() => ({ low: new Float32Array(3), high: new Float32Array(3) }))).toThrow(
      /expected \{ low, high \}, two Float32Arrays of the 33 floats/,
    );
    const crossed = fourTenGame.observationBounds!(options);
    crossed.low[7] = 2;
    expect(() => withBounds(() => crossed)).toThrow(/feature 7 the bounds \[2, 1\]: expected low <= high/);
  });
});
