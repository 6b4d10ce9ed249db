// Simple Tens' rules on explicit decks: the 36-card deck (aces to nines), pairs making 10 with fives paired
// together, the refill at once, the win at 36 cards, and the deck's bounds in decks, JSON and the observation.
import { describe, expect, it } from 'vitest';
import { cardCode } from '../../../src/env/cards.js';
import { make } from '../../../src/env/registry.js';
import { gameJSON, thrown } from '../helpers.js';

/** The 36 cards, aces to nines: `first`, then the rest in card order. */
function stripped(first: string[]): string[] {
  const rest = Array.from({ length: 36 }, (_, c) => cardCode(c)).filter((c) => !first.includes(c));
  return [...first, ...rest];
}

// Slots 0 and 1 make 10, slots 2 and 3 are two fives; the rest pairs with nothing on the grid.
const DEAL = ['3C', '7D', '5C', '5D', 'AC', 'AD', 'AH', '2C', '2D', '4C'];

describe('simple-tens', () => {
  it('deals nine of 36 cards and removes a pair making 10, refilling its slots lowest first', () => {
    const env = make('simple-tens');
    env.reset({ deck: stripped(DEAL) });
    expect(gameJSON(env).stock).toHaveLength(27);
    expect(env.legalActions()).toEqual([0, 15]);
    expect(env.describeAction(0)).toBe('remove 3♣ + 7♦');
    env.step(0);
    expect(gameJSON(env)).toMatchObject({ removed: ['3C', '7D'] });
    expect((gameJSON(env).tableau as string[]).slice(0, 2)).toEqual(['4C', 'AS']);
  });

  it('pairs two fives, and refuses two cards that do not make 10', () => {
    const env = make('simple-tens', { reward: 'cards' });
    env.reset({ deck: stripped(DEAL) });
    expect(env.describeAction(15)).toBe('remove 5♣ + 5♦');
    expect(env.step(15).reward).toBe(2);
    expect(() => env.step(1)).toThrow(/3♣ \+ 4♣ make 7, not 10/);
  });

  it('is won when all 36 cards are removed, with the stock size over 36 in the observation', () => {
    // Each pair's partner follows it, so the grid always holds a pair until the deck is out.
    const order = ['A', '9', '2', '8', '3', '7', '4', '6', '5', '5'];
    const deck: string[] = [];
    for (const suits of ['CD', 'HS'])
      for (let k = 0; k < 8; k += 2) for (const u of suits) deck.push(order[k] + u, order[k + 1] + u);
    deck.push('5C', '5D', '5H', '5S');
    const env = make('simple-tens', { reward: 'cards' });
    env.reset({ deck });
    const obs = env.observation;
    expect(obs[130]).toBeCloseTo(27 / 36);
    let total = 0;
    while (env.running) total += env.step(env.legal[0]).reward;
    expect(env.outcome()).toEqual({ won: true, cardsLeft: 0 });
    expect(total).toBe(36);
  });

  it('refuses decks and states holding a ten or a court card, or missing a card', () => {
    const env = make('simple-tens');
    expect(thrown(() => env.reset({ deck: [...stripped([]).slice(1), 'TC'] })).message).toMatch(
      /TC at index 35 is not in this 36-card deck/,
    );
    expect(thrown(() => env.reset({ deck: stripped([]).slice(1) })).message).toMatch(/35 cards, this deck has 36/);
    env.reset({ seed: 3 });
    const state = env.getState();
    const game = gameJSON(env);
    const stock = game.stock as string[];
    const swapped = { ...game, stock: [...stock.slice(0, -1), 'KH'], removed: [...game.removed, stock.at(-1)] };
    expect(thrown(() => env.setState({ ...state, game: swapped })).message).toMatch(
      /KH, which this deck does not hold/,
    );
  });
});
