// The engine's own answer to "why is this move illegal" for moves that are legal, in positions
// of every phase (a caller of the engine functions asks before it steps), and for every move
// once the game is won.
import { describe, expect, it } from 'vitest';
import {
  END_TURN,
  FIRST_EXCHANGE,
  FIRST_REPLACE,
  fourTenGame,
  fourTenOf,
  type FourTenJSON,
} from '../../../../src/games/four-ten/engine.js';
import { make } from '../../../../src/env/registry.js';
import { fourTenPositions, fourTenReplacePositions, phaseOf } from '../../../helpers/four-ten.js';

describe('four-ten whyIllegal', () => {
  it('says "it is legal" for every legal move, of every kind', () => {
    const positions = [...fourTenPositions(40, 5), ...fourTenReplacePositions(5, 5)];
    const kinds = new Set<string>();
    for (const env of positions) {
      const view = fourTenOf(env)!;
      for (const action of env.legalActions()) {
        kinds.add(
          action < FIRST_REPLACE
            ? 'place'
            : action < FIRST_EXCHANGE
              ? 'replace'
              : action < END_TURN
                ? 'exchange'
                : 'end turn',
        );
        expect(fourTenGame.whyIllegal!(view.state, view.options, action), `${phaseOf(env)} ${action}`).toBe(
          'it is legal',
        );
      }
    }
    expect([...kinds].sort()).toEqual(['end turn', 'exchange', 'place', 'replace']);
  });

  it('says the game is over for every move once it is won', () => {
    // handTarget 1: a 1 into Home, then a 1 into Hand scores the one point the game needs.
    const env = make('four-ten', { handTarget: 1, gameTarget: 1 });
    env.reset({ deck: Array.from({ length: 32 }, (_, i) => String(1 + (i >> 3))) });
    for (const a of [1, END_TURN, 0]) env.step(a);
    const g = env.getState().game as FourTenJSON;
    expect([g.phase, g.hand, g.home]).toEqual(['won', ['1'], ['1']]);
    const view = fourTenOf(env)!;
    for (let action = 0; action <= END_TURN; action++)
      expect(fourTenGame.whyIllegal!(view.state, view.options, action)).toBe('the game is over');
  });
});
