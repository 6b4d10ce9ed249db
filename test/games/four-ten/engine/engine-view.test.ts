// What code outside the engine reads of Four Ten: `fourTenOf` hands over the state of a Four Ten
// env only, and the engine's `scoring` says what its outcome measures (evaluation and training
// summarise results by it).
import { describe, expect, it } from 'vitest';
import { fourTenGame, fourTenOf } from '../../../../src/games/four-ten/engine.js';
import { envIds, envSpec, make } from '../../../../src/env/registry.js';

describe('four-ten engine view', () => {
  it('fourTenOf gives the state of a four-ten env, and null for every other engine', () => {
    for (const id of envIds()) {
      const env = make(id);
      env.reset({ seed: 1 });
      const view = fourTenOf(env);
      if (envSpec(id).game.name === 'four-ten') expect(view?.options, id).toEqual(env.options);
      else expect(view, id).toBeNull();
    }
    expect(envIds().filter((id) => envSpec(id).game.name !== 'four-ten').length).toBeGreaterThan(0);
  });

  it("every game's outcome holds the fields its result declares, four-ten's the rounds and points", () => {
    for (const id of envIds()) {
      const env = make(id);
      env.reset({ seed: 2 });
      const outcome = env.outcome();
      for (const { key } of envSpec(id).game.result.fields) expect(typeof outcome[key], `${id}: ${key}`).toBe('number');
    }
    expect(fourTenGame.result.fields.map((f) => f.key)).toEqual(['rounds', 'points']);
    const four = make('four-ten');
    four.reset({ seed: 2 });
    expect(Object.keys(four.outcome()).sort()).toEqual(['points', 'rounds', 'safeties', 'won']);
  });
});
