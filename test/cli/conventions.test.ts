// The command line's conventions: one name per flag across commands (old names kept as
// aliases), "did you mean" for mistyped flags, a run folder given for a model pointing at best/,
// and a built CLI that runs as its own program.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const REPO = fileURLToPath(new URL('../../', import.meta.url));

function tengym(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, TENGYM_QUIET: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the built CLI', () => {
  it('is executable, so `npx tengym` runs it after a rebuild (npm sets the mode only when it first links the bin)', () => {
    expect(statSync(BIN).mode & 0o111).toBe(0o111);
    const r = spawnSync(BIN, ['--version'], { encoding: 'utf8' });
    expect(r.error).toBeUndefined();
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('flag names', () => {
  it('eval takes --agent for one agent, as hint and play do', () => {
    const r = tengym('eval', '--env', 'decade', '--agent', 'longest', '--episodes', '3', '--workers', '0');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^longest /m);
  });

  it('suggests the flag meant', () => {
    const r = tengym('eval', '--env', 'decade', '--agents', 'longest', '--option', '{}');
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe('tengym: Unknown argument: option (did you mean --options?)');
    expect(tengym('hint', '--env', 'decade', '--tp', '3').stderr.split('\n')[0]).toBe('tengym: Unknown argument: tp (did you mean --top?)');
  });

  it('a run folder given as a model points at its best/', () => {
    const run = mkdtempSync(join(tmpdir(), 'tengym-run-'));
    try {
      cpSync(join(REPO, 'models/decade'), join(run, 'best'), { recursive: true });
      const r = tengym('eval', '--env', 'decade', '--agents', run, '--episodes', '2', '--workers', '0');
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`tengym: no model at "${run}": it has no model.json (a training run: its best model is ${join(run, 'best')}/)\n`);
    } finally {
      rmSync(run, { recursive: true, force: true });
    }
  });

  it('start --env without a shipped model lists the envs that have one', () => {
    const r = tengym('start', '--env', 'tens', '--episodes', '10');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('tengym: no model is shipped for tens; envs with a model: decade, decade-loop, decade-fives, ten-twenty-thirty, four-ten (tengym eval --env tens --agents … compares its baselines)\n');
  });
});
