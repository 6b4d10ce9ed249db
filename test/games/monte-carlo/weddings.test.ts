// Weddings' rules on explicit decks: Monte Carlo's touching pairs of one rank, and a deal that raises each card up its
// column before the stock fills the empty slots; its legality once the stock is out; a deal where the order matters.
import { describe, expect, it } from 'vitest';
import { pairId } from '../../../src/env/layouts/index.js';
import { make } from '../../../src/env/registry.js';
import { deckWith, first, gameJSON, playOut } from '../helpers.js';

// Only the aces of slots 0 and 6 touch (corner to corner).
const GRID = [
  ...['AC', '4C', '5C', '6C', '2C'],
  ...['2D', 'AD', '7C', '8C', '9C'],
  ...['TC', 'JC', '3D', 'QC', 'KC'],
  ...['4D', '5D', '6D', '7D', '8D'],
  ...['9D', 'TD', 'JD', 'QD', '3C'],
];
const DEAL = 300;

describe('weddings', () => {
  it('raises the cards up their columns on the deal, then fills the empty slots from the stock', () => {
    const env = make('weddings');
    env.reset({ deck: deckWith(GRID) });
    expect(env.legalActions()).toEqual([pairId(25, 0, 6)]);
    env.step(pairId(25, 0, 6));
    expect(env.legalActions()).toEqual([DEAL]);
    expect(env.describeAction(DEAL)).toBe(
      'consolidate: 7 cards rise up their columns, 2 cards dealt into the empty slots',
    );
    env.step(DEAL);
    const tableau = gameJSON(env).tableau;
    // Columns 0 and 1 moved up one row; the other columns kept their places.
    expect([0, 5, 10, 15].map((i) => tableau[i])).toEqual(['2D', 'TC', '4D', '9D']);
    expect([1, 6, 11, 16].map((i) => tableau[i])).toEqual(['4C', 'JC', '5D', 'TD']);
    expect(tableau.slice(2, 5)).toEqual(GRID.slice(2, 5));
    // The stock's next cards, two aces, fill the feet of the two columns, where they touch.
    expect([tableau[20], tableau[21]]).toEqual(['AH', 'AS']);
    expect(env.legalActions()).toEqual([pairId(25, 20, 21)]);
  });

  it('consolidates after the stock is out while an empty slot lies above a card, and not once none does', () => {
    const env = make('weddings');
    env.reset({ deck: deckWith(GRID) });
    const state = env.getState();
    const game = state.game as { tableau: (string | null)[]; stock: string[]; removed: string[] };
    game.removed = [...game.stock, 'AC', 'AD', 'KC'];
    game.stock = [];
    for (const i of [0, 6, 14]) game.tableau[i] = null;
    env.setState(state);
    expect(env.legalActions()).toEqual([DEAL]);
    expect(env.describeAction(DEAL)).toBe('consolidate: 9 cards rise up their columns');
    env.step(DEAL);
    expect([20, 21, 24].map((i) => gameJSON(env).tableau[i])).toEqual([null, null, null]);
    expect(() => env.step(DEAL)).toThrow(/the stock is empty and no card would move/);
  });

  it('has real decisions: on this deal the opening pair changes the end of the rest, played alike', () => {
    const env = make('weddings');
    env.reset({ seed: 3 });
    const ends = env.legalActions().map((opening) => {
      env.reset({ seed: 3 });
      env.step(opening);
      playOut(env, first);
      return env.outcome().cardsLeft;
    });
    expect(new Set(ends).size).toBeGreaterThan(1);
  });
});
