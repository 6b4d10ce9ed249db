// Work in slices (src/agents/staged.ts): a Staged value is computed once, whoever runs its slices.
import { describe, expect, it } from 'vitest';
import { Staged } from '../../src/agents/staged.js';

/** Sums 0..n-1 a number a slice, counting the slices run. */
function counting(n: number): { staged: Staged<number>; slices: () => number } {
  let slices = 0;
  const work = function* (): Generator<void, number> {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      sum += i;
      slices++;
      yield;
    }
    return sum;
  };
  return { staged: new Staged(work()), slices: () => slices };
}

describe('Staged', () => {
  it('get() runs what is left, and the work is never run twice', () => {
    const { staged, slices } = counting(10);
    expect(staged.done).toBe(false);
    expect(staged.step()).toBe(false);
    expect(staged.step()).toBe(false);
    expect(slices()).toBe(2);
    expect(staged.get()).toBe(45);
    expect(staged.done).toBe(true);
    expect(slices()).toBe(10);
    expect(staged.get()).toBe(45);
    expect(staged.step()).toBe(true);
    expect(slices()).toBe(10);
  });

  it('steps() shares the work: two generators over one Staged run each slice once', () => {
    const { staged, slices } = counting(6);
    const a = staged.steps();
    const b = staged.steps();
    a.next();
    b.next();
    a.next();
    expect(slices()).toBe(3);
    let r = b.next();
    while (!r.done) r = b.next();
    expect(r.value).toBe(15);
    expect(slices()).toBe(6);
    // The other generator finds the value ready.
    let s = a.next();
    while (!s.done) s = a.next();
    expect(s.value).toBe(15);
  });

  it('work that throws throws again at every later call, and never reads as a value', () => {
    let runs = 0;
    const staged = new Staged(
      (function* (): Generator<void, number> {
        runs++;
        yield;
        throw new Error('refused');
      })(),
    );
    expect(staged.step()).toBe(false);
    expect(() => staged.get()).toThrow('refused');
    expect(() => staged.get()).toThrow('refused');
    expect(() => staged.step()).toThrow('refused');
    expect(() => staged.steps().next()).toThrow('refused');
    expect(staged.done).toBe(false);
    expect(runs).toBe(1);
  });
});
