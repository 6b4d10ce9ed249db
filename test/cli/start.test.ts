// `tengym start` (npm start): bounded by its budget, a progress line per agent when piped,
// --json; and how a row's deal count follows its pace.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { START_BLOCK, START_DEALS, dealsWithin } from '../../src/cli/commands/start.js';
import { tengymHere } from '../helpers/cli.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
/** `tengym start ...args` as a user runs it (dist/), its stdout a pipe. */
const tengym = (...args: string[]) => {
  const r = spawnSync(process.execPath, [BIN, 'start', ...args], {
    encoding: 'utf8',
    env: { ...process.env, TENGYM_QUIET: '1' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe('a row plays the most deals that fit in its budget', () => {
  it('from the pace after the timing run, on the ladder of deal counts', () => {
    expect(START_DEALS).toEqual([100, 250, 500, 1000, 2000]);
    // 100 deals took 10 s; then 0.1 s a deal: 250 deals end at 25 s, 500 at 50 s, 1000 at 100 s.
    expect(dealsWithin(100, 10, 0.1, 24)).toBe(100);
    expect(dealsWithin(100, 10, 0.1, 25)).toBe(250);
    expect(dealsWithin(100, 10, 0.1, 99)).toBe(500);
    expect(dealsWithin(100, 10, 0.1, 1000)).toBe(2000);
    // Over budget already: the timing run's deals.
    expect(dealsWithin(100, 30, 0.001, 20)).toBe(100);
  });
});

describe('tengym start', () => {
  it('piped, it prints a line per agent as it goes; a tight budget stops between turns, and says so', () => {
    const run = tengym('--env', 'decade-fives', '--seconds', '0.5');
    expect(run.code, run.stderr).toBe(0);
    // Every line within 100 columns but the model's path: a long sentence goes on under its start, indented.
    for (const line of run.stdout.split('\n'))
      if (!line.startsWith('model loaded ')) expect(line.length, line).toBeLessThanOrEqual(100);
    const r = { ...run, stdout: run.stdout.replace(/ \\\n {4}|\n {2}(?=\S)/g, ' ') };
    // One turn of START_BLOCK deals is played before anything is known; from its pace the second would not fit.
    const played = START_BLOCK;
    for (const agent of ['model', 'random', 'longest', 'lookahead'])
      expect(r.stdout).toMatch(
        new RegExp(`^\\[ *\\d+ s\\] decade-fives: ${agent} played ${played} deals in [\\d.]+ s$`, 'm'),
      );
    expect(r.stdout).toMatch(
      new RegExp(
        String.raw`^decade-fives {2}\(model = models\/decade-fives\/\) · ${played} deals \(its 0 s share of the ` +
          String.raw`budget ran out after ${played} deals; ${played + START_BLOCK} would take about \d+ s\)$`,
        'm',
      ),
    );
    expect(r.stdout).toMatch(
      new RegExp(
        `^rerun: tengym eval --env decade-fives --agents model,random,longest,lookahead --episodes ${played} ` +
          '--seed 123 --reference longest$',
        'm',
      ),
    );
    // The claim a shipped model makes, said with its figure; the table fits a terminal (no per-game step counts).
    expect(r.stdout).toMatch(
      /^claim: model − longest \(the best simple heuristic, the bar a model ships over\): [+-]\d+\.\d\d \[/m,
    );
    expect(r.stdout).not.toContain('steps/game');
    // The table's rows (a name padded to its column), not `model loaded <path>`, whose length is the checkout's.
    const rows = r.stdout.split('\n').filter((l) => /^(agent|model|random|longest|lookahead) {2}/.test(l));
    expect(rows).toHaveLength(5);
    for (const line of rows) expect(line.length, line).toBeLessThanOrEqual(100);
    // The lines come before the table they lead to.
    expect(r.stdout.indexOf(`played ${played} deals`)).toBeLessThan(r.stdout.indexOf('agent      win rate'));
  });

  it(
    '--episodes plays exactly that many deals, a line per agent; --json keeps stdout JSON and the lines on ' + 'stderr',
    async () => {
      const r = await tengymHere('start', '--env', 'decade', '--episodes', '60', '--json');
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out).toMatchObject({
        seed: 123,
        budgetSeconds: null,
        envs: [
          {
            env: 'decade',
            episodes: 60,
            reference: 'longest',
            rerun:
              'tengym eval --env decade --agents model,random,longest,lookahead --episodes 60 --seed 123 ' +
              '--reference longest',
          },
        ],
      });
      expect(out.envs[0].results.map((x: { agent: string }) => x.agent)).toEqual([
        'model',
        'random',
        'longest',
        'lookahead',
      ]);
      expect(
        r.stderr
          .trim()
          .split('\n')
          .map((l) => l.replace(/ in [\d.]+ s$/, '')),
      ).toEqual(
        ['model', 'random', 'longest', 'lookahead'].map((a) =>
          expect.stringMatching(new RegExp(`^\\[ *\\d+ s\\] decade: ${a} played 60 deals$`)),
        ),
      );
      // The same deals as tengym eval's.
      const evalRun = await tengymHere(
        'eval',
        '--env',
        'decade',
        '--agents',
        'model,random,longest,lookahead',
        '--episodes',
        '60',
        '--seed',
        '123',
        '--reference',
        'longest',
        '--json',
      );
      const strip = (results: { seconds?: number }[]) => results.map(({ seconds: _s, ...rest }) => rest);
      expect(strip(out.envs[0].results)).toEqual(strip(JSON.parse(evalRun.stdout).results));
    },
  );

  it('refuses a bad budget or deal count by name', async () => {
    expect((await tengymHere('start', '--seconds', '0')).stderr).toBe(
      'tengym: --seconds must be a positive number, got 0\n',
    );
    expect((await tengymHere('start', '--episodes', '-3')).stderr).toBe(
      'tengym: --episodes must be a positive integer, got -3\n',
    );
  });
});
