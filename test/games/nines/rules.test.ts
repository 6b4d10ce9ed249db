// Nines' rules, one scenario per rule and option, each on an explicit deck (rules.md beside the
// engine; the tables open src/games/nines/engine.ts).
import { describe, expect, it } from 'vitest';
import { agentsFor } from '../../../src/agents/index.js';
import { pairId as slotPairId } from '../../../src/env/layouts/index.js';
import { make } from '../../../src/env/registry.js';
import { ninesGame } from '../../../src/games/nines/engine.js';
import { deckWith, first, gameJSON, last, playOut, thrown } from '../helpers.js';

const pairId = (i: number, j: number): number => slotPairId(9, i, j);
const NINE = 36;
const ASIDE = 45;

/** Every pair next to its partner, the nines, then each suit's 10-J-Q-K: every policy that waits clears it. */
const CLEAR_DECK: string[] = [
  ...[...'CDHS'].flatMap((s) => ['A', '8', '2', '7', '3', '6', '4', '5', '9'].map((r) => r + s)),
  ...[...'CDHS'].flatMap((s) => ['T', 'J', 'Q', 'K'].map((r) => r + s)),
];

describe('nines: ids, spaces and the moves', () => {
  it('defaults, one id, 54 actions, 147 floats, agents', () => {
    expect(ninesGame.optionsSchema.parse({})).toEqual({ undoLimit: 0, reward: 'win' });
    const env = make('nines');
    expect([env.actionSpace.n, env.observationSpace.shape[0]]).toEqual([54, 147]);
    expect(agentsFor('nines').map((a) => a.name)).toEqual(['random', 'first', 'patient']);
  });

  it('pairs make 9, a nine goes alone, refilled at once while the reserves are empty', () => {
    const env = make('nines', { reward: 'cards' });
    env.reset({ deck: deckWith(['AC', '8D', '9C', 'TC', 'JC', '2C', '2D', '3C', '3D', '4C', '4D', '4H']) });
    expect(env.legalActions()).toEqual([pairId(0, 1), NINE + 2, ASIDE + 3, ASIDE + 4]);
    expect(thrown(() => env.step(pairId(0, 2))).message).toContain('a nine is removed alone, not in a pair');
    expect(thrown(() => env.step(pairId(3, 5))).message).toContain('10♣ is set aside, not paired');
    expect(env.step(pairId(0, 1)).reward).toBe(2);
    expect(gameJSON(env).tableau.slice(0, 2)).toEqual(['4C', '4D']);
    expect(env.step(NINE + 2).reward).toBe(1);
    expect(gameJSON(env).tableau[2]).toBe('4H');
  });

  it('a set-aside stops the refill; the four going out refill the grid', () => {
    const env = make('nines', { reward: 'cards' });
    env.reset({ deck: deckWith(['TC', 'JC', 'QC', 'KC', 'TD', '2C', '2D', '3C', '3D', 'AC', '8C']) });
    expect(env.step(ASIDE).reward).toBe(0);
    expect(env.stepNote()).toBe(
      'The empty slots stay empty until a ten, a jack, a queen and a king are all set aside.',
    );
    expect(gameJSON(env).tableau[0]).toBeNull();
    expect(gameJSON(env).reserve).toEqual(['TC', null, null, null]);
    expect(env.legalActions()).toEqual([ASIDE + 1, ASIDE + 2, ASIDE + 3]);
    expect(thrown(() => env.step(ASIDE + 4)).message).toContain('a ten (10♣) is already set aside');
    env.step(ASIDE + 1);
    env.step(ASIDE + 2);
    expect(env.step(ASIDE + 3).reward).toBe(4);
    expect(env.stepNote()).toBe('10♣ J♣ Q♣ K♣ went out together.');
    expect(gameJSON(env).tableau.slice(0, 4)).toEqual(['AC', '8C', 'AD', 'AH']);
  });
});

describe('nines: the end and the state', () => {
  it('a won game pays 1 on its last step (win), 52 in all (cards); a card set aside at the end loses', () => {
    const win = make('nines');
    win.reset({ deck: CLEAR_DECK });
    const w = playOut(win, first);
    expect(win.outcome()).toEqual({ won: true, cardsLeft: 0 });
    expect(w.reduce((a, b) => a + b, 0)).toBe(1);
    const cards = make('nines', { reward: 'cards' });
    cards.reset({ deck: CLEAR_DECK });
    expect(playOut(cards, first).reduce((a, b) => a + b, 0)).toBe(52);
    const lost = make('nines');
    lost.reset({ deck: deckWith(['TC', 'JC', '2C', '2D', '3C', '3D', '4C', '4D', '4H']) });
    playOut(lost, last);
    expect(gameJSON(lost).reserve).toEqual(['TC', 'JC', null, null]);
    expect(lost.outcome()).toEqual({ won: false, cardsLeft: 52 });
  });

  it('the observation shows the reserves; a state with a card in the wrong reserve is refused', () => {
    const env = make('nines');
    env.reset({ deck: deckWith(['TC', 'JH', 'QC', 'KC', 'TD', '2C', '2D', '3C', '3D']) });
    env.step(ASIDE + 1);
    expect(Array.from(env.observation.subarray(117, 133))).toEqual([0, 0, 0, 0, 0, 0, 1, 0, ...Array(8).fill(0)]);
    const st = env.getState();
    const g = gameJSON(env);
    expect(thrown(() => env.setState({ ...st, game: { ...g, reserve: ['JH', null, null, null] } })).message).toContain(
      'the ten reserve holds JH',
    );
  });
});
