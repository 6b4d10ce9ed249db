// The command lines of the programs run beside the CLI (src/node/program-args.ts): the research
// programs (run from their sources, research/*.ts, with tsx) and the page measurement (from dist/).
// Run as a user runs them: --help prints the usage and exits 0 before any work starts (the last
// one would otherwise solve for minutes); a flag the program does not have is named, with the
// usage, and exits 2; no stack trace either way.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envIds } from '../../src/env/registry.js';
import { fullScale, sampled } from '../helpers/scale.js';

/** Each program, with the command line that runs it as its usage spells it. */
const programs = [
  ...readdirSync('research')
    .filter((f) => f.endsWith('.ts') && f !== 'game-values-file.ts')
    .map((f) => `npx tsx research/${f}`),
  'node dist/page-harness/measure.js',
];

const TSX = 'node_modules/.bin/tsx';
/** The programs whose refusal of an unknown flag is run: every one at full scale, a spread of three below it. */
const unknownFlagChecked = sampled(programs, 3);
/**
 * The programs whose --help is run: every one at full scale; below it the first (-h too) and a spread of two of those
 * whose refusal is not run, so that the two checks (a tsx start each, about 1.7 s of processor time) see five
 * programs' usage between them. Each program reads its flags through programArgs, so more showed nothing more.
 */
const unrefused = programs.slice(1).filter((p) => !unknownFlagChecked.includes(p));
const helpChecked = fullScale ? programs : [programs[0], ...sampled(unrefused, 2)];

function run(program: string, args: string[]) {
  const [runner, file] = program.replace(/^npx /, '').split(' ');
  const argv = runner === 'tsx' ? [TSX, file] : [process.execPath, file];
  return spawnSync(argv[0], [...argv.slice(1), ...args], { encoding: 'utf8', timeout: 60_000 });
}

describe.each(programs)('%s', (program) => {
  // -h is read by programArgs before any program's own flags, so one program shows it (the first).
  it.runIf(helpChecked.includes(program))('--help prints its usage and exits 0 at once', () => {
    for (const flag of program === programs[0] ? ['--help', '-h'] : ['--help']) {
      const r = run(program, [flag]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout.startsWith(`Usage:\n  ${program}`)).toBe(true);
      expect(r.stderr).toBe('');
    }
  });

  // Every program refuses through programArgs alike: below full scale a spread of three shows it (a tsx start each).
  it.runIf(unknownFlagChecked.includes(program))(
    'an unknown flag is named beside the usage, exit 2, no stack trace',
    () => {
      const r = run(program, ['--no-such-flag', '1']);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/Unknown option '--no-such-flag'/);
      expect(r.stderr).toContain(`Usage:\n  ${program}`);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe('');
    },
  );
});

describe('a program given what it cannot use', () => {
  it('says it as the CLI does, exit 2, no stack trace (an unknown agent)', () => {
    const r = run('npx tsx research/follow-hints.ts', [
      '--env',
      'decade',
      '--games',
      '1',
      '--sources',
      'default',
      '--agents',
      'nope',
    ]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^unknown agent "nope" for decade; agents for decade: random, first, /);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('the page measurement knows every game: an unknown id is named beside the registered ones', () => {
    const r = run('node dist/page-harness/measure.js', ['--envs', 'nope']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`unknown env "nope"; registered ids: ${envIds().join(', ')}`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("follow-hints off Four Ten defaults to the env's own hints beside first, not to Four Ten's agents", () => {
    const r = run('npx tsx research/follow-hints.ts', ['--env', 'decade-optional', '--games', '2']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(
      r.stdout
        .split('\n')
        .slice(1, 3)
        .map((line) => line.split(/\s{2,}/)[0]),
    ).toEqual(['default', 'agent first']);
  });
});
