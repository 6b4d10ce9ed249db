// Pyramid Thirteen's rules, on explicit decks and positions laid out by hand: the face-down rows, a card turning up
// once uncovered, an observation and words that never show a face-down card, the one pass, and a deal where the
// order of moves decides the game; the fair search never reads a face-down card (rules.md, "Pyramid Thirteen").
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/agents/index.js';
import type { Env } from '../../../src/env/env.js';
import { make } from '../../../src/env/registry.js';
import { RECYCLE, STOCK, WASTE, gameJson, moves, pair, slotOf, why, type Layout } from '../pyramid/helpers.js';

const ORDERED = [...'A23456789TJQK'].flatMap((r) => [...'CDHS'].map((s) => r + s));

function thirteenAt(l: Layout): Env {
  const env = make('pyramid-thirteen');
  env.reset({ seed: 0 });
  env.setState({ ...env.getState(), game: gameJson(l) });
  return env;
}

/** The rank one-hots of a slot in the observation (13 floats). */
const rankOf = (env: Env, slot: number): number[] => Array.from(env.observation.subarray(13 * slot, 13 * slot + 13));
const hot = (rank: number): number[] => Array.from({ length: 13 }, (_, r) => (r === rank ? 1 : 0));
const NONE = hot(-1);

describe('the face-down rows', () => {
  it('deals the top six rows face down: the observation, the text and the board show the bottom row only', () => {
    const env = make('pyramid-thirteen');
    env.reset({ deck: ORDERED });
    for (let slot = 0; slot < 21; slot++) expect(rankOf(env, slot)).toEqual(NONE);
    expect(rankOf(env, slotOf(6, 0))).toEqual(hot(5));
    // The unseen counts: the 23 face-down stock cards and the 21 face-down pyramid cards.
    const unseen = Array.from(env.observation.subarray(431, 444)).reduce((a, b) => a + b, 0);
    expect(unseen * 4).toBe(44);
    const lines = env.render().split('\n');
    expect(lines[0].trim()).toBe('##');
    expect(lines[6]).not.toContain('##');
    expect(lines[7]).toContain('top 8♣');
    const rows = (env.board().parts[0] as { rows: { code?: string }[][] }).rows;
    expect(rows[5].every((cell) => cell.code === '')).toBe(true);
    expect(rows[6].every((cell) => cell.code !== '')).toBe(true);
  });

  it('turns a card face up once no card covers it', () => {
    const env = thirteenAt({ pyramid: { 0: '8D', 1: '8S', 2: '5H' }, stockTop: '5C' });
    expect(rankOf(env, 0)).toEqual(NONE);
    expect(rankOf(env, 1)).toEqual(hot(7));
    expect(env.render().split('\n')[0].trim()).toBe('##');
    env.step(pair(1, 2));
    expect(rankOf(env, 0)).toEqual(hot(7));
    expect(env.render().split('\n')[0].trim()).toBe('8♦');
  });

  it('says why a face-down card cannot be taken without naming it', () => {
    const env = thirteenAt({ pyramid: { 0: '8D', 1: '8S', 2: '5H' }, stockTop: '5C' });
    expect(why(env, pair(0, STOCK))).toBe('row 1 card 1 (face down) is covered by 8♠ and 5♥');
    expect(moves(env).join(' ')).not.toContain('8♦');
  });

  it('observes the same whichever face-down card lies where', () => {
    const a = thirteenAt({ pyramid: { 0: '8D', 1: '8S', 2: '5H' }, stockTop: '5C', stock: ['3C', 'TD'] });
    const b = thirteenAt({ pyramid: { 0: 'TD', 1: '8S', 2: '5H' }, stockTop: '5C', stock: ['3C', '8D'] });
    expect(Array.from(a.observation)).toEqual(Array.from(b.observation));
    expect(a.render()).toBe(b.render());
  });
});

describe('one pass, and the end', () => {
  it('never turns the waste over: the game ends when the stock is gone and nothing pairs', () => {
    const env = thirteenAt({ pyramid: { 0: '8D', 1: '8S', 2: '5H' }, waste: ['TD', '3C', '5C'] });
    expect(why(env, RECYCLE)).toBe('no pass is left (passes 1)');
    env.step(pair(1, 2));
    env.step(pair(0, WASTE));
    // 3♣ on the waste, its 10♦ under it: nothing is left to do.
    expect(env.terminated).toBe(true);
    expect(env.outcome()).toEqual({ won: false, cardsLeft: 2 });
  });
});

describe('real decisions', () => {
  // 8♠ and 5♥ cover the face-down 8♦; the stock's top card is 5♣. The 8♠ must go with 5♥, uncovering the 8♦ for the
  // 5♣: the 8♠ with the 5♣ leaves 8♦ under the 5♥ for ever.
  const layout: Layout = { pyramid: { 0: '8D', 1: '8S', 2: '5H' }, stockTop: '5C' };

  it('wins with one order and loses with the other', () => {
    const win = thirteenAt(layout);
    win.step(pair(1, 2));
    win.step(pair(0, STOCK));
    expect(win.outcome()).toEqual({ won: true, cardsLeft: 0 });
    const lose = thirteenAt(layout);
    lose.step(pair(1, STOCK));
    expect(lose.terminated).toBe(true);
    expect(lose.outcome()).toEqual({ won: false, cardsLeft: 2 });
  });

  it('the oracle and the fair search find the winning order', () => {
    for (const name of ['oracle', 'pimc']) {
      const env = thirteenAt(layout);
      const player = createAgent(name, 'pyramid-thirteen');
      player.reset(1);
      while (env.running) env.step(player.act(env));
      expect(env.outcome().won).toBe(true);
    }
  });

  it('the fair search plays the same whichever face-down card lies where', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const env = make('pyramid-thirteen');
      env.reset({ seed });
      const game = env.getState().game as { pyramid: string[]; stockTop: string; stock: string[] };
      // Swap two face-down pyramid cards, and one with a face-down stock card.
      const pyramid = [...game.pyramid];
      const stock = [...game.stock];
      [pyramid[0], pyramid[20]] = [pyramid[20], pyramid[0]];
      [pyramid[5], stock[10]] = [stock[10], pyramid[5]];
      const other = make('pyramid-thirteen');
      other.reset({ seed });
      other.setState({ ...other.getState(), game: { ...(game as object), pyramid, stock } });
      const first = createAgent('pimc', 'pyramid-thirteen');
      const second = createAgent('pimc', 'pyramid-thirteen');
      first.reset(7);
      second.reset(7);
      expect(Array.from(other.observation)).toEqual(Array.from(env.observation));
      expect(second.score!(other)).toEqual(first.score!(env));
    }
  });
});
