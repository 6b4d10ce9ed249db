// King Tut's rules, on explicit decks and positions laid out by hand: the draw of three, only the waste's top card
// in play, the turn-over after a pass that removed a card, the end, the goal, the state JSON, and a deal where the
// order of moves decides the game (rules.md, "King Tut").
import { describe, expect, it } from 'vitest';
import type { Env } from '../../../src/env/env.js';
import { createAgent } from '../../../src/agents/index.js';
import { make } from '../../../src/env/registry.js';
import { DRAW, RECYCLE, WASTE, gameJson, king, moves, pair, slotOf, why, type Layout } from '../pyramid/helpers.js';

const ORDERED = [...'A23456789TJQK'].flatMap((r) => [...'CDHS'].map((s) => r + s));

/**
 * A `king-tut` env at a layout, on a later pass (the layout's cards removed before it began; the first pass allows
 * no cards removed before it), or with `passStartRemoved` the cards removed when the pass began.
 */
function tutAt(l: Layout, passStartRemoved?: number): Env {
  const env = make('king-tut');
  env.reset({ seed: 0 });
  const json = gameJson({ pass: 2, ...l });
  env.setState({
    ...env.getState(),
    game: { ...json, passStartRemoved: passStartRemoved ?? (json.removed as string[]).length },
  });
  return env;
}

interface TutJson {
  stockTop: string | null;
  stock: string[];
  waste: string[];
  passStartRemoved: number;
}

const game = (env: Env): TutJson => env.getState().game as unknown as TutJson;

describe('the deal and the draw of three', () => {
  it('deals the stock face down and turns three cards a draw, the last on top; the rest when fewer are left', () => {
    const env = make('king-tut');
    env.reset({ deck: ORDERED });
    expect(game(env).stockTop).toBeNull();
    expect(game(env).stock).toEqual(ORDERED.slice(28));
    expect(env.legalActions()).not.toContain(pair(slotOf(6, 0), 29));
    env.step(DRAW);
    expect(game(env).waste).toEqual(ORDERED.slice(28, 31));
    expect(game(env).stock).toEqual(ORDERED.slice(31));
    const at = tutAt({ pyramid: { 0: '8S' }, stock: ['5H', '2C', 'JC', '3C', 'TC'] });
    at.step(DRAW);
    at.step(DRAW);
    expect(game(at).waste).toEqual(['5H', '2C', 'JC', '3C', 'TC']);
    expect(game(at).stock).toEqual([]);
  });

  it("plays only the waste's top card, never the one under it", () => {
    const env = tutAt({ pyramid: { 0: 'QC', 1: '8S', 2: '9D' }, stock: ['5H', '4C', 'AC', 'JC', '2C'] });
    env.step(DRAW);
    expect(moves(env)).toEqual(['draw']);
    expect(why(env, pair(2, WASTE))).toBe('9♦ + A♣ make 10, not 13');
    const top = tutAt({ pyramid: { 0: '8S' }, stock: ['2C', 'JC', '5H'] });
    top.step(DRAW);
    expect(top.legalActions()).toEqual([pair(0, WASTE)]);
  });

  it('removes a king from the waste alone', () => {
    const env = tutAt({ pyramid: { 0: '8S' }, stock: ['2C', 'JC', 'KH', '5H'] });
    env.step(DRAW);
    expect(env.legalActions()).toContain(king(WASTE));
  });
});

describe('turning the waste over, and the end', () => {
  it('turns the waste over only after a pass that removed a card', () => {
    const env = tutAt({ pyramid: { 0: '7C', 1: '8S', 2: '9D' }, stock: ['5H', '2C', 'JC', '6C', '4C'] });
    env.step(DRAW);
    env.step(DRAW);
    env.step(pair(2, WASTE));
    expect(env.legalActions()).toContain(RECYCLE);
    env.step(RECYCLE);
    expect(game(env).passStartRemoved).toBe(46);
    expect(env.observation[449]).toBe(0);
    env.step(DRAW);
    expect(why(env, RECYCLE)).toBe('the stock is not empty yet');
    // The same threes as before: 8♠'s five lies under the J♣, and nothing is removed in this pass.
    env.step(DRAW);
    expect(env.terminated).toBe(true);
    expect(env.outcome()).toEqual({ won: false, cardsLeft: 2 });
    expect(env.stepNote()).toMatch(/^A whole pass went by without a card removed/);
  });

  it('ends the game after a pass that removed nothing, where PySolFC would turn the waste over for ever', () => {
    const env = tutAt({ pyramid: { 0: '8S' }, stock: ['5H', '2C', 'JC'] });
    env.step(DRAW);
    expect(env.terminated).toBe(true);
  });

  it('is won once the pyramid is cleared, cards left in the stock', () => {
    const env = tutAt({ pyramid: { 0: '8S' }, stock: ['2C', 'JC', '5H', '3C', 'TC'] });
    env.step(DRAW);
    expect(env.step(pair(0, WASTE)).reward).toBe(1);
    expect(env.outcome()).toEqual({ won: true, cardsLeft: 0 });
  });

  it('flags a removal in this pass in the observation and keeps it in the state JSON', () => {
    const env = tutAt({ pyramid: { 0: '8S', 1: 'KD', 2: '5H' }, stock: ['2C', 'JC'] });
    expect(env.observation.length).toBe(450);
    expect(env.observation[449]).toBe(0);
    env.step(king(1));
    expect(env.observation[449]).toBe(1);
    const copy = make('king-tut');
    copy.reset({ seed: 0 });
    copy.setState(env.getState());
    expect(copy.observation[449]).toBe(1);
    expect(() => tutAt({ pyramid: { 0: '8S' }, stock: ['5H'] }, 60)).toThrow(/passStartRemoved 60/);
  });
});

describe('real decisions', () => {
  // Row 3 holds 8♠, 6♥, 5♥; 8♠ and 6♥ cover 5♦, 6♥ and 5♥ cover K♣, and those two cover K♠. The waste holds 8♦
  // under 7♦. After 7♦ + 6♥, the 8♠ must go with 5♥, uncovering 5♦ for the 8♦: the 8♦ with 5♥ leaves 5♦ under
  // the 8♠ for ever.
  const layout: Layout = { pyramid: { 0: 'KS', 1: '5D', 2: 'KC', 3: '8S', 4: '6H', 5: '5H' }, waste: ['8D', '7D'] };

  it('wins with one order and loses with the other', () => {
    const win = tutAt(layout);
    for (const action of [pair(4, WASTE), pair(3, 5), king(2), pair(1, WASTE), king(0)]) win.step(action);
    expect(win.outcome()).toEqual({ won: true, cardsLeft: 0 });
    const lose = tutAt(layout);
    for (const action of [pair(4, WASTE), pair(5, WASTE), king(2)]) lose.step(action);
    expect(lose.terminated).toBe(true);
    expect(lose.outcome()).toEqual({ won: false, cardsLeft: 3 });
  });

  it('the oracle and the fair search find the winning order', () => {
    for (const name of ['oracle', 'pimc']) {
      const env = tutAt(layout);
      const player = createAgent(name, 'king-tut');
      player.reset(1);
      while (env.running) env.step(player.act(env));
      expect(env.outcome().won).toBe(true);
    }
  });
});
