// Quatorze's rules on explicit decks: pairs making 14 in one row or column, refilled in place while the stock lasts;
// once it is out, the cards close up after every removal (checked over random games); a deal where the order matters.
import { describe, expect, it } from 'vitest';
import { DECK_SIZE } from '../../../src/env/cards.js';
import { pairId } from '../../../src/env/layouts/index.js';
import { make } from '../../../src/env/registry.js';
import { deckWith, first, gameJSON, playOut, randomPolicy } from '../helpers.js';

// 7♣ and 7♦ share row 0, far apart; 6♣ and 8♣ lie corner to corner.
const GRID = [
  ...['7C', 'AC', 'AD', 'AH', '7D'],
  ...['2C', '6C', '2D', '2H', '2S'],
  ...['3C', '3D', '8C', '3H', '3S'],
  ...['4C', '4D', '4H', '4S', '5C'],
  ...['5D', '5H', '5S', '9C', '9D'],
];

describe('quatorze', () => {
  it('pairs cards making 14 in one row or column, and refills their slots in place while the stock lasts', () => {
    const env = make('quatorze');
    const deck = deckWith(GRID);
    env.reset({ deck });
    expect(env.legalActions()).toContain(pairId(25, 0, 4));
    expect(() => env.step(pairId(25, 6, 12))).toThrow(/6♣ and 8♣ are not in one row or column/);
    env.step(pairId(25, 0, 4));
    const tableau = gameJSON(env).tableau;
    expect([tableau[0], tableau[4]]).toEqual(deck.slice(25, 27));
    expect(tableau.slice(1, 4)).toEqual(GRID.slice(1, 4));
  });

  it('once the stock is out, closes the gaps in reading order after every removal', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const env = make('quatorze');
      env.reset({ seed });
      const choose = randomPolicy(seed);
      while (env.running) {
        const before = gameJSON(env).tableau;
        const stockBefore = gameJSON(env).stock.length;
        const action = choose(env);
        env.step(action);
        const after = gameJSON(env).tableau;
        const kept = before.filter((c, i) => c !== null && after.includes(c) && i >= 0);
        if (gameJSON(env).stock.length > 0) {
          // In place: every card still on the grid kept its slot.
          for (const c of kept) expect(after.indexOf(c)).toBe(before.indexOf(c));
        } else if (stockBefore === 0) {
          const cards = after.filter((c) => c !== null);
          expect(after.slice(0, cards.length)).toEqual(before.filter((c) => c !== null && after.includes(c)));
        }
      }
      expect(DECK_SIZE - env.outcome().cardsLeft).toBeGreaterThan(0);
    }
  });

  it('has real decisions: on this deal the opening pair decides whether the rest, played alike, wins', () => {
    const env = make('quatorze');
    env.reset({ seed: 4 });
    const ends = env.legalActions().map((opening) => {
      env.reset({ seed: 4 });
      env.step(opening);
      playOut(env, first);
      return env.outcome().cardsLeft;
    });
    expect(new Set(ends).size).toBeGreaterThan(1);
    expect(ends).toContain(0);
  });
});
