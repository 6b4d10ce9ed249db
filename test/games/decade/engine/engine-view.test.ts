// What code outside the engine reads of Decade: `decadeOf` and `decadeOptionsOf` hand over the
// state and options of a decade-family env or config only, the engine scores by cards left, and
// `expectedReturn` (the contract checker's sum of rewards) knows when the outcome fixes it.
import { CARDS_LEFT_RESULT } from '../../../../src/env/game.js';
import { describe, expect, it } from 'vitest';
import { decadeGame, decadeOf, decadeOptionsOf, decadeOptionsSchema } from '../../../../src/games/decade/engine.js';
import { envConfig, envIds, envSpec, make } from '../../../../src/env/registry.js';
import { decade } from '../../../../src/games/decade/index.js';

const isDecade = (id: string) => envSpec(id).game.name === 'decade';

describe('decade engine view', () => {
  it('decadeOf and decadeOptionsOf answer for decade-family envs and configs, null for every other engine', () => {
    for (const id of envIds()) {
      const env = make(id);
      env.reset({ seed: 1 });
      const view = decadeOf(env);
      const fromEnv = decadeOptionsOf(env);
      const fromConfig = decadeOptionsOf(envConfig(id));
      if (isDecade(id)) {
        expect(view?.options, id).toEqual(env.options);
        expect(view?.state, id).toBe(env.rawState);
        expect(fromEnv, id).toEqual(env.options);
        expect(fromConfig, id).toEqual(env.options);
      } else {
        expect(view, id).toBeNull();
        expect(fromEnv, id).toBeNull();
        expect(fromConfig, id).toBeNull();
      }
    }
    expect(envIds().filter(isDecade).sort()).toEqual(decade.ids.map((i) => i.id).sort());
    expect(envIds().filter((id) => !isDecade(id)).length).toBeGreaterThan(0);
  });

  it('is measured by the cards left (evaluation reports the mean cards left, not rounds)', () => {
    expect(decadeGame.result).toBe(CARDS_LEFT_RESULT);
    for (const id of envIds().filter(isDecade)) expect(envSpec(id).game.result, id).toBe(CARDS_LEFT_RESULT);
  });

  it('expectedReturn with reward cards: 52 minus the cards left whenever no card can come back or be cut off', () => {
    const o = (opts: object) => decadeOptionsSchema.parse({ reward: 'cards', ...opts });
    // 78 steps are more than a one-line game can take (49 draws and at most 26 discards): never truncated.
    expect(decadeGame.expectedReturn!({ won: false, cardsLeft: 5 }, o({ maxSteps: 78 }))).toBe(47);
    expect(decadeGame.expectedReturn!({ won: false, cardsLeft: 5 }, o({ maxSteps: 77 }))).toBeNull();
    // One line emptied: every card was discarded once.
    expect(decadeGame.expectedReturn!({ won: true, cardsLeft: 0 }, o({}))).toBe(52);
    expect(decadeGame.expectedReturn!({ won: true, cardsLeft: 0 }, o({ stacks: 7 }))).toBeNull();
  });
});
