// Fifteens has real decisions: which card goes on the pile, and when, decides whether the pile goes out.
// On one deal, putting the lowest slot's card on the pile loses, and the slot layout's search wins.
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/agents/index.js';
import { make } from '../../../src/env/registry.js';
import { first, playOut } from '../helpers.js';
import { CLEAR_DECK } from './decks.js';

describe('fifteens: real decisions', () => {
  it('on an explicit deal, the lowest card first mixes a ten into the pile and loses; oracle and greedy win', () => {
    const ends = [first, 'greedy', 'oracle'].map((policy) => {
      const env = make('fifteens');
      env.reset({ deck: CLEAR_DECK });
      const agent = typeof policy === 'string' ? createAgent(policy, 'fifteens') : null;
      playOut(env, agent ? (e) => agent.act(e) : first);
      return env.outcome();
    });
    expect(ends).toEqual([
      { won: false, cardsLeft: 31 }, // the pairs, A♣–5♣ out, then 2♠–5♠ and the 10♣ dealt beside them
      { won: true, cardsLeft: 0 },
      { won: true, cardsLeft: 0 },
    ]);
  });

  it('two legal orders of the same three cards: 9 then 6 goes out, 9 then 7 ends the game', () => {
    const ends = [
      [0, 1],
      [0, 2],
    ].map((slots) => {
      const env = make('fifteens', { reward: 'cards' });
      env.reset({ deck: ['9C', '6C', '7C', ...CLEAR_DECK.filter((c) => !['9C', '6C', '7C'].includes(c))] });
      const rewards = slots.map((i) => env.step(120 + i).reward);
      return { rewards, running: env.running };
    });
    expect(ends).toEqual([
      { rewards: [0, 2], running: true },
      { rewards: [0, 0], running: false },
    ]);
  });
});
