// The measurement of the exact fair optimum on small decks (research/decade-reduced-room.ts),
// which compares it with pimc and longest; the solver itself is tested in
// test/games/decade/agents/fair-solver.test.ts.
import { describe, expect, it } from 'vitest';
import { deckValues, FULL_DECK, measureReducedRoom, SMALL_DECK } from '../../research/decade-reduced-room.js';
import { scaled } from '../helpers/scale.js';

describe('decks written as values', () => {
  it('refuses a deck written with anything but 1–9 and T', () => {
    expect(() => deckValues('12X')).toThrow(/1–9 and T, not "X"/);
    expect(deckValues('1T9')).toEqual([1, 10, 9]);
  });
});

describe('the room measurement on a small deck', () => {
  it('pairs the fair optimum with pimc and longest on the same deals, the same for the same seed', () => {
    // Each deal is an exact solve of seconds; three show the pairing and the repeat as six do.
    const deals = scaled(6, 3);
    const o = { env: 'decade-fives', deck: SMALL_DECK, unseen: 52, deals, seed: 31, samples: 8 };
    const a = measureReducedRoom(o);
    expect(measureReducedRoom(o)).toEqual(a);
    expect(a.deals).toBe(deals);
    expect(a.cards).toBe(14);
    expect(a.optimum).toBeGreaterThan(0);
    expect(a.optimum).toBeLessThan(1);
    for (const rate of [a.optimal, a.pimc, a.longest, a.oracle]) expect(Number.isInteger(rate * deals)).toBe(true);
    expect(a.roomAbovePimc.diff).toBeCloseTo(a.optimal - a.pimc, 12);
    expect(a.roomAboveLongest.diff).toBeCloseTo(a.optimal - a.longest, 12);
  });

  it('starts from the first position of pimc’s full-deck game with at most `unseen` cards unseen', () => {
    const r = measureReducedRoom({ env: 'decade-fives', deck: FULL_DECK, unseen: 6, deals: 2, seed: 5, samples: 4 });
    expect(r.cards).toBe(52);
    expect(r.unseen).toBe(6);
    // The first position with at most six unseen: a draw shows one card at a time, so exactly six
    // (a stock of 49 after the deal, so pimc played first); on a small deck, the deal itself.
    expect(r.starts).toEqual([
      { unseen: 6, stock: 6 },
      { unseen: 6, stock: 6 },
    ]);
    expect(
      measureReducedRoom({ env: 'decade-fives', deals: 2, seed: 5, samples: 4 }).starts.map((s) => s.stock),
    ).toEqual([11, 11]);
    expect(r.positions).toBeGreaterThan(0);
    expect(r.optimum).toBeGreaterThanOrEqual(0);
    expect(r.optimum).toBeLessThanOrEqual(1);
  });

  it('refuses what it cannot measure, saying why', () => {
    expect(() => measureReducedRoom({ env: 'tens' })).toThrow(/tens is not a decade preset/);
    expect(() => measureReducedRoom({ env: 'decade', deals: 0 })).toThrow(/deals/);
    expect(() => measureReducedRoom({ env: 'decade', deck: '12X4' })).toThrow(/not "X"/);
  });
});
