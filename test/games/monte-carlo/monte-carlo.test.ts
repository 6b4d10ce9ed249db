// Monte Carlo's rules on explicit decks: pairs of one rank in touching slots only, the consolidation that closes the
// gaps and fills the end slots, its legality once the stock is out, and a deal where the order of moves matters.
import { describe, expect, it } from 'vitest';
import { pairId } from '../../../src/env/layouts/index.js';
import { make } from '../../../src/env/registry.js';
import { deckWith, first, gameJSON, playOut } from '../helpers.js';

// Only the aces of slots 0 and 6 touch (corner to corner); the twos lie at a row's end and the next row's start.
const GRID = [
  ...['AC', '4C', '5C', '6C', '2C'],
  ...['2D', 'AD', '7C', '8C', '9C'],
  ...['TC', 'JC', '3D', 'QC', 'KC'],
  ...['4D', '5D', '6D', '7D', '8D'],
  ...['9D', 'TD', 'JD', 'QD', '3C'],
];
const DEAL = 300;

describe('monte-carlo', () => {
  it('pairs two cards of one rank in touching slots only, and says why others are not', () => {
    const env = make('monte-carlo');
    env.reset({ deck: deckWith(GRID) });
    expect(env.legalActions()).toEqual([pairId(25, 0, 6)]);
    expect(env.describeAction(pairId(25, 0, 6))).toBe('remove A♣ + A♦');
    expect(() => env.step(pairId(25, 4, 5))).toThrow(/2♣ and 2♦ are not in touching slots/);
    expect(() => env.step(pairId(25, 12, 24))).toThrow(/not in touching slots/);
    expect(() => env.step(pairId(25, 0, 1))).toThrow(/an ace pairs only with another ace/);
  });

  it('leaves the gaps until the player consolidates: the cards close up, the stock fills the end slots', () => {
    const env = make('monte-carlo', { reward: 'cards' });
    env.reset({ deck: deckWith(GRID) });
    expect(env.step(pairId(25, 0, 6)).reward).toBe(2);
    expect(gameJSON(env).tableau[0]).toBeNull();
    expect(env.legalActions()).toEqual([DEAL]);
    expect(env.describeAction(DEAL)).toBe('consolidate: 23 cards close the gaps, 2 cards dealt into the end slots');
    expect(env.actionCards(DEAL)).toEqual([]);
    expect(env.step(DEAL).reward).toBe(0);
    const tableau = gameJSON(env).tableau;
    expect(tableau.slice(0, 5)).toEqual(['4C', '5C', '6C', '2C', '2D']);
    expect(tableau.slice(21)).toEqual(['QD', '3C', 'AH', 'AS']);
    // The twos now touch, and so do the two aces dealt into the end slots.
    expect(env.legalActions()).toEqual([pairId(25, 3, 4), pairId(25, 23, 24)]);
  });

  it('consolidates after the stock is out while a gap lies before a card, and not once none does', () => {
    const env = make('monte-carlo');
    env.reset({ deck: deckWith(GRID) });
    const state = env.getState();
    const game = state.game as { tableau: (string | null)[]; stock: string[]; removed: string[] };
    // The aces of slots 0 and 6 gone, the king of slot 14 and the whole stock too; the slots keep their gaps.
    game.removed = [...game.stock, 'AC', 'AD', 'KC'];
    game.stock = [];
    for (const i of [0, 6, 14]) game.tableau[i] = null;
    env.setState(state);
    expect(env.legalActions()).toEqual([DEAL]);
    expect(env.describeAction(DEAL)).toBe('consolidate: 22 cards close the gaps');
    env.step(DEAL);
    expect(gameJSON(env).tableau.slice(21)).toEqual(['3C', null, null, null]);
    expect(env.isLegal(DEAL)).toBe(false);
    expect(() => env.step(DEAL)).toThrow(/the stock is empty and no card would move/);
  });

  it('has real decisions: on this deal the opening pair decides whether the rest, played alike, wins', () => {
    const ends = new Map<number, number>();
    const env = make('monte-carlo');
    env.reset({ seed: 6 });
    for (const opening of env.legalActions()) {
      env.reset({ seed: 6 });
      env.step(opening);
      playOut(env, first);
      ends.set(opening, env.outcome().cardsLeft);
    }
    expect(new Set(ends.values()).size).toBeGreaterThan(1);
    expect([...ends.values()]).toContain(0);
  });
});
