// The engine's own answer to "why is this move illegal" for moves that are legal (a caller of
// the engine functions asks before it steps), a run totalling 35 with fives (in a line and as a
// whole loop), and the draw once every stack is eliminated.
import { describe, expect, it } from 'vitest';
import { cardCode } from '../../../../src/env/cards.js';
import { DRAW, decadeGame, decadeOf, runActionId } from '../../../../src/games/decade/engine.js';
import { make } from '../../../../src/env/registry.js';
import { envAt, randomPosition, withHistory } from '../../../helpers/decade.js';

const PRESETS: [string, Record<string, unknown>][] = [
  ['decade', {}],
  ['decade-optional', {}],
  ['decade-max3', {}],
  ['decade-loop', {}],
  ['decade-loop', { fives: true, maxRun: null }],
  ['decade-fives', {}],
  ['decade-stacks', {}],
  ['ten-twenty-thirty', {}],
];

describe('decade whyIllegal for legal moves', () => {
  it.each(PRESETS)('%s %j: says "it is legal" for every legal move, runs and draws', (id, options) => {
    const kinds = new Set<string>();
    for (let seed = 0; seed < 8; seed++) {
      const env = randomPosition(id, seed, 2 + seed * 5, options);
      if (!env.running) continue;
      const view = decadeOf(env)!;
      for (const action of env.legalActions()) {
        kinds.add(action === DRAW ? 'draw' : 'run');
        expect(
          decadeGame.whyIllegal!(view.state, view.options, action),
          `seed ${seed}: ${env.describeAction(action)}`,
        ).toBe('it is legal');
      }
    }
    expect(kinds.has('run'), 'some run was legal').toBe(true);
    expect(kinds.has('draw'), 'some draw was legal').toBe(true);
  });
});

describe('decade: a run totalling 35 with fives', () => {
  const line = ['9C', '9D', '9H', '8C']; // 35, and no shorter run totals a multiple of 5

  it('is legal in a line, and the engine says so', () => {
    const env = envAt('decade-fives', { stacks: [line], stock: ['5C'] });
    expect(env.legalActions()).toEqual([runActionId(0, 4)]);
    const view = decadeOf(env)!;
    expect(decadeGame.whyIllegal!(view.state, view.options, runActionId(0, 4))).toBe('it is legal');
    expect(env.describeAction(runActionId(0, 4))).toBe('discard 9♣ 9♦ 9♥ 8♣ (35)');
  });

  it('is offered as the whole of a loop (id with start 0)', () => {
    const env = envAt('decade-loop', { stacks: [line], stock: ['5C'] }, { fives: true, maxRun: null });
    expect(env.legalActions()).toEqual([runActionId(0, 4)]);
    env.step(runActionId(0, 4));
    expect((env.getState().game as { stacks: string[][] }).stacks).toEqual([[]]);
  });
});

describe('decade: every stack eliminated', () => {
  // Counters that agree with the cards: the pile in runs, steps = draws + runs.
  const game = withHistory(
    {
      stacks: [[], [], [], [], [], [], []],
      eliminated: [true, true, true, true, true, true, true],
      current: 3,
      stock: Array.from({ length: 10 }, (_, c) => cardCode(c)),
      discarded: Array.from({ length: 42 }, (_, i) => cardCode(10 + i)),
      steps: 40,
    },
    decadeOf(make('decade-stacks'))!.options,
  );

  it(
    'the game is won with cards left in the stock; a draw is described as plain "draw" (there is no stack to ' +
      'draw onto)',
    () => {
      const env = make('decade-stacks');
      env.reset({ seed: 0 });
      env.setState({ ...env.getState(), game });
      expect(env.terminated).toBe(true);
      expect(env.outcome()).toEqual({ won: true, cardsLeft: 0 });
      expect(env.describeAction(DRAW)).toBe('draw');
    },
  );

  it('the engine refuses the draw because every stack is eliminated, asked straight after loading the state', () => {
    const env = make('decade-stacks');
    const o = decadeOf(env)!.options;
    const s = decadeGame.createState(o);
    decadeGame.fromJSON!(game, o, s);
    expect(decadeGame.whyIllegal!(s, o, DRAW)).toBe('every stack is eliminated');
  });
});
