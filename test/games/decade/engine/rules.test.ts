// Decade and its family: every rule and option on explicit decks and states, errors,
// and invariants over random games (checked against a from-the-rules reference).
import { describe, expect, it } from 'vitest';
import { cardCode, orderedDeck, parseCardCode } from '../../../../src/env/cards.js';
import { Env } from '../../../../src/env/env.js';
import { TengymError } from '../../../../src/env/errors.js';
import { make } from '../../../../src/env/registry.js';
import { createRng, randomInt, shuffleInPlace } from '../../../../src/env/rng.js';
import {
  DECADE_ACTIONS,
  DRAW,
  decadeGame,
  decadeOptionsSchema,
  runActionId,
  type DecadeOptions,
  type DecadeState,
} from '../../../../src/games/decade/engine.js';
import { withHistory } from '../../../helpers/decade.js';
import { scaled } from '../../../helpers/scale.js';

type Opts = Partial<Record<keyof DecadeOptions, unknown>>;

const PRESETS: Record<string, Opts> = {
  decade: {},
  'decade-optional': { discard: 'optional' },
  'decade-max3': { maxRun: 3 },
  'decade-loop': { loop: true, maxRun: 3 },
  'decade-fives': { fives: true },
  'decade-stacks': { stacks: 7 },
  'ten-twenty-thirty': { stacks: 7, loop: true, minRun: 3, maxRun: 3, pickedUp: 'deck-bottom' },
};

function decade(opts: Opts = {}, id = 'decade'): Env<DecadeOptions> {
  return new Env<DecadeOptions>(id, decadeGame, decadeOptionsSchema.parse(opts));
}

/** A full deck: `first` in order, then every other card in id order. */
function deck(...first: string[]): string[] {
  const used = new Set(first.map((c) => parseCardCode(c)));
  const rest: string[] = [];
  for (let c = 0; c < 52; c++) if (!used.has(c)) rest.push(cardCode(c));
  return [...first, ...rest];
}

interface Layout {
  stacks: string[][];
  /** Cards in the stock, top first; 'rest' = every card not placed elsewhere. */
  stock?: string[] | 'rest';
  current?: number;
  eliminated?: boolean[];
  steps?: number;
}

/** The game JSON for a layout: cards not placed go to the discard pile (under the stock with 'deck-bottom'). */
function gameJson(env: Env<DecadeOptions>, l: Layout) {
  const placed = new Set([...l.stacks.flat(), ...(Array.isArray(l.stock) ? l.stock : [])].map((c) => parseCardCode(c)));
  const others: string[] = [];
  for (let c = 0; c < 52; c++) if (!placed.has(c)) others.push(cardCode(c));
  const stockFirst = Array.isArray(l.stock) ? l.stock : [];
  const toStock = l.stock === 'rest' || env.options.pickedUp === 'deck-bottom';
  // The counters follow from the cards: the pile in an order runs could have made, steps = draws + runs.
  return withHistory(
    {
      stacks: l.stacks,
      eliminated: l.eliminated ?? l.stacks.map(() => false),
      current: l.current ?? l.stacks.length - 1,
      stock: toStock ? [...stockFirst, ...others] : stockFirst,
      discarded: toStock ? [] : others,
      steps: l.steps ?? 0,
    },
    env.options,
  );
}

function load(env: Env<DecadeOptions>, l: Layout): Env<DecadeOptions> {
  env.setState({
    env: env.id,
    options: { ...env.options },
    rng: [...createRng(0).getState()],
    undosUsed: 0,
    game: gameJson(env, l),
  });
  return env;
}

const gameState = (env: Env<DecadeOptions>) => env.getState().game as ReturnType<typeof gameJson>;
const stacksOf = (env: Env<DecadeOptions>) => gameState(env).stacks;

function expectError(fn: () => unknown, code: string, text: RegExp): void {
  let err: unknown;
  try {
    fn();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(TengymError);
  expect((err as TengymError).code).toBe(code);
  expect((err as TengymError).message).toMatch(text);
}

// ---------------------------------------------------------------- reference rules

const VALUE = (code: string) => Math.min(parseCardCode(code) >> 2, 9) + 1;

/** The legal ids, straight from docs/rules.md ("Decade", "Actions"), computed from the state JSON. */
function referenceLegal(env: Env<DecadeOptions>): number[] {
  const o = env.options;
  const g = gameState(env);
  const cards = g.stacks[g.current];
  const n = cards.length;
  const good = (t: number) => (o.fives ? t % 5 === 0 && t >= 5 && t <= 35 : t === 10 || t === 20 || t === 30);
  const runs: number[] = [];
  for (let s = 0; s < 52; s++) {
    for (let L = 2; L <= 14; L++) {
      if (L < o.minRun || (o.maxRun !== null && L > o.maxRun)) continue;
      const positions: number[] = [];
      if (o.loop) {
        if (s >= n || L > n) continue;
        for (let i = 0; i < L; i++) positions.push((s + i) % n);
        if (!positions.includes(n - 1)) continue;
        if (L === n && s !== 0) continue;
      } else {
        if (s + L > n) continue;
        for (let i = 0; i < L; i++) positions.push(s + i);
      }
      if (good(positions.reduce((t, p) => t + VALUE(cards[p]), 0))) runs.push(1 + s * 13 + (L - 2));
    }
  }
  const live = g.eliminated.some((e) => !e);
  const draw = g.stock.length > 0 && live && (o.discard === 'optional' || runs.length === 0);
  return draw ? [0, ...runs] : runs;
}

function firstDifference(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** The mask has exactly the ids of the legal list, increasing, and is not empty. */
function maskProblem(env: Env<DecadeOptions>): string | null {
  if (env.legalCount === 0) return 'no legal action while running';
  let ones = 0;
  for (let a = 0; a < DECADE_ACTIONS; a++) ones += env.mask[a];
  if (ones !== env.legalCount) return `mask has ${ones} ids, the legal list ${env.legalCount}`;
  for (let i = 0; i < env.legalCount; i++) {
    if (env.mask[env.legal[i]] !== 1) return `legal id ${env.legal[i]} is not in the mask`;
    if (i > 0 && env.legal[i] <= env.legal[i - 1]) return 'legal ids are not increasing';
  }
  return null;
}

// ---------------------------------------------------------------- tests

describe('decade: action ids and the deal', () => {
  it('numbers runs 1 + s*13 + (L-2): 677 ids', () => {
    expect(runActionId(0, 2)).toBe(1);
    expect(runActionId(1, 3)).toBe(15);
    expect(runActionId(4, 3)).toBe(54);
    expect(runActionId(51, 14)).toBe(676);
    expect(DECADE_ACTIONS).toBe(677);
    expect(decade().actionSpace.n).toBe(677);
    expect(decade({ stacks: 7 }).actionSpace.n).toBe(677);
  });

  it('describes ids by the cards they name', () => {
    const env = decade();
    env.reset({ deck: deck('AC', '9D', '5H', '5S') });
    expect(env.describeAction(0)).toBe('draw');
    expect(env.describeAction(1)).toBe('discard A♣ 9♦ (10)');
    expect(env.describeAction(14)).toBe('discard 9♦ 5♥ (14)');
    expect(env.describeAction(2)).toBe('discard A♣ 9♦ 5♥ (15)');
    expect(env.describeAction(runActionId(2, 2))).toBe('discard 2 cards from position 2 (the line has 3 cards)');
    expect(env.describeAction(676)).toBe('discard 14 cards from position 51 (the line has 3 cards)');
  });

  it('deals deck[0..2] into the line and draws from deck[3]', () => {
    const env = decade();
    const d = deck('2C', '3D', '4H', 'KS', '7C');
    env.reset({ deck: d });
    const g = gameState(env);
    expect(g.stacks).toEqual([['2C', '3D', '4H']]);
    expect(g.stock).toEqual(d.slice(3));
    expect(g.discarded).toEqual([]);
    expect(env.legalActions()).toEqual([0]);
    env.step(0);
    expect(stacksOf(env)).toEqual([['2C', '3D', '4H', 'KS']]);
  });

  it('a seed deals the Fisher–Yates shuffle of the ordered deck', () => {
    const env = decade();
    env.reset({ seed: 42 });
    const d = orderedDeck();
    shuffleInPlace(createRng(42), d);
    const codes = Array.from(d, cardCode);
    const g = gameState(env);
    expect(g.stacks[0]).toEqual(codes.slice(0, 3));
    expect(g.stock).toEqual(codes.slice(3));
    const again = decade();
    again.reset({ seed: 42 });
    expect(again.getState()).toEqual(env.getState());
  });

  it('rejects a bad deck', () => {
    const env = decade();
    expectError(() => env.reset({ deck: deck().slice(0, 51) }), 'bad-deck', /51 cards/);
    expectError(() => env.reset({ deck: [...deck().slice(0, 51), 'AC'] }), 'bad-deck', /duplicate cards AC/);
    expectError(() => env.reset({ deck: ['XX', ...deck().slice(1)] }), 'bad-deck', /"XX"/);
  });
});

describe('decade: runs', () => {
  it('discards runs of 10, 20 and 30 and closes the gap', () => {
    const env = decade();
    env.reset({ deck: deck('AC', '9D', '5H', '5S', 'KC', 'QD', 'JH', '4S', '6C') });
    // A 9 5: only A+9 = 10.
    expect(env.legalActions()).toEqual([1]);
    const r = env.step(1);
    expect(r.reward).toBe(0);
    expect(stacksOf(env)).toEqual([['5H']]);
    expect(gameState(env).discarded).toEqual(['AC', '9D']);
    expect(env.legalActions()).toEqual([0]);
    env.step(0); // 5 5 = 10
    expect(env.legalActions()).toEqual([1]);
    env.step(1);
    env.step(0); // K
    env.step(0); // K Q = 20
    expect(env.legalActions()).toEqual([1]);
    expect(env.describeAction(1)).toBe('discard K♣ Q♦ (20)');
  });

  it('finds every length from 2 to 13 (totals 10, 20, 30) in the middle of the line', () => {
    // 13 cards: 7 (A A A A 2 2 2 2 3 3 3 3 6 = 30) 7, with maxRun unlimited.
    const middle = ['AC', 'AD', 'AH', 'AS', '2C', '2D', '2H', '2S', '3C', '3D', '3H', '3S', '6C'];
    const env = load(decade(), { stacks: [['7C', ...middle, '7D']], stock: [] });
    const legal = env.legalActions();
    expect(legal).toContain(runActionId(1, 13));
    expect(env.describeAction(runActionId(1, 13))).toBe('discard A♣ A♦ A♥ A♠ 2♣ 2♦ 2♥ 2♠ 3♣ 3♦ 3♥ 3♠ 6♣ (30)');
    expect(legal).toContain(runActionId(0, 4)); // 7 A A A = 10
    expect(legal).not.toContain(runActionId(1, 12)); // without the 6: 24
    expect(legal).toEqual(referenceLegal(env));
    env.step(runActionId(1, 13));
    expect(stacksOf(env)).toEqual([['7C', '7D']]);
    // The other 37 cards total 296, no discard pile: some wait in the stock, and only a draw is left.
    expect(env.legalActions()).toEqual([DRAW]);
  });

  it('matches the reference on long lines and every length limit', () => {
    const line = [
      '7C',
      'AC',
      'AD',
      'AH',
      'AS',
      '2C',
      '2D',
      '2H',
      '2S',
      '3C',
      '3D',
      '3H',
      '3S',
      '6C',
      '4C',
      '4D',
      'TC',
      '5C',
      '5D',
    ];
    for (const opts of [
      {},
      { maxRun: 3 },
      { minRun: 3 },
      { minRun: 4, maxRun: 6 },
      { fives: true },
      { loop: true },
      { loop: true, fives: true, minRun: 3 },
    ]) {
      const env = load(decade(opts), { stacks: [line], stock: [] });
      expect(env.legalActions(), JSON.stringify(opts)).toEqual(referenceLegal(env));
      expect(env.legalCount).toBeGreaterThan(0);
    }
  });

  it('offers a 14-card run only with fives (35)', () => {
    const run14 = ['AC', 'AD', 'AH', 'AS', '2C', '2D', '2H', '2S', '3C', '3D', '3H', '3S', '4C', '7C']; // 35
    const plain = load(decade(), { stacks: [run14], stock: [] });
    expect(plain.legalActions()).not.toContain(runActionId(0, 14));
    const fives = load(decade({ fives: true }), { stacks: [run14], stock: [] });
    expect(fives.legalActions()).toContain(runActionId(0, 14));
    expect(fives.describeAction(runActionId(0, 14))).toMatch(/\(35\)$/);
    fives.step(runActionId(0, 14));
    expect(stacksOf(fives)).toEqual([[]]);
  });

  it('forced: draw only when no run is legal; optional: draw is always offered', () => {
    const forced = decade();
    forced.reset({ deck: deck('AC', '9D', '5H') });
    expect(forced.legalActions()).toEqual([1]);
    expectError(() => forced.step(0), 'illegal-action', /discards are forced/);
    const optional = decade({ discard: 'optional' });
    optional.reset({ deck: deck('AC', '9D', '5H', '6S') });
    expect(optional.legalActions()).toEqual([0, 1]);
    optional.step(0); // A 9 5 6: A 9 = 10, 9 5 6 = 20
    expect(optional.legalActions()).toEqual([0, 1, 15]);
    expect(optional.describeAction(15)).toBe('discard 9♦ 5♥ 6♠ (20)');
  });

  it('maxRun 3 refuses longer runs; minRun 3 refuses pairs', () => {
    const four = ['AC', 'AD', 'AH', '7S']; // 10 in four cards
    const unlimited = load(decade(), { stacks: [four], stock: [] });
    expect(unlimited.legalActions()).toEqual([runActionId(0, 4)]);
    const max3 = load(decade({ maxRun: 3 }), { stacks: [four], stock: ['5C'] });
    expect(max3.legalActions()).toEqual([0]);
    expect(max3.mask[runActionId(0, 4)]).toBe(0);
    expectError(() => max3.step(runActionId(0, 4)), 'illegal-action', /at most 3 cards/);

    const pairAndTriple = ['AC', '9D', 'KH']; // A+9 = 10, A+9+K = 20
    const min2 = load(decade(), { stacks: [pairAndTriple], stock: [] });
    expect(min2.legalActions()).toEqual([1, 2]); // A 9 = 10, A 9 K = 20 (9 K = 19)
    const min3 = load(decade({ minRun: 3 }), { stacks: [pairAndTriple], stock: [] });
    expect(min3.legalActions()).toEqual([2]);
    expectError(() => min3.step(1), 'illegal-action', /at least 3 cards/);
  });

  it('fives: totals 5, 15, 25 and 35 also discard', () => {
    const env = decade({ fives: true });
    env.reset({ deck: deck('2C', '3D', '4H') });
    expect(env.legalActions()).toEqual([1]); // 2+3 = 5
    const plain = decade();
    plain.reset({ deck: deck('2C', '3D', '4H') });
    expect(plain.legalActions()).toEqual([0]);
    const f15 = load(decade({ fives: true }), { stacks: [['7C', '8D', 'KH', '5S']], stock: [] });
    // 7 8 = 15, 7 8 K = 25, 7 8 K 5 = 30, K 5 = 15 (8 K = 18, 8 K 5 = 23)
    expect(f15.legalActions()).toEqual([1, 2, 3, runActionId(2, 2)]);
    expectError(() => f15.step(runActionId(1, 2)), 'illegal-action', /total 18, not 5, 10, 15, 20, 25, 30 or 35/);
  });
});

describe('decade: loop', () => {
  const example = ['4C', '8D', '3H', '3S', 'JC', '6D'];

  it("the seed's 4 8 3 3 J 6: J 6 4 = 20 wraps around (id 54)", () => {
    const env = load(decade({ loop: true, maxRun: 3 }), { stacks: [example], stock: ['2C'] });
    expect(env.legalActions()).toEqual([54, runActionId(5, 2)]);
    expect(env.describeAction(54)).toBe('discard J♣ 6♦ 4♣ (20)');
    expect(env.describeAction(runActionId(5, 2))).toBe('discard 6♦ 4♣ (10)');
    env.step(54);
    expect(stacksOf(env)).toEqual([['8D', '3H', '3S']]);
    // Oldest position first: 4 (position 0), then J, 6.
    expect(gameState(env).discarded.slice(-3)).toEqual(['4C', 'JC', '6D']);
    // A straight line has no run in 4 8 3 3 J 6 with maxRun 3.
    const line = load(decade({ maxRun: 3 }), { stacks: [example], stock: ['2C'] });
    expect(line.legalActions()).toEqual([0]);
  });

  it('runs must include the top card', () => {
    const env = load(decade({ loop: true }), { stacks: [['AC', '9D', '5H']], stock: ['2C'] });
    expect(env.mask[1]).toBe(0); // A 9 lies below the top
    expectError(() => env.step(1), 'illegal-action', /must include the top card \(position 2\)/);
    const line = load(decade(), { stacks: [['AC', '9D', '5H']], stock: ['2C'] });
    expect(line.legalActions()).toEqual([1]);
  });

  it('a run of the whole stack has only the id with s = 0', () => {
    const env = load(decade({ loop: true }), { stacks: [['AC', '2D', '7H']], stock: ['2C'] });
    expect(env.legalActions()).toEqual([runActionId(0, 3)]);
    expect(env.describeAction(runActionId(1, 3))).toBe('discard 2♦ 7♥ A♣ (10)');
    expectError(() => env.step(runActionId(1, 3)), 'illegal-action', /whole of the line is id 2/);
    expectError(() => env.step(runActionId(2, 3)), 'illegal-action', /whole of the line is id 2/);
    const pair = load(decade({ loop: true }), { stacks: [['AC', '9D']], stock: ['2C'] });
    expect(pair.legalActions()).toEqual([1]);
    expect(pair.mask[runActionId(1, 2)]).toBe(0);
  });

  it('a wrapped run in a dealt game closes the gap and keeps the order', () => {
    // 4 8 3, draw 3: 3 3 4 (positions 2, 3, 0) = 10 wraps.
    const env = decade({ loop: true });
    env.reset({ deck: deck('4C', '8D', '3H', '3S', 'KC') });
    expect(env.legalActions()).toEqual([0]);
    env.step(0);
    expect(env.legalActions()).toEqual([runActionId(2, 3)]);
    env.step(runActionId(2, 3));
    expect(stacksOf(env)).toEqual([['8D']]);
    env.step(0); // 8 K: no run (18)
    expect(stacksOf(env)).toEqual([['8D', 'KC']]);
  });
});

describe('decade: seven stacks', () => {
  it('deals one card per stack, stack 6 is current, draws rotate and skip eliminated stacks', () => {
    const first = ['AC', '2C', '3C', '4C', '5C', '6C', '7C'];
    const env = decade({ stacks: 7 });
    env.reset({ deck: deck(...first, '9D', 'KD', 'KH', 'KS', 'QC', 'QD', 'QH', 'QS', 'JC') });
    let g = gameState(env);
    expect(g.stacks).toEqual(first.map((c) => [c]));
    expect(g.current).toBe(6);
    expect(g.stock[0]).toBe('9D');
    expect(env.legalActions()).toEqual([0]);
    // A stack's name counts from 1 ("stack 1" is stacks[0]), as a player counts.
    expect(env.describeAction(0)).toBe('draw onto stack 1');
    env.step(0); // 9 onto stacks[0]: A 9
    g = gameState(env);
    expect(g.current).toBe(0);
    expect(g.stacks[0]).toEqual(['AC', '9D']);
    expect(env.legalActions()).toEqual([1]);
    expect(env.describeAction(1)).toBe('discard A♣ 9♦ (10) from stack 1');
    env.step(1);
    g = gameState(env);
    expect(g.eliminated).toEqual([true, false, false, false, false, false, false]);
    expect(env.describeAction(0)).toBe('draw onto stack 2');
    for (let k = 1; k <= 6; k++) {
      env.step(0); // K, K, K, Q, Q, Q onto stacks 1..6: no runs (2 K = 12 …)
      expect(gameState(env).current).toBe(k);
      expect(env.legalActions()).toEqual([0]);
    }
    expect(env.describeAction(0)).toBe('draw onto stack 2'); // stack 1 is skipped
    env.step(0);
    expect(gameState(env).stacks[1]).toEqual(['2C', 'KD', 'QS']);
    expect(env.legalActions()).toEqual([runActionId(1, 2)]); // K Q = 20
  });

  it('runs are looked for only in the stack that received the last card', () => {
    const stacks = [['AC', '9D'], ['3C'], ['4C'], ['5C'], ['6C'], ['7C'], ['8C']];
    const env = load(decade({ stacks: 7 }), { stacks, stock: ['2D'], current: 1 });
    expect(env.legalActions()).toEqual([0]);
    const on0 = load(decade({ stacks: 7 }), { stacks, stock: ['2D'], current: 0 });
    expect(on0.legalActions()).toEqual([1]);
    expect(on0.describeAction(runActionId(1, 2))).toBe(
      'discard 2 cards from position 1 from stack 1 (stack 1 has 2 cards)',
    );
  });

  it('is won when every stack is eliminated, even with cards left in the stock', () => {
    const stacks = [[], [], [], [], [], [], ['AC', '9D']];
    const eliminated = [true, true, true, true, true, true, false];
    const env = load(decade({ stacks: 7 }), { stacks, eliminated, stock: ['2D', '3D'], current: 6 });
    expect(env.legalActions()).toEqual([1]);
    const r = env.step(1);
    expect(r.terminated).toBe(true);
    expect(r.reward).toBe(1);
    expect(r.info.outcome).toEqual({ won: true, cardsLeft: 0 });
    expect(env.legalActions()).toEqual([]);
    expect(env.render()).toMatch(/stack 7: eliminated/);
  });

  it('ten-twenty-thirty: three cards from the ends, picked up under the stock', () => {
    const env = decade(PRESETS['ten-twenty-thirty'], 'ten-twenty-thirty');
    // Stack 0: 5 2 8 4, top 4. Runs of 3 with the top: 2 8 4 = 14, 8 4 5 = 17, 4 5 2 = 11. Stack 1: 6 2 K 2.
    const stacks = [['5C', '2C', '8C', '4C'], ['6D', '2D', 'KD', '2H'], ['3C'], ['4D'], ['5D'], ['6C'], ['7C']];
    const off = load(env, { stacks, stock: [], current: 0 });
    expect(off.legalActions()).toEqual([0]);
    // Stack 1: 2 K 2 = 14, K 2 6 = 18, 2 6 2 = 10 (top one + bottom two).
    const on1 = load(decade(PRESETS['ten-twenty-thirty'], 'ten-twenty-thirty'), { stacks, stock: [], current: 1 });
    expect(on1.legalActions()).toEqual([runActionId(3, 3)]);
    const before = gameState(on1).stock;
    on1.step(runActionId(3, 3));
    const g = gameState(on1);
    expect(g.stacks[1]).toEqual(['KD']);
    expect(g.stock).toEqual([...before, '6D', '2D', '2H']);
    expect(g.discarded).toEqual([]);
  });
});

describe('decade: picked-up cards and the end', () => {
  it('deck-bottom puts discarded cards under the stock, oldest position first', () => {
    const env = decade({ pickedUp: 'deck-bottom' });
    env.reset({ deck: deck('AC', '9D', '5H', '7S') });
    env.step(1);
    const g = gameState(env);
    expect(g.stock[0]).toBe('7S');
    expect(g.stock.slice(-2)).toEqual(['AC', '9D']);
    expect(g.stock).toHaveLength(51);
    expect(g.discarded).toEqual([]);
    const loop = load(decade({ pickedUp: 'deck-bottom', loop: true, maxRun: 3 }), {
      stacks: [['6C', '2D', '3H', '4S']],
      stock: ['KC'],
    });
    expect(loop.legalActions()).toEqual([runActionId(3, 2)]); // 4 6 wraps
    loop.step(runActionId(3, 2));
    expect(gameState(loop).stock.slice(-2)).toEqual(['6C', '4S']);
    expect(stacksOf(loop)).toEqual([['2D', '3H']]);
  });

  it('truncates at maxSteps; a truncated game is never won', () => {
    const env = decade({ maxSteps: 2, reward: 'cards' });
    env.reset({ deck: deck('2C', '3D', '4H', '5S', '8C') }); // 2 3 4 5 8: no run until 3 4 5 8
    expect(env.step(0).truncated).toBe(false);
    const r = env.step(0);
    expect(r.truncated).toBe(true);
    expect(r.terminated).toBe(false);
    expect(r.info.outcome).toEqual({ won: false, cardsLeft: 5 });
    expect(env.legalActions()).toEqual([]);
    expect(env.mask.every((m) => m === 0)).toBe(true);
    expectError(() => env.step(0), 'episode-over', /truncated/);
    expect(decadeGame.expectedReturn!({ won: false, cardsLeft: 5 }, env.options)).toBeNull();
  });

  it(
    'maxSteps is capped at 100,000: a deck-bottom game that cycles through forced moves alone ends there, in ' +
      'well under a second',
    () => {
      expectError(
        () => make('decade', { maxSteps: 100_001 }),
        'bad-options',
        /maxSteps must be at most 100000: with 'deck-bottom' a game can cycle/,
      );
      expectError(
        () => make('ten-twenty-thirty', { maxSteps: 1e15 }),
        'bad-options',
        /maxSteps must be at most 100000/,
      );
      const env = decade({ maxSteps: 100_000, pickedUp: 'deck-bottom', loop: true });
      env.reset({ seed: 130 });
      while (env.running) env.step(env.legal[0]);
      expect(env.episodeSteps).toBe(100_000);
    },
  );

  it('a step that ends the game at maxSteps is terminated, not truncated', () => {
    // maxSteps one more than the steps the position took (its draws and the runs of its pile).
    const oneStepLeft = (layout: Layout) =>
      load(decade({ maxSteps: gameState(load(decade(), layout)).steps + 1 }), layout);
    const env = oneStepLeft({ stacks: [['AC', '9D']], stock: [] });
    const r = env.step(1);
    expect(r.terminated).toBe(true);
    expect(r.truncated).toBe(false);
    expect(r.reward).toBe(1);
    expect(r.info.outcome).toEqual({ won: true, cardsLeft: 0 });
    const cut = oneStepLeft({ stacks: [['AC', '9D', '5C']], stock: ['5D'] });
    const r2 = cut.step(1);
    expect(r2.truncated).toBe(true);
    expect(r2.reward).toBe(0);
    expect(cut.outcome().won).toBe(false);
  });

  it("win 'one-left' wins with at most one card; 'empty' needs none", () => {
    const layout = { stacks: [['AC', '9D', 'KC']], stock: [] };
    const one = load(decade({ win: 'one-left' }), layout);
    const r = one.step(1);
    expect(r.terminated).toBe(true);
    expect(r.reward).toBe(1);
    expect(r.info.outcome).toEqual({ won: true, cardsLeft: 1 });
    const empty = load(decade(), layout);
    const r2 = empty.step(1);
    expect(r2.terminated).toBe(true);
    expect(r2.reward).toBe(0);
    expect(r2.info.outcome).toEqual({ won: false, cardsLeft: 1 });
    // A draw can end a game won: the emptied line receives the last card.
    const last = load(decade({ win: 'one-left' }), { stacks: [[]], stock: ['KC'], current: 0 });
    expect(last.legalActions()).toEqual([0]);
    const r3 = last.step(0);
    expect(r3.terminated).toBe(true);
    expect(r3.reward).toBe(1);
  });

  it("reward 'cards' pays +L per run; 'win' pays +1 only on the winning step", () => {
    const layout = { stacks: [['AC', '9D', '5C', '5D', 'KH', '2C', '8C']], stock: [] };
    const cards = load(decade({ reward: 'cards' }), layout);
    expect(cards.step(1).reward).toBe(2); // A 9
    expect(cards.legalActions()).toEqual(referenceLegal(cards));
    expect(cards.legalActions()).toContain(runActionId(0, 3)); // 5 5 K
    expect(cards.step(runActionId(0, 3)).reward).toBe(3);
    const last = cards.step(1);
    expect(last.reward).toBe(2);
    expect(last.info.outcome).toEqual({ won: true, cardsLeft: 0 });
    const win = load(decade(), layout);
    expect(win.step(1).reward).toBe(0);
    expect(win.step(runActionId(0, 3)).reward).toBe(0);
    expect(win.step(1).reward).toBe(1);
  });

  it('expectedReturn: what the outcome determines, null where it does not', () => {
    const o = (opts: Opts) => decadeOptionsSchema.parse(opts);
    expect(decadeGame.expectedReturn!({ won: true, cardsLeft: 0 }, o({}))).toBe(1);
    expect(decadeGame.expectedReturn!({ won: false, cardsLeft: 4 }, o({}))).toBe(0);
    expect(decadeGame.expectedReturn!({ won: false, cardsLeft: 4 }, o({ reward: 'cards' }))).toBe(48);
    expect(
      decadeGame.expectedReturn!({ won: false, cardsLeft: 4 }, o({ reward: 'cards', pickedUp: 'deck-bottom' })),
    ).toBeNull();
    expect(decadeGame.expectedReturn!({ won: false, cardsLeft: 4 }, o({ reward: 'cards', maxSteps: 20 }))).toBeNull();
    expect(decadeGame.expectedReturn!({ won: true, cardsLeft: 0 }, o({ reward: 'cards', stacks: 7 }))).toBeNull();
    expect(decadeGame.expectedReturn!({ won: false, cardsLeft: 9 }, o({ reward: 'cards', stacks: 7 }))).toBe(43);
  });
});

describe('decade: observation', () => {
  it('lays out values, stack sizes, current stack, stock composition, steps', () => {
    const env = decade({ stacks: 7, maxSteps: 100 });
    const size = 523 * 7 + 12;
    expect(env.observationSpace.shape).toEqual([size]);
    expect(decade().observationSpace.shape).toEqual([535]);
    env.reset({ deck: deck('AC', '2C', '3C', '4C', '5C', '6C', 'KC', '9D') });
    env.step(0); // 9 onto stack 0
    const ob = env.observation;
    const hot = (k: number, p: number) =>
      Array.from(ob.subarray((k * 52 + p) * 10, (k * 52 + p + 1) * 10)).indexOf(1) + 1;
    expect(hot(0, 0)).toBe(1);
    expect(hot(0, 1)).toBe(9);
    expect(hot(6, 0)).toBe(10);
    expect(hot(0, 2)).toBe(0); // past the end: all zero
    const at = 520 * 7;
    expect(ob[at + 0]).toBeCloseTo(2 / 52);
    expect(ob[at + 1]).toBeCloseTo(1 / 52);
    expect(Array.from(ob.subarray(at + 7, at + 14))).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(ob.subarray(at + 14, at + 21))).toEqual([1, 0, 0, 0, 0, 0, 0]);
    const stock = at + 21;
    // Stock: 44 cards; missing A, 2, 3, 4, 5, 6 (one each), K and 9.
    expect(ob[stock + 0]).toBeCloseTo(3 / 4);
    expect(ob[stock + 6]).toBeCloseTo(4 / 4); // sevens
    expect(ob[stock + 8]).toBeCloseTo(3 / 4); // nines
    expect(ob[stock + 9]).toBeCloseTo(15 / 16); // tens
    expect(ob[stock + 10]).toBeCloseTo(44 / 52);
    expect(ob[stock + 11]).toBeCloseTo(1 / 100);
    env.step(1); // A 9 discarded: stack 0 eliminated, its positions cleared
    expect(hot(0, 0)).toBe(0);
    expect(hot(0, 1)).toBe(0);
    expect(ob[at + 7]).toBe(1);
  });

  it('the incremental writer always equals a full rewrite', () => {
    for (const [id, opts] of Object.entries(PRESETS)) {
      const env = decade({ ...opts, maxSteps: 400 }, id);
      const rng = createRng(5);
      const fresh = new Float32Array(env.observationSpace.shape[0]);
      const copy = decadeGame.createState(env.options) as DecadeState;
      for (let game = 0; game < 20; game++) {
        env.reset({ seed: game });
        while (env.running) {
          env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
          decadeGame.copyState(env.rawState as DecadeState, copy);
          decadeGame.observe(copy, env.options, fresh);
          const at = firstDifference(env.observation, fresh);
          if (at >= 0)
            expect.fail(
              `${id} seed ${game}: observation[${at}] is ${env.observation[at]}, a full rewrite gives ${fresh[at]}`,
            );
        }
      }
    }
  });
});

describe('decade: state JSON', () => {
  it('round-trips mid-game and continues identically', () => {
    for (const [id, opts] of Object.entries(PRESETS)) {
      const env = decade(opts, id);
      env.reset({ seed: 7 });
      const rng = createRng(1);
      for (let i = 0; i < 10 && env.running; i++) env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
      const json = JSON.parse(JSON.stringify(env.getState()));
      const other = decade(opts, id);
      other.setState(json);
      expect(other.getState()).toEqual(env.getState());
      expect(other.legalActions()).toEqual(env.legalActions());
      expect(other.observation).toEqual(env.observation);
      while (env.running) {
        const a = env.legal[randomInt(rng, 0, env.legalCount - 1)];
        expect(other.step(a).reward).toBe(env.step(a).reward);
      }
      expect(other.outcome()).toEqual(env.outcome());
    }
  });

  it('the state JSON is readable: card codes, the stock in order', () => {
    const env = decade();
    const d = deck('2C', '3D', '4H', 'KS');
    env.reset({ deck: d });
    expect(env.getState().game).toEqual({
      stacks: [['2C', '3D', '4H']],
      eliminated: [false],
      current: 0,
      stock: d.slice(3),
      discarded: [],
      steps: 0,
    });
  });

  it('rejects malformed states and leaves the env as it was', () => {
    const env = decade();
    env.reset({ seed: 3 });
    const good = env.getState();
    const bad = (game: unknown) => ({ ...good, game });
    const g = good.game as ReturnType<typeof gameJson>;
    const cases: [unknown, RegExp][] = [
      [bad({ ...g, stock: g.stock.slice(1) }), /cards missing .*/],
      [bad({ ...g, stock: [g.stacks[0][0], ...g.stock.slice(1)] }), /is both in the line and in the stock/],
      [bad({ ...g, stock: ['ZZ', ...g.stock.slice(1)] }), /stock\[0\]: "ZZ" is not a card code/],
      [bad({ ...g, stacks: [g.stacks[0], []] }), /stacks has 2 entries/],
      [bad({ ...g, eliminated: [true] }), /never eliminated/],
      [bad({ ...g, steps: 6000 }), /more than maxSteps/],
      [bad({ ...g, extra: 1 }), /extra/],
      [bad({ ...g, steps: -1 }), /steps/],
      [bad({ ...g, current: 3 }), /current is 3/],
      [bad({ ...g, stacks: [[]], stock: [...g.stacks[0], ...g.stock] }), /the stock holds 52 cards/],
      [bad('nope'), /expected object/],
    ];
    for (const [state, message] of cases) expectError(() => env.setState(state), 'bad-state', message);
    expect(env.getState()).toEqual(good);

    const stacks7 = decade({ stacks: 7 });
    stacks7.reset({ seed: 3 });
    const s7 = stacks7.getState();
    const g7 = s7.game as ReturnType<typeof gameJson>;
    const moved = g7.stacks[2][0];
    const emptyLive = { ...g7, stacks: g7.stacks.map((c, k) => (k === 2 ? [] : c)), discarded: [moved] };
    expectError(
      () => stacks7.setState({ ...s7, game: emptyLive }),
      'bad-state',
      /stacks\[2\] is empty but not eliminated/,
    );
    const fullDead = { ...g7, eliminated: g7.eliminated.map((_, k) => k === 4) };
    expectError(
      () => stacks7.setState({ ...s7, game: fullDead }),
      'bad-state',
      /stacks\[4\] is eliminated but holds 1 card/,
    );

    const bottom = decade({ pickedUp: 'deck-bottom' });
    bottom.reset({ seed: 3 });
    const sb = bottom.getState();
    const gb = sb.game as ReturnType<typeof gameJson>;
    expectError(
      () => bottom.setState({ ...sb, game: { ...gb, stock: gb.stock.slice(1), discarded: gb.stock.slice(0, 1) } }),
      'bad-state',
      /discarded must be empty/,
    );
  });
});

describe('decade: options', () => {
  it('parses the defaults', () => {
    expect(decadeOptionsSchema.parse({})).toEqual({
      stacks: 1,
      minRun: 2,
      maxRun: null,
      loop: false,
      fives: false,
      discard: 'forced',
      pickedUp: 'discard',
      win: 'empty',
      maxSteps: 5000,
      reward: 'win',
    });
  });

  it('rejects bad options with the field named', () => {
    const err = (opts: unknown) => {
      const r = decadeOptionsSchema.safeParse(opts);
      expect(r.success).toBe(false);
      return JSON.stringify(r.error?.issues);
    };
    expect(err({ minRun: 4, maxRun: 3 })).toMatch(/"path":\["maxRun"\]/);
    expect(err({ minRun: 4, maxRun: 3 })).toMatch(/maxRun \(3\) must be null or at least minRun \(4\)/);
    expect(err({ stacks: 3 })).toMatch(/stacks/);
    expect(err({ minRun: 1 })).toMatch(/minRun/);
    expect(err({ minRun: 15 })).toMatch(/at most 14/);
    expect(err({ discard: 'maybe' })).toMatch(/forced.*optional/);
    expect(err({ pickedUp: 'top' })).toMatch(/deck-bottom/);
    expect(err({ maxSteps: 0 })).toMatch(/maxSteps/);
    expect(err({ colour: 'red' })).toMatch(/colour/);
    expect(decadeOptionsSchema.parse({ minRun: 3, maxRun: 3 }).maxRun).toBe(3);
  });

  it('the registry maps every preset to these options', async () => {
    const { resolveOptions } = await import('../../../../src/env/registry.js');
    for (const [id, opts] of Object.entries(PRESETS)) {
      expect(resolveOptions(id, {}), id).toEqual(decadeOptionsSchema.parse(opts));
    }
    expect(() => resolveOptions('decade', { maxRun: 1 })).toThrow(/maxRun/);
  });
});

describe('decade: invariants over random games', () => {
  it.each(Object.entries(PRESETS))(
    '%s: legal ids follow the rules, every card in one place, rewards add up',
    (id, opts) => {
      const variants: Opts[] = [{ ...opts }, { ...opts, reward: 'cards' }];
      for (const v of variants) {
        const env = decade({ ...v, maxSteps: 600 }, id);
        const rng = createRng(99);
        for (let game = 0; game < scaled(250); game++) {
          env.reset({ seed: 1000 + game });
          let total = 0;
          const checkRules = game < 40;
          while (env.running) {
            const problem = maskProblem(env);
            if (problem) expect.fail(`${id} seed ${1000 + game}: ${problem}`);
            if (checkRules) expect(env.legalActions()).toEqual(referenceLegal(env));
            total += env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]).reward;
            const broken = decadeGame.checkState!(env.rawState as DecadeState, env.options);
            if (broken) expect.fail(`${id} seed ${1000 + game}: ${broken}`);
          }
          if (checkRules) expect(referenceLegal(env).length === 0 || env.truncated).toBe(true);
          const outcome = env.outcome();
          if (env.truncated) expect(outcome.won).toBe(false);
          const expected = decadeGame.expectedReturn!(outcome, env.options);
          if (expected !== null) expect(total).toBe(expected);
          if (env.options.reward === 'cards' && env.options.pickedUp === 'discard') {
            const g = gameState(env);
            expect(total).toBe(g.discarded.length);
          }
        }
      }
    },
  );
});
