// Patient Pairs, The Wish, Hurricane and Ides of March on explicit decks (rules.md): face-down cards turning up,
// The Wish's 32-card deck, slots refilled from the stock at once, pairs to 14 and to 15 or two aces.
import { describe, expect, it } from 'vitest';
import { cardCode } from '../../../src/env/cards.js';
import { make } from '../../../src/env/registry.js';

const ORDERED = Array.from({ length: 52 }, (_, c) => cardCode(c));
const moves = (env: ReturnType<typeof make>) => env.legalActions().map((a) => env.describeAction(a));

describe('face-down piles', () => {
  it('patient-pairs: shows only each top, and the card under a removed top turns face up', () => {
    const env = make('patient-pairs');
    // Pile p is the four cards of rank p: every top pairs with nothing but its own pile, so deal ranks across.
    const deck = Array.from({ length: 52 }, (_, k) => cardCode(((k % 13) << 2) | Math.floor(k / 13)));
    env.reset({ deck });
    // Pile 1 holds A♣ 2♣ 3♣ 4♣ (top 4♣), pile 4 holds 10♣ J♣ Q♣ K♣: no two tops share a rank.
    expect(env.legalCount).toBe(0);
    expect(env.render().split('\n')[0]).toBe('pile  1: ## ## ## 4♣');
    const board = env.board();
    const columns = board.parts[0].kind === 'columns' ? board.parts[0].columns : [];
    expect(columns[0].label).toBe('pile 1 (3 face down)');
    expect(columns[0].cards.map((c) => c.code)).toEqual(['4C']);
    // The face-down cards are counted as unseen, not shown: 39 of them over the 13 ranks.
    const unseen = Array.from(env.observation.slice(676 + 13, 676 + 26)).reduce((a, b) => a + b, 0);
    expect(unseen * 4).toBe(39);
  });

  it('patient-pairs: removes two tops of one rank and turns the cards under them up', () => {
    const env = make('patient-pairs');
    const first = ['AC', '2C', '3C', 'KC', 'AD', '2D', '3D', 'KD'];
    env.reset({ deck: [...first, ...ORDERED.filter((c) => !first.includes(c))] });
    expect(moves(env)).toContain('remove K♣ + K♦');
    env.step(env.legalActions().find((a) => env.describeAction(a) === 'remove K♣ + K♦')!);
    expect(env.render().split('\n').slice(0, 2)).toEqual(['pile  1: ## ## 3♣', 'pile  2: ## ## 3♦']);
    expect(moves(env)).toContain('remove 3♣ + 3♦');
  });

  it('the-wish: deals the 32 cards of ace and seven to king, and refuses another card', () => {
    const env = make('the-wish');
    env.reset({ seed: 1 });
    const { piles } = env.getState().game as { piles: string[][] };
    const cards = piles.flat();
    expect(cards.length).toBe(32);
    expect(new Set(cards.map((c) => c[0]))).toEqual(new Set(['A', '7', '8', '9', 'T', 'J', 'Q', 'K']));
    const deck = [...cards];
    deck[0] = '2C';
    expect(() => env.reset({ deck })).toThrow(/2C at index 0 is not in this 32-card deck/);
    expect(env.actionSpace.n).toBe(28);
  });
});

describe('piles beside slots', () => {
  // Piles of three: 10 piles × 3 = deck[0..29], slots deck[30..32], stock deck[33..].

  it('hurricane: pairs to 14 between a pile and a slot, and refills the slot from the stock at once', () => {
    const env = make('hurricane');
    const piles = ['AC', '2C', 'KC'];
    const slots = ['AD', '5C', '5D'];
    const rest = ORDERED.filter((c) => !piles.includes(c) && !slots.includes(c));
    const deck = [...piles, ...rest.slice(0, 27), ...slots, ...rest.slice(27)];
    env.reset({ deck });
    const game = env.getState().game as { slots: string[]; stock: string[] };
    expect(game.slots).toEqual(slots);
    expect(game.stock.length).toBe(19);
    expect(moves(env)).toContain('remove K♣ + A♦');
    const top = game.stock[0];
    env.step(env.legalActions().find((a) => env.describeAction(a) === 'remove K♣ + A♦')!);
    const after = env.getState().game as { slots: string[]; stock: string[] };
    expect(after.slots[0]).toBe(top);
    expect(after.stock.length).toBe(18);
  });

  it('ides-of-march: pairs to 15 and two aces, never an ace with a king', () => {
    const env = make('ides-of-march');
    const piles = ['3C', '4C', 'KC'];
    const slots = ['AD', 'AH', '2D'];
    const rest = ORDERED.filter((c) => !piles.includes(c) && !slots.includes(c));
    env.reset({ deck: [...piles, ...rest.slice(0, 27), ...slots, ...rest.slice(27)] });
    const legal = moves(env);
    expect(legal).toContain('remove A♦ + A♥');
    expect(legal).toContain('remove K♣ + 2♦');
    expect(legal).not.toContain('remove K♣ + A♦');
    // Id 9 is places (0, 10): pile 1's K♣ and slot 1's A♦, which make 14.
    expect(env.describeAction(9)).toBe('remove K♣ + A♦');
    expect(() => env.step(9)).toThrow(/pair when they make 15, or are two aces/);
  });
});
