// Pyramid's rules, each on a position laid out by hand or an explicit deck: the deal, kings,
// pairs to 13, covered cards, the stock's and the waste's top cards and their options, passes
// and turn-overs, overlap pairs, the goal, the end, the rewards, the text, the board and the
// state JSON (rules.md, "Pyramid").
import { describe, expect, it } from 'vitest';
import { make } from '../../../src/env/registry.js';
import { isTengymError } from '../../../src/env/errors.js';
import { PYRAMID_ACTIONS, PYRAMID_OBSERVATION_SIZE } from '../../../src/games/pyramid/engine.js';
import { DRAW, RECYCLE, STOCK, WASTE, deck, envAt, gameJson, king, moves, pair, slotOf, why } from './helpers.js';

const ORDERED = [...'A23456789TJQK'].flatMap((r) => [...'CDHS'].map((s) => r + s));

describe('the deal', () => {
  it('puts the first 28 cards in the pyramid row by row and the rest in the stock, its top face up', () => {
    const env = make('pyramid');
    env.reset({ deck: ORDERED });
    const game = env.getState().game as {
      pyramid: string[];
      stockTop: string;
      stock: string[];
      waste: string[];
      pass: number;
    };
    expect(game.pyramid).toEqual(ORDERED.slice(0, 28));
    expect(game.stockTop).toBe('8C');
    expect(game.stock).toEqual(ORDERED.slice(29));
    expect(game.waste).toEqual([]);
    expect(game.pass).toBe(1);
    // Only the bottom row is free: its three sixes pair with its four sevens; the 8♣ on the stock needs a five, all
    // covered.
    expect(env.legalCount).toBe(13);
    expect(moves(env)).toContain('remove 6♦ + 7♣');
    expect(env.legalActions()).toContain(pair(slotOf(6, 0), slotOf(6, 3)));
    expect(env.legalActions().at(-1)).toBe(DRAW);
    expect(env.actionSpace.n).toBe(PYRAMID_ACTIONS);
    expect(env.observation.length).toBe(PYRAMID_OBSERVATION_SIZE);
    expect(env.render().split('\n')[0].trim()).toBe('A♣');
  });

  it('deals the stock face down without stockTopPlayable: only the waste is in play', () => {
    const env = make('pyramid', { stockTopPlayable: false });
    env.reset({ deck: ORDERED });
    const game = env.getState().game as { stockTop: string | null; stock: string[] };
    expect(game.stockTop).toBeNull();
    expect(game.stock).toEqual(ORDERED.slice(28));
  });

  it('refuses a deck a card short or with a card twice', () => {
    const env = make('pyramid');
    for (const bad of [ORDERED.slice(1), [...ORDERED.slice(0, 51), 'AC']]) {
      let error: unknown = null;
      try {
        env.reset({ deck: bad });
      } catch (e) {
        error = e;
      }
      expect(isTengymError(error) && error.code).toBe('bad-deck');
    }
  });
});

describe('kings and pairs', () => {
  it('removes a king alone, and a game whose last card it is is won', () => {
    const env = envAt({ pyramid: { 0: 'KS' } });
    expect(env.legalActions()).toEqual([king(0)]);
    expect(env.describeAction(king(0))).toBe('remove K♠');
    const r = env.step(king(0));
    expect(r.reward).toBe(1);
    expect(r.terminated).toBe(true);
    expect(env.outcome()).toEqual({ won: true, cardsLeft: 0 });
  });

  it('removes two available cards that make 13; a covered card waits until both cards over it are gone', () => {
    // 2♣ under 6♠ and 7♦; J♥ on the stock.
    const env = envAt({ pyramid: { 0: '2C', 1: '6S', 2: '7D' }, stockTop: 'JH' });
    expect(env.legalActions()).toEqual([pair(1, 2), DRAW]);
    expect(why(env, pair(0, STOCK))).toBe('2♣ is covered by 6♠ and 7♦');
    env.step(pair(1, 2));
    expect(env.legalActions()).toEqual([pair(0, STOCK), DRAW]);
    expect(env.describeAction(pair(0, STOCK))).toBe('remove 2♣ + J♥');
    expect(env.step(pair(0, STOCK)).terminated).toBe(true);
    expect(env.outcome().won).toBe(true);
  });

  it('refuses two cards that do not make 13, and a king in a pair', () => {
    const env = envAt({ pyramid: { 0: 'KC', 1: '6S', 2: '8D' }, stockTop: '7C', stock: ['5H'] });
    expect(why(env, pair(1, 2))).toBe('6♠ + 8♦ make 14, not 13');
    expect(env.legalActions()).toEqual([pair(1, STOCK), DRAW]);
    env.step(pair(1, STOCK));
    // 5♥ now on the stock: 8♦ pairs with it, the king is still covered.
    expect(env.legalActions()).toEqual([pair(2, STOCK), DRAW]);
    env.step(pair(2, STOCK));
    expect(env.legalActions()).toEqual([king(0)]);
    expect(why(env, pair(0, WASTE))).toBe('the waste is empty');
    const kings = envAt({ pyramid: { 0: 'KS' }, stockTop: 'KD' });
    expect(kings.legalActions()).toEqual([king(0), king(STOCK), DRAW]);
    expect(why(kings, pair(0, STOCK))).toBe('a king is removed alone');
    expect(why(kings, king(WASTE))).toBe('the waste is empty');
  });
});

describe("the stock's and the waste's top cards", () => {
  it("plays the stock's face-up top card; without stockTopPlayable it is played once drawn onto the waste", () => {
    const open = envAt({ pyramid: { 0: '5C' }, stockTop: '8D' });
    expect(open.legalActions()).toEqual([pair(0, STOCK), DRAW]);
    const closed = envAt({ pyramid: { 0: '5C' }, stock: ['8D'] }, { stockTopPlayable: false });
    expect(closed.legalActions()).toEqual([DRAW]);
    expect(why(closed, pair(0, STOCK))).toMatch(/stockTopPlayable is false/);
    closed.step(DRAW);
    expect(closed.legalActions()).toEqual([pair(0, WASTE), RECYCLE]);
    expect(closed.step(pair(0, WASTE)).terminated).toBe(true);
    expect(closed.outcome().won).toBe(true);
  });

  it("pairs the stock's top card with the waste's, unless stockWastePair is false", () => {
    const layout = { pyramid: { 0: 'KS' }, stockTop: '8D', waste: ['5C'] };
    expect(envAt(layout).legalActions()).toEqual([pair(WASTE, STOCK), king(0), DRAW]);
    const apart = envAt(layout, { stockWastePair: false });
    expect(apart.legalActions()).toEqual([king(0), DRAW]);
    expect(why(apart, pair(WASTE, STOCK))).toMatch(/stockWastePair is false/);
  });

  it('takes the waste from its top only: removing the top card uncovers the one below', () => {
    const env = envAt({ pyramid: { 0: '8S' }, stockTop: '5H', waste: ['8D', '5C'] });
    expect(env.legalActions()).toEqual([pair(0, WASTE), pair(0, STOCK), DRAW]);
    env.step(pair(0, WASTE));
    expect((env.getState().game as { waste: string[] }).waste).toEqual(['8D']);
    expect(env.legalActions()).toEqual([pair(WASTE, STOCK), DRAW]);
    env.step(pair(WASTE, STOCK));
    expect(env.outcome()).toEqual({ won: true, cardsLeft: 0 });
  });
});

describe('passes', () => {
  // Q♠ waits for the ace at the bottom of the waste; the 8♥ on top for the 5♣ under it.
  const stuck = { pyramid: { 0: 'QS' }, waste: ['AD', '5C', '8H'] };

  it('turns the waste over into the stock in the same order, while passes remain', () => {
    const env = envAt(stuck);
    expect(env.legalActions()).toEqual([RECYCLE]);
    expect(env.describeAction(RECYCLE)).toBe('turn the waste over (pass 2 of 3)');
    env.step(RECYCLE);
    expect(env.getState().game).toMatchObject({ stockTop: 'AD', stock: ['5C', '8H'], waste: [], pass: 2 });
    expect(env.legalActions()).toEqual([pair(0, STOCK), DRAW]);
    expect(why(env, RECYCLE)).toBe('the stock is not empty yet');
  });

  it('ends the game when the stock is out and no pass is left', () => {
    const once = envAt(stuck, { passes: 1 });
    expect(once.running).toBe(false);
    expect(once.outcome()).toEqual({ won: false, cardsLeft: 4 });
    const twice = envAt(stuck, { passes: 2 });
    twice.step(RECYCLE);
    for (let k = 0; k < 3; k++) twice.step(DRAW);
    expect(twice.running).toBe(false);
    expect(twice.terminated).toBe(true);
    expect(twice.outcome()).toEqual({ won: false, cardsLeft: 4 });
    expect(twice.render()).toMatch(/pass 2 of 2/);
  });

  it('with unlimited passes turns the waste over again and again, and ends once no card can ever be removed', () => {
    const env = envAt(stuck, { passes: 'unlimited' });
    for (let k = 0; k < 5; k++) {
      env.step(RECYCLE);
      for (let d = 0; d < 3; d++) env.step(DRAW);
    }
    expect((env.getState().game as { pass: number }).pass).toBe(6);
    expect(env.describeAction(RECYCLE)).toBe('turn the waste over (pass 7)');
    // A♠ under Q♠ alone, 5♣ and 8♥ in the stock: with the two top cards pairing, 5♣ + 8♥ come.
    const layout = { pyramid: { 0: 'AS', 1: 'QS', 2: 'KH' }, stockTop: '5C', stock: ['8H'] };
    const open = envAt(layout, { passes: 'unlimited' });
    open.step(king(2));
    expect(open.running).toBe(true);
    expect(open.stepNote()).toBeNull();
    // Without: nothing can ever be removed again, and the game says so.
    const apart = envAt(layout, { passes: 'unlimited', stockWastePair: false });
    const r = apart.step(king(2));
    expect(r.terminated).toBe(true);
    expect(apart.outcome()).toEqual({ won: false, cardsLeft: 4 });
    expect(apart.stepNote()).toMatch(/No card can be removed again/);
  });

  it('truncates a game at maxSteps', () => {
    const env = envAt({ pyramid: { 0: 'QS' }, stockTop: 'AD', steps: 40 }, { passes: 'unlimited', maxSteps: 52 });
    while (env.running) env.step(env.isLegal(DRAW) ? DRAW : RECYCLE);
    expect(env.truncated).toBe(true);
    expect(env.episodeSteps).toBe(12);
    expect(env.outcome().won).toBe(false);
    expect(why(env, DRAW)).toMatch(/maxSteps 52/);
  });
});

describe('overlap pairs', () => {
  const single = { pyramid: { 0: '6S', 1: '7D' }, stockTop: '2C', waste: ['JS'] };

  it('pair a card with the only card still covering it, with overlapPairs', () => {
    const env = envAt(single, { overlapPairs: true });
    expect(env.legalActions()).toEqual([pair(0, 1), pair(WASTE, STOCK), DRAW]);
    env.step(pair(0, 1));
    expect(env.getState().game).toMatchObject({ pyramid: Array(28).fill(null) });
  });

  it('not without it (the rule books), nor while two cards cover it', () => {
    const env = envAt(single);
    expect(env.legalActions()).toEqual([pair(WASTE, STOCK), DRAW]);
    expect(why(env, pair(0, 1))).toBe(
      '6♠ is covered by 7♦; a card pairs with the one covering it only with overlapPairs',
    );
    const two = envAt({ pyramid: { 0: '6S', 1: '7D', 2: '7C' }, stockTop: '6H' }, { overlapPairs: true });
    expect(two.legalActions()).toEqual([pair(1, STOCK), pair(2, STOCK), DRAW]);
    two.step(pair(1, STOCK));
    expect(two.legalActions()).toEqual([pair(0, 2)]);
  });
});

describe('the goal, the end and the rewards', () => {
  const layout = { pyramid: { 0: '6S' }, stockTop: '7D', waste: ['QC', 'AD'] };

  it("goal 'pyramid' is won once the pyramid is empty, cards left in the stock and waste", () => {
    const env = envAt(layout, { goal: 'pyramid' });
    const r = env.step(pair(0, STOCK));
    expect([r.reward, r.terminated]).toEqual([1, true]);
    expect(env.outcome()).toEqual({ won: true, cardsLeft: 0 });
    expect(env.render()).toMatch(/game over: won, 0 cards of the pyramid left/);
  });

  it("goal 'all' goes on to the last card, through a turn-over and a pair of the two top cards", () => {
    const env = envAt(layout);
    expect(env.step(pair(0, STOCK)).reward).toBe(0);
    expect(env.outcome()).toEqual({ won: false, cardsLeft: 2 });
    expect(env.legalActions()).toEqual([RECYCLE]);
    env.step(RECYCLE);
    env.step(DRAW);
    expect(env.step(pair(WASTE, STOCK)).reward).toBe(1);
    expect(env.outcome()).toEqual({ won: true, cardsLeft: 0 });
  });

  it("reward 'cards' pays each card of the goal removed: all of them, or the pyramid's", () => {
    const all = envAt({ ...layout, pyramid: { 0: '6S', 1: 'KH' } }, { reward: 'cards' });
    expect(all.step(king(1)).reward).toBe(1);
    expect(all.step(pair(0, STOCK)).reward).toBe(2);
    expect(all.step(RECYCLE).reward).toBe(0);
    const pyramidOnly = envAt(
      { pyramid: { 0: '6S', 1: 'KH' }, stockTop: 'AD', waste: ['QC'], stock: ['7D'] },
      { reward: 'cards', goal: 'pyramid' },
    );
    expect(pyramidOnly.step(pair(WASTE, STOCK)).reward).toBe(0);
    expect(pyramidOnly.step(king(1)).reward).toBe(1);
    expect(pyramidOnly.step(pair(0, STOCK)).reward).toBe(1);
    expect(pyramidOnly.outcome()).toEqual({ won: true, cardsLeft: 0 });
  });

  it("a dealt game's rewards add up to the goal's cards less those left", () => {
    for (const options of [{ reward: 'cards' }, { reward: 'cards', goal: 'pyramid' }] as const) {
      const env = make('pyramid', options);
      env.reset({ seed: 3 });
      let total = 0;
      while (env.running) total += env.step(env.legal[0]).reward;
      expect(total).toBe((options.goal === 'pyramid' ? 28 : 52) - env.outcome().cardsLeft);
    }
  });
});

describe('what a front end is told', () => {
  it('draws the pyramid as overlapping rows, covered cards blocked, with the stock, its top card and the waste', () => {
    const env = envAt({ pyramid: { 0: '2C', 1: '6S', 2: '7D' }, stockTop: 'JH', stock: ['4S'], waste: ['9C'] });
    const view = env.board();
    const rows = view.parts.find((p) => p.kind === 'overlap');
    expect(rows?.kind === 'overlap' && rows.rows.map((r) => r.length)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(rows?.kind === 'overlap' && rows.rows[0][0]).toEqual({
      place: 'pyramid',
      index: 0,
      code: '2C',
      blocked: true,
    });
    expect(rows?.kind === 'overlap' && rows.rows[1][1]).toEqual({
      place: 'pyramid',
      index: 2,
      code: '7D',
      blocked: false,
    });
    const piles = view.parts.find((p) => p.kind === 'piles');
    expect(piles?.kind === 'piles' && piles.piles).toEqual([
      // The stock counts every card still to come, its face-up top included, as the text board does.
      { kind: 'stock', count: 2, label: 'stock', tappable: true },
      { kind: 'card', label: 'stock top', card: { place: 'stockTop', index: 0, code: 'JH' } },
      { kind: 'card', label: 'waste (1)', card: { place: 'waste', index: 0, code: '9C' } },
      { kind: 'counter', count: 46, label: 'removed' },
    ]);
    expect(env.actionCards(pair(1, 2))).toEqual([
      { place: 'pyramid', index: 1, code: '6S' },
      { place: 'pyramid', index: 2, code: '7D' },
    ]);
    expect(env.actionCards(DRAW)).toEqual([]);
    expect(env.prompt()).toMatch(/make 13/);
  });

  it(
    'refuses a state with a card twice, a card covering an empty slot, or a face-down stock under ' +
      'stockTopPlayable',
    () => {
      const env = make('pyramid');
      env.reset({ seed: 1 });
      const state = env.getState();
      const twice = gameJson({ pyramid: { 0: 'QS' }, waste: ['AD'] });
      (twice.removed as string[])[0] = 'AD';
      const bad: [string, unknown][] = [
        ['card twice', twice],
        ['covering an empty slot', gameJson({ pyramid: { 1: 'QS' }, waste: ['AD'] })],
        ['face-down stock', gameJson({ pyramid: { 0: 'QS' }, stock: ['AD'] })],
        ['pass beyond the passes', gameJson({ pyramid: { 0: 'QS' }, waste: ['AD'], pass: 4 })],
        ['unbalanced removals', gameJson({ pyramid: { 0: 'QS', 1: 'QH', 2: 'AH' } })],
      ];
      for (const [what, game] of bad) {
        let error: unknown = null;
        try {
          env.setState({ ...state, game });
        } catch (e) {
          error = e;
        }
        expect(isTengymError(error) && error.code, what).toBe('bad-state');
      }
      expect(JSON.stringify(env.getState())).toBe(JSON.stringify(state));
    },
  );

  it('deals an explicit deck the same whatever the seed, and reads back the codes its board and state write', () => {
    const cards = deck(ORDERED.slice(0, 28).join(' '), ORDERED.slice(28).join(' '));
    const a = make('pyramid');
    a.reset({ deck: cards, seed: 5 });
    const b = make('pyramid');
    b.reset({ deck: cards.join(' '), seed: 9 });
    expect(a.getState().game).toEqual(b.getState().game);
  });
});
