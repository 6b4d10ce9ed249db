// Eight Cards has real decisions: on one deal keeping the draws until the rows are stuck wins and drawing at once
// loses, on another the reverse, so no fixed rule for the draws is right.
import { describe, expect, it } from 'vitest';
import { make } from '../../../src/env/registry.js';
import { first, last, playOut } from '../helpers.js';

/** The draw is the last id: `first` draws only when nothing else is legal, `last` draws whenever it may. */
function outcomes(seed: number) {
  return [first, last].map((policy) => {
    const env = make('eight-cards');
    env.reset({ seed });
    playOut(env, policy);
    return env.outcome().won;
  });
}

describe('eight-cards: real decisions', () => {
  it('when to draw decides the game, either way', () => {
    expect(outcomes(4)).toEqual([true, false]);
    expect(outcomes(122)).toEqual([false, true]);
  });
});
