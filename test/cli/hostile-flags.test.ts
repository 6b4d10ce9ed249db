// Flags and files as a hostile or careless user gives them: counts, workers and durations past
// what the machine takes, lists with holes, two states at once, config fields out of range
// hidden behind a flag, run folders where none can be. Each is one line naming the problem and
// what is allowed (never "internal error" or a V8 trace), exit 1, before any work or allocation.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tengymHere } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'tengym-hostile-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs the command line in this process (what it prints and returns is the command's, not the process's), timed: a
 * run still going after a minute fails the test by its time limit, one allocating past the heap ends the file.
 */
async function tengym(args: string[]) {
  const start = performance.now();
  const r = await tengymHere(...args);
  return { ...r, seconds: (performance.now() - start) / 1000 };
}

const state = join(dir, 'state.json');
const other = join(dir, 'other.json');
const config = join(dir, 'negative.json');
const file = join(dir, 'a-file');
const hugeBuffer = join(dir, 'huge-buffer.json');
const hugeRollout = join(dir, 'huge-rollout.json');
const withBom = join(dir, 'with-bom.json');
const emptyRun = join(dir, 'empty-run');
mkdirSync(emptyRun);
writeFileSync(state, '{}');
writeFileSync(other, '{}');
writeFileSync(config, JSON.stringify({ totalSteps: -5 }));
writeFileSync(file, 'mine');
writeFileSync(hugeBuffer, JSON.stringify({ bufferSize: 1e9, batchSize: 1e10 }));
writeFileSync(hugeRollout, JSON.stringify({ rolloutSteps: 1e9 }));
// As some Windows editors save it: a byte-order mark first (read, then checked like any config).
writeFileSync(withBom, `\uFEFF${JSON.stringify({ totalSteps: -5 })}\r\n`);

describe('hostile flags are named errors, before any work', () => {
  it.each([
    [
      ['eval', '--env', 'decade', '--agents', 'random', '--episodes', '10', '--workers', '100000'],
      /^tengym: workers 100000 is more than this machine takes: at most \d+ worker threads \(4 per core on \d+ cores/,
    ],
    [
      ['eval', '--env', 'decade', '--agents', 'random', '--episodes', '10', '--workers', '2000'],
      /^tengym: workers 2000 is more than this machine takes: at most \d+ worker threads/,
    ],
    [
      ['bench', '--env', 'tens', '--seconds', '1e308'],
      /^tengym: --seconds 1e308 is more than 3600, the most tengym takes \(an hour per env and mode\)$/,
    ],
    [
      ['fuzz', '--env', 'tens', '--steps', '1e15'],
      /^tengym: --steps 1e15 is more than 100000000, the most tengym takes \(tens of minutes per env id\)$/,
    ],
    [
      ['stats', '--env', 'tens', '--episodes', '1e15'],
      /^tengym: --episodes 1e15 is more than 100000000, the most tengym takes/,
    ],
    [
      ['eval', '--env', 'decade', '--agents', 'random', '--episodes', '1e15', '--workers', '0'],
      /^tengym: --episodes 1e15 is more than 10000000, the most tengym takes \(each deal's result is kept in memory\)$/,
    ],
    [
      ['start', '--env', 'four-ten', '--episodes', '1e15'],
      /^tengym: --episodes 1e15 is more than 10000000, the most tengym takes/,
    ],
    [
      ['eval', '--env', 'decade', '--agents', 'random', '--episodes', '2', '--seed', '-1'],
      /^tengym: --seed must be an integer from 0 to 9007199254740991, got -1$/,
    ],
    // Seeds are integers from 0 to 2^53 − 1: one past that is told the range, whatever the command (train's seeds stop
    // at 2^31).
    [
      [
        'eval',
        '--env',
        'decade',
        '--agents',
        'random',
        '--episodes',
        '2',
        '--seed',
        '9007199254740992',
        '--workers',
        '0',
      ],
      /^tengym: --seed must be an integer from 0 to 9007199254740991, got 9007199254740992$/,
    ],
    [
      ['stats', '--env', 'tens', '--episodes', '2', '--seed', '1e16'],
      /^tengym: --seed must be an integer from 0 to 9007199254740991, got 1e16$/,
    ],
    [
      ['start', '--env', 'decade', '--episodes', '2', '--seed', '9007199254740992'],
      /^tengym: --seed must be an integer from 0 to 9007199254740991, got 9007199254740992$/,
    ],
    [
      [
        'bench',
        '--hints',
        '--env',
        'decade',
        '--agent',
        'random',
        '--states',
        '2',
        '--warmup',
        '0',
        '--seed',
        '9007199254740992',
      ],
      /^tengym: --seed must be an integer from 0 to 9007199254740991, got 9007199254740992$/,
    ],
    [
      ['fuzz', '--env', 'tens', '--steps', '10', '--seed', '9007199254740992'],
      /^tengym: --seed must be an integer from 0 to 9007199254740991, got 9007199254740992$/,
    ],
    [
      ['replay', '--env', 'tens', '--seed', '9007199254740992', '--policy', 'first'],
      /^tengym: --seed must be an integer from 0 to 9007199254740991, got 9007199254740992$/,
    ],
    [
      ['replay', '--env', 'tens', '--seed', '1', '--policy', 'random', '--policy-seed', '9007199254740992'],
      /^tengym: --policy-seed must be an integer from 0 to 9007199254740991, got 9007199254740992$/,
    ],
    [
      ['play', '--env', 'tens', '--seed', '9007199254740992'],
      /^tengym: --seed must be an integer from 0 to 9007199254740991, got 9007199254740992$/,
    ],
    [
      [
        'train',
        '--env',
        'decade',
        '--algo',
        'ppo',
        '--steps',
        '500',
        '--seed',
        '9007199254740992',
        '--out',
        join(dir, 'seed'),
      ],
      /^tengym: --seed must be an integer from 0 to 2147483648, got 9007199254740992$/,
    ],
    [
      [
        'train',
        '--env',
        'decade',
        '--algo',
        'ppo',
        '--steps',
        '500',
        '--seed',
        '2147483649',
        '--out',
        join(dir, 'seed'),
      ],
      /^tengym: --seed must be an integer from 0 to 2147483648, got 2147483649$/,
    ],
    // A number is quoted as it was typed, not as the double yargs reads it (9007199254740993 is read as …992), in every
    // command.
    [
      [
        'train',
        '--env',
        'decade',
        '--algo',
        'ppo',
        '--steps',
        '500',
        '--seed',
        '9007199254740993',
        '--out',
        join(dir, 'seed'),
      ],
      /^tengym: --seed must be an integer from 0 to 2147483648, got 9007199254740993$/,
    ],
    [
      ['train', '--env', 'decade', '--algo', 'ppo', '--steps=9007199254740993', '--out', join(dir, 'seed')],
      /^tengym: --steps must be an integer from 1 to 9007199254740991, got 9007199254740993$/,
    ],
    [
      [
        'train',
        '--env',
        'decade',
        '--algo',
        'ppo',
        '--steps',
        '500',
        '--evalEvery',
        '9007199254740993',
        '--out',
        join(dir, 'seed'),
      ],
      /^tengym: --eval-every must be an integer from 1 to 9007199254740991, got 9007199254740993$/,
    ],
    [
      [
        'eval',
        '--env',
        'decade',
        '--agents',
        'random',
        '--episodes',
        '2',
        '--seed',
        '9007199254740993',
        '--workers',
        '0',
      ],
      /^tengym: --seed must be an integer from 0 to 9007199254740991, got 9007199254740993$/,
    ],
    [
      ['replay', '--env', 'tens', '--seed', '1', '--policy', 'random', '--policy-seed', '18014398509481985'],
      /^tengym: --policy-seed must be an integer from 0 to 9007199254740991, got 18014398509481985$/,
    ],
    [
      ['bench', '--env', 'tens', '--num-envs', '9007199254740993'],
      /^tengym: --num-envs 9007199254740993 is more than 16777216, the most tengym takes \(copies in one vector env\)$/,
    ],
    [
      ['fuzz', '--env', 'tens', '--steps', '1e400'],
      /^tengym: --steps 1e400 is more than 100000000, the most tengym takes/,
    ],
    // Any integer flag past 2^53: its own bound when it has one, else the range.
    [
      ['fuzz', '--env', 'tens', '--steps', '1e16'],
      /^tengym: --steps 1e16 is more than 100000000, the most tengym takes \(tens of minutes per env id\)$/,
    ],
    [
      ['bench', '--env', 'tens', '--num-envs', '1e16'],
      /^tengym: --num-envs 1e16 is more than 16777216, the most tengym takes \(copies in one vector env\)$/,
    ],
    [
      ['bench', '--env', 'tens', '--num-envs', '100000000'],
      /^tengym: --num-envs 100000000 is more than 16777216, the most tengym takes \(copies in one vector env\)$/,
    ],
    [
      ['bench', '--env', 'decade', '--num-envs', '10000000'],
      new RegExp(
        String.raw`^tengym: --num-envs 10000000 is more copies of decade than fit in one vector env \(at most \d+ ` +
          String.raw`in its memory budget\)$`,
      ),
    ],
    // Deal i uses seed + i: a --seed near 2^53 is refused by the --seed given, with the largest that works for the
    // count.
    [
      [
        'eval',
        '--env',
        'decade',
        '--agents',
        'random',
        '--episodes',
        '5',
        '--seed',
        '9007199254740990',
        '--workers',
        '0',
      ],
      new RegExp(
        String.raw`^tengym: --seed 9007199254740990 is too large for --episodes 5: deal i uses seed \+ i and seeds ` +
          'go up to 9007199254740991, so the largest --seed for 5 deals is 9007199254740987$',
      ),
    ],
    [
      ['stats', '--env', 'tens', '--episodes', '5', '--seed', '9007199254740990'],
      new RegExp(
        '^tengym: --seed 9007199254740990 is too large for --episodes 5: .* the largest --seed for 5 ' +
          'deals is 9007199254740987$',
      ),
    ],
    [
      ['start', '--env', 'decade', '--episodes', '5', '--seed', '9007199254740990'],
      new RegExp(
        '^tengym: --seed 9007199254740990 is too large for --episodes 5: .* the largest --seed for 5 ' +
          'deals is 9007199254740987$',
      ),
    ],
    [
      ['start', '--env', 'decade', '--seed', '9007199254740000'],
      new RegExp(
        '^tengym: --seed 9007199254740000 is too large for the up to 2000 deals a row plays: .* the ' +
          'largest --seed for 2000 deals is 9007199254738992$',
      ),
    ],
    [
      [
        'bench',
        '--hints',
        '--env',
        'decade',
        '--agent',
        'random',
        '--states',
        '5',
        '--warmup',
        '0',
        '--seed',
        '9007199254740991',
      ],
      new RegExp(
        '^tengym: --seed 9007199254740991 is too large for --states 5 and --warmup 0, which may deal up ' +
          'to 501 games before giving up: .* the largest --seed for 501 deals is 9007199254740491$',
      ),
    ],
    [
      ['replay', '--env', 'decade', '--seed', '1', '--actions', '0,,0'],
      /^tengym: --actions: entry 2 is empty \(two commas in a row, or one at an end\)/,
    ],
    [['replay', '--env', 'decade', '--seed', '1', '--actions', '0,0,'], /^tengym: --actions: entry 3 is empty/],
    [
      ['hint', state, '--env', 'decade', '--state', other],
      /^tengym: give the state once: ".*state.json" or --state ".*other.json", not both$/,
    ],
    [
      ['train', '--env', 'decade', '--algo', 'ppo', '--config', config, '--steps', '500', '--out', join(dir, 'neg')],
      /^tengym: bad ppo config file .*negative.json: Too small: expected number to be >=1 → at totalSteps$/,
    ],
    // A folder given as the config file: said in words, not as Node's EISDIR.
    [
      ['train', '--env', 'decade', '--algo', 'ppo', '--config', dir, '--steps', '500', '--out', join(dir, 'folder')],
      /^tengym: --config .*: cannot read it \(it is a directory, not a file\); shipped configs: /,
    ],
    [
      ['train', '--env', 'decade', '--algo', 'ppo', '--config', withBom, '--steps', '500', '--out', join(dir, 'neg')],
      /^tengym: bad ppo config file .*with-bom.json: Too small: expected number to be >=1 → at totalSteps$/,
    ],
    [
      [
        'train',
        '--env',
        'decade',
        '--algo',
        'dqn',
        '--config',
        hugeBuffer,
        '--steps',
        '500',
        '--out',
        join(dir, 'buffer'),
      ],
      new RegExp(
        String.raw`^tengym: dqn config: bufferSize 1000000000 is more than a run holds: at most \d+ samples of \d+ ` +
          String.raw`bytes \(2 GiB\)$`,
      ),
    ],
    [
      [
        'train',
        '--env',
        'four-ten',
        '--algo',
        'afterstate',
        '--config',
        hugeBuffer,
        '--steps',
        '500',
        '--out',
        join(dir, 'buffer'),
      ],
      /^tengym: afterstate config: bufferSize 1000000000 is more than a run holds/,
    ],
    [
      [
        'train',
        '--env',
        'decade',
        '--algo',
        'ppo',
        '--config',
        hugeRollout,
        '--steps',
        '500',
        '--out',
        join(dir, 'rollout'),
      ],
      /^tengym: ppo config: numEnvs × rolloutSteps \d+ is more than a run holds/,
    ],
    [
      ['train', '--env', 'decade', '--algo', 'ppo', '--steps', '500', '--out', join(file, 'run')],
      /^tengym: --out .*a-file\/run: .*a-file is a file, not a directory/,
    ],
    [
      ['train', '--env', 'decade', '--algo', 'ppo', '--steps', '500', '--out', '/'],
      /^tengym: --out \/ is the root of the file system/,
    ],
    // --resume on a folder with no run in it says so, rather than asking for --env.
    [
      ['train', '--out', emptyRun, '--resume'],
      new RegExp(
        String.raw`^tengym: --resume: .*empty-run holds no training run to resume \(a run folder holds the ` +
          String.raw`tengym-run.json and checkpoint\/ that tengym train writes\); start one with --env ID --algo ` +
          String.raw`ppo\|.* --out .*empty-run$`,
      ),
    ],
    [
      ['train', '--out', join(dir, 'no-run'), '--resume', '--env', 'decade'],
      /^tengym: --resume: there is no training run to resume: .*no-run does not exist \(a run folder holds/,
    ],
    [
      ['train', '--env', 'decade', '--algo', 'ppo', '--steps', '500', '--out', '/proc/x'],
      /^tengym: --out \/proc\/x: cannot create \/proc\/x \(ENOENT\)$/,
    ],
  ])('%j', { timeout: 60_000 }, async (args, message) => {
    const r = await tengym(args);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toBe('');
    expect(
      r.stderr
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('tengym: TensorFlow.js backend'))[0],
    ).toMatch(message);
    expect(r.stderr).not.toMatch(/internal error|^\s+at |heap limit/m);
    expect(r.seconds).toBeLessThan(30);
  });

  it('leaves no run folder behind and the files it was given as they were', () => {
    expect(existsSync(join(dir, 'neg'))).toBe(false);
    expect(existsSync('/proc/x')).toBe(false);
    expect(existsSync(join(dir, 'no-run'))).toBe(false);
    expect(readdirSync(emptyRun)).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe('mine');
    expect(readFileSync(state, 'utf8')).toBe('{}');
    expect(readFileSync(other, 'utf8')).toBe('{}');
    expect(JSON.parse(readFileSync(config, 'utf8'))).toEqual({ totalSteps: -5 });
    expect(readdirSync(dir).sort()).toEqual([
      'a-file',
      'empty-run',
      'huge-buffer.json',
      'huge-rollout.json',
      'negative.json',
      'other.json',
      'state.json',
      'with-bom.json',
    ]);
  });
});
