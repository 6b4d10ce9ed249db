// The command line's conventions: one name per flag across commands (old names kept as
// aliases), "did you mean" for mistyped flags, a run folder given for a model pointing at best/,
// and a built CLI that runs as its own program.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tengymHere } from '../helpers/cli.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const HELP = " (tengym <command> --help shows a command's options)";

/** `tengym ...args` run in this process. */
function tengym(...args: string[]) {
  return tengymHere(...args);
}

describe('the built CLI', () => {
  it(
    'is executable, so `npx tengym` runs it after a rebuild (npm sets the mode only when it first links the ' + 'bin)',
    () => {
      expect(statSync(BIN).mode & 0o111).toBe(0o111);
      const r = spawnSync(BIN, ['--version'], { encoding: 'utf8' });
      expect(r.error).toBeUndefined();
      expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    },
  );
});

describe('flag names', () => {
  it('eval takes --agent for one agent, as hint and play do', async () => {
    const r = await tengym('eval', '--env', 'decade', '--agent', 'longest', '--episodes', '3', '--workers', '0');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^longest /m);
  });

  it('suggests the flag meant', async () => {
    const r = await tengym('eval', '--env', 'decade', '--agents', 'longest', '--option', '{}');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`tengym: Unknown argument: option (did you mean --options?)${HELP}\n`);
    expect((await tengym('hint', '--env', 'decade', '--tp', '3')).stderr).toBe(
      `tengym: Unknown argument: tp (did you mean --top?)${HELP}\n`,
    );
  });

  it("yargs' own errors are one line, as every other", async () => {
    const r = await tengym('replay', '--env', 'tens', '--seed', '1', '--policy', 'bogus');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `tengym: Invalid values: Argument: policy, Given: "bogus", Choices: "random", "first"${HELP}\n`,
    );
    expect((await tengym('stats')).stderr).toBe(`tengym: Missing required argument: env${HELP}\n`);
  });

  it('with no command, every command is named, rules among them', async () => {
    const r = await tengym();
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'tengym: Name a command: tengym envs | replay | bench | stats | start | agents | eval | train | hint | play | ' +
        'deal | rules | fuzz | serve (tengym --help lists them)\n',
    );
  });

  it('a first word that names no command is called one, with the nearest command', async () => {
    expect((await tengym('evl', '--env', 'decade')).stderr).toBe(
      'tengym: unknown command "evl" (did you mean eval?); the commands: envs, replay, bench, stats, start, ' +
        'agents, eval, train, hint, play, deal, rules, fuzz, serve (tengym --help describes them)\n',
    );
  });

  it.each([
    [
      ['eval', '--env', 'decade', '--agent', 'random', '--agents', 'first'],
      '--agents is given twice (--agent and --agents are one flag): give it once',
    ],
    [
      ['stats', '--env', 'tens', '--options', '{}', '--options', '{}', '--episodes', '5'],
      '--options is given twice: give it once',
    ],
    [
      ['replay', '--env', 'tens', '--seed', '1', '--actions', '1', '--actions', '2'],
      '--actions is given twice: give it once',
    ],
    [
      ['replay', '--env', 'tens', '--env', 'block-ten', '--seed', '1', '--policy', 'first'],
      '--env is given twice: give it once',
    ],
    [['serve', '--host', '127.0.0.1', '--host', '::1'], '--host is given twice: give it once'],
    [
      ['train', '--env', 'decade', '--algo', 'ppo', '--out', ''],
      '--out is empty: give a value (tengym <command> --help shows what it takes)',
    ],
    [['train', '--env', 'decade', '--algo', 'ppo', '--out'], '--out is given without a value'],
    [['bench', '--env', ''], '--env is empty: give a value (tengym <command> --help shows what it takes)'],
    [
      ['hint', '--env', 'decade', '--state='],
      '--state is empty: give a value (tengym <command> --help shows what it takes)',
    ],
    [
      ['stats', '--env', 'tens', '--episodes', '3', '--json=maybe'],
      '--json is a yes/no flag: give it alone (or --json=true / --json=false), not "maybe"',
    ],
    [
      ['start', '--env', 'four-ten', '--episodes', '10', '--seconds', '5'],
      '--seconds goes without --episodes: --episodes N plays exactly N deals per env, --seconds S as many as ' +
        'fit in S seconds',
    ],
    [
      ['replay', '--env', 'tens', '--seed', '1', '--policy', 'first', '--policy-seed', '3'],
      '--policy-seed goes with --policy random, the only policy that draws',
    ],
    [
      ['eval', '--env', 'decade', '--agents', 'random,,first'],
      '--agents "random,,first": entry 2 is empty; give agent names separated by commas, e.g. random,longest',
    ],
    [
      ['eval', '--env', 'decade', '--agents', 'random,'],
      '--agents "random,": entry 2 is empty; give agent names separated by commas, e.g. random,longest',
    ],
    [['hint', '--env', 'decade', '--state', REPO], `cannot read state file "${REPO}": it is a directory, not a file`],
  ])('%j is refused by name, in one line, before anything runs', async (args, message) => {
    const r = await tengym(...args);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`tengym: ${message}\n`);
  });

  it('a yes/no flag takes true and false, and a value may start with one dash (--state - is stdin)', async () => {
    expect((await tengym('stats', '--env', 'tens', '--episodes', '3', '--json=false')).stdout).toMatch(/^env +options/);
    expect(JSON.parse((await tengym('stats', '--env', 'tens', '--episodes', '3', '--json=true')).stdout).episodes).toBe(
      3,
    );
    const r = spawnSync(process.execPath, [BIN, 'hint', '--env', 'tens', '--state', '-'], {
      encoding: 'utf8',
      input: '',
    });
    expect(r.stderr).toMatch(/^tengym: bad state: the input is empty/);
  });

  it('a run folder given as a model points at its best/', async () => {
    const run = mkdtempSync(join(tmpdir(), 'tengym-run-'));
    try {
      cpSync(join(REPO, 'models/decade'), join(run, 'best'), { recursive: true });
      const r = await tengym('eval', '--env', 'decade', '--agents', run, '--episodes', '2', '--workers', '0');
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `tengym: no model at "${run}": it has no model.json (a training run: its best model is ` +
          `${join(run, 'best')}/)\n`,
      );
    } finally {
      rmSync(run, { recursive: true, force: true });
    }
  });

  it('start --env without a shipped model lists the envs that have one', async () => {
    const r = await tengym('start', '--env', 'tens', '--episodes', '10');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'tengym: no model is shipped for tens; envs with a model: decade, decade-loop, decade-fives, ' +
        'ten-twenty-thirty, four-ten (tengym eval --env tens --agents … compares its baselines)\n',
    );
  });
});
