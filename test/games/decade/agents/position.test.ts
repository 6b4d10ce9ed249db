// The searches see a decade env through `rulesOf`: an engine option it does not read is one the
// agents play as if it had its default (a new option added to the engine and not here would
// make every decade search play another game than the env's). Each option but `reward` (what
// the env pays, not the game) must change the rules the searches get.
import { describe, expect, it } from 'vitest';
import { decadeGame } from '../../../../src/games/decade/engine.js';
import { rulesOf } from '../../../../src/games/decade/agents/position.js';

/** A value other than the default for each option of the engine. */
const OTHER: Record<string, unknown> = {
  stacks: 7,
  minRun: 3,
  maxRun: 3,
  loop: true,
  fives: true,
  discard: 'optional',
  pickedUp: 'deck-bottom',
  win: 'one-left',
  maxSteps: 100,
};

/** Options the searches need not see: what the env pays for a step. */
const NOT_RULES = new Set(['reward']);

describe('rulesOf (the options as the decade searches see them)', () => {
  const defaults = decadeGame.optionsSchema.parse({});
  const keys = Object.keys(defaults).filter((k) => !NOT_RULES.has(k));

  it('has a value to try for every option of the engine', () => {
    expect(
      Object.keys(OTHER).sort(),
      'an option of decade.ts with no entry in OTHER: add one, and map the option in rulesOf',
    ).toEqual(keys.sort());
  });

  for (const key of keys) {
    it(`reads ${key}`, () => {
      const other = decadeGame.optionsSchema.parse({ [key]: OTHER[key] });
      expect(
        rulesOf(other),
        `rulesOf ignores ${key}: map it into Rules (src/games/decade/agents/position.ts)`,
      ).not.toEqual(rulesOf(defaults));
    });
  }

  it('ignores reward, which changes what the env pays and not the game', () => {
    expect(rulesOf(decadeGame.optionsSchema.parse({ reward: 'cards' }))).toEqual(rulesOf(defaults));
  });
});
