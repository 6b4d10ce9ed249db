// Ctrl-C (and SIGTERM): eval prints the agents that finished their deals as a table; train says how to resume.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { interruptedSentence } from '../../src/cli/commands/eval.js';
import { RUN_LOCK } from '../../src/train/checkpoint.js';
import { tengymHere } from '../helpers/cli.js';
import { cpuSeconds } from '../helpers/process.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/**
 * The deals of an eval to be stopped, and the processor seconds it is given before the signal: longest plays its 2,000
 * deals in about 1.1 (start-up and its worker thread included), pimc its 2,000 in some 8 to 18, so the signal comes
 * once the first has finished, long before the second has. 5,000 deals and 4 s showed the same at 1.5 s more a run.
 */
const DEALS = '2000';
const CUT_CPU = 2.5;
/** The sentence a cut-short eval of longest and pimc says, longest having finished. */
const LONGEST_DONE = /^interrupted: 1 of 2 agents played all 2000 deals \(pimc was at \d+ of 2000\)$/m;

/**
 * A PPO run small enough to start in a second, held-out evaluations every 1,000 steps: `heldOut` sets their size and
 * reference.
 */
function writeTinyPpoConfig(path: string, heldOut: { evalEpisodes: number; evalReference: string }): void {
  writeFileSync(
    path,
    JSON.stringify({
      numEnvs: 8,
      rolloutSteps: 4,
      hidden: [16],
      minibatchSize: 16,
      epochs: 1,
      evalEvery: 1000,
      ...heldOut,
    }),
  );
}

/**
 * A training run to be interrupted: 10 million steps of a small network evaluated on 20 deals (its first evaluation,
 * at the start, comes in a second, not a minute), into a new folder `out` whose parent the test removes.
 */
function longTrainRun(): { out: string; args: string[] } {
  const out = join(mkdtempSync(join(tmpdir(), 'tengym-train-')), 'run');
  const config = join(out, '..', 'config.json');
  writeTinyPpoConfig(config, { evalEpisodes: 20, evalReference: 'first' });
  const args = ['train', '--env', 'decade', '--algo', 'ppo', '--steps', '10000000', '--eval-every', '20000'];
  return { out, args: [...args, '--config', config, '--out', out] };
}

/** Runs tengym, sends `signal` (SIGINT unless given) once stdout matches `ready`, and resolves with what it printed. */
function interruptWhen(
  args: string[],
  ready: RegExp,
  signal: NodeJS.Signals = 'SIGINT',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, TENGYM_QUIET: '1' } });
    let stdout = '';
    let stderr = '';
    let sent = false;
    const check = () => {
      if (!sent && ready.test(stdout)) {
        sent = true;
        child.kill(signal);
      }
    };
    child.stdout.on('data', (d) => {
      stdout += d;
      check();
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Runs tengym, sends `signal` (SIGINT unless given) once it has used `cpu` seconds of processor time, and resolves with
 * what it printed. Processor time, not time on the clock: an agent's deals take the same whatever else the machine
 * runs, so the signal lands at the same point of the run on a busy machine as on a quiet one. Without /proc, after
 * 8 s on the clock.
 */
function interruptAfterCpu(
  args: string[],
  cpu: number,
  signal: NodeJS.Signals = 'SIGINT',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, TENGYM_QUIET: '1' } });
    const started = performance.now();
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const poll = setInterval(() => {
      const used = cpuSeconds(child.pid!);
      if (used === null ? performance.now() - started >= 8000 : used >= cpu) {
        clearInterval(poll);
        child.kill(signal);
      }
    }, 50);
    child.on('close', (code) => {
      clearInterval(poll);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * `eval --json` of longest then pimc, stopped by Ctrl-C: what two tests read (the fields of the report, and what it
 * holds), from one run.
 */
let longestThenPimcCut: ReturnType<typeof interruptAfterCpu> | undefined;
function longestThenPimcJsonCut(): ReturnType<typeof interruptAfterCpu> {
  longestThenPimcCut ??= interruptAfterCpu(
    ['eval', '--env', 'decade', '--agents', 'longest,pimc', '--episodes', DEALS, '--workers', '1', '--json'],
    CUT_CPU,
  );
  return longestThenPimcCut;
}

/**
 * `eval --json` of pimc then longest, longest the reference (so played first), stopped by SIGTERM: the SIGTERM test
 * and the reference's test read one run.
 */
let referenceLaterCut: ReturnType<typeof interruptAfterCpu> | undefined;
function referenceLaterTermCut(): ReturnType<typeof interruptAfterCpu> {
  referenceLaterCut ??= interruptAfterCpu(
    [
      'eval',
      '--env',
      'decade',
      '--agents',
      'pimc,longest',
      '--reference',
      'longest',
      '--episodes',
      DEALS,
      '--workers',
      '1',
      '--json',
    ],
    CUT_CPU,
    'SIGTERM',
  );
  return referenceLaterCut;
}

/** Runs tengym to its end: its exit code and what it printed. */
function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, TENGYM_QUIET: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Like `interruptWhen`, also timing how long the process took to end after the signal. */
function interruptTimed(
  args: string[],
  ready: RegExp,
): Promise<{ code: number | null; stderr: string; secondsAfterSignal: number }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, TENGYM_QUIET: '1' } });
    let stdout = '';
    let stderr = '';
    let sentAt = 0;
    child.stdout.on('data', (d) => {
      stdout += d;
      if (sentAt === 0 && ready.test(stdout)) {
        sentAt = performance.now();
        child.kill('SIGINT');
      }
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stderr, secondsAfterSignal: (performance.now() - sentAt) / 1000 }));
  });
}

describe('Ctrl-C', () => {
  it('eval prints the games already played, as a table', async () => {
    // No output before the end but the interruption: SIGINT goes once the workers run (the first agent is fast).
    const { code, stdout } = await interruptAfterCpu(
      ['eval', '--env', 'decade', '--agents', 'longest,pimc', '--episodes', DEALS, '--workers', '1'],
      CUT_CPU,
    );
    expect(code).toBe(130);
    expect(stdout).toMatch(LONGEST_DONE);
    // Headed as a whole run's table is: the env and options played, and the deals.
    expect(stdout).toMatch(
      /^decade \{"stacks":1,.*\} · 2000 deals from seed 0 · same deals for every agent\n\nagent +win rate/m,
    );
    expect(stdout).toMatch(/^longest +\d+\.\d\d%/m);
  }, 60_000);

  it('eval --json cut short has every field a whole report has, startupSeconds among them, whether an agent had ' +
    'finished or not', async () => {
    // The whole run and the two cut short are independent: they run side by side.
    const cases = [
      ['longest,pimc', ['longest']],
      ['pimc,longest', []],
    ] as const;
    const [whole, ...cut] = await Promise.all([
      run(['eval', '--env', 'decade', '--agents', 'longest', '--episodes', '10', '--workers', '1', '--json']),
      ...cases.map(([agents]) =>
        agents === 'longest,pimc'
          ? longestThenPimcJsonCut()
          : interruptAfterCpu(
              ['eval', '--env', 'decade', '--agents', agents, '--episodes', DEALS, '--workers', '1', '--json'],
              CUT_CPU,
            ),
      ),
    ]);
    expect(whole.code, whole.stderr).toBe(0);
    const complete = JSON.parse(whole.stdout) as { startupSeconds: number; results: object[] };
    expect(complete.startupSeconds).toBeGreaterThan(0);
    // longest finished, pimc cut short; then pimc, the reference, cut short before any agent finished.
    for (const [i, [, finished]] of cases.entries()) {
      const { code, stdout } = cut[i];
      expect(code).toBe(130);
      const report = JSON.parse(stdout) as {
        startupSeconds: number;
        interrupted: boolean;
        results: { agent: string }[];
      };
      expect(report.results.map((r) => r.agent)).toEqual(finished);
      expect(Object.keys(report)).toEqual([...Object.keys(complete), 'interrupted']);
      expect(report.startupSeconds).toBeGreaterThan(0);
      if (report.results.length > 0) expect(Object.keys(report.results[0])).toEqual(Object.keys(complete.results[0]));
    }
  }, 120_000);

  it('eval stopped before a later-listed reference has finished still compares with it: the reference plays ' +
    'first', async () => {
    // The SIGTERM test's run: which signal stops it changes nothing of what had been played.
    const { code, stdout } = await referenceLaterTermCut();
    expect(code).toBe(143);
    const report = JSON.parse(stdout) as { reference: string; results: { agent: string }[] };
    expect(report.reference).toBe('longest');
    expect(report.results.map((r) => r.agent)).toEqual(['longest']);
  }, 60_000);

  it('eval --json prints the games already played as its JSON, ' +
    'marked interrupted, and the sentence on stderr', async () => {
    const { code, stdout, stderr } = await longestThenPimcJsonCut();
    expect(code).toBe(130);
    const report = JSON.parse(stdout) as {
      interrupted: boolean;
      episodes: number;
      reference: string;
      results: { agent: string; winRate: number }[];
    };
    expect(report).toMatchObject({ interrupted: true, episodes: 2000, reference: 'longest' });
    expect(report.results.map((r) => r.agent)).toEqual(['longest']);
    expect(stderr).toMatch(LONGEST_DONE);
  }, 60_000);

  it('eval stopped by SIGTERM (kill, a batch scheduler) prints what was played as Ctrl-C does, and exits with ' +
    '143', async () => {
    // pimc, then longest as the reference, which plays first: the reference's test reads the same run.
    const { code, stdout, stderr } = await referenceLaterTermCut();
    expect(code).toBe(143);
    const report = JSON.parse(stdout) as { interrupted: boolean; results: { agent: string }[] };
    expect(report.interrupted).toBe(true);
    expect(report.results.map((r) => r.agent)).toEqual(['longest']);
    expect(stderr).toMatch(LONGEST_DONE);
  }, 60_000);

  it(
    'the sentence names the agent playing when stopped, at 0 deals until its progress names it, not the one ' +
      'before it',
    () => {
      const agents = ['greedy', './mine.mjs', 'optimal'];
      // ./mine.mjs finished its 300 deals, optimal has reported none yet.
      expect(
        interruptedSentence(agents, 'greedy', ['greedy', './mine.mjs'], 300, { agent: './mine.mjs', deals: 300 }),
      ).toBe('interrupted: 2 of 3 agents played all 300 deals (optimal was at 0 of 300)');
      expect(
        interruptedSentence(agents, 'greedy', ['greedy', './mine.mjs'], 300, { agent: 'optimal', deals: 12 }),
      ).toBe('interrupted: 2 of 3 agents played all 300 deals (optimal was at 12 of 300)');
      // The reference plays first, wherever --agents lists it.
      expect(interruptedSentence(agents, 'optimal', [], 300, { agent: '', deals: 0 })).toBe(
        'interrupted: 0 of 3 agents played all 300 deals (optimal was at 0 of 300)',
      );
      expect(interruptedSentence(agents, 'optimal', ['optimal'], 300, { agent: 'optimal', deals: 300 })).toBe(
        'interrupted: 1 of 3 agents played all 300 deals (greedy was at 0 of 300)',
      );
    },
  );

  it('eval --json --per-deal gives its whole JSON through a pipe, however long', async () => {
    // `first` plays its 20,000 deals in some 1.6 processor seconds, the start included; the report is then some
    // 190 KB, about three times what a pipe holds at once (40,000 deals and 6 s showed the same).
    const { code, stdout } = await interruptAfterCpu(
      [
        'eval',
        '--env',
        'decade',
        '--agents',
        'first,pimc',
        '--episodes',
        '20000',
        '--workers',
        '1',
        '--json',
        '--per-deal',
      ],
      CUT_CPU + 1,
    );
    expect(code).toBe(130);
    expect(stdout.length).toBeGreaterThan(150_000);
    const report = JSON.parse(stdout) as {
      interrupted: boolean;
      results: { agent: string; deals: { won: number[] } }[];
    };
    expect(report.interrupted).toBe(true);
    expect(report.results.map((r) => [r.agent, r.deals.won.length])).toEqual([['first', 20000]]);
  }, 60_000);

  it('train says how to resume', async () => {
    const { out, args } = longTrainRun();
    try {
      const r = await interruptWhen(args, /^steps /m);
      expect(r.code).toBe(130);
      expect(r.stderr).toContain(`interrupted; resume with: tengym train --out ${out} --resume\n`);
      // And what the resume keeps: the checkpoint of the last evaluation, not the steps since.
      expect(r.stderr).toMatch(
        new RegExp(
          String.raw`\nit continues from the last checkpoint, at \d+ env steps( of the \d+ trained)? \(one is ` +
            String.raw`written at each evaluation: --eval-every\)\n`,
        ),
      );
    } finally {
      rmSync(join(out, '..'), { recursive: true, force: true });
    }
  }, 120_000);

  it('train --json interrupted ends its records with one saying where a resume continues', async () => {
    const { out, args } = longTrainRun();
    try {
      const r = await interruptWhen([...args, '--json'], /"type":"evaluation"/);
      expect(r.code).toBe(130);
      const last = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
      expect(last).toEqual({
        type: 'interrupted',
        out,
        signal: 'SIGINT',
        envSteps: expect.any(Number),
        checkpointEnvSteps: expect.any(Number),
        resume: `tengym train --out ${out} --resume`,
      });
      // The checkpoint is the first evaluation's, the one record before.
      const evaluation = JSON.parse(r.stdout.trim().split('\n').at(-2)!) as { type: string; envSteps: number };
      expect(evaluation.type).toBe('evaluation');
      expect(last.checkpointEnvSteps).toBe(evaluation.envSteps);
    } finally {
      rmSync(join(out, '..'), { recursive: true, force: true });
    }
  }, 120_000);

  it('train stopped by SIGTERM (kill, a batch scheduler) says how ' +
    'to resume, exits 143 and leaves no lock', async () => {
    const { out, args } = longTrainRun();
    try {
      const r = await interruptWhen([...args, '--json'], /"type":"evaluation"/, 'SIGTERM');
      expect(r.code, r.stderr).toBe(143);
      expect(r.stderr).toContain(`interrupted; resume with: tengym train --out ${out} --resume\n`);
      expect(JSON.parse(r.stdout.trim().split('\n').at(-1)!)).toMatchObject({
        type: 'interrupted',
        signal: 'SIGTERM',
        resume: `tengym train --out ${out} --resume`,
      });
      expect(existsSync(join(out, RUN_LOCK))).toBe(false);
    } finally {
      rmSync(join(out, '..'), { recursive: true, force: true });
    }
  }, 120_000);

  it('train leaves no temporary files in the run folder, even when Ctrl-C comes during an evaluation', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tengym-train-'));
    const out = join(dir, 'run');
    const config = join(dir, 'config.json');
    // Held-out evaluations of 3,000 deals: Ctrl-C lands inside the first, just before its files are written.
    writeTinyPpoConfig(config, { evalEpisodes: 3000, evalReference: 'first' });
    try {
      const r = await interruptWhen(
        ['train', '--env', 'decade', '--algo', 'ppo', '--steps', '10000', '--config', config, '--out', out],
        /^config /m,
      );
      expect(r.code).toBe(130);
      expect(readdirSync(out).filter((name) => name.includes('.tmp-'))).toEqual([]);
      // Nor the lock that kept other runs out: the folder is free for the resume.
      expect(readdirSync(out)).not.toContain('tengym-run.lock');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('train interrupted as it extends a finished run says to resume with the new --steps, which --resume alone ' +
    'would not train', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tengym-train-'));
    const out = join(dir, 'run');
    const config = join(dir, 'config.json');
    writeTinyPpoConfig(config, { evalEpisodes: 10, evalReference: 'first' });
    try {
      // The finished run, in this process: only the extension's interruption needs one of its own.
      const first = await tengymHere(
        'train',
        '--env',
        'decade',
        '--algo',
        'ppo',
        '--steps',
        '1000',
        '--config',
        config,
        '--out',
        out,
      );
      expect(first.code, first.stderr).toBe(0);
      // Interrupted before the extension's first checkpoint: the run's total is still 1000.
      const r = await interruptWhen(['train', '--out', out, '--resume', '--steps', '5000000'], /^config /m);
      expect(r.code).toBe(130);
      expect(r.stderr).toContain(`interrupted; resume with: tengym train --out ${out} --resume --steps 5000000\n`);
      expect(r.stderr).toMatch(
        new RegExp(
          String.raw`\nit continues from the last checkpoint, at \d+ env steps \(one is written at each ` +
            String.raw`evaluation: --eval-every\)\n`,
        ),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('train stops within a moment of Ctrl-C during a held-out ' +
    'evaluation, which can hold the thread for minutes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tengym-train-'));
    const config = join(dir, 'config.json');
    // pimc as the reference on 10,000 held-out deals: about half a minute of play on one core before the first
    // evaluation's figures.
    writeTinyPpoConfig(config, { evalEpisodes: 10000, evalReference: 'pimc' });
    try {
      const r = await interruptTimed(
        [
          'train',
          '--env',
          'decade',
          '--algo',
          'ppo',
          '--steps',
          '10000',
          '--config',
          config,
          '--out',
          join(dir, 'run'),
        ],
        /^config /m,
      );
      expect(r.code, r.stderr).toBe(130);
      expect(r.stderr).toContain('interrupted; resume with: tengym train --out ');
      expect(r.secondsAfterSignal).toBeLessThan(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
