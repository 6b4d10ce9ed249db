// `tengym deal` and `tengym play`'s deal flags: the deal pickDeal chooses, as the library gives it.
import { describe, expect, it } from 'vitest';
import { dailySeed, dealDifficulty, make, pickDeal } from '../../src/index.js';
import { tengymHere, tengymHereWith } from '../helpers/cli.js';

describe('tengym deal', () => {
  it("--daily DAY --winnable is the library's daily winnable deal, with its difficulty", async () => {
    const r = await tengymHere('deal', '--env', 'decade', '--daily', '2026-11-27', '--winnable', '--json');
    expect(r.stderr).toBe('');
    const env = make('decade');
    const { seed } = pickDeal(env, { date: '2026-11-27', winnable: true });
    env.reset({ seed });
    expect(JSON.parse(r.stdout)).toEqual({ env: 'decade', seed, winnable: true, difficulty: dealDifficulty(env) });
    expect(seed).toBeGreaterThanOrEqual(dailySeed('2026-11-27', 'decade'));
  });

  it('says in words whether a deal can be won, how hard it is and how to play it', async () => {
    const env = make('decade');
    const { seed, difficulty } = pickDeal(env, { seed: 100, level: 'hard' });
    const r = await tengymHere('deal', '--env', 'decade', '--seed', '100', '--level', 'hard');
    expect(r.stdout).toBe(
      `decade, deal ${seed}, hard, winnable: seed ${seed}; it can be won (hard: ${difficulty?.traps} traps in ` +
        `${difficulty?.decisions} decisions).\nPlay it: tengym play --env decade --seed ${seed}\n`,
    );
    expect((await tengymHere('deal', '--env', 'four-ten', '--seed', '5')).stdout).toMatch(
      /^four-ten, deal 5: seed 5; whether it can be won is not known \(four-ten has no solver that plays a deal/,
    );
  });

  it('--playable skips the deals forced moves alone play to their end, as pickDeal does', async () => {
    const { seed } = pickDeal(make('decade'), { seed: 154, winnable: true, playable: true });
    expect(seed).toBeGreaterThan(155); // 154 and 155 are won by forced moves alone
    const r = await tengymHere('deal', '--env', 'decade', '--seed', '154', '--winnable', '--playable');
    expect(r.stdout).toMatch(new RegExp(`^decade, deal ${seed}, winnable, playable: seed ${seed}; it can be won`));
    expect((await tengymHere('deal', '--env', 'decade', '--seed', '154', '--winnable')).stdout).toMatch(
      /^decade, deal 154, /,
    );
  });

  it('refuses a bad day, a level of a game without measured thirds, and --daily with --seed', async () => {
    expect((await tengymHere('deal', '--env', 'tens', '--daily', '27/11/2026')).stderr).toMatch(
      /--daily takes a day "YYYY-MM-DD"/,
    );
    expect((await tengymHere('deal', '--env', 'tens', '--level', 'easy')).stderr).toMatch(
      /no measured difficulty thirds/,
    );
    expect((await tengymHere('deal', '--env', 'tens', '--seed', '1', '--daily', 'today')).stderr).toMatch(
      /mutually exclusive/,
    );
  });
});

describe('tengym play on a chosen deal', () => {
  it('--daily DAY --winnable plays that deal and names it for a replay', async () => {
    const { seed } = pickDeal(make('tens'), { date: '2026-11-27', winnable: true });
    const r = await tengymHereWith({ input: '' }, 'play', '--env', 'tens', '--daily', '2026-11-27', '--winnable');
    expect(r.stdout).toContain(`tengym play --env tens --seed ${seed}`);
  });
});
