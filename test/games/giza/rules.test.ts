// Giza's rules, on explicit decks and positions laid out by hand: the deal into the pyramid and eight open piles,
// only each pile's top in play, pairs to 13 and kings alone between the pyramid and the piles, the end, the state
// JSON, and a deal where the order of moves decides the game (rules.md, "Giza").
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/agents/index.js';
import { cardCode, parseCardCode } from '../../../src/env/cards.js';
import type { Env } from '../../../src/env/env.js';
import { make } from '../../../src/env/registry.js';
import { gizaGame } from '../../../src/games/giza/engine.js';

const ORDERED = [...'A23456789TJQK'].flatMap((r) => [...'CDHS'].map((s) => r + s));
const R = gizaGame.rulesOf(gizaGame.optionsSchema.parse({}));
/** Place of pile p's top (p from 0), and the ids of a pair of places and of a single. */
const PILE = (p: number) => R.pileBase + p;
const pair = (a: number, b: number) => {
  const [i, j] = a < b ? [a, b] : [b, a];
  return i * R.places - (i * (i + 1)) / 2 + (j - i - 1);
};
const single = (place: number) => R.singleBase + place;

interface Layout {
  /** Slot → card code; slots not given are empty. */
  pyramid: Record<number, string>;
  /** Pile → its cards, bottom first. */
  piles?: Record<number, string[]>;
}

/** A `giza` env at a layout, every card not placed removed. */
function envAt(l: Layout, options: Record<string, unknown> = {}): Env {
  const pyramid = Array.from({ length: 28 }, (_, i) => l.pyramid[i] ?? null);
  const piles = Array.from({ length: 8 }, (_, p) => l.piles?.[p] ?? []);
  const placed = new Set([...Object.values(l.pyramid), ...piles.flat()].map(parseCardCode));
  const removed: string[] = [];
  for (let c = 0; c < 52; c++) if (!placed.has(c)) removed.push(cardCode(c));
  const env = make('giza', options);
  env.reset({ seed: 0 });
  env.setState({ ...env.getState(), game: { pyramid, piles, removed, steps: 30 } });
  return env;
}

const why = (env: Env, action: number): string => env.game.whyIllegal!(env.rawState, env.options, action);
const moves = (env: Env): string[] => env.legalActions().map((a) => env.describeAction(a));

describe('the deal', () => {
  it('deals the pyramid from the deck, then eight piles of three, bottom card first, with no stock', () => {
    const env = make('giza');
    env.reset({ deck: ORDERED });
    const game = env.getState().game as { pyramid: string[]; piles: string[][]; removed: string[] };
    expect(game.pyramid).toEqual(ORDERED.slice(0, 28));
    expect(game.piles).toEqual(Array.from({ length: 8 }, (_, p) => ORDERED.slice(28 + 3 * p, 31 + 3 * p)));
    expect(game.removed).toEqual([]);
    expect(Object.keys(game)).not.toContain('stock');
    expect(env.actionSpace.n).toBe(666);
    expect(env.observation.length).toBe(712);
  });

  it("shows every pile card in the observation, each pile's top first", () => {
    const env = envAt({ pyramid: { 0: 'KS' }, piles: { 1: ['5H', '8C', 'QD'], 2: ['AC'] } });
    const at = R.obsPiles + 3 * 13;
    expect(env.observation[at + 11]).toBe(1);
    expect(env.observation[at + 13 + 7]).toBe(1);
    expect(env.observation[at + 26 + 4]).toBe(1);
    expect(env.observation[R.obsPileHeights + 1]).toBe(1);
    expect(env.observation[R.obsPileHeights]).toBe(0);
  });
});

describe('removals', () => {
  it("plays only each pile's top card, with a free pyramid card or another pile's top", () => {
    const env = envAt({ pyramid: { 0: '8S' }, piles: { 0: ['5H', '9C'], 1: ['4D'], 2: ['TC', '3H'] } });
    expect(moves(env)).toEqual(['remove 9♣ + 4♦']);
    expect(why(env, pair(0, PILE(0)))).toBe('8♠ + 9♣ make 17, not 13');
    env.step(pair(PILE(0), PILE(1)));
    expect(moves(env)).toEqual(['remove 8♠ + 5♥']);
    expect(why(env, pair(PILE(0), PILE(1)))).toBe('pile 2 is empty');
  });

  it('never pairs two cards of one pile, nor a pyramid card with a card over it', () => {
    const env = envAt({ pyramid: { 0: '8S', 1: '5H', 2: 'QC' }, piles: { 0: ['6H', '7C'], 3: ['AD'] } });
    expect(moves(env)).toEqual(['remove Q♣ + A♦']);
    expect(why(env, pair(0, 1))).toBe('8♠ is covered by 5♥ and Q♣');
  });

  it('removes a king alone from the pyramid or a pile top', () => {
    const env = envAt({ pyramid: { 0: 'KS' }, piles: { 4: ['KH', 'KD'] } });
    expect(env.legalActions()).toEqual([single(0), single(PILE(4))]);
    env.step(single(PILE(4)));
    expect(moves(env)).toEqual(['remove K♠', 'remove K♥']);
    expect(why(env, single(PILE(0)))).toBe('pile 1 is empty');
  });

  it('is won when all 52 cards are out, and lost when no move is left with cards in play', () => {
    const won = envAt({ pyramid: { 0: '6S' }, piles: { 7: ['7S'] } });
    const step = won.step(pair(0, PILE(7)));
    expect(step.reward).toBe(1);
    expect(won.outcome()).toEqual({ won: true, cardsLeft: 0 });
    const lost = envAt({ pyramid: { 0: '6S' }, piles: { 7: ['7H', '6H', '7S'] } });
    lost.step(pair(0, PILE(7)));
    expect(lost.terminated).toBe(true);
    expect(lost.outcome()).toEqual({ won: false, cardsLeft: 2 });
  });

  it('rewards each card removed with reward "cards"', () => {
    const env = envAt({ pyramid: { 0: '6S' }, piles: { 7: ['KC', '7S'] } }, { reward: 'cards' });
    expect(env.step(pair(0, PILE(7))).reward).toBe(2);
    expect(env.step(single(PILE(7))).reward).toBe(1);
  });
});

describe('the state JSON', () => {
  it('refuses a pile above its deal and cards in two places', () => {
    expect(() => envAt({ pyramid: {}, piles: { 0: ['AC', '2C', '3C', '4C'] } })).toThrow(/bad pyramid state/);
    const env = make('giza');
    env.reset({ seed: 0 });
    const game = env.getState().game as { piles: string[][] };
    const twice = { ...game, piles: [[game.piles[1][0]], ...game.piles.slice(1)] };
    expect(() => env.setState({ ...env.getState(), game: twice })).toThrow(/in two places|both in/);
  });
});

describe('decisions', () => {
  it('has positions where the order of moves decides the game: the solver wins, the first legal move loses', () => {
    // 6♠ pairs with either seven; taking 7♥ leaves 6♥ under 7♠ in one pile, where they never meet.
    const layout = { pyramid: { 0: '6S' }, piles: { 0: ['7H'], 1: ['6H', '7S'] } };
    const play = (name: string) => {
      const env = envAt(layout);
      const agent = createAgent(name, 'giza');
      agent.reset(1);
      while (!env.terminated) env.step(agent.act(env));
      return env.outcome().won;
    };
    expect(moves(envAt(layout))).toEqual(['remove 6♠ + 7♥', 'remove 6♠ + 7♠']);
    expect(play('solver')).toBe(true);
    expect(play('first')).toBe(false);
  });

  it('scores each move by whether the deal can still be won after it', () => {
    const env = envAt({ pyramid: { 0: '6S' }, piles: { 0: ['7H'], 1: ['6H', '7S'] } });
    const scores = createAgent('solver', 'giza').score!(env);
    expect(scores.actions).toEqual([
      { action: pair(0, PILE(1)), score: 1 },
      { action: pair(0, PILE(0)), score: 0 },
    ]);
  });
});
