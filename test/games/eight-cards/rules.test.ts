// Eight Cards' rules on explicit decks: pairs making 11 and face cards alone, the extra slot that only a draw fills,
// at most twice a game and only while it is empty, and its draws in the observation and the state JSON.
import { describe, expect, it } from 'vitest';
import { make } from '../../../src/env/registry.js';
import { deckWith, gameJSON, thrown } from '../helpers.js';

// Slots 0 and 1 make 11, slot 2 is a jack, the rest pairs with nothing; the stock starts 6♣ K♣ Q♣.
const DEAL = ['5C', '6D', 'JC', '2C', '2D', '2H', '3C', '3D', '6C', 'KC', 'QC'];
const DRAW = 45;

describe('eight-cards', () => {
  it('deals eight cards and an empty extra slot; pairs making 11, a jack alone, or a draw', () => {
    const env = make('eight-cards');
    env.reset({ deck: deckWith(DEAL) });
    expect(gameJSON(env)).toMatchObject({ tableau: [...DEAL.slice(0, 8), null], drawsLeft: 2 });
    expect(env.legalActions()).toEqual([0, 38, DRAW]);
    expect(env.describeAction(DRAW)).toBe('draw to the extra slot (2 draws left)');
    expect(env.observation[130]).toBeCloseTo(44 / 52);
    expect(env.observation[131]).toBe(1);
  });

  it('draws into the empty extra slot, whose card pairs with a row card and is never refilled', () => {
    const env = make('eight-cards', { reward: 'cards' });
    env.reset({ deck: deckWith(DEAL) });
    expect(env.step(DRAW).reward).toBe(0);
    expect(gameJSON(env)).toMatchObject({ drawsLeft: 1 });
    expect((gameJSON(env).tableau as string[])[8]).toBe('6C');
    expect(env.observation[131]).toBe(0.5);
    expect(() => env.step(DRAW)).toThrow(/the extra slot holds 6♣/);
    // Slots 0 and 8: 5♣ + 6♣. The row slot refills from the stock, the extra slot stays empty.
    expect(env.legalActions()).toEqual([0, 7, 38]);
    expect(env.step(7).reward).toBe(2);
    expect((gameJSON(env).tableau as string[]).slice(0, 1)).toEqual(['KC']);
    expect((gameJSON(env).tableau as string[])[8]).toBeNull();
  });

  it('draws at most twice a game; a face card drawn leaves alone', () => {
    const env = make('eight-cards', { reward: 'cards' });
    env.reset({ deck: deckWith(DEAL) });
    env.step(DRAW);
    env.step(7); // 5♣ + 6♣; K♣ refills slot 0
    env.step(DRAW);
    expect((gameJSON(env).tableau as string[])[8]).toBe('QC');
    expect(env.legalActions()).toContain(36 + 8);
    expect(env.step(36 + 8).reward).toBe(1);
    expect(gameJSON(env)).toMatchObject({ drawsLeft: 0 });
    expect(env.legalActions()).not.toContain(DRAW);
    expect(() => env.step(DRAW)).toThrow(/no draw is left; a game has 2/);
  });

  it('keeps the draws left in the state JSON, and refuses states no play gives', () => {
    const env = make('eight-cards');
    env.reset({ deck: deckWith(DEAL) });
    env.step(DRAW);
    const state = env.getState();
    const copy = make('eight-cards');
    copy.setState(state);
    expect(copy.legalActions()).toEqual(env.legalActions());
    const game = gameJSON(env);
    const refused = (change: Record<string, unknown>) =>
      thrown(() => copy.setState({ ...state, game: { ...game, ...change } })).message;
    expect(refused({ drawsLeft: 2 })).toMatch(/the extra slot holds a card, but none was drawn/);
    expect(refused({ drawsLeft: 3 })).toMatch(/drawsLeft/);
  });
});
