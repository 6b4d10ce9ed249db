// Neighbour's rules on explicit decks: touching pairs making 13, kings alone, and the cards closing up after every
// removal with the stock filling the end slots; a deal where the order of moves matters.
import { describe, expect, it } from 'vitest';
import { pairId } from '../../../src/env/layouts/index.js';
import { make } from '../../../src/env/registry.js';
import { deckWith, first, gameJSON, playOut } from '../helpers.js';

// 6♣ 7♣ touch at the top left; 5♣ ends row 0 and 8♣ starts row 1, which do not touch; K♣ lies in slot 14.
const GRID = [
  ...['6C', '7C', 'AC', 'AD', '5C'],
  ...['8C', '2C', '2D', '3C', '3D'],
  ...['4C', '4D', '9C', 'TC', 'KC'],
  ...['AH', 'AS', '2H', '2S', '3H'],
  ...['3S', '4H', '4S', '9D', 'TD'],
];
const KING_BASE = 300;

describe('neighbour', () => {
  it('pairs touching cards that make 13, removes a king alone, and refuses cards that do not touch', () => {
    const env = make('neighbour', { reward: 'cards' });
    env.reset({ deck: deckWith(GRID) });
    expect(env.legalActions()).toContain(pairId(25, 0, 1));
    expect(env.legalActions()).toContain(KING_BASE + 14);
    expect(() => env.step(pairId(25, 4, 5))).toThrow(/5♣ and 8♣ are not in touching slots/);
    expect(env.step(KING_BASE + 14).reward).toBe(1);
  });

  it('closes the gaps after every removal and deals the stock into the end slots', () => {
    const env = make('neighbour');
    const deck = deckWith(GRID);
    env.reset({ deck });
    env.step(pairId(25, 0, 1));
    const tableau = gameJSON(env).tableau;
    expect(tableau.slice(0, 23)).toEqual(GRID.slice(2));
    expect(tableau.slice(23)).toEqual(deck.slice(25, 27));
    env.step(KING_BASE + 12); // the king, now two slots earlier
    expect(gameJSON(env).tableau.slice(12, 24)).toEqual(
      [...GRID.slice(15), ...deck.slice(25, 27), deck[27]].slice(0, 12),
    );
  });

  it('has real decisions: on this deal the opening move decides whether the rest, played alike, wins', () => {
    const env = make('neighbour');
    env.reset({ seed: 2 });
    const ends = env.legalActions().map((opening) => {
      env.reset({ seed: 2 });
      env.step(opening);
      playOut(env, first);
      return env.outcome().cardsLeft;
    });
    expect(new Set(ends).size).toBeGreaterThan(1);
    expect(ends).toContain(0);
  });
});
