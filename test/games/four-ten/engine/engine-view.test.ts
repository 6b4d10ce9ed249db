// What code outside the engine reads of Four Ten: `fourTenOf` hands over the state of a Four Ten
// env only, and the engine's `scoring` says what its outcome measures (evaluation and training
// summarise results by it).
import { describe, expect, it } from 'vitest';
import { fourTenOf } from '../../../../src/games/four-ten/engine.js';
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

  it('scores four-ten by rounds: its outcome has the rounds and points that scoring reads', () => {
    for (const id of envIds()) {
      const env = make(id);
      env.reset({ seed: 2 });
      const scoring = envSpec(id).game.scoring;
      const fields = Object.keys(env.outcome()).sort();
      expect(fields, `${id} (${scoring})`).toEqual(
        scoring === 'rounds' ? ['points', 'rounds', 'safeties', 'won'] : ['cardsLeft', 'won'],
      );
    }
  });
});
