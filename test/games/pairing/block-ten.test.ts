import { describe, expect, it } from 'vitest';
import { DECK_SIZE, parseCardCode } from '../../../src/env/cards.js';
import { checkEnv } from '../../../src/env/checker.js';
import type { Env } from '../../../src/env/env.js';
import type { CardOutcome } from '../../../src/env/game.js';
import { blockTenGame } from '../../../src/games/pairing/block-ten.js';
import { make } from '../../../src/env/registry.js';
import { createRng, randomInt } from '../../../src/env/rng.js';
import { deckWith, gameOf, pairId, tableauOf, thrown, type TableJSON } from '../../helpers/pairing.js';
import { scaled } from '../../helpers/scale.js';
import { withHistory } from '../../helpers/undo.js';

const game = gameOf;
const tableau = tableauOf;
const pid9 = (i: number, j: number): number => pairId(9, i, j);

function playOut(env: Env, choose: (env: Env) => number): number[] {
  const rewards: number[] = [];
  while (env.running) rewards.push(env.step(choose(env)).reward);
  return rewards;
}
const first = (env: Env): number => env.legal[0];
const last = (env: Env): number => env.legal[env.legalCount - 1];
const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

// Seven cards with no pair among them and no 3, 7, 9 or 8.
const FILLER_7 = ['AC', 'AD', 'AH', 'AS', '2C', '2D', '2H'];

// Every card next to its partner: every policy clears all but the tens.
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

/** The Block Ten rules on rank counts alone (no slots, no move order). */
function referenceOutcome(deck: readonly number[]): CardOutcome {
  const held = new Array<number>(13).fill(0);
  let dealt = 0;
  let onTable = 0;
  let removed = 0;
  const deal = (): void => {
    for (; onTable < 9 && dealt < DECK_SIZE; onTable++) held[deck[dealt++] >> 2]++;
  };
  deal();
  for (;;) {
    let gone = 0;
    for (let r = 0; r < 4 && !gone; r++) {
      if (held[r] > 0 && held[8 - r] > 0) {
        held[r]--;
        held[8 - r]--;
        gone = 2;
      }
    }
    for (const r of [4, 10, 11, 12]) {
      if (!gone && held[r] >= 2) {
        held[r] -= 2;
        gone = 2;
      }
    }
    if (!gone) break;
    removed += gone;
    onTable -= gone;
    deal();
  }
  return { won: dealt === DECK_SIZE, cardsLeft: DECK_SIZE - removed };
}

describe('block-ten: options and ids', () => {
  it('has refill, undoLimit and reward only; 36 pair ids, plus deal when buffered', () => {
    expect(blockTenGame.optionsSchema.parse({})).toEqual({ refill: 'strict', undoLimit: 0, reward: 'win' });
    expect(thrown(() => make('block-ten' as string, { tableau: 13 })).code).toBe('bad-options');
    expect(thrown(() => make('block-ten' as string, { reward: 'points' })).message).toContain('"cards"');
    const strict = make('block-ten');
    expect([strict.actionSpace.n, strict.observationSpace.shape[0]]).toEqual([36, 131]);
    const buffered = make('block-ten', { refill: 'buffered' });
    expect(buffered.actionSpace.n).toBe(37);
    buffered.reset({ deck: deckWith(['AC', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C']) });
    expect(buffered.describeAction(0)).toBe('remove A♣ + 2♣'); // (0,1)
    expect(buffered.describeAction(7)).toBe('remove A♣ + 9♣'); // (0,8)
    expect(buffered.describeAction(8)).toBe('remove 2♣ + 3♣'); // (1,2)
    expect(buffered.describeAction(35)).toBe('remove 8♣ + 9♣'); // (7,8)
    expect(buffered.describeAction(36)).toBe('deal');
    expect(buffered.legalActions()).toEqual([7, 13, 18, 22]); // (0,8) (1,7) (2,6) (3,5)
    expect(buffered.legalActions()).toEqual([pid9(0, 8), pid9(1, 7), pid9(2, 6), pid9(3, 5)]);
  });
});

describe('block-ten: moves', () => {
  it('J+J, Q+Q and K+K are pairs; J+Q is not; tens never go', () => {
    const env = make('block-ten', { reward: 'cards' });
    env.reset({ deck: deckWith(['JC', 'JD', 'QC', 'QD', 'KC', 'KD', 'TC', 'TD', 'AC', '3C', '3D']) });
    expect(env.legalActions()).toEqual([pid9(0, 1), pid9(2, 3), pid9(4, 5)]);
    expect(env.describeAction(pid9(2, 3))).toBe('remove Q♣ + Q♦');
    expect(thrown(() => env.step(pid9(0, 2))).message).toContain('a jack pairs only with another jack');
    expect(thrown(() => env.step(pid9(6, 7))).message).toContain(
      '"remove 10♣ + 10♦" is not legal: tens are never removed',
    );
    expect(thrown(() => env.step(pid9(5, 8))).message).toContain('a king pairs only with another king');
    const r = env.step(pid9(4, 5));
    expect(r.reward).toBe(2);
    expect(tableau(env).slice(4, 6)).toEqual(['3C', '3D']);
    expect(game(env).removed).toEqual(['KC', 'KD']);
  });

  it('three jacks give three pairs', () => {
    const env = make('block-ten');
    env.reset({ deck: deckWith(['JC', 'AC', 'JD', 'AD', 'JH', 'AH', 'AS', '2C', '2D']) });
    expect(env.legalActions()).toEqual([pid9(0, 2), pid9(0, 4), pid9(2, 4)]);
  });

  it('strict refill fills the emptied slots at once, lowest first', () => {
    const env = make('block-ten');
    env.reset({ deck: deckWith(['AC', '4C', 'AD', '2C', '2D', '6C', 'AH', 'AS', '2H', 'KS', 'QS']) });
    expect(env.legalActions()).toEqual([pid9(1, 5)]);
    env.step(pid9(1, 5));
    expect(tableau(env)).toEqual(['AC', 'KS', 'AD', '2C', '2D', 'QS', 'AH', 'AS', '2H']);
    expect(env.outcome()).toEqual({ won: false, cardsLeft: 50 });
    expect(env.terminated).toBe(true);
  });

  it('buffered: deal waits, is legal beside a removal, and fills lowest first', () => {
    const env = make('block-ten', { refill: 'buffered' });
    env.reset({ deck: deckWith(['3C', '7C', 'TC', 'TD', 'TH', 'TS', 'KC', 'KD', 'QC', '9C', '8C']) });
    expect(env.legalActions()).toEqual([pid9(0, 1), pid9(6, 7)]);
    env.step(pid9(6, 7));
    expect(tableau(env)).toEqual(['3C', '7C', 'TC', 'TD', 'TH', 'TS', null, null, 'QC']);
    expect(env.legalActions()).toEqual([pid9(0, 1), 36]);
    env.step(pid9(0, 1));
    expect(env.legalActions()).toEqual([36]);
    expect(env.step(36).reward).toBe(0);
    expect(tableau(env)).toEqual(['9C', '8C', 'TC', 'TD', 'TH', 'TS', 'AC', 'AD', 'QC']);
    expect(env.legalActions()).toEqual([pid9(0, 6), pid9(0, 7)]);
    expect(thrown(() => env.step(36)).message).toContain('no slot is empty');
  });
});

describe('block-ten: endings and rewards', () => {
  it('a deal with no legal move is over at reset', () => {
    for (const refill of ['strict', 'buffered']) {
      const env = make('block-ten' as string, { refill });
      const { info } = env.reset({ deck: deckWith(['TC', 'TD', 'TH', 'TS', 'AC', 'AD', 'AH', 'AS', '2C']) });
      expect(info.terminated).toBe(true);
      expect(info.outcome).toEqual({ won: false, cardsLeft: 52 });
      expect(env.legalActions()).toEqual([]);
      expect(thrown(() => env.step(0)).code).toBe('episode-over');
    }
  });

  it('a won game reports 4 cards left (the tens), with either reward', () => {
    for (const refill of ['strict', 'buffered']) {
      const win = make('block-ten' as string, { refill });
      win.reset({ deck: PAIRS_DECK });
      const w = playOut(win, first);
      expect(win.outcome()).toEqual({ won: true, cardsLeft: 4 });
      expect(w.indexOf(1)).toBe(w.length - 1);
      expect(sum(w)).toBe(1);
      expect(
        tableau(win)
          .filter((c) => c !== null)
          .sort(),
      ).toEqual(['TC', 'TD', 'TH', 'TS']);
      const cards = make('block-ten' as string, { refill, reward: 'cards' });
      cards.reset({ deck: PAIRS_DECK });
      const c = playOut(cards, last);
      expect(sum(c)).toBe(48);
      expect(cards.game.expectedReturn!(cards.outcome(), cards.options)).toBe(48);
    }
  });

  it('a lost game: reward win 0, reward cards the cards removed', () => {
    const deck = deckWith([...FILLER_7, '3C', '7C', '2S', 'JC']);
    for (const [reward, total] of [
      ['win', 0],
      ['cards', 2],
    ] as const) {
      const env = make('block-ten', { reward });
      env.reset({ deck });
      expect(sum(playOut(env, first))).toBe(total);
      expect(env.outcome()).toEqual({ won: false, cardsLeft: 50 });
    }
  });
});

describe('block-ten: observation, text and state', () => {
  it('observation: 9 rank one-hots, unseen ranks / 4, stock size / 52', () => {
    const env = make('block-ten', { refill: 'buffered' });
    const slots = ['3C', '7C', ...FILLER_7];
    env.reset({ deck: deckWith(slots) });
    env.step(0);
    const obs = env.observation;
    expect(Array.from(obs.subarray(0, 26)).every((v) => v === 0)).toBe(true);
    for (let i = 2; i < 9; i++) {
      const rank = parseCardCode(slots[i]) >> 2;
      for (let r = 0; r < 13; r++) expect(obs[13 * i + r]).toBe(r === rank ? 1 : 0);
    }
    expect(Array.from(obs.subarray(117, 130)).map((v) => v * 4)).toEqual([0, 1, 3, 4, 4, 4, 3, 4, 4, 4, 4, 4, 4]);
    expect(obs[130]).toBeCloseTo(43 / 52, 6);
  });

  it('renders a 3×3 grid', () => {
    const env = make('block-ten');
    env.reset({ deck: deckWith(['3C', '7C', ...FILLER_7]) });
    expect(env.render()).toBe(
      [
        ' 0 3♣    1 7♣    2 A♣',
        ' 3 A♦    4 A♥    5 A♠',
        ' 6 2♣    7 2♦    8 2♥',
        'stock 43 cards · removed 0 · cards left 52',
      ].join('\n'),
    );
  });

  it('getState → setState round trip, and bad states refused', () => {
    const a = make('block-ten', { refill: 'buffered' });
    a.reset({ seed: 3 });
    a.step(a.legal[0]);
    const saved = JSON.parse(JSON.stringify(a.getState()));
    const b = make('block-ten', { refill: 'buffered' });
    b.setState(saved);
    expect(b.getState()).toEqual(a.getState());
    expect(b.legalActions()).toEqual(a.legalActions());

    const env = make('block-ten');
    env.reset({ deck: PAIRS_DECK });
    const st = env.getState();
    const g = game(env);
    const without = (card: string): TableJSON => ({
      ...g,
      stock: g.stock.filter((c) => c !== card),
      removed: [...g.removed, card],
    });
    expect(thrown(() => env.setState({ ...st, game: without('JC') })).message).toContain(
      '1 jacks are removed; they go in pairs',
    );
    expect(thrown(() => env.setState({ ...st, game: without('TC') })).message).toContain(
      '1 tens are removed; tens are never removed here',
    );
    const dupe = { ...g, removed: [g.tableau[3] as string] };
    expect(thrown(() => env.setState({ ...st, game: dupe })).message).toContain(
      `card ${g.tableau[3]} is both in tableau[3] and in removed[0]`,
    );
    expect(thrown(() => env.setState({ ...st, game: { ...g, tableau: [...g.tableau, null] } })).message).toContain(
      'exactly 9 items',
    );
  });

  it('undo with undoLimit 3 replays identically and refuses a 4th', () => {
    const env = make('block-ten', { undoLimit: 3 });
    env.reset({ deck: PAIRS_DECK });
    const played = withHistory(env);
    const before = JSON.stringify(game(env));
    played.step(env.legal[0]);
    const after = JSON.stringify(game(env));
    played.undo();
    expect(JSON.stringify(game(env))).toBe(before);
    played.step(env.legal[0]);
    expect(JSON.stringify(game(env))).toBe(after);
    played.undo();
    expect(thrown(() => played.undo()).message).toMatch(/no move to take back/);
    played.step(env.legal[0]);
    played.undo();
    expect(thrown(() => played.undo()).message).toContain('all 3 undos');
    const none = make('block-ten');
    none.reset({ deck: PAIRS_DECK });
    expect(thrown(() => withHistory(none).undo()).code).toBe('undo-unavailable');
  });
});

describe('block-ten: decision-free, reference model, rates, invariants', () => {
  for (const refill of ['strict', 'buffered']) {
    it(`${refill}: first, last and random policies agree with the rank-count model on ${scaled(1000)} deals`, () => {
      const envs = [0, 1, 2].map(() => make('block-ten' as string, { refill }));
      const rng = createRng(42);
      const policies = [first, last, (env: Env): number => env.legal[randomInt(rng, 0, env.legalCount - 1)]];
      let wins = 0;
      for (let seed = 0; seed < scaled(1000); seed++) {
        envs[0].reset({ seed });
        const g = game(envs[0]);
        const expected = referenceOutcome([...(g.tableau as string[]), ...g.stock].map(parseCardCode));
        envs.forEach((env, k) => {
          env.reset({ seed });
          playOut(env, policies[k]);
          expect(env.outcome(), `seed ${seed}`).toEqual(expected);
        });
        if (expected.won) wins++;
      }
      expect(wins).toBeGreaterThan(0);
    });
  }

  it('win rate over seeds 0..19,999 is the published ~3.6%', () => {
    const env = make('block-ten');
    let wins = 0;
    for (let seed = 0; seed < 20_000; seed++) {
      env.reset({ seed });
      playOut(env, first);
      if (env.outcome().won) wins++;
    }
    expect(wins / 20_000).toBeGreaterThan(0.031);
    expect(wins / 20_000).toBeLessThan(0.042);
  });

  it('every card in one place, mask = legal list, rewards add up over random games', () => {
    for (const options of [{}, { refill: 'buffered', reward: 'cards' }, { reward: 'cards' }]) {
      const env = make('block-ten' as string, options);
      const rng = createRng(8);
      for (let seed = 0; seed < scaled(800); seed++) {
        env.reset({ seed: 50_000 + seed });
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
    checkEnv('block-ten', { undoLimit: 'unlimited' }, { episodes: 80 });
    checkEnv('block-ten', { refill: 'buffered', reward: 'cards' }, { episodes: 80 });
  });
});
