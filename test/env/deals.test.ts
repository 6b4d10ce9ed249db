// Deals for apps: winnable deals (decided by playing where the order of moves changes nothing, by the exact solver
// elsewhere), the daily deal of a date, and what each costs (printed).
import { describe, expect, it } from 'vitest';
import { createAgent, dailySeed, envIds, isWinnable, make, pickDeal, winnableBy } from '../../src/index.js';

/**
 * Deals sampled per id: TENGYM_DEALS, or 1,000 (the figure docs/apps.md gives); 50 where a winnable deal and its check
 * take most of a second (seven stacks, Ten-Twenty-Thirty: 1,000 would take a quarter of an hour each).
 */
const DEALS = (id: string) =>
  process.env.TENGYM_DEALS ? Number(process.env.TENGYM_DEALS) : SLOW.includes(id) ? 50 : 1000;
const SLOW = ['decade-stacks', 'ten-twenty-thirty'];
/** Deals of decade-max3 (at most three cards a discard) are won too rarely for 1,000 seeds to hold one each. */
const RARE = ['decade-max3'];

describe('winnable deals', () => {
  const ids = envIds().filter((id) => winnableBy(make(id)) !== null && !RARE.includes(id));

  it('Tens and Block Ten are decided by playing, the decade family by its solver; Four Ten cannot tell', () => {
    expect(winnableBy(make('tens'))).toBe('any-order');
    expect(winnableBy(make('block-ten'))).toBe('any-order');
    expect(winnableBy(make('decade'))).toBe('solver');
    expect(winnableBy(make('four-ten'))).toBeNull();
    expect(() => pickDeal(make('four-ten'), { winnable: true })).toThrow(/no deal is known to be winnable/);
  });

  it.each(ids)(
    '%s: winnable: true deals in a row, each won by the exact solver (or by any order of moves)',
    (id) => {
      const deals = DEALS(id);
      const env = make(id);
      const check = make(id);
      const solver = winnableBy(env) === 'solver' ? createAgent('oracle', id) : null;
      let seed = 0;
      let tried = 0;
      const started = performance.now();
      for (let n = 0; n < deals; n++) {
        const deal = pickDeal(env, { seed, winnable: true });
        tried += deal.tries;
        seed = deal.seed + 1;
        check.reset({ seed: deal.seed });
        solver?.reset(0);
        while (check.running) check.step(solver === null ? check.legal[0] : solver.act(check));
        expect(check.outcome().won, `${id} seed ${deal.seed}`).toBe(true);
      }
      const ms = performance.now() - started;
      console.log(
        `${id}: ${deals} winnable deals from ${tried} tried (${((100 * deals) / tried).toFixed(1)}% winnable), ` +
          `${(ms / deals).toFixed(2)} ms a winnable deal with its check`,
      );
    },
    600_000,
  );
});

describe('the daily deal', () => {
  it('is a date and an id hashed, the same for a Date of that UTC day and its "YYYY-MM-DD"', () => {
    expect(dailySeed('2026-11-27', 'tens')).toBe(dailySeed(new Date('2026-11-27T23:59:00Z'), 'tens'));
    expect(dailySeed('2026-11-27', 'tens')).not.toBe(dailySeed('2026-11-28', 'tens'));
    expect(dailySeed('2026-11-27', 'tens')).not.toBe(dailySeed('2026-11-27', 'decade'));
    // Fixed: the same in Node, browsers and Hermes (FNV-1a with Math.imul), and the same next release.
    expect(dailySeed('2026-11-27', 'tens')).toBe(3226108824);
    expect(() => dailySeed('27/11/2026')).toThrow(/YYYY-MM-DD/);
  });

  it('the daily winnable deal of Tens is a seed from the day on', () => {
    const env = make('tens');
    const deal = pickDeal(env, { date: '2026-11-27', winnable: true });
    expect(deal).toEqual({ seed: 3226108868, winnable: true, tries: 45 });
    env.reset({ seed: deal.seed });
    expect(isWinnable(env)).toBe(true);
  });
});
