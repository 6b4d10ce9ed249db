// Seven Up's rules, one scenario per rule and option on explicit decks (rules.md beside the engine; the
// tables open src/games/decade/seven-up/engine.ts), and a position where the order of moves decides the end.
import { describe, expect, it } from 'vitest';
import { cardCode, parseCardCode } from '../../../src/env/cards.js';
import type { Env } from '../../../src/env/env.js';
import { make } from '../../../src/env/registry.js';
import { createRng, randomInt } from '../../../src/env/rng.js';
import { sevenUpGame } from '../../../src/games/decade/seven-up/engine.js';
import { SevenUpLineValue } from '../../../src/games/decade/seven-up/agents/line-value.js';

/** A full deck: `first` in order, then every other card in id order. */
function deck(...first: string[]): string[] {
  const used = new Set(first.map((c) => parseCardCode(c)));
  const rest: string[] = [];
  for (let c = 0; c < 52; c++) if (!used.has(c)) rest.push(cardCode(c));
  return [...first, ...rest];
}

const DRAW = 0;
/** The run of `length` cards from position `start` (engine.ts, "Actions"). */
const run = (start: number, length: number): number => 1 + start * 4 + (length - 1);
const line = (env: Env): string[] => (env.toJSON().game as { stacks: string[][] }).stacks[0];

describe('seven-up: the rules on explicit decks', () => {
  it("has 209 actions and 694 floats, and PySolFC's defaults: dealt whole, drawing optional without", () => {
    const env = make('seven-up');
    expect([env.actionSpace.n, env.observationSpace.shape[0]]).toEqual([209, 694]);
    expect(sevenUpGame.optionsSchema.parse({})).toMatchObject({
      stacks: 1,
      minRun: 1,
      maxRun: null,
      discard: 'optional',
      dealAll: true,
    });
  });

  it('counts a king 13: K A (14) goes, where Decade would count 11', () => {
    const env = make('seven-up', { dealAll: false, discard: 'forced' });
    env.reset({ deck: deck('KC', 'AC', '2C') });
    expect(env.legalActions()).toEqual([run(0, 2)]);
    expect(env.describeAction(run(0, 2))).toMatch(/K♣ A♣ \(14\)/);
    env.step(run(0, 2));
    expect(line(env)).toEqual(['2C']);
  });

  it('lets a seven go alone, and not with minRun 2', () => {
    const env = make('seven-up', { dealAll: false, discard: 'forced' });
    env.reset({ deck: deck('2C', '7D', '2D') });
    expect(env.legalActions()).toEqual([run(1, 1)]);
    env.step(run(1, 1));
    expect(line(env)).toEqual(['2C', '2D']);
    const pairsOnly = make('seven-up', { dealAll: false, discard: 'forced', minRun: 2 });
    pairsOnly.reset({ deck: deck('2C', '7D', '2D') });
    expect(pairsOnly.legalActions()).toEqual([DRAW]);
    expect(() => pairsOnly.step(run(1, 1))).toThrow(/at least 2 cards/);
  });

  it('takes at most four cards: five aces and a two total 7, yet nothing goes', () => {
    const env = make('seven-up', { dealAll: false, discard: 'forced' });
    env.reset({ deck: deck('AC', 'AD', 'AH', 'AS', '3C') });
    env.step(DRAW);
    env.step(DRAW);
    expect(line(env)).toEqual(['AC', 'AD', 'AH', 'AS', '3C']);
    expect(env.legalActions()).toEqual([DRAW]);
    // A A A 3 would total 6; the window A A A A 3 (7) is five cards.
    expect(() => env.step(run(1, 4))).toThrow(/total 6, not a multiple of 7/);
  });

  it('forces discards by default; with discard optional the player may draw instead', () => {
    const forced = make('seven-up', { dealAll: false, discard: 'forced' });
    forced.reset({ deck: deck('3C', '4C', 'AC') });
    expect(forced.legalActions()).toEqual([run(0, 2)]);
    const optional = make('seven-up', { dealAll: false });
    optional.reset({ deck: deck('3C', '4C', 'AC') });
    expect(optional.legalActions()).toEqual([DRAW, run(0, 2)]);
  });

  it('deals all 52 cards face up by default, as PySolFC does', () => {
    const env = make('seven-up');
    const cards = deck('7C');
    env.reset({ deck: cards });
    expect(line(env)).toEqual(cards);
    expect(env.isLegal(DRAW)).toBe(false);
    expect(env.isLegal(run(0, 1))).toBe(true);
  });
});

/** The fewest cards any order of moves leaves from env's position, knowing the stock (an exhaustive search). */
function fewestLeft(env: Env): number {
  if (!env.running) return (env.outcome() as unknown as { cardsLeft: number }).cardsLeft;
  let best = 52;
  for (const action of env.legalActions()) {
    const next = env.clone();
    next.step(action);
    best = Math.min(best, fewestLeft(next));
    if (best === 0) break;
  }
  return best;
}

describe('seven-up: real decisions', () => {
  it('has positions where the run chosen changes the end: another leaves more cards', () => {
    let found = 0;
    for (let seed = 1; seed <= 200 && found === 0; seed++) {
      const env = make('seven-up');
      env.reset({ seed });
      const rng = createRng(seed);
      while (env.running) {
        // Late in the game, where an exhaustive search is quick.
        if (line(env).length <= 14 && env.legalCount >= 2) {
          const ends = env.legalActions().map((a) => {
            const next = env.clone();
            next.step(a);
            return fewestLeft(next);
          });
          if (new Set(ends).size > 1) {
            found++;
            break;
          }
        }
        env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
      }
    }
    expect(found).toBe(1);
  });
});

/** The fewest cards an exhaustive search over every run of 1 to 4 cards totalling a multiple of 7 leaves. */
function exhaustive(vals: number[], memo = new Map<string, number>()): number {
  const key = vals.join(',');
  const known = memo.get(key);
  if (known !== undefined) return known;
  let best = vals.length;
  for (let s = 0; s < vals.length && best > 0; s++) {
    let sum = 0;
    for (let l = 1; l <= 4 && s + l <= vals.length; l++) {
      sum += vals[s + l - 1];
      if (sum % 7 === 0) best = Math.min(best, exhaustive([...vals.slice(0, s), ...vals.slice(s + l)], memo));
    }
  }
  memo.set(key, best);
  return best;
}

describe('seven-up: the line value of optimal (agents/line-value.ts)', () => {
  it('equals an exhaustive search on random lines of up to 12 cards', () => {
    const solver = new SevenUpLineValue(1, 4);
    const rng = createRng(77);
    for (let k = 0; k < 300; k++) {
      const vals = Array.from({ length: randomInt(rng, 0, 12) }, () => randomInt(rng, 1, 13));
      expect(solver.fewestLeft(vals, vals.length), vals.join(' ')).toBe(exhaustive(vals));
    }
  });
});
