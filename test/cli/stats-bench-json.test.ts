// What `tengym stats --json` and `tengym bench --json` record besides their figures: the tengym that
// measured (and for a timing, the Node and the cores it ran on), and every option the env played;
// and what stats and eval say before they play options under which no deal can be won.
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envConfig } from '../../src/env/registry.js';
import { tengymHere } from '../helpers/cli.js';

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

describe('stats and bench --json', () => {
  it('stats --json names the tengym that played it, for one env and for every one', async () => {
    const one = await tengymHere('stats', '--env', 'tens', '--episodes', '20', '--json');
    expect(one.code, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({ tengymVersion: VERSION, env: 'tens', episodes: 20 });
    const all = await tengymHere('stats', '--env', 'all', '--episodes', '2', '--json');
    expect(all.code, all.stderr).toBe(0);
    for (const r of JSON.parse(all.stdout) as { tengymVersion: string; env: string }[])
      expect(r.tengymVersion, r.env).toBe(VERSION);
    expect((await tengymHere('stats', '--help')).stdout).toMatch(/Print \{ tengymVersion, env, options,/);
  });

  it(
    'stats and eval say first when no deal can be won with the options given (Decade on one line, picked-up ' +
      'cards under the stock), and only then',
    async () => {
      const note =
        "note: no deal of decade can be won with these options: one line with pickedUp 'deck-bottom' never " +
        'empties: the picked-up cards come back under the stock (random play runs every deal to maxSteps)\n';
      const options = ['--options', '{"pickedUp":"deck-bottom","maxSteps":200}'];
      const stats = await tengymHere('stats', '--env', 'decade', ...options, '--episodes', '3', '--json');
      expect(stats.code, stats.stderr).toBe(0);
      expect(stats.stderr).toBe(note);
      expect(JSON.parse(stats.stdout)).toMatchObject({ winRate: 0, truncatedRate: 1 });
      const evaluated = await tengymHere(
        'eval',
        '--env',
        'decade',
        ...options,
        '--agents',
        'random,first',
        '--episodes',
        '3',
        '--json',
      );
      expect(evaluated.code, evaluated.stderr).toBe(0);
      expect(evaluated.stderr).toBe(note);
      // Seven stacks with the same option can be won (Ten-Twenty-Thirty); the defaults too.
      for (const args of [
        ['--env', 'ten-twenty-thirty'],
        ['--env', 'decade'],
      ])
        expect((await tengymHere('stats', ...args, '--episodes', '2')).stderr).toBe('');
    },
  );

  it(
    'bench --json names the tengym, the Node and the cores that timed it, and every option of the env, defaults ' +
      'filled in as eval gives them',
    async () => {
      const r = await tengymHere('bench', '--env', 'decade', '--seconds', '0.05', '--num-envs', '2', '--json');
      expect(r.code, r.stderr).toBe(0);
      const [b] = JSON.parse(r.stdout);
      expect(b).toMatchObject({
        tengymVersion: VERSION,
        nodeVersion: process.versions.node,
        cores: availableParallelism(),
        env: 'decade',
        numEnvs: 2,
      });
      expect(b.options).toEqual(envConfig('decade').options);
      const given = JSON.parse(
        (
          await tengymHere(
            'bench',
            '--env',
            'decade',
            '--options',
            '{"loop":true}',
            '--seconds',
            '0.05',
            '--num-envs',
            '2',
            '--json',
          )
        ).stdout,
      )[0];
      expect(given.options).toEqual(envConfig('decade', { loop: true }).options);
      const hints = await tengymHere(
        'bench',
        '--hints',
        '--env',
        'decade',
        '--states',
        '5',
        '--warmup',
        '0',
        '--agent',
        'longest',
        '--json',
      );
      expect(hints.code, hints.stderr).toBe(0);
      expect(JSON.parse(hints.stdout)[0]).toMatchObject({
        tengymVersion: VERSION,
        nodeVersion: process.versions.node,
        cores: availableParallelism(),
        env: 'decade',
        options: envConfig('decade').options,
      });
    },
  );
});
