// `train --steps N` trains whole iterations: the summary says why it ended past N.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nothingLeftNote, startNotes, stepsNote } from '../../src/cli/commands/train.js';
import type { CommonConfig } from '../../src/train/algorithm.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const tengym = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, TENGYM_QUIET: '1' } });

describe('train --steps', () => {
  it('says why a run ended past --steps, and nothing when it stopped there', () => {
    expect(stepsNote(219_112, { totalSteps: 200_000, numEnvs: 64, rolloutSteps: 16 })).toBe(
      'note: 219112 env steps for --steps 200000: training runs whole iterations (a rollout of numEnvs × ' +
        'rolloutSteps = 1024 decisions, forced moves counting as env steps too) and stops after the one that ' +
        'reaches the limit',
    );
    expect(stepsNote(200_000, { totalSteps: 200_000, numEnvs: 64 })).toBeNull();
    expect(stepsNote(200_100, { totalSteps: 200_000, numEnvs: 64 })).toMatch(/\(a round of numEnvs = 64 decisions,/);
    // No iteration at all: the copies' first deals alone passed --steps.
    expect(stepsNote(3238, { totalSteps: 3000, numEnvs: 128 }, false)).toBe(
      'note: 3238 env steps for --steps 3000: dealing the numEnvs = 128 copies their first deals, forced ' +
        'moves included, took them all, so no iteration ran; give more --steps or a smaller numEnvs',
    );
    // The limit from a config file's totalSteps, no --steps given: named as what set it.
    expect(stepsNote(200_100, { totalSteps: 200_000, numEnvs: 64 }, true, false)).toMatch(
      /^note: 200100 env steps for totalSteps 200000: /,
    );
  });

  it("a resume whose --steps is below the run's own total says it shortens the run", () => {
    const config = { totalSteps: 40_000, evalEvery: 4_000 } as CommonConfig;
    const info = { algo: 'dqn', env: 'four-ten', options: {}, config, resumedFrom: 16_018, backend: 'wasm' };
    expect(startNotes({ ...info, totalStepsBefore: 80_000 }, true)).toEqual([
      'note: --steps 40000 shortens this run, which was to train 80000 steps; what the config schedules over ' +
        "totalSteps (the learning rate's annealing, ε) follows 40000 from here",
    ]);
    expect(startNotes({ ...info, totalStepsBefore: 20_000 }, true)).toEqual([]);
    expect(startNotes(info, true)).toEqual([]);
  });

  it('a resumed run that has already trained --steps says there is nothing left to train, not why it ended past ' +
    'them', () => {
    expect(nothingLeftNote(null, 3000)).toBeNull();
    expect(nothingLeftNote(2000, 3000)).toBeNull();
    expect(nothingLeftNote(3120, 3000)).toBe(
      'note: nothing left to train: the run has trained 3120 env steps, and --steps is 3000 (a --steps above ' +
        '3120 extends it)',
    );
    expect(nothingLeftNote(3120, 3000, false)).toBe(
      'note: nothing left to train: the run has trained 3120 env steps, and its totalSteps is 3000 (a --steps ' +
        'above 3120 extends it)',
    );
    const dir = mkdtempSync(join(tmpdir(), 'tengym-steps-'));
    try {
      const config = join(dir, 'config.json');
      writeFileSync(
        config,
        JSON.stringify({
          numEnvs: 8,
          rolloutSteps: 4,
          hidden: [16],
          minibatchSize: 16,
          epochs: 1,
          evalEvery: 1000,
          evalEpisodes: 20,
          evalReference: 'first',
        }),
      );
      const out = join(dir, 'run');
      const first = tengym(
        'train',
        '--env',
        'decade',
        '--algo',
        'ppo',
        '--config',
        config,
        '--steps',
        '2000',
        '--out',
        out,
      );
      expect(first.status, first.stderr).toBe(0);
      const trained = Number(/^(\d+) env steps, /m.exec(first.stdout)![1]);
      for (const steps of ['1000', String(trained)]) {
        const again = tengym('train', '--out', out, '--resume', '--steps', steps);
        expect(again.status, again.stderr).toBe(0);
        expect(again.stdout).toContain(
          `note: nothing left to train: the run has trained ${trained} env steps, and --steps is ${steps} (a ` +
            `--steps above ${trained} extends it)\n`,
        );
        expect(again.stdout).not.toMatch(/training runs whole iterations|evaluates \d+ times in/);
      }
      // No --steps: the limit is the run's own.
      const plain = tengym('train', '--out', out, '--resume');
      expect(plain.status, plain.stderr).toBe(0);
      expect(plain.stdout).toContain(
        `note: nothing left to train: the run has trained ${trained} env steps, and its totalSteps is 2000 (a ` +
          `--steps above ${trained} extends it)\n`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
