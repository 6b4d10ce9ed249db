// Fourteen Out's rules on explicit decks (rules.md, "Fourteen Out"): the deal pile by pile, tops making 14
// (two sevens too), a card under a top becoming available, a pair refused, the end, the rewards, the state
// JSON, and a deal where the order of the moves wins or loses it.
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/agents/index.js';
import { DECK_SIZE, cardCode } from '../../../src/env/cards.js';
import { make } from '../../../src/env/registry.js';

/** A full deck that starts with `first`, the other cards after them in card order. */
function deckWith(first: string[]): string[] {
  const rest = Array.from({ length: DECK_SIZE }, (_, c) => cardCode(c)).filter((c) => !first.includes(c));
  return [...first, ...rest];
}

const moves = (env: ReturnType<typeof make>) => env.legalActions().map((a) => env.describeAction(a));

// Pile 1 (five cards, its top last): 2C 2D 2H 2S 7C; pile 2: 3C 3D 3H 3S 7D; then the rest in card order.
const DEAL = ['2C', '2D', '2H', '2S', '7C', '3C', '3D', '3H', '3S', '7D'];

describe('fourteen-out', () => {
  it('deals pile by pile, piles 1 to 4 five cards and 5 to 12 four, every card face up', () => {
    const env = make('fourteen-out');
    env.reset({ deck: deckWith(DEAL) });
    const game = env.getState().game as { piles: string[][]; removed: string[] };
    expect(game.piles.map((p) => p.length)).toEqual([5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4]);
    expect(game.piles[0]).toEqual(DEAL.slice(0, 5));
    expect(game.piles[1]).toEqual(DEAL.slice(5));
    expect(game.removed).toEqual([]);
    expect(env.actionSpace.n).toBe(66);
    expect(env.observation.length).toBe(806);
    // Every card of pile 1 shows in the observation: its top 7 at depth 0, the 2 under it at depth 1.
    expect(env.observation[6]).toBe(1);
    expect(env.observation[13 + 1]).toBe(1);
  });

  it('removes two sevens, and the cards under them become the tops', () => {
    const env = make('fourteen-out', { reward: 'cards' });
    env.reset({ deck: deckWith(DEAL) });
    expect(moves(env)).toContain('remove 7♣ + 7♦');
    expect(env.step(0).reward).toBe(2);
    const game = env.getState().game as { piles: string[][]; removed: string[] };
    expect(game.piles[0].at(-1)).toBe('2S');
    expect(game.removed).toEqual(['7C', '7D']);
    expect(() => env.step(0)).toThrow(/2♠ and 3♠ do not pair: two cards pair when they make 14/);
  });

  it('loads a state from JSON and refuses one whose piles grew past their deal', () => {
    const env = make('fourteen-out');
    env.reset({ seed: 3 });
    const game = env.getState().game as { piles: string[][]; removed: string[] };
    const moved = {
      ...game,
      piles: game.piles.map((p, i) => (i === 4 ? [...p, game.piles[0][4]] : i === 0 ? p.slice(0, 4) : p)),
    };
    expect(() => env.setState({ ...env.getState(), game: moved })).toThrow(/pile 5 holds 5 cards, more than the 4/);
  });

  it('ends when no two tops make 14, and is won with all 52 removed', () => {
    const env = make('fourteen-out');
    const solver = createAgent('solver', 'fourteen-out');
    env.reset({ seed: 1 });
    solver.reset(1);
    let steps = 0;
    while (env.running) {
      env.step(solver.act(env));
      steps++;
    }
    expect(steps).toBe(26);
    expect(env.outcome()).toEqual({ won: true, cardsLeft: 0 });
  });

  it('has real decisions: in seed 2, A♠ wins the deal with K♣ and loses it with K♠', () => {
    const solver = createAgent('solver', 'fourteen-out');
    const scores = new Map<string, number>();
    const env = make('fourteen-out');
    env.reset({ seed: 2 });
    for (const { action, score } of solver.score!(env).actions) scores.set(env.describeAction(action), score);
    expect(scores.get('remove A♠ + K♣')).toBe(1);
    expect(scores.get('remove A♠ + K♠')).toBe(0);
    // And the solver's verdicts hold: K♣ then the solver wins; K♠ then no play wins (first or greedy).
    for (const [king, won] of [
      ['K♣', true],
      ['K♠', false],
    ] as const) {
      const env2 = make('fourteen-out');
      env2.reset({ seed: 2 });
      env2.step(env2.legalActions().find((a) => env2.describeAction(a) === `remove A♠ + ${king}`)!);
      const agent = createAgent('solver', 'fourteen-out');
      while (env2.running) env2.step(agent.act(env2));
      expect((env2.outcome() as { won: boolean }).won).toBe(won);
    }
  });
});
