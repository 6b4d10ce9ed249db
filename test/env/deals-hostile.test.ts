// Deals asked for carelessly or on purpose: a choice that is not one, a misspelt key, a seed and a date at once, a
// count of tries that is not a count, days the calendar lacks, and options under which no deal can be won. Each is a
// TengymError that says why and what is allowed, at once, not a TypeError or minutes of seeds tried in vain.
// @slow: runs the CLI and tries seeds until a game has none to win.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TengymError } from '../../src/env/errors.js';
import { dailySeed, make, pickDeal } from '../../src/index.js';
import { tengymHere, tengymHereWith } from '../helpers/cli.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** The TengymError `run` throws, its message. */
function refusal(run: () => unknown): string {
  let error: unknown;
  try {
    run();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(TengymError);
  return (error as Error).message;
}

describe("pickDeal's choice", () => {
  const env = make('tens');

  it('null, an array or a string is refused, with the keys it takes', () => {
    for (const bad of [null, [], 'winnable'])
      expect(refusal(() => pickDeal(env, bad as never))).toMatch(
        /^pickDeal takes as its second argument \{ seed\?, date\?, winnable\?, level\?, playable\?, tries\? \}, got /,
      );
  });

  it('a misspelt key is named, with the key meant', () => {
    expect(refusal(() => pickDeal(env, { winable: true } as never))).toBe(
      'unknown pickDeal key "winable" (did you mean "winnable"?); pickDeal takes: seed, date, winnable, level, ' +
        'playable, tries',
    );
  });

  it('a seed and a date at once is refused, not the seed dropped', () => {
    expect(refusal(() => pickDeal(env, { seed: 5, date: '2026-11-27' }))).toMatch(/takes seed or date, not both/);
  });

  it.each([Number.NaN, -1, 0, 1.5, '3', Infinity])('tries %s is refused: a whole number from 1', (tries) => {
    expect(refusal(() => pickDeal(env, { winnable: true, tries: tries as number }))).toMatch(
      /^pickDeal: tries is the seeds tried at most, a whole number from 1, got /,
    );
  });

  it('winnable and playable are true or false', () => {
    expect(refusal(() => pickDeal(env, { winnable: 'yes' as never }))).toMatch(/winnable is true or false, got "yes"/);
  });
});

describe('days the calendar lacks', () => {
  it.each([
    ['2026-02-30', /2026-02-30 has no day 30: that month has days 01 to 28/],
    ['2026-13-45', /2026-13-45 has no month 13: months run from 01 to 12/],
    ['0000-00-00', /0000-00-00 has no year 0000/],
    ['2025-02-29', /has no day 29/],
    ['2026-04-31', /has no day 31: that month has days 01 to 30/],
  ])('%s is refused by dailySeed, pickDeal, deal --daily and play --daily', async (day, why) => {
    expect(refusal(() => dailySeed(day))).toMatch(why);
    expect(refusal(() => pickDeal(make('tens'), { date: day }))).toMatch(why);
    for (const command of ['deal', 'play']) {
      const r = await tengymHereWith({ input: '' }, command, '--env', 'tens', '--daily', day);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(why);
    }
  });

  it('a leap day of a leap year is a day', () => {
    expect(dailySeed('2024-02-29')).toBe(dailySeed(new Date(Date.UTC(2024, 1, 29))));
    expect(dailySeed('2000-02-29')).toBeGreaterThanOrEqual(0);
  });
});

describe('a winnable deal where the options let none be won', () => {
  it.each([
    ['pyramid', { maxSteps: 13 }, /no pyramid deal can be won: a win removes the 28 cards .* maxSteps 13/],
    ['decade', { maxSteps: 48 }, /no decade deal can be won: a win draws all 49 cards of the stock/],
  ])('%s %j is refused at once', (id, options, why) => {
    const started = performance.now();
    expect(refusal(() => pickDeal(make(id, options), { winnable: true }))).toMatch(why);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a limit a win can meet is kept: pyramid with maxSteps 14, decade with 49', () => {
    expect(make('pyramid', { maxSteps: 14 }).game.unwinnable?.(make('pyramid', { maxSteps: 14 }).options)).toBeNull();
    expect(make('decade', { maxSteps: 49 }).game.unwinnable?.(make('decade', { maxSteps: 49 }).options)).toBeNull();
  });

  it('tengym deal says how many seeds it tried, once a second, while it looks', async () => {
    const said = /tengym: [\d,]+ of 1,000 seeds tried from 0, none fits yet \(\d+ s; Ctrl-C stops\)/;
    const child = spawn(
      process.execPath,
      [BIN, 'deal', '--env', 'pyramid', '--options', '{"maxSteps":20}', '--winnable'],
      {
        env: { ...process.env, TENGYM_QUIET: '1' },
      },
    );
    // The search runs on for minutes: it is stopped once the line is said, or after 15 s without it.
    let stderr = '';
    await new Promise<void>((resolve) => {
      const stop = setTimeout(resolve, 15_000);
      child.stderr.on('data', (d) => {
        stderr += d;
        if (said.test(stderr)) {
          clearTimeout(stop);
          resolve();
        }
      });
      child.on('close', () => {
        clearTimeout(stop);
        resolve();
      });
    });
    child.kill('SIGKILL');
    expect(stderr).toMatch(said);
  }, 30_000);

  it('Four Ten says why no deal is known to be winnable, naming its optimal', async () => {
    const r = await tengymHere('deal', '--env', 'four-ten', '--winnable');
    expect(r.stderr).toMatch(/no solver that plays a deal seeing every card.*optimal, its ceiling, plays best without/);
    expect(r.stderr).not.toMatch(/has no exact solver/);
  });
});
