// Baroness on explicit decks (rules.md): the deal onto the piles, the slots filled by the deal at seven stock
// cards, pairs making 13 and kings alone, moves into an empty pile, the end, and the states play cannot reach.
import { describe, expect, it } from 'vitest';
import { cardCode } from '../../../src/env/cards.js';
import { make } from '../../../src/env/registry.js';

const ORDERED = Array.from({ length: 52 }, (_, c) => cardCode(c));
const DEAL = 28;
const MOVE = 29;
const moves = (env: ReturnType<typeof make>) => env.legalActions().map((a) => env.describeAction(a));
const deckOf = (first: string[]) => [...first, ...ORDERED.filter((c) => !first.includes(c))];
const slotsOf = (env: ReturnType<typeof make>) => (env.getState().game as { slots: (string | null)[] }).slots;

describe('baroness', () => {
  it('starts with one card on each of five piles, empty slots and 47 cards in the stock', () => {
    const env = make('baroness');
    env.reset({ deck: ORDERED });
    expect(env.actionSpace.n).toBe(36);
    expect(env.observation.length).toBe(695);
    expect(env.render().split('\n').slice(0, 6)).toEqual([
      'pile  1: A♣',
      'pile  2: A♦',
      'pile  3: A♥',
      'pile  4: A♠',
      'pile  5: 2♣',
      'slots: -- --',
    ]);
    // Aces pair with queens only: the deal is the one move.
    expect(env.legalActions()).toEqual([DEAL]);
    expect(env.moveKind(DEAL)).toBe('deal');
  });

  it('deals one card onto each pile, and onto each slot at seven stock cards', () => {
    const env = make('baroness');
    env.reset({ deck: ORDERED });
    env.step(DEAL);
    expect(env.render().split('\n')[0]).toBe('pile  1: A♣ 2♦');
    for (let d = 2; d <= 8; d++) env.step(DEAL);
    expect(slotsOf(env)).toEqual([null, null]);
    expect(env.describeAction(DEAL)).toBe('deal a card onto each pile and each slot');
    env.step(DEAL);
    // The last seven cards: Q♦ Q♥ Q♠ K♣ K♦ onto the piles, K♥ K♠ into the slots; nothing is left to deal.
    expect(env.render().split('\n')[4]).toMatch(/K♦$/);
    expect(slotsOf(env)).toEqual(['KH', 'KS']);
    expect(env.isLegal(DEAL)).toBe(false);
    expect(env.legalActions()).toEqual(expect.arrayContaining([21 + 3, 21 + 4, 21 + 5, 21 + 6]));
  });

  it('removes two available cards making 13 and a king alone; a move fills the leftmost empty pile', () => {
    const env = make('baroness');
    env.reset({ deck: deckOf(['KC', '5C', '8C', '2C', '3C', '4C', '9D', '4H', '6C', '6D']) });
    expect(moves(env)).toEqual(['remove 5♣ + 8♣', 'remove K♣', 'deal a card onto each pile']);
    env.step(21);
    env.step(6);
    // Piles 1 to 3 are empty; 2♣ and 3♣ are alone on theirs, so no card moves.
    expect(moves(env)).toEqual(['deal a card onto each pile']);
    env.step(DEAL);
    env.step(env.legalActions().find((a) => env.describeAction(a) === 'remove 4♣ + 9♦')!);
    expect(moves(env)).toEqual(['deal a card onto each pile', 'move 6♣ to empty pile 1', 'move 6♦ to empty pile 1']);
    expect(env.moveKind(MOVE + 3)).toBe('place');
    expect(() => env.step(MOVE + 2)).toThrow(/pile 3 holds one card/);
    env.step(MOVE + 3);
    expect(env.render().split('\n').slice(0, 4)).toEqual(['pile  1: 6♣', 'pile  2: --', 'pile  3: 4♥', 'pile  4: 2♣']);
    expect(env.describeAction(MOVE + 4)).toBe('move 6♦ to empty pile 2');
  });

  it('moves a slot card into an empty pile, and the emptied slot stays empty', () => {
    const env = make('baroness');
    env.reset({ deck: ORDERED });
    const state = env.getState();
    // Three of each rank gone: 2 and J, 3 and 10 pair.
    const left = ['2C', 'JC', '3C', 'TC'];
    const removed = ORDERED.filter((c) => !left.includes(c));
    env.setState({
      ...state,
      game: { piles: [['2C'], [], ['JC', '3C'], [], []], slots: ['TC', null], stock: [], removed },
    });
    expect(moves(env)).toEqual(['remove 3♣ + 10♣', 'move 3♣ to empty pile 2', 'move 10♣ to empty pile 2']);
    env.step(MOVE + 5);
    expect(slotsOf(env)).toEqual([null, null]);
    expect(env.render().split('\n')[1]).toBe('pile  2: 10♣');
  });

  it('ends with the stock empty and nothing to remove or move; its rewards count the cards removed', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const env = make('baroness', { reward: 'cards' });
      env.reset({ seed });
      let total = 0;
      while (env.running) {
        const legal = env.legalActions();
        total += env.step(legal[(seed * 7 + env.episodeSteps) % legal.length]).reward;
      }
      const { stock } = env.getState().game as { stock: string[] };
      const { cardsLeft } = env.outcome() as { cardsLeft: number };
      expect(stock).toEqual([]);
      expect(total).toBe(52 - cardsLeft);
    }
  });

  it('refuses a state with a slot filled before the deal that fills them', () => {
    const env = make('baroness');
    env.reset({ deck: ORDERED });
    const state = env.getState();
    const game = state.game as { piles: string[][]; slots: (string | null)[]; stock: string[] };
    const moved = game.stock.shift()!;
    expect(() => env.setState({ ...state, game: { ...game, slots: [moved, null] } })).toThrow(
      /slot 1 holds a card before the deal/,
    );
  });
});
