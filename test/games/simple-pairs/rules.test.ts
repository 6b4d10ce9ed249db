// Simple Pairs' and Simple Carlo's rules, one scenario per rule and option, each on an explicit deck
// (rules.md beside the engine; the tables open src/games/simple-pairs/engine.ts).
import { describe, expect, it } from 'vitest';
import { agentsFor } from '../../../src/agents/index.js';
import { pairId } from '../../../src/env/layouts/index.js';
import { make } from '../../../src/env/registry.js';
import { createHinter } from '../../../src/hints/hint.js';
import { simplePairsGame } from '../../../src/games/simple-pairs/engine.js';
import { deckWith, first, gameJSON, last, playOut, thrown } from '../helpers.js';

/** Nine cards of nine ranks: no pair. */
const DEAD_9 = ['AC', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C'];

/** Every rank's four cards together: every policy clears it. */
const CLEAR_DECK: string[] = [...'A23456789TJQK'].flatMap((r) => [...'CDHS'].map((s) => r + s));

describe('simple pairs: options, ids and spaces', () => {
  it('defaults, two ids, their actions and floats', () => {
    expect(simplePairsGame.optionsSchema.parse({})).toEqual({ grid: 9, undoLimit: 0, reward: 'win' });
    const pairs = make('simple-pairs');
    const carlo = make('simple-carlo');
    expect([pairs.actionSpace.n, pairs.observationSpace.shape[0]]).toEqual([36, 131]);
    expect([carlo.actionSpace.n, carlo.observationSpace.shape[0]]).toEqual([300, 339]);
    expect(thrown(() => make('simple-pairs', { grid: 16 as 9 })).code).toBe('bad-options');
    expect(agentsFor('simple-carlo').map((a) => a.name)).toEqual(['random', 'first']);
    pairs.reset({ seed: 3 });
    expect(createHinter().hint(pairs).sameOutcome).toBe(true);
  });
});

describe('simple pairs: the deal and the moves', () => {
  it('deals deck[0..8] to slots 0..8 in rows of three; no pair is lost at once', () => {
    const deck = deckWith(DEAD_9);
    const env = make('simple-pairs');
    const { info } = env.reset({ deck });
    expect(gameJSON(env).tableau).toEqual(deck.slice(0, 9));
    expect(gameJSON(env).stock).toEqual(deck.slice(9));
    expect(info.outcome).toEqual({ won: false, cardsLeft: 52 });
    expect(env.render().split('\n').slice(0, 3)).toEqual([
      ' 0 A♣    1 2♣    2 3♣',
      ' 3 4♣    4 5♣    5 6♣',
      ' 6 7♣    7 8♣    8 9♣',
    ]);
  });

  it('two cards of one rank pair from any two slots, whatever their suits; refilled at once, lowest first', () => {
    const env = make('simple-pairs', { reward: 'cards' });
    env.reset({ deck: deckWith(['KC', ...DEAD_9.slice(0, 7), 'KH', 'QD', 'QS']) });
    expect(env.legalActions()).toEqual([pairId(9, 0, 8)]);
    expect(env.describeAction(pairId(9, 0, 8))).toBe('remove K♣ + K♥');
    expect(thrown(() => env.step(pairId(9, 0, 1))).message).toContain('a king pairs only with another king');
    expect(env.step(pairId(9, 0, 8)).reward).toBe(2);
    expect([gameJSON(env).tableau[0], gameJSON(env).tableau[8]]).toEqual(['QD', 'QS']);
    expect(env.legalActions()).toEqual([pairId(9, 0, 8)]);
    expect(env.prompt()).toBe('Remove two cards of the same rank.');
  });

  it('Simple Carlo deals 25 cards in rows of five, and pairs across the grid', () => {
    const env = make('simple-carlo');
    const ranks = [...'A23456789TJQK'];
    const deck = deckWith([...ranks.map((r) => `${r}C`), ...ranks.slice(0, 11).map((r) => `${r}D`), 'QD']);
    env.reset({ deck });
    expect(gameJSON(env).tableau).toEqual(deck.slice(0, 25));
    expect(env.legalActions()).toEqual([...Array(12).keys()].map((r) => pairId(25, r, r + 13)));
  });
});

describe('simple pairs: the end and the rewards', () => {
  it('a won game pays 1 on its last step (win), 52 in all (cards), under any order', () => {
    for (const id of ['simple-pairs', 'simple-carlo'] as const)
      for (const policy of [first, last]) {
        const win = make(id);
        win.reset({ deck: CLEAR_DECK });
        const w = playOut(win, policy);
        expect(win.outcome()).toEqual({ won: true, cardsLeft: 0 });
        expect(w.indexOf(1)).toBe(w.length - 1);
        const cards = make(id, { reward: 'cards' });
        cards.reset({ deck: CLEAR_DECK });
        expect(playOut(cards, policy).reduce((a, b) => a + b, 0)).toBe(52);
      }
  });

  it('observation: slot rank one-hots, unseen ranks / 4, stock size / 52', () => {
    const env = make('simple-pairs');
    env.reset({ deck: deckWith(['KC', ...DEAD_9.slice(0, 7), 'KH', 'QD', 'QS']) });
    env.step(pairId(9, 0, 8));
    const obs = env.observation;
    expect(obs[11]).toBe(1); // Q♦ in slot 0
    expect(Array.from(obs.subarray(117, 130), (x) => x * 4)).toEqual([3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 2, 2]);
    expect(obs[130]).toBeCloseTo(41 / 52, 6);
  });
});
