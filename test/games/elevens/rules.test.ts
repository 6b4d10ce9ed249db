// Elevens' rules, one scenario per rule and option, each on an explicit deck (rules.md beside the
// engine; the tables open src/games/elevens/engine.ts).
import { describe, expect, it } from 'vitest';
import { make } from '../../../src/env/registry.js';
import type { Env } from '../../../src/env/env.js';
import { elevensGame, elevensOf, elevensSameOutcome } from '../../../src/games/elevens/engine.js';
import { pairId } from '../../../src/env/layouts/index.js';
import { patientMove } from '../../../src/games/elevens/agents/common.js';
import { elevens } from '../../../src/games/elevens/index.js';
import { deckWith, first, gameJSON, last, playOut, thrown } from '../helpers.js';
import { withHistory } from '../../helpers/undo.js';

const tableau = (env: ReturnType<typeof make>) => gameJSON(env).tableau;
const reserve = (env: ReturnType<typeof make>) => gameJSON(env).reserve;

/** Nine cards with no pair and no set: A needs 10, 2 needs 9. */
const DEAD_9 = ['AC', 'AD', 'AH', 'AS', '2C', '2D', '2H', '2S', 'JC'];

/** Every pair next to its partner, then the set, suit by suit: every policy clears it under every rule. */
const CLEAR_DECK: string[] = [...'CDHS'].flatMap((s) =>
  ['A', 'T', '2', '9', '3', '8', '4', '7', '5', '6', 'J', 'Q', 'K'].map((r) => r + s),
);

/** Triple id of the jack of suit a, the queen of suit b, the king of suit c, from the table: P + 16a + 4b + c. */
const triple = (slots: number, a: string, b: string, c: string) =>
  (slots * (slots - 1)) / 2 + 16 * 'CDHS'.indexOf(a) + 4 * 'CDHS'.indexOf(b) + 'CDHS'.indexOf(c);

describe('elevens: options, ids and spaces', () => {
  it('defaults are the book rule; sizes follow the options', () => {
    expect(elevensGame.optionsSchema.parse({})).toEqual({
      grid: 9,
      faceCards: 'triple',
      suits: 'any',
      undoLimit: 0,
      reward: 'win',
    });
    const sizes = (id: string, o: object = {}): [number, number] => {
      const env = make(id as 'elevens', o);
      return [env.actionSpace.n, env.observationSpace.shape[0]];
    };
    expect(sizes('elevens')).toEqual([100, 167]);
    expect(sizes('elevens-reserve')).toEqual([45, 179]);
    expect(sizes('elevens-too')).toEqual([45, 179]);
    expect(sizes('suit-elevens')).toEqual([120, 333]);
    expect(sizes('elevens', { grid: 15 })).toEqual([169, 269]);
    expect(sizes('elevens', { suits: 'same' })).toEqual([100, 219]);
  });

  it('the ids are the presets their sources give', () => {
    expect(elevens.ids.map((i) => [i.id, i.preset ?? {}])).toEqual([
      ['elevens', {}],
      ['elevens-reserve', { faceCards: 'reserve' }],
      ['elevens-too', { faceCards: 'reserve-no-refill' }],
      ['suit-elevens', { grid: 15, suits: 'same', faceCards: 'reserve' }],
    ]);
  });

  it('sameOutcome: true except where a card set aside can lose or choose a suit', () => {
    const same = (o: object) => elevensSameOutcome(elevensGame.optionsSchema.parse(o));
    expect(same({})).toBe(true);
    expect(same({ grid: 15 })).toBe(true);
    expect(same({ suits: 'same' })).toBe(true); // every card has one partner: nothing competes
    expect(same({ faceCards: 'reserve' })).toBe(true);
    expect(same({ faceCards: 'reserve-no-refill' })).toBe(false);
    expect(same({ faceCards: 'reserve-no-refill', suits: 'same' })).toBe(false);
    expect(same({ faceCards: 'reserve', suits: 'same' })).toBe(false);
  });

  it('bad options name the field and the allowed values', () => {
    expect(thrown(() => make('elevens' as string, { grid: 12 })).message).toMatch(/grid/);
    expect(thrown(() => make('elevens' as string, { faceCards: 'cover' })).message).toContain('"reserve-no-refill"');
    expect(thrown(() => make('elevens' as string, { suits: 'one' })).message).toContain('"same"');
    expect(thrown(() => make('elevens' as string, { refill: 'buffered' })).code).toBe('bad-options');
  });

  it('a bad deck is refused with the problem named', () => {
    const env = make('elevens');
    expect(thrown(() => env.reset({ deck: CLEAR_DECK.slice(1) })).message).toContain('missing AC');
    expect(thrown(() => env.reset({ deck: ['TC', ...CLEAR_DECK.slice(1)] })).message).toContain('duplicate cards TC');
    expect(thrown(() => env.reset({ deck: ['ZZ', ...CLEAR_DECK.slice(1)] })).code).toBe('bad-deck');
  });

  it('undoLimit maps to 0, 3 and Infinity', () => {
    const limit = (u: unknown) => elevensGame.undoLimit?.(elevensGame.optionsSchema.parse({ undoLimit: u }));
    expect([limit(0), limit(3), limit('unlimited')]).toEqual([0, 3, Infinity]);
  });
});

describe('elevens: the deal and pairs', () => {
  it('deals deck[0..8] to slots 0..8 and keeps the rest as the stock in order', () => {
    const deck = deckWith([...DEAD_9.slice().reverse(), 'KS']);
    const env = make('elevens');
    env.reset({ deck });
    expect(tableau(env)).toEqual(deck.slice(0, 9));
    expect(gameJSON(env).stock).toEqual(deck.slice(9));
    expect(reserve(env)).toEqual([null, null, null]);
  });

  it('a deal with no pair and no set is over at reset, lost with 52 cards left', () => {
    for (const id of ['elevens', 'elevens-reserve']) {
      const env = make(id as 'elevens');
      const { info } = env.reset({ deck: deckWith(id === 'elevens' ? DEAD_9 : DEAD_9.slice(0, 8).concat('3C')) });
      expect(info.terminated).toBe(true);
      expect(info.outcome).toEqual({ won: false, cardsLeft: 52 });
      expect(thrown(() => env.step(0)).code).toBe('episode-over');
    }
  });

  it('two cards making 11 are removed, whatever their suits, and refilled at once, lowest slot first', () => {
    const env = make('elevens');
    env.reset({ deck: deckWith(['5C', '6D', '5H', 'AC', 'AD', 'AH', 'AS', '2C', '2D', 'KC', '3C']) });
    expect(env.legalActions()).toEqual([pairId(9, 0, 1), pairId(9, 1, 2)]);
    expect(env.legalActions()).toEqual([0, 8]);
    expect(env.describeAction(0)).toBe('remove 5♣ + 6♦');
    expect(env.describeAction(8)).toBe('remove 6♦ + 5♥');
    env.step(8);
    expect(tableau(env).slice(0, 3)).toEqual(['5C', 'KC', '3C']);
    expect(gameJSON(env).removed).toEqual(['5H', '6D']);
  });

  it('A+10, 2+9, 3+8, 4+7, 5+6 pair; a wrong sum and face cards are explained', () => {
    const env = make('elevens');
    env.reset({ deck: deckWith(['AC', 'TD', '2C', '9D', '3C', '8D', '4C', '7D', 'JC']) });
    expect(env.legalActions()).toEqual([pairId(9, 0, 1), pairId(9, 2, 3), pairId(9, 4, 5), pairId(9, 6, 7)]);
    expect(thrown(() => env.step(pairId(9, 0, 2))).message).toContain('A♣ + 2♣ make 3, not 11');
    expect(thrown(() => env.step(pairId(9, 1, 8))).message).toContain(
      'J♣ is a face card: a jack, a queen and a king go out together',
    );
    const five = make('elevens');
    five.reset({ deck: deckWith(['5C', '6D', ...DEAD_9.slice(0, 7)]) });
    expect(five.legalActions()).toEqual([0]);
  });
});

describe("elevens: faceCards 'triple' (the book rule)", () => {
  it('one id per jack, queen and king of given suits; legal when all three are on the grid', () => {
    const env = make('elevens');
    env.reset({ deck: deckWith(['JC', 'QD', 'KH', 'JS', ...DEAD_9.slice(0, 5), '3C', '4C', '5C']) });
    expect(env.legalActions()).toEqual([triple(9, 'C', 'D', 'H'), triple(9, 'S', 'D', 'H')]);
    expect(env.legalActions()).toEqual([42, 90]);
    expect(env.describeAction(42)).toBe('remove J♣ Q♦ K♥');
    expect(env.describeAction(36)).toBe('remove J♣ Q♣ K♣');
    expect(thrown(() => env.step(36)).message).toContain('Q♣ and K♣ are not on the grid');
    const r = env.step(42);
    expect(r.reward).toBe(0);
    expect(tableau(env).slice(0, 4)).toEqual(['3C', '4C', '5C', 'JS']);
    expect(gameJSON(env).removed).toEqual(['JC', 'QD', 'KH']);
    expect(env.running).toBe(false); // J♠ alone: no set, and no pair among the rest
  });

  it('takes the three cards where they lie; the cards of a move are on the board', () => {
    const env = make('elevens');
    env.reset({ deck: deckWith(['AC', 'KS', 'AD', 'QH', 'AH', 'JD', ...DEAD_9.slice(4, 7)]) });
    expect(env.legalActions()).toEqual([triple(9, 'D', 'H', 'S')]);
    expect(env.actionCards(triple(9, 'D', 'H', 'S'))).toEqual([
      { place: 'slot', index: 5, code: 'JD' },
      { place: 'slot', index: 3, code: 'QH' },
      { place: 'slot', index: 1, code: 'KS' },
    ]);
  });
});

describe("elevens: suits 'same' (Suit Elevens' pairs and sets)", () => {
  it('a pair and a set must be of one suit; the rest is explained', () => {
    const env = make('elevens', { suits: 'same' });
    env.reset({ deck: deckWith(['5C', '6D', '6C', 'JH', 'QH', 'KH', 'JC', 'QD', 'KS']) });
    expect(env.legalActions()).toEqual([pairId(9, 0, 2), triple(9, 'H', 'H', 'H')]);
    expect(thrown(() => env.step(pairId(9, 0, 1))).message).toContain('5♣ and 6♦ are not of one suit');
    expect(thrown(() => env.step(triple(9, 'C', 'D', 'S'))).message).toContain('J♣ Q♦ K♠ are not of one suit');
    expect(env.prompt()).toBe(
      'Remove two cards of one suit that make 11, or a jack, a queen and a king of one suit together.',
    );
  });
});

describe("elevens: faceCards 'reserve' (PySolFC's Elevens)", () => {
  const deck = deckWith(['JC', 'QD', '5C', 'JS', 'AC', 'AD', 'AH', 'AS', '2C', 'KH', '3C', '9D', '4C']);

  it('a face card is set aside into its rank’s reserve and its slot refilled; one card per rank', () => {
    const env = make('elevens-reserve');
    env.reset({ deck });
    expect(env.legalActions()).toEqual([36, 37, 39]); // set aside slot 0 (J♣), 1 (Q♦), 3 (J♠)
    expect(env.describeAction(36)).toBe('set J♣ aside');
    expect(env.actionCards(36)).toEqual([{ place: 'slot', index: 0, code: 'JC' }]);
    expect(env.step(36).reward).toBe(0);
    expect(reserve(env)).toEqual(['JC', null, null]);
    expect(tableau(env)[0]).toBe('KH');
    expect(env.legalActions()).toEqual([36, 37]); // K♥ now in slot 0, Q♦; not J♠
    expect(thrown(() => env.step(39)).message).toContain('a jack (J♣) is already set aside');
    expect(thrown(() => env.step(38)).message).toContain('5♣ is not a jack, a queen or a king');
    expect(env.stepNote()).toBeNull();
  });

  it('once the three reserves are full the set goes out together; the reserves are free again', () => {
    const env = make('elevens-reserve', { reward: 'cards' });
    env.reset({ deck });
    env.step(36);
    env.step(37);
    expect(reserve(env)).toEqual(['JC', 'QD', null]);
    expect(tableau(env).slice(0, 2)).toEqual(['KH', '3C']);
    const r = env.step(36);
    expect(r.reward).toBe(3);
    expect(env.stepNote()).toBe('J♣ Q♦ K♥ went out together.');
    expect(reserve(env)).toEqual([null, null, null]);
    expect(gameJSON(env).removed).toEqual(['JC', 'QD', 'KH']);
    expect(tableau(env)[0]).toBe('9D');
    expect(env.legalActions()).toEqual([pairId(9, 0, 8), 39]); // 9♦ + 2♣, and J♠ aside
  });

  it('face cards never pair, and there are no triple ids; the board shows the reserves', () => {
    const env = make('elevens-reserve');
    env.reset({ deck });
    expect(thrown(() => env.step(pairId(9, 0, 1))).message).toContain(
      'J♣ is a face card: face cards are set aside, one at a time',
    );
    expect(() => env.step(45)).toThrow(/ids 0\.\.44/);
    env.step(36);
    const view = env.board();
    expect(view.parts.map((p) => p.kind)).toEqual(['grid', 'columns', 'piles']);
    const columns = view.parts[1];
    if (columns.kind !== 'columns') throw new Error('columns');
    expect(columns.columns.map((c) => [c.label, c.cards])).toEqual([
      ['jack set aside', [{ place: 'reserve', index: 0, code: 'JC' }]],
      ['queen set aside', []],
      ['king set aside', []],
    ]);
    expect(env.render().split('\n')).toEqual([
      ' 0 K♥    1 Q♦    2 5♣',
      ' 3 J♠    4 A♣    5 A♦',
      ' 6 A♥    7 A♠    8 2♣',
      'set aside  J: J♣  Q: --  K: --',
      'stock 42 cards · removed 0 · cards left 52',
    ]);
  });
});

describe("elevens: faceCards 'reserve-no-refill' (PySolFC's Elevens Too)", () => {
  it('no slot is refilled while a reserve holds a card; the set going out refills them all, lowest first', () => {
    const env = make('elevens-too');
    env.reset({ deck: deckWith(['JC', 'QD', 'KH', '5C', '6D', 'AC', 'AD', 'AH', 'AS', '2C', '3C', '4C', '6C', '7C']) });
    env.step(36);
    expect(tableau(env)[0]).toBeNull();
    expect(env.stepNote()).toBe('The empty slots stay empty until a jack, a queen and a king are all set aside.');
    env.step(pairId(9, 3, 4));
    expect(tableau(env).slice(0, 5)).toEqual([null, 'QD', 'KH', null, null]);
    env.step(37);
    env.step(38);
    expect(env.stepNote()).toBe('J♣ Q♦ K♥ went out together.');
    expect(tableau(env).slice(0, 5)).toEqual(['2C', '3C', '4C', '6C', '7C']);
    expect(gameJSON(env).removed).toEqual(['5C', '6D', 'JC', 'QD', 'KH']);
  });

  it('a card set aside before its set can complete stops the grid for good', () => {
    const env = make('elevens-too');
    env.reset({ deck: deckWith(['JC', 'QD', '5C', '6C', 'AC', 'AD', 'AH', 'AS', '2C', 'KH']) });
    env.step(36);
    env.step(37);
    expect(env.legalActions()).toEqual([pairId(9, 2, 3)]); // K♥ waits in the stock, unreachable
    env.step(pairId(9, 2, 3));
    expect(env.running).toBe(false);
    expect(env.outcome()).toEqual({ won: false, cardsLeft: 50 });
    // Played patiently (the pair first: K♥ is dealt), the set goes out.
    const patient = make('elevens-too');
    patient.reset({ deck: deckWith(['JC', 'QD', '5C', '6C', 'AC', 'AD', 'AH', 'AS', '2C', 'KH']) });
    patient.step(pairId(9, 2, 3));
    expect(tableau(patient).slice(2, 4)).toEqual(['KH', '2D']);
    patient.step(36);
    patient.step(37);
    patient.step(38);
    expect(gameJSON(patient).removed).toEqual(['5C', '6C', 'JC', 'QD', 'KH']);
  });
});

describe('elevens: Suit Elevens (reserve, one suit, 3×5)', () => {
  const deck = deckWith(['JC', 'QH', 'KH', 'JH', '5C', '6C', 'QC', 'AH', 'AS', '2D', '2H', '2S', '3D', '3H', '3S']);

  it('the first card set aside chooses the suit of the set', () => {
    const env = make('suit-elevens');
    env.reset({ deck });
    expect(env.legalActions()).toEqual([pairId(15, 4, 5), 105, 106, 107, 108, 111]);
    env.step(108); // J♥
    expect(env.legalActions()).toEqual([pairId(15, 4, 5), 106, 107]);
    expect(thrown(() => env.step(111)).message).toContain('the cards set aside are hearts; Q♣ cannot join them');
    expect(thrown(() => env.step(105)).message).toContain('a jack (J♥) is already set aside');
    env.step(106);
    env.step(107);
    expect(env.stepNote()).toBe('J♥ Q♥ K♥ went out together.');
    expect(env.legalActions()).toContain(105); // J♣ may now start a club set
  });

  it('renders five to a row', () => {
    const env = make('suit-elevens');
    env.reset({ deck });
    expect(env.render().split('\n').slice(0, 3)).toEqual([
      ' 0 J♣    1 Q♥    2 K♥    3 J♥    4 5♣',
      ' 5 6♣    6 Q♣    7 A♥    8 A♠    9 2♦',
      '10 2♥   11 2♠   12 3♦   13 3♥   14 3♠',
    ]);
  });
});

describe('elevens: the end, the win and the rewards', () => {
  const optionSets: object[] = [
    {},
    { grid: 15 },
    { suits: 'same' },
    { faceCards: 'reserve' },
    { faceCards: 'reserve-no-refill' },
    { grid: 15, suits: 'same', faceCards: 'reserve' },
  ];

  it.each(optionSets)('%j: a won game pays 1 on its last step (win), 52 in all (cards)', (o) => {
    // Without refill while a card is set aside, a card set aside too early loses: `patient` waits.
    const patient = (env: Env) => patientMove(env, elevensOf(env)!.state);
    for (const policy of 'faceCards' in o && o.faceCards === 'reserve-no-refill' ? [patient] : [first, last]) {
      const win = make('elevens', o);
      win.reset({ deck: CLEAR_DECK });
      const w = playOut(win, policy);
      expect(win.outcome()).toEqual({ won: true, cardsLeft: 0 });
      expect(w.indexOf(1)).toBe(w.length - 1);
      expect(w.reduce((a, b) => a + b, 0)).toBe(1);
      const cards = make('elevens', { ...o, reward: 'cards' });
      cards.reset({ deck: CLEAR_DECK });
      const c = playOut(cards, policy);
      expect(c.every((r) => r === 0 || r === 2 || r === 3)).toBe(true);
      expect(c.filter((r) => r === 3)).toHaveLength(4);
      expect(c.reduce((a, b) => a + b, 0)).toBe(52);
      expect(cards.game.expectedReturn!(cards.outcome(), cards.options)).toBe(52);
    }
  });

  it('a lost game: reward win gives 0, reward cards the cards removed', () => {
    for (const [reward, total] of [
      ['win', 0],
      ['cards', 2],
    ] as const) {
      const env = make('elevens', { reward });
      env.reset({ deck: deckWith(['5C', '6C', 'AC', 'AD', 'AH', 'AS', '2C', '2D', '2H', '2S', '3C']) });
      const rewards = playOut(env, first);
      expect(env.outcome()).toEqual({ won: false, cardsLeft: 50 });
      expect(rewards.reduce((a, b) => a + b, 0)).toBe(total);
      expect(env.game.expectedReturn!(env.outcome(), env.options)).toBe(total);
      expect(env.render().split('\n').at(-1)).toBe('game over: lost, 50 cards left');
      expect(env.prompt()).toBe('');
    }
  });

  it('cards in a reserve are not removed: a game ending with one is lost', () => {
    const env = make('elevens-too', { reward: 'cards' });
    env.reset({ deck: deckWith(['JC', 'AC', 'AD', 'AH', 'AS', '2C', '2D', '2H', '2S']) });
    expect(env.step(36).reward).toBe(0);
    expect(env.running).toBe(false);
    expect(env.outcome()).toEqual({ won: false, cardsLeft: 52 });
  });
});

describe('elevens: observation', () => {
  it('slot rank and suit one-hots, unseen ranks / 4, stock size / 52', () => {
    const env = make('elevens');
    env.reset({ deck: deckWith(['5C', '6D', ...DEAD_9.slice(0, 7)]) });
    env.step(0);
    const obs = env.observation;
    expect(obs.length).toBe(167);
    const slot = (i: number) => Array.from(obs.subarray(17 * i, 17 * i + 17));
    // Slot 0 now holds 2♠ (the stock goes on in card order past the cards given: 2S is the first left).
    expect(tableau(env).slice(0, 2)).toEqual(['2S', '3C']);
    expect(slot(0)).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(slot(1)).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]);
    const unseen = Array.from(obs.subarray(153, 166), (x) => x * 4);
    expect(unseen).toEqual([0, 0, 3, 4, 3, 3, 4, 4, 4, 4, 4, 4, 4]);
    expect(obs[166]).toBeCloseTo(41 / 52, 6);
  });

  it('with reserves and one suit: the reserves by rank and suit, and which cards are unseen', () => {
    const env = make('suit-elevens');
    env.reset({
      deck: deckWith(['JC', 'QH', 'KH', 'JH', '5C', '6C', 'QC', 'AH', 'AS', '2D', '2H', '2S', '3D', '3H', '3S', 'KC']),
    });
    env.step(108); // J♥ aside
    const obs = env.observation;
    expect(obs.length).toBe(333);
    expect(Array.from(obs.subarray(255, 267))).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const unseen = Array.from(obs.subarray(267, 319));
    expect(unseen.filter((x) => x === 1)).toHaveLength(36);
    expect(unseen[4 * 12]).toBe(0); // K♣ was dealt into slot 3
    expect(unseen[0]).toBe(1); // A♣ is in the stock
    expect(obs[332]).toBeCloseTo(36 / 52, 6);
  });
});

describe('elevens: state', () => {
  it('getState → JSON → setState continues identically, reserves and all', () => {
    for (const id of ['elevens', 'elevens-too', 'suit-elevens'] as const) {
      const a = make(id);
      a.reset({ seed: 12 });
      for (let k = 0; k < 5 && a.running; k++) a.step(a.legal[a.legalCount - 1]);
      const saved = JSON.parse(JSON.stringify(a.getState()));
      const b = make(id);
      b.setState(saved);
      expect(b.getState()).toEqual(a.getState());
      while (a.running) {
        const act = a.legal[a.legalCount - 1];
        expect(b.step(act).reward).toBe(a.step(act).reward);
        expect(b.legalActions()).toEqual(a.legalActions());
      }
      expect(b.outcome()).toEqual(a.outcome());
    }
  });

  it('bad states are refused with the problem named and the env unchanged', () => {
    const env = make('elevens-reserve');
    env.reset({ deck: deckWith(['JC', 'QD', '5C', 'JS', 'AC', 'AD', 'AH', 'AS', '2C', 'KH']) });
    env.step(36);
    const st = env.getState();
    const before = JSON.stringify(st);
    const g = gameJSON(env);
    const withGame = (x: unknown) => ({ ...st, game: x });
    const refused = (x: unknown) => thrown(() => env.setState(withGame(x))).message;
    expect(refused({ ...g, reserve: ['QS', null, null] })).toContain('card QS is both in');
    expect(refused({ ...g, reserve: [null, 'JC', null] })).toContain('the queen reserve holds JC');
    expect(
      refused({ ...g, reserve: ['JC', 'QH', 'KS'], stock: g.stock.filter((c) => c !== 'QH' && c !== 'KS') }),
    ).toContain('the three reserves are full');
    expect(refused({ ...g, stock: g.stock.slice(1), removed: [...g.removed, g.stock[0]] })).toMatch(
      /are removed; they go/,
    );
    expect(refused({ ...g, tableau: [null, ...g.tableau.slice(1)], removed: [...g.removed, g.tableau[0]] })).toMatch(
      /a slot is empty while the stock holds/,
    );
    expect(refused({ ...g, reserve: undefined })).toContain(
      'expected { tableau: 9 card codes or null, reserve: 3 card codes or null',
    );
    expect(JSON.stringify(env.getState())).toBe(before);
    // Under the book rule nothing is ever set aside.
    const book = make('elevens');
    book.reset({ seed: 3 });
    const bg = gameJSON(book);
    const jack = bg.stock.find((c) => c[0] === 'J')!;
    expect(
      thrown(() =>
        book.setState({
          ...book.getState(),
          game: { ...bg, reserve: [jack, null, null], stock: bg.stock.filter((c) => c !== jack) },
        }),
      ).message,
    ).toContain('a jack, a queen and a king go out together from the grid');
    // One suit: the cards set aside share it.
    const suit = make('suit-elevens');
    suit.reset({ seed: 3 });
    const sg = gameJSON(suit);
    const [j, q] = ['JC', 'QD'];
    const stock = sg.stock.filter((c) => c !== j && c !== q);
    const tableauWithout = sg.tableau.map((c) => (c === j || c === q ? null : c));
    if (stock.length === sg.stock.length - 2)
      expect(
        thrown(() =>
          suit.setState({ ...suit.getState(), game: { ...sg, tableau: tableauWithout, reserve: [j, q, null], stock } }),
        ).message,
      ).toContain('not of one suit');
  });

  it("a paused refill's holes load only while a card is set aside", () => {
    const env = make('elevens-too');
    env.reset({ deck: deckWith(['JC', 'QD', 'KH', '5C', '6D', 'AC', 'AD', 'AH', 'AS']) });
    env.step(36);
    const saved = env.getState();
    const other = make('elevens-too');
    other.setState(saved);
    expect(tableau(other)[0]).toBeNull();
    const g = gameJSON(env);
    expect(
      thrown(() =>
        other.setState({ ...saved, game: { ...g, reserve: [null, null, null], removed: [...g.removed, 'JC'].sort() } }),
      ).message,
    ).toMatch(/a slot is empty while the stock holds \d+ cards and no card is set aside|are removed; they go/);
  });
});

describe('elevens: undo through the env', () => {
  it('play, undo, replay gives identical states; the 4th undo of undoLimit 3 is refused', () => {
    const env = make('elevens-too', { undoLimit: 3 });
    env.reset({ deck: CLEAR_DECK });
    const played = withHistory(env);
    const states = [JSON.stringify(gameJSON(env))];
    const moves: number[] = [];
    for (let k = 0; k < 3; k++) {
      moves.push(env.legal[env.legalCount - 1]);
      played.step(moves[k]);
      states.push(JSON.stringify(gameJSON(env)));
    }
    for (let k = 2; k >= 0; k--) {
      played.undo();
      expect(JSON.stringify(gameJSON(env))).toBe(states[k]);
    }
    played.step(moves[0]);
    expect(thrown(() => played.undo()).code).toBe('undo-unavailable');
  });
});
