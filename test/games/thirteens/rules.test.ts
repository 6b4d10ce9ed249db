// Thirteens' rules, one scenario per rule and option, each on an explicit deck (rules.md beside the
// engine; the tables open src/games/thirteens/engine.ts).
import { describe, expect, it } from 'vitest';
import { agentsFor } from '../../../src/agents/index.js';
import { createHinter } from '../../../src/hints/hint.js';
import { make } from '../../../src/env/registry.js';
import { pairId as slotPairId } from '../../../src/env/layouts/index.js';
import { thirteensGame } from '../../../src/games/thirteens/engine.js';

const pairId = (i: number, j: number): number => slotPairId(10, i, j);
import { THIRTEENS_KIT } from '../../../src/games/thirteens/agents/index.js';
import { thirteens } from '../../../src/games/thirteens/index.js';
import { deckWith, first, gameJSON, last, playOut, thrown } from '../helpers.js';
import { withHistory } from '../../helpers/undo.js';

const tableau = (env: ReturnType<typeof make>) => gameJSON(env).tableau;

/** Ten cards with no pair and no king: A needs Q, 2 needs J, 3 needs 10. */
const DEAD_10 = ['AC', 'AD', 'AH', 'AS', '2C', '2D', '2H', '2S', '3C', '3D'];

/** Every pair next to its partner, then the kings: every policy clears it. */
const CLEAR_DECK: string[] = [...'CDHS'].flatMap((s) =>
  ['A', 'Q', '2', 'J', '3', 'T', '4', '9', '5', '8', '6', '7', 'K'].map((r) => r + s),
);

describe('thirteens: options, ids and spaces', () => {
  it('defaults, one id, 55 actions, 144 floats', () => {
    expect(thirteensGame.optionsSchema.parse({})).toEqual({ undoLimit: 0, reward: 'win' });
    expect(thirteens.ids.map((i) => [i.id, (i as { preset?: object }).preset ?? {}])).toEqual([['thirteens', {}]]);
    const env = make('thirteens');
    expect([env.actionSpace.n, env.observationSpace.shape[0]]).toEqual([55, 144]);
    expect(thirteensGame.sameOutcome).toBe(true);
    expect(thrown(() => make('thirteens' as string, { grid: 9 })).code).toBe('bad-options');
    expect(thrown(() => make('thirteens' as string, { reward: 'points' })).message).toContain('"cards"');
    expect(
      [0, 3, 'unlimited'].map((u) => thirteensGame.undoLimit?.(thirteensGame.optionsSchema.parse({ undoLimit: u }))),
    ).toEqual([0, 3, Infinity]);
  });

  it('random and first are its agents; hints say every move leads to the same end', () => {
    expect(agentsFor('thirteens').map((a) => a.name)).toEqual(['random', 'first']);
    expect(THIRTEENS_KIT.agents).toEqual([]);
    const env = make('thirteens');
    env.reset({ seed: 1 });
    const result = createHinter().hint(env);
    expect(result.sameOutcome).toBe(true);
    expect(result.hints.map((h) => h.action)).toEqual(env.legalActions());
  });

  it('a bad deck is refused with the problem named', () => {
    const env = make('thirteens');
    expect(thrown(() => env.reset({ deck: CLEAR_DECK.slice(1) })).message).toContain('missing AC');
    expect(thrown(() => env.reset({ deck: ['QC', ...CLEAR_DECK.slice(1)] })).message).toContain('duplicate cards QC');
  });
});

describe('thirteens: the deal and the moves', () => {
  it('deals deck[0..9] to slots 0..9 in two rows of five and keeps the rest as the stock in order', () => {
    const deck = deckWith([...DEAD_10].reverse());
    const env = make('thirteens');
    const { info } = env.reset({ deck });
    expect(tableau(env)).toEqual(deck.slice(0, 10));
    expect(gameJSON(env).stock).toEqual(deck.slice(10));
    expect(info.terminated).toBe(true);
    expect(info.outcome).toEqual({ won: false, cardsLeft: 52 });
    expect(env.render().split('\n')).toEqual([
      ' 0 3♦    1 3♣    2 2♠    3 2♥    4 2♦',
      ' 5 2♣    6 A♠    7 A♥    8 A♦    9 A♣',
      'stock 42 cards · removed 0 · cards left 52',
      'game over: lost, 52 cards left',
    ]);
  });

  it('A+Q, 2+J, 3+10, 4+9, 5+8, 6+7 pair, whatever their suits; refilled at once, lowest slot first', () => {
    const env = make('thirteens');
    env.reset({ deck: deckWith(['AC', 'QD', '2C', 'JD', '3C', 'TD', '4C', '9D', '5C', '8D', '6C', '7D']) });
    expect(env.legalActions()).toEqual([pairId(0, 1), pairId(2, 3), pairId(4, 5), pairId(6, 7), pairId(8, 9)]);
    expect(env.legalActions()).toEqual([0, 17, 30, 39, 44]); // 10i − i(i+1)/2 + j − i − 1
    expect(env.describeAction(0)).toBe('remove A♣ + Q♦');
    env.step(30);
    expect(tableau(env).slice(4, 6)).toEqual(['6C', '7D']);
    expect(gameJSON(env).removed).toEqual(['3C', 'TD']);
    expect(env.legalActions()).toContain(pairId(4, 5));
  });

  it('a king goes alone; a wrong sum and a king in a pair are explained', () => {
    const env = make('thirteens', { reward: 'cards' });
    env.reset({ deck: deckWith(['KC', ...DEAD_10.slice(0, 8), 'QS', '5C']) });
    expect(env.legalActions()).toEqual([pairId(1, 9), pairId(2, 9), pairId(3, 9), pairId(4, 9), 45]);
    expect(env.describeAction(45)).toBe('remove K♣');
    expect(thrown(() => env.step(46)).message).toContain('A♣ is not a king; only kings go alone');
    expect(thrown(() => env.step(pairId(0, 9))).message).toContain('a king is removed alone, not in a pair');
    expect(thrown(() => env.step(pairId(1, 2))).message).toContain('A♣ + A♦ make 2, not 13');
    expect(env.step(45).reward).toBe(1);
    expect(tableau(env)[0]).toBe('5C');
    expect(env.actionCards(pairId(1, 9))).toEqual([
      { place: 'slot', index: 1, code: 'AC' },
      { place: 'slot', index: 9, code: 'QS' },
    ]);
    expect(env.prompt()).toBe('Remove two cards that make 13, or a king alone.');
  });
});

describe('thirteens: the end, the win and the rewards', () => {
  it('a won game pays 1 on its last step (win), 52 in all (cards)', () => {
    for (const policy of [first, last]) {
      const win = make('thirteens');
      win.reset({ deck: CLEAR_DECK });
      const w = playOut(win, policy);
      expect(win.outcome()).toEqual({ won: true, cardsLeft: 0 });
      expect(w.indexOf(1)).toBe(w.length - 1);
      expect(w.reduce((a, b) => a + b, 0)).toBe(1);
      const cards = make('thirteens', { reward: 'cards' });
      cards.reset({ deck: CLEAR_DECK });
      const c = playOut(cards, policy);
      expect(c.filter((r) => r === 1)).toHaveLength(4);
      expect(c.reduce((a, b) => a + b, 0)).toBe(52);
      expect(cards.prompt()).toBe('');
    }
  });

  it('a lost game: win pays 0, cards the cards removed', () => {
    for (const [reward, total] of [
      ['win', 0],
      ['cards', 3],
    ] as const) {
      const env = make('thirteens', { reward });
      env.reset({ deck: deckWith(['KC', '6C', '7C', ...DEAD_10.slice(0, 7), '2S', '3C', '3D']) });
      const rewards = playOut(env, first);
      expect(env.outcome()).toEqual({ won: false, cardsLeft: 49 });
      expect(rewards.reduce((a, b) => a + b, 0)).toBe(total);
      expect(env.game.expectedReturn!(env.outcome(), env.options)).toBe(total);
    }
  });
});

describe('thirteens: observation and state', () => {
  it('slot rank one-hots, unseen ranks / 4, stock size / 52', () => {
    const env = make('thirteens');
    env.reset({ deck: deckWith(['KC', ...DEAD_10.slice(0, 9), '4C']) });
    env.step(45);
    const obs = env.observation;
    expect(Array.from(obs.subarray(0, 13))).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]); // 4♣ in slot 0
    expect(Array.from(obs.subarray(130, 143), (x) => x * 4)).toEqual([0, 0, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 3]);
    expect(obs[143]).toBeCloseTo(41 / 52, 6);
  });

  it('getState → JSON → setState continues identically; bad states are refused, the env unchanged', () => {
    const a = make('thirteens');
    a.reset({ seed: 12 });
    for (let k = 0; k < 4 && a.running; k++) a.step(a.legal[a.legalCount - 1]);
    const saved = JSON.parse(JSON.stringify(a.getState()));
    const b = make('thirteens');
    b.setState(saved);
    expect(b.getState()).toEqual(a.getState());
    while (a.running) {
      const act = a.legal[0];
      expect(b.step(act).reward).toBe(a.step(act).reward);
    }
    expect(b.outcome()).toEqual(a.outcome());
    const env = make('thirteens');
    env.reset({ seed: 5 });
    const st = env.getState();
    const before = JSON.stringify(st);
    const g = gameJSON(env);
    const refused = (x: unknown) => thrown(() => env.setState({ ...st, game: x })).message;
    expect(refused({ ...g, stock: [g.tableau[0], ...g.stock.slice(1)] })).toMatch(
      /is both in tableau\[0\] and in stock\[0\]/,
    );
    expect(refused({ ...g, tableau: [null, ...g.tableau.slice(1)], removed: [...g.removed, g.tableau[0]] })).toMatch(
      /a slot is empty while the stock holds|are removed; they go in pairs/,
    );
    const ace = g.stock.find((c) => c[0] === 'A')!;
    expect(refused({ ...g, stock: g.stock.filter((c) => c !== ace), removed: [ace] })).toContain(
      '1 aces but 0 queens are removed; they go in pairs',
    );
    expect(refused({ ...g, reserve: [] })).toContain('bad state');
    expect(JSON.stringify(env.getState())).toBe(before);
  });

  it('undo: three moves taken back to the deal; the fourth refused', () => {
    const env = make('thirteens', { undoLimit: 3 });
    env.reset({ deck: CLEAR_DECK });
    const start = JSON.stringify(gameJSON(env));
    const played = withHistory(env);
    for (let k = 0; k < 3; k++) played.step(env.legal[0]);
    for (let k = 0; k < 3; k++) played.undo();
    expect(JSON.stringify(gameJSON(env))).toBe(start);
    played.step(env.legal[0]);
    expect(thrown(() => played.undo()).code).toBe('undo-unavailable');
  });
});
