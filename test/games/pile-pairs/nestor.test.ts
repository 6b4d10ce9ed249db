// Nestor's rules on explicit decks (rules.md, "Nestor"): the deal without a repeated rank in a pile of six, the
// refusal of a deck that breaks it, same-rank pairs (the single cards too), and a deal where the order matters.
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/agents/index.js';
import { DECK_SIZE, cardCode } from '../../../src/env/cards.js';
import { make } from '../../../src/env/registry.js';

/** A … K in clubs, then diamonds, hearts, spades: no pile of six repeats a rank; the singles are 10♠ to K♠. */
const DECK = Array.from({ length: DECK_SIZE }, (_, k) => cardCode(((k % 13) << 2) | Math.floor(k / 13)));

describe('nestor', () => {
  it('deals eight piles of six and four single cards, no pile of six with a repeated rank', () => {
    const env = make('nestor');
    for (let seed = 1; seed <= 200; seed++) {
      env.reset({ seed });
      const { piles } = env.getState().game as { piles: string[][] };
      expect(piles.map((p) => p.length)).toEqual([6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1]);
      for (const pile of piles) expect(new Set(pile.map((c) => c[0])).size).toBe(pile.length);
    }
  });

  it('refuses a deck that puts two cards of one rank in a pile of six', () => {
    const env = make('nestor');
    const bad = [...DECK];
    [bad[1], bad[13]] = [bad[13], bad[1]];
    expect(() => env.reset({ deck: bad })).toThrow(/pile 1 would hold two cards of one rank/);
  });

  it('removes two tops of one rank, single cards included, and refuses two ranks', () => {
    const env = make('nestor', { reward: 'cards' });
    env.reset({ deck: DECK });
    const { piles } = env.getState().game as { piles: string[][] };
    expect(piles[0]).toEqual(['AC', '2C', '3C', '4C', '5C', '6C']);
    expect(piles.slice(8).flat()).toEqual(['TS', 'JS', 'QS', 'KS']);
    const moves = env.legalActions().map((a) => env.describeAction(a));
    for (const move of moves) {
      const [a, b] = move.replace('remove ', '').split(' + ');
      expect(a.slice(0, -1)).toBe(b.slice(0, -1));
    }
    expect(env.step(env.legalActions()[0]).reward).toBe(2);
    expect(() => env.step(0)).toThrow(/do not pair: two cards pair when they are of one rank/);
  });

  it('has real decisions: in seed 2, the single sixes paired first lose a deal other moves win', () => {
    const env = make('nestor');
    env.reset({ seed: 2 });
    const scores = new Map<string, number>();
    for (const { action, score } of createAgent('solver', 'nestor').score!(env).actions)
      scores.set(env.describeAction(action), score);
    expect(scores.get('remove 6♥ + 6♣')).toBe(0);
    expect(scores.get('remove A♦ + A♠')).toBe(1);
    const solver = createAgent('solver', 'nestor');
    while (env.running) env.step(solver.act(env));
    expect(env.outcome()).toEqual({ won: true, cardsLeft: 0 });
  });
});
