import { describe, expect, it } from 'vitest';
import { DECK_SIZE, cardCode, parseCardCode } from '../../../src/env/cards.js';
import { checkEnv } from '../../../src/env/checker.js';
import type { Env } from '../../../src/env/env.js';
import type { CardOutcome } from '../../../src/env/game.js';
import { tensGame } from '../../../src/games/pairing/tens.js';
import { make } from '../../../src/env/registry.js';
import { createRng, randomInt } from '../../../src/env/rng.js';
import { deckWith, gameOf, pairId, tableauOf, thrown, type TableJSON } from '../../helpers/pairing.js';
import { scaled } from '../../helpers/scale.js';
import { withHistory } from '../../helpers/undo.js';

const game = gameOf;
const tableau = tableauOf;

// Thirteen cards with no pair among them (A needs 9, 2 needs 8, 3 needs 7, 4 needs 6).
const DEAD_13 = ['AC', 'AD', 'AH', 'AS', '2C', '2D', '2H', '2S', '3C', '3D', '3H', '3S', '4C'];

// Eleven cards with no pair among them and no 3 or 7.
const FILLER_11 = ['AC', 'AD', 'AH', 'AS', '2C', '2D', '2H', '2S', 'QC', 'QD', 'KC'];

// Every card next to its partner, then 5s, then the quartets: every policy clears it.
const PAIRS_DECK: string[] = (() => {
  const deck: string[] = [];
  for (const [a, b] of [
    ['A', '9'],
    ['2', '8'],
    ['3', '7'],
    ['4', '6'],
  ])
    for (const s of 'CDHS') deck.push(a + s, b + s);
  for (const r of '5TJQK') for (const s of 'CDHS') deck.push(r + s);
  return deck;
})();

function playOut(env: Env, choose: (env: Env) => number): { rewards: number[]; steps: number } {
  const rewards: number[] = [];
  while (env.running) rewards.push(env.step(choose(env)).reward);
  return { rewards, steps: rewards.length };
}
const first = (env: Env): number => env.legal[0];
const last = (env: Env): number => env.legal[env.legalCount - 1];

/** An independent model of the rules on rank counts alone: slots and order of moves play no part. */
function referenceOutcome(deck: readonly number[], slots: number, blockTens: boolean): CardOutcome {
  const held = new Array<number>(13).fill(0);
  let dealt = 0;
  let onTable = 0;
  let removed = 0;
  const deal = (): void => {
    for (; onTable < slots && dealt < DECK_SIZE; onTable++) held[deck[dealt++] >> 2]++;
  };
  const take = (rank: number, n: number): number => {
    held[rank] -= n;
    return n;
  };
  deal();
  for (;;) {
    let gone = 0;
    for (let r = 0; r < 4 && !gone; r++) if (held[r] > 0 && held[8 - r] > 0) gone = take(r, 1) + take(8 - r, 1);
    if (!gone && held[4] >= 2) gone = take(4, 2);
    for (let r = blockTens ? 10 : 9; r < 13 && !gone; r++) if (held[r] === 4) gone = take(r, 4);
    if (!gone) break;
    removed += gone;
    onTable -= gone;
    deal();
  }
  return { won: dealt === DECK_SIZE, cardsLeft: DECK_SIZE - removed };
}

/** The deal order of a freshly reset env: the slots, then the stock. */
function dealOrder(env: Env): number[] {
  const g = game(env);
  return [...(g.tableau as string[]), ...g.stock].map(parseCardCode);
}

describe('tens: options and spaces', () => {
  it('defaults and sizes follow the options', () => {
    expect(tensGame.optionsSchema.parse({})).toEqual({
      tableau: 13,
      refill: 'strict',
      undoLimit: 0,
      reward: 'win',
      blockTens: false,
      highCards: 'quartets',
    });
    const sizes = (o: object): [number, number] => {
      const env = make('tens', o);
      return [env.actionSpace.n, env.observationSpace.shape[0]];
    };
    expect(sizes({})).toEqual([82, 183]);
    expect(sizes({ refill: 'buffered' })).toEqual([83, 183]);
    expect(sizes({ tableau: 15 })).toEqual([109, 209]);
    expect(sizes({ tableau: 15, refill: 'buffered' })).toEqual([110, 209]);
  });

  it('bad options name the field and the allowed values', () => {
    expect(thrown(() => make('tens' as string, { tableau: 14 })).message).toMatch(
      /tableau[\s\S]*13\|15|13\|15[\s\S]*tableau/,
    );
    expect(thrown(() => make('tens' as string, { refill: 'lazy' })).message).toContain('"buffered"');
    expect(thrown(() => make('tens' as string, { undoLimit: 2 })).message).toContain('"unlimited"');
    expect(thrown(() => make('tens' as string, { blocktens: true })).code).toBe('bad-options');
  });

  it('undoLimit maps to 0, 3 and Infinity', () => {
    const limit = (u: unknown): number | undefined =>
      tensGame.undoLimit?.(tensGame.optionsSchema.parse({ undoLimit: u }));
    expect([limit(0), limit(3), limit('unlimited')]).toEqual([0, 3, Infinity]);
  });

  it('a bad deck is refused with the problem named', () => {
    const env = make('tens');
    expect(thrown(() => env.reset({ deck: PAIRS_DECK.slice(1) })).message).toContain('missing AC');
    expect(thrown(() => env.reset({ deck: ['AC', ...PAIRS_DECK.slice(1, 51), 'AC'] })).message).toContain(
      'duplicate cards AC',
    );
    expect(thrown(() => env.reset({ deck: ['ZZ', ...PAIRS_DECK.slice(1)] })).code).toBe('bad-deck');
  });
});

describe('tens: dealing and action ids', () => {
  it('deals deck[0..12] to slots 0..12 and keeps the rest as the stock in order', () => {
    const deck = deckWith(DEAD_13.slice().reverse().concat(['KS']));
    const env = make('tens');
    env.reset({ deck });
    expect(tableau(env)).toEqual(deck.slice(0, 13));
    expect(game(env).stock).toEqual(deck.slice(13));
    expect(game(env).removed).toEqual([]);
  });

  it('numbers pairs in lexicographic order, then quartets, then deal', () => {
    const env = make('tens', { refill: 'buffered' });
    // Slots hold distinct ranks where possible so each description names its two slots.
    const slots = ['AC', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'TC', 'JC', 'QC', 'KC'];
    env.reset({ deck: deckWith(slots) });
    expect(env.describeAction(0)).toBe('remove A♣ + 2♣'); // (0,1)
    expect(env.describeAction(11)).toBe('remove A♣ + K♣'); // (0,12)
    expect(env.describeAction(12)).toBe('remove 2♣ + 3♣'); // (1,2)
    expect(env.describeAction(77)).toBe('remove Q♣ + K♣'); // (11,12)
    expect([78, 79, 80, 81].map((a) => env.describeAction(a))).toEqual([
      'remove four tens',
      'remove four jacks',
      'remove four queens',
      'remove four kings',
    ]);
    expect(env.describeAction(82)).toBe('deal');
    expect(() => env.describeAction(83)).toThrow(/ids 0\.\.82/);
    // A+9, 2+8, 3+7, 4+6: (0,8), (1,7), (2,6), (3,5); 5 alone.
    expect(env.legalActions()).toEqual([pairId(13, 0, 8), pairId(13, 1, 7), pairId(13, 2, 6), pairId(13, 3, 5)]);
    expect(env.legalActions()).toEqual([7, 17, 26, 34]);
  });

  it('15 slots: deck[0..14] dealt, pair (13,14) = 104, quartets 105..108, deal 109', () => {
    const env = make('tens', { tableau: 15, refill: 'buffered' });
    const slots = [...DEAD_13, '4D', '6C'];
    env.reset({ deck: deckWith(slots) });
    expect(tableau(env)).toEqual(slots);
    expect(game(env).stock).toHaveLength(37);
    expect(env.legalActions()).toEqual([pairId(15, 12, 14), 104]); // 4C+6C, 4D+6C
    expect(env.describeAction(104)).toBe('remove 4♦ + 6♣');
    expect(env.describeAction(108)).toBe('remove four kings');
    expect(env.describeAction(109)).toBe('deal');
    env.step(104);
    expect(tableau(env).slice(13)).toEqual([null, null]);
    expect(env.legalActions()).toEqual([109]);
  });
});

describe('tens: moves', () => {
  it('a pair is removed and refilled at once, lowest slot first', () => {
    const slots = ['3C', 'AC', 'AD', 'AH', 'AS', '2C', '7D', '2D', '2H', '2S', '3D', '3H', '4C'];
    const env = make('tens');
    env.reset({ deck: deckWith([...slots, 'KC', 'KD']) });
    // 7♦ pairs with each of the three 3s.
    expect(env.legalActions()).toEqual([pairId(13, 0, 6), pairId(13, 6, 10), pairId(13, 6, 11)]);
    expect(env.describeAction(pairId(13, 0, 6))).toBe('remove 3♣ + 7♦');
    const r = env.step(pairId(13, 0, 6));
    expect(tableau(env)[0]).toBe('KC');
    expect(tableau(env)[6]).toBe('KD');
    expect(game(env).removed).toEqual(['3C', '7D']);
    // No 7 left in the slots, no quartet: the game is over and lost.
    expect(r.terminated).toBe(true);
    expect(r.reward).toBe(0);
    expect(r.info.outcome).toEqual({ won: false, cardsLeft: 50 });
  });

  it('a quartet needs all four cards and refills its four slots lowest first', () => {
    const slots = ['JC', 'AC', 'JD', 'AD', 'AH', 'JH', 'AS', '2C', '2D', '2H', 'JS', '2S', '3C'];
    const env = make('tens', { reward: 'cards' });
    env.reset({ deck: deckWith([...slots, 'KC', 'KD', 'KH', '7C']) });
    expect(env.legalActions()).toEqual([79]);
    const r = env.step(79);
    expect(r.reward).toBe(4);
    expect([0, 2, 5, 10].map((i) => tableau(env)[i])).toEqual(['KC', 'KD', 'KH', '7C']);
    expect(env.legalActions()).toEqual([pairId(13, 10, 12)]); // 7♣ + 3♣
    expect(game(env).removed).toEqual(['JC', 'JD', 'JH', 'JS']);
    // Three kings are not a quartet.
    expect(env.isLegal(81)).toBe(false);
    expect(thrown(() => env.step(81)).message).toContain('only 3 of the four kings are in the slots');
  });

  it('5 + 5 is a pair, and three 5s give three pairs', () => {
    const env = make('tens');
    env.reset({ deck: deckWith(['5C', '5D', '5H', ...DEAD_13.slice(0, 10)]) });
    expect(env.legalActions()).toEqual([0, 1, 12]);
    expect(env.describeAction(12)).toBe('remove 5♦ + 5♥');
  });

  it('jacks, queens and kings never go in pairs; a wrong sum is explained', () => {
    const env = make('tens');
    env.reset({ deck: deckWith(['JC', 'JD', '3C', '6D', '9C', ...DEAD_13.slice(0, 8)]) });
    // 9♣ + each ace
    expect(env.legalActions()).toEqual([pairId(13, 4, 5), pairId(13, 4, 6), pairId(13, 4, 7), pairId(13, 4, 8)]);
    const pairOfJacks = thrown(() => env.step(0));
    expect(pairOfJacks.code).toBe('illegal-action');
    expect(pairOfJacks.message).toContain('"remove J♣ + J♦" is not legal: jacks are removed four at a time');
    expect(thrown(() => env.step(pairId(13, 2, 3))).message).toContain('3♣ + 6♦ make 9, not 10');
    expect(thrown(() => env.step(pairId(13, 0, 2))).message).toContain(
      `Legal now: ${pairId(13, 4, 5)} (remove 9♣ + A♣), ${pairId(13, 4, 6)} (remove 9♣ + A♦)`,
    );
  });
});

describe('tens: buffered refill', () => {
  const fillers = ['AC', 'AD', 'AH', 'AS', '2C', '2D', '2H', '2S', 'QC'];

  it('empty slots wait for deal; deal is legal beside a removal and fills lowest first', () => {
    const env = make('tens', { refill: 'buffered' });
    env.reset({ deck: deckWith(['3C', '7C', '4C', '6C', ...fillers, 'KC', 'KD', 'KH', 'KS', '9C']) });
    expect(env.legalActions()).toEqual([0, pairId(13, 2, 3)]);
    expect(thrown(() => env.step(82)).message).toContain('no slot is empty');
    env.step(pairId(13, 2, 3));
    expect(tableau(env).slice(0, 4)).toEqual(['3C', '7C', null, null]);
    expect(env.legalActions()).toEqual([0, 82]);
    env.step(0);
    expect(tableau(env).slice(0, 4)).toEqual([null, null, null, null]);
    expect(env.legalActions()).toEqual([82]);
    const r = env.step(82);
    expect(r.reward).toBe(0);
    expect(tableau(env).slice(0, 4)).toEqual(['KC', 'KD', 'KH', 'KS']);
    expect(game(env).stock[0]).toBe('9C');
    expect(env.legalActions()).toEqual([81]); // the four kings just dealt
  });

  it('deal fills only while the stock lasts, and is refused with an empty stock', () => {
    const env = make('tens', { refill: 'buffered' });
    env.reset({ seed: 0 });
    const state = env.getState();
    const removed: string[] = [];
    for (let c = 0; c < DECK_SIZE; c++) if (!['AC', '9C'].includes(cardCode(c))) removed.push(cardCode(c));
    const tableauJSON: (string | null)[] = new Array(13).fill(null);
    tableauJSON[5] = 'AC';
    env.setState({ ...state, game: { tableau: tableauJSON, stock: ['9C'], removed } });
    expect(env.legalActions()).toEqual([82]);
    env.step(82);
    expect(tableau(env)[0]).toBe('9C');
    expect(tableau(env).filter((c) => c !== null)).toHaveLength(2);
    expect(env.legalActions()).toEqual([pairId(13, 0, 5)]);
    expect(env.isLegal(82)).toBe(false);
    const r = env.step(pairId(13, 0, 5));
    expect(r.reward).toBe(1);
    expect(r.info.outcome).toEqual({ won: true, cardsLeft: 0 });
  });

  it('a strict game refuses a state with a hole while the stock holds cards', () => {
    const strict = make('tens');
    const buffered = make('tens', { refill: 'buffered' });
    buffered.reset({ deck: deckWith(['3C', '7C', '4C', '6C', ...fillers]) });
    buffered.step(0);
    strict.reset({ seed: 1 });
    const holey = { ...strict.getState(), game: game(buffered) };
    expect(thrown(() => strict.setState(holey)).message).toContain('it is refilled at once');
  });
});

describe('tens: blockTens', () => {
  it('the ten quartet id exists but is never legal', () => {
    const deck = deckWith(['TC', 'TD', 'TH', 'TS', '3C', '7C', ...DEAD_13.slice(0, 7)]);
    const plain = make('tens');
    plain.reset({ deck });
    expect(plain.legalActions()).toEqual([pairId(13, 4, 5), 78]);
    const blocked = make('tens', { blockTens: true });
    blocked.reset({ deck });
    expect(blocked.actionSpace.n).toBe(82);
    expect(blocked.legalActions()).toEqual([pairId(13, 4, 5)]);
    expect(thrown(() => blocked.step(78)).message).toContain('tens are never removed');
    expect(thrown(() => blocked.step(0)).message).toContain('tens are never removed');
  });

  it('a won game leaves the four tens', () => {
    const env = make('tens', { blockTens: true });
    env.reset({ deck: PAIRS_DECK });
    const { rewards } = playOut(env, last);
    expect(env.outcome()).toEqual({ won: true, cardsLeft: 4 });
    expect(rewards.slice(0, -1).every((r) => r === 0)).toBe(true);
    expect(rewards[rewards.length - 1]).toBe(1);
    expect(
      tableau(env)
        .filter((c) => c !== null)
        .sort(),
    ).toEqual(['TC', 'TD', 'TH', 'TS']);
  });

  it('a removed ten is a bad state', () => {
    const env = make('tens', { blockTens: true });
    env.reset({ deck: PAIRS_DECK });
    const st = env.getState();
    const g = game(env);
    const bad = { ...g, stock: g.stock.filter((c) => c !== 'TC'), removed: [...g.removed, 'TC'] };
    expect(thrown(() => env.setState({ ...st, game: bad })).message).toContain(
      '1 tens are removed; tens are never removed here',
    );
  });
});

describe('tens: endings and rewards', () => {
  it('a deal with no legal move is over at reset', () => {
    for (const refill of ['strict', 'buffered']) {
      const env = make('tens' as string, { refill });
      const { info } = env.reset({ deck: deckWith(DEAD_13) });
      expect(info.terminated).toBe(true);
      expect(info.outcome).toEqual({ won: false, cardsLeft: 52 });
      expect(env.running).toBe(false);
      expect(Array.from(info.actionMask).every((m) => m === 0)).toBe(true);
      const e = thrown(() => env.step(0));
      expect(e.code).toBe('episode-over');
    }
  });

  it('a won game: reward win gives 1 on the last step only, reward cards gives 52', () => {
    for (const tableauSize of [13, 15]) {
      const win = make('tens' as string, { tableau: tableauSize });
      win.reset({ deck: PAIRS_DECK });
      const w = playOut(win, first).rewards;
      expect(win.outcome()).toEqual({ won: true, cardsLeft: 0 });
      expect(w.indexOf(1)).toBe(w.length - 1);
      expect(w.reduce((a, b) => a + b, 0)).toBe(1);
      const cards = make('tens' as string, { tableau: tableauSize, reward: 'cards' });
      cards.reset({ deck: PAIRS_DECK });
      const c = playOut(cards, first).rewards;
      expect(c.every((r) => r === 2 || r === 4)).toBe(true);
      expect(c.filter((r) => r === 4)).toHaveLength(4);
      expect(c.reduce((a, b) => a + b, 0)).toBe(52);
    }
  });

  it('a lost game: reward win gives 0, reward cards the cards removed', () => {
    const slots = ['4C', '6C', ...DEAD_13.slice(0, 11)];
    for (const [reward, total] of [
      ['win', 0],
      ['cards', 2],
    ] as const) {
      const env = make('tens', { reward });
      env.reset({ deck: deckWith([...slots, '3S', '4D']) });
      const { rewards } = playOut(env, first);
      expect(env.outcome()).toEqual({ won: false, cardsLeft: 50 });
      expect(rewards.reduce((a, b) => a + b, 0)).toBe(total);
      expect(env.game.expectedReturn!(env.outcome(), env.options)).toBe(total);
    }
  });
});

describe('tens: observation, text and state', () => {
  it('observation: rank one-hot per slot, unseen ranks / 4, stock size / 52', () => {
    const env = make('tens', { refill: 'buffered' });
    const slots = ['3C', '7C', ...FILLER_11];
    env.reset({ deck: deckWith(slots) });
    env.step(0);
    const obs = env.observation;
    expect(obs.length).toBe(183);
    expect(Array.from(obs.subarray(0, 26)).every((v) => v === 0)).toBe(true); // slots 0 and 1 empty
    for (let i = 2; i < 13; i++) {
      const rank = parseCardCode(slots[i]) >> 2;
      for (let r = 0; r < 13; r++) expect(obs[13 * i + r]).toBe(r === rank ? 1 : 0);
    }
    // Unseen (in the stock): no A or 2, three 3s, three 7s, four jacks, two queens, three kings.
    const unseen = Array.from(obs.subarray(169, 182)).map((v) => v * 4);
    expect(unseen).toEqual([0, 0, 3, 4, 4, 4, 3, 4, 4, 4, 4, 2, 3]);
    expect(obs[182]).toBeCloseTo(39 / 52, 6);
  });

  it('describes the deal and an empty slot, and renders text', () => {
    const env = make('tens', { refill: 'buffered' });
    env.reset({ deck: deckWith(['3C', '7C', ...FILLER_11]) });
    env.step(0);
    expect(env.describeAction(0)).toBe('remove slots 0 + 1 (-- + --)');
    expect(env.describeAction(1)).toBe('remove slots 0 + 2 (-- + A♣)');
    expect(thrown(() => env.step(1)).message).toContain('slot 0 is empty');
    const text = env.render();
    expect(text.split('\n')).toHaveLength(4);
    expect(text).toContain(' 0 --');
    expect(text).toContain(' 2 A♣');
    expect(text).toContain('stock 39 cards · removed 2 · cards left 50');
  });

  it('getState → JSON → setState continues identically', () => {
    const a = make('tens', { tableau: 15, refill: 'buffered' });
    a.reset({ seed: 12 });
    const rng = createRng(3);
    for (let k = 0; k < 4 && a.running; k++) a.step(a.legal[randomInt(rng, 0, a.legalCount - 1)]);
    const saved = JSON.parse(JSON.stringify(a.getState()));
    const g = saved.game as TableJSON;
    expect(g.tableau.length + g.stock.length + g.removed.length - g.tableau.filter((c) => c === null).length).toBe(52);
    const b = make('tens', { tableau: 15, refill: 'buffered' });
    b.setState(saved);
    expect(b.getState()).toEqual(a.getState());
    expect(Array.from(b.observation)).toEqual(Array.from(a.observation));
    while (a.running) {
      const act = a.legal[a.legalCount - 1];
      expect(b.step(act).reward).toBe(a.step(act).reward);
      expect(b.legalActions()).toEqual(a.legalActions());
    }
    expect(b.outcome()).toEqual(a.outcome());
  });

  it('bad states are refused with the problem named and the env unchanged', () => {
    const env = make('tens');
    env.reset({ seed: 5 });
    const st = env.getState();
    const g = game(env);
    const before = JSON.stringify(st);
    const withGame = (x: unknown): unknown => ({ ...st, game: x });
    const dupe = { ...g, stock: [g.tableau[0] as string, ...g.stock.slice(1)] };
    expect(thrown(() => env.setState(withGame(dupe))).message).toMatch(
      new RegExp(`card ${g.tableau[0]} is both in tableau\\[0\\] and in stock\\[0\\]`),
    );
    const unknown = { ...g, stock: ['XX', ...g.stock.slice(1)] };
    expect(thrown(() => env.setState(withGame(unknown))).message).toContain('stock[0] is "XX", not a card code');
    const short = { ...g, tableau: g.tableau.slice(1) };
    expect(thrown(() => env.setState(withGame(short))).message).toContain('exactly 13 items → at tableau');
    const missing = { ...g, stock: g.stock.slice(1) };
    expect(thrown(() => env.setState(withGame(missing))).message).toContain(`cards ${g.stock[0]} are missing`);
    const extra = { ...g, extra: 1 };
    expect(thrown(() => env.setState(withGame(extra))).code).toBe('bad-state');
    // A 3 removed without a 7.
    const three = g.stock.find((c) => c[0] === '3');
    if (three === undefined) throw new Error('seed 5 should leave a 3 in the stock');
    const lone = { ...g, stock: g.stock.filter((c) => c !== three), removed: [three] };
    expect(thrown(() => env.setState(withGame(lone))).message).toMatch(/1 threes but 0 sevens are removed/);
    expect(JSON.stringify(env.getState())).toBe(before);
  });
});

describe('tens: undo through the env', () => {
  it('play, undo, replay gives identical states; the 4th undo of undoLimit 3 is refused', () => {
    const env = make('tens', { undoLimit: 3 });
    env.reset({ deck: PAIRS_DECK });
    const played = withHistory(env);
    const states = [JSON.stringify(env.getState())];
    const moves: number[] = [];
    for (let k = 0; k < 3; k++) {
      moves.push(env.legal[env.legalCount - 1]);
      played.step(moves[k]);
      states.push(JSON.stringify(env.getState()));
    }
    const strip = (s: string): unknown => ({ ...JSON.parse(s), undosUsed: 0 });
    for (let k = 2; k >= 0; k--) {
      played.undo();
      expect(strip(JSON.stringify(env.getState()))).toEqual(strip(states[k]));
    }
    for (let k = 0; k < 3; k++) {
      played.step(moves[k]);
      expect(strip(JSON.stringify(env.getState()))).toEqual(strip(states[k + 1]));
    }
    expect(thrown(() => played.undo()).code).toBe('undo-unavailable');
  });

  it('undoLimit 0 refuses; unlimited takes back a whole game', () => {
    const none = make('tens');
    none.reset({ deck: PAIRS_DECK });
    const nonePlayed = withHistory(none);
    nonePlayed.step(none.legal[0]);
    expect(thrown(() => nonePlayed.undo()).code).toBe('undo-unavailable');
    const all = make('tens', { undoLimit: 'unlimited', refill: 'buffered' });
    all.reset({ deck: PAIRS_DECK });
    const start = JSON.stringify(game(all));
    const allPlayed = withHistory(all);
    let steps = 0;
    for (; all.running; steps++) allPlayed.step(last(all));
    expect(all.outcome().won).toBe(true);
    for (let k = 0; k < steps; k++) allPlayed.undo();
    expect(JSON.stringify(game(all))).toBe(start);
    expect(all.running).toBe(true);
  });
});

const CONFIGS: { name: string; options: Record<string, unknown>; slots: number; blockTens: boolean }[] = [
  { name: '13 slots', options: {}, slots: 13, blockTens: false },
  { name: '15 slots', options: { tableau: 15 }, slots: 15, blockTens: false },
  { name: 'buffered', options: { refill: 'buffered' }, slots: 13, blockTens: false },
  { name: '15 buffered', options: { tableau: 15, refill: 'buffered' }, slots: 15, blockTens: false },
  { name: 'blockTens', options: { blockTens: true }, slots: 13, blockTens: true },
];

describe('tens: decision-free and the reference model', () => {
  for (const c of CONFIGS) {
    it(
      `${c.name}: first, last and random policies reach the same outcome as the rank-count model on ` +
        `${scaled(1000).toLocaleString('en')} deals`,
      () => {
        const envs = [make('tens', c.options), make('tens', c.options), make('tens', c.options)];
        const rng = createRng(99);
        const random = (env: Env): number => env.legal[randomInt(rng, 0, env.legalCount - 1)];
        const policies = [first, last, random];
        let wins = 0;
        for (let seed = 0; seed < scaled(1000); seed++) {
          const outcomes = envs.map((env, k) => {
            env.reset({ seed });
            playOut(env, policies[k]);
            return env.outcome();
          });
          expect(outcomes[1], `seed ${seed}`).toEqual(outcomes[0]);
          expect(outcomes[2], `seed ${seed}`).toEqual(outcomes[0]);
          envs[0].reset({ seed });
          expect(outcomes[0], `seed ${seed}`).toEqual(referenceOutcome(dealOrder(envs[0]), c.slots, c.blockTens));
          if (outcomes[0].won) wins++;
        }
        expect(wins).toBeGreaterThan(0);
      },
    );
  }

  it('win rates over seeds 0..19,999 match the published random-play rates', () => {
    const rate = (options: object): number => {
      const env = make('tens', options);
      let wins = 0;
      for (let seed = 0; seed < 20_000; seed++) {
        env.reset({ seed });
        playOut(env, first);
        if (env.outcome().won) wins++;
      }
      return wins / 20_000;
    };
    // Politaire: 9.13% over a million deals; 15 slots about 36.6%. Bands of about ±4 standard errors.
    const thirteen = rate({});
    expect(thirteen).toBeGreaterThan(0.0855);
    expect(thirteen).toBeLessThan(0.0975);
    const fifteen = rate({ tableau: 15 });
    expect(fifteen).toBeGreaterThan(0.352);
    expect(fifteen).toBeLessThan(0.38);
  });
});

describe('tens: invariants over random games', () => {
  for (const c of CONFIGS) {
    it(`${c.name}: every card in one place, mask = legal list, rewards add up`, () => {
      for (const reward of ['win', 'cards']) {
        const options = { ...c.options, reward };
        const env = make('tens' as string, options);
        const rng = createRng(7);
        for (let seed = 0; seed < scaled(600); seed++) {
          env.reset({ seed: 10_000 + seed });
          let total = 0;
          for (;;) {
            const problem = env.game.checkState!(env.rawState, env.options);
            if (problem) expect.fail(`seed ${seed}: ${problem}`);
            const maskIds = Array.from(env.mask.keys()).filter((a) => env.mask[a] === 1);
            if (maskIds.join() !== env.legalActions().join())
              expect.fail(`seed ${seed}: mask ${maskIds} but legal ${env.legalActions()}`);
            if (!env.running) break;
            total += env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]).reward;
          }
          expect(total).toBe(env.game.expectedReturn!(env.outcome(), env.options));
        }
      }
    });
  }

  it('passes the contract checker', () => {
    for (const c of CONFIGS) checkEnv('tens', { ...c.options, undoLimit: 3 }, { episodes: 60 });
  });
});
