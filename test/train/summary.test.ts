// What `tengym train` says at the end of a run: the comparison it suggests plays fresh deals (the
// held-out deals chose best/, so on them best/ is favoured), with the run's options after a resume too. The runs
// are in the test's process (tengymHere); the comparison it suggests runs as printed, in a shell.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configFile as writeConfig, tengymHere } from '../helpers/cli.js';
import { commonConfigFields, EVAL_SEED, FRESH_SEED, MAX_TRAIN_SEED } from '../../src/train/algorithm.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'tengym-summary-'));

/**
 * A tiny PPO config for decade: about 800 env steps per iteration, 5 held-out deals (what a run says is tested, not
 * what it learns: at 20 deals the evaluations were half a run's time).
 */
const TINY = {
  numEnvs: 8,
  rolloutSteps: 4,
  hidden: [16],
  minibatchSize: 16,
  epochs: 1,
  evalEpisodes: 5,
  evalReference: 'first',
};

const configFile = (dir: string, config: object = TINY) => writeConfig(dir, config);

describe('the comparison a run suggests', () => {
  it('plays fresh deals: seeds no run deals in training and no held-out evaluation plays', async () => {
    const { numEnvs, evalEpisodes } = commonConfigFields;
    // Copy i of a run first deals seed + i; held-out deal i is EVAL_SEED + i.
    expect(FRESH_SEED).toBeGreaterThan(MAX_TRAIN_SEED + numEnvs.unwrap().maxValue! - 1);
    expect(FRESH_SEED).toBeGreaterThan(EVAL_SEED + evalEpisodes.unwrap().maxValue! - 1);
  });

  it("names the fresh deals and the run's options, also after a resume that does not give them", async () => {
    const dir = tmp();
    const out = join(dir, 'run');
    const expected = new RegExp(
      `^model: ${out}/best \\(compare on fresh deals: tengym eval --env decade --options ` +
        `'\\{"discard":"optional"\\}' --agents ${out}/best,first --reference first --seed ${FRESH_SEED} ` +
        `--episodes 5\\)$`,
      'm',
    );
    const first = await tengymHere(
      'train',
      '--env',
      'decade',
      '--options',
      '{"discard":"optional"}',
      '--algo',
      'ppo',
      '--steps',
      '800',
      '--config',
      configFile(dir),
      '--out',
      out,
    );
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(expected);
    expect(first.stdout).not.toMatch(/--seed 1000000000/);
    const resumed = await tengymHere('train', '--out', out, '--resume', '--steps', '1600');
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(expected);
  });
});

describe('the commands a run prints', () => {
  it('run as printed where the run folder has a space in its name', async () => {
    const out = join(tmp(), 'run 2');
    const r = await tengymHere(
      'train',
      '--env',
      'decade',
      '--algo',
      'ppo',
      '--steps',
      '800',
      '--config',
      configFile(tmp()),
      '--out',
      out,
    );
    expect(r.code, r.stderr).toBe(0);
    const command = /compare on fresh deals: (tengym eval .*)\)$/m.exec(r.stdout)![1];
    expect(command).toContain(`--agents '${out}/best,first'`);
    const bin = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
    const run = spawnSync(
      'sh',
      ['-c', command.replace(/^tengym /, `'${process.execPath}' '${bin}' `).replace('--episodes 5', '--episodes 3')],
      { encoding: 'utf8', env: { ...process.env, TENGYM_QUIET: '1' } },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/run 2\/best/);
    // best − the run's reference, as the run's own summary says it: the reference row is the reference.
    expect(run.stdout).toMatch(/^first .*\(reference\)/m);
  });
});

describe('a run that made no gradient update', () => {
  // An afterstate run that ends before its replay ring holds learningStarts samples. The afterstate runs of this file
  // evaluate on 3 held-out deals: what they say of their updates is the claim, not what they learn.
  const WAITING = {
    numEnvs: 8,
    hidden: [16],
    evalEpisodes: 3,
    evalReference: 'first',
    bufferSize: 2000,
    learningStarts: 2000,
  };

  it('says so, with the samples gathered and what to do, in the summary and in the --json end record', async () => {
    const dir = tmp();
    const r = await tengymHere(
      'train',
      '--env',
      'decade',
      '--algo',
      'afterstate',
      '--steps',
      '1500',
      '--config',
      configFile(dir, WAITING),
      '--out',
      join(dir, 'run'),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        String.raw`^warning: no gradient update in \d+ env steps, so best\/ is the untrained network: ` +
          String.raw`learningStarts not reached \(\d+ decision samples gathered of the 2000 needed before the first ` +
          String.raw`update\); give more --steps \(about \d+ at this run's rate\) or a smaller learningStarts ` +
          String.raw`\(--config\)$`,
        'm',
      ),
    );
    const json = await tengymHere(
      'train',
      '--env',
      'decade',
      '--algo',
      'afterstate',
      '--steps',
      '1500',
      '--config',
      configFile(dir, WAITING),
      '--out',
      join(dir, 'json'),
      '--json',
    );
    expect(json.code, json.stderr).toBe(0);
    const end = JSON.parse(json.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(end).toMatchObject({
      type: 'end',
      updates: 0,
      untrained: expect.stringMatching(
        /^no gradient update in \d+ env steps, so best\/ is the untrained network: learningStarts not reached/,
      ),
    });
  });

  it("says when the copies' first deals alone passed --steps, so that no iteration ran", async () => {
    const dir = tmp();
    const r = await tengymHere(
      'train',
      '--env',
      'decade',
      '--algo',
      'afterstate',
      '--steps',
      '3000',
      '--config',
      configFile(dir, {
        hidden: [16],
        bufferSize: 2000,
        learningStarts: 500,
        evalEpisodes: 3,
        evalReference: 'first',
      }),
      '--out',
      join(dir, 'run'),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        String.raw`^note: \d+ env steps for --steps 3000: dealing the numEnvs = 128 copies their first deals, ` +
          'forced moves included, took them all, so no iteration ran; give more --steps or a smaller ' +
          'numEnvs$',
        'm',
      ),
    );
    expect(r.stdout).not.toMatch(/training runs whole iterations/);
  });

  it('is not said of a run that trained', async () => {
    const dir = tmp();
    const r = await tengymHere(
      'train',
      '--env',
      'decade',
      '--algo',
      'ppo',
      '--steps',
      '800',
      '--config',
      configFile(dir),
      '--out',
      join(dir, 'run'),
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    const end = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(end).toMatchObject({ type: 'end', untrained: null });
    expect(end.updates).toBeGreaterThan(0);
  });
});

describe('a run whose updates never beat its start', () => {
  it('says best/ is the network it started with, and only then', async () => {
    const dir = tmp();
    // A learning rate too small to change a greedy move: every evaluation is the first one again.
    const still = await tengymHere(
      'train',
      '--env',
      'decade',
      '--algo',
      'ppo',
      '--steps',
      '4000',
      '--config',
      configFile(dir, { ...TINY, learningRate: 1e-12 }),
      '--out',
      join(dir, 'still'),
    );
    expect(still.code, still.stderr).toBe(0);
    expect(still.stdout).toMatch(
      new RegExp(
        String.raw`^note: best\/ is the network the run started with: none of its \d+ later evaluations beat the ` +
          'first on the held-out deals$',
        'm',
      ),
    );
    const moved = await tengymHere(
      'train',
      '--env',
      'decade',
      '--algo',
      'ppo',
      '--steps',
      '4000',
      '--config',
      configFile(dir, { ...TINY, learningRate: 0.01 }),
      '--out',
      join(dir, 'moved'),
    );
    expect(moved.code, moved.stderr).toBe(0);
    // An evaluation line ends with "best" where it replaced best/: the note goes with the first one alone.
    for (const run of [still, moved]) {
      const improved = run.stdout.split('\n').filter((line) => /^steps .* best$/.test(line)).length;
      expect(run.stdout.includes('note: best/ is the network the run started with'), run.stdout).toBe(improved === 1);
    }
  });
});

describe('a run that evaluates fewer than ten times', () => {
  it('says so when its iterations are longer than evalEvery, which the schedule cannot tell at the start', async () => {
    // evalEvery is a tenth of the run, 400 env steps; an iteration of 32 decisions is about 800.
    const dir = tmp();
    const r = await tengymHere(
      'train',
      '--env',
      'decade',
      '--algo',
      'ppo',
      '--steps',
      '4000',
      '--config',
      configFile(dir),
      '--out',
      join(dir, 'run'),
    );
    expect(r.code, r.stderr).toBe(0);
    const evaluations = r.stdout.split('\n').filter((l) => l.startsWith('steps ')).length;
    expect(evaluations).toBeLessThanOrEqual(10);
    expect(r.stdout).toMatch(
      new RegExp(
        `^note: the run evaluated ${evaluations} times in \\d+ env steps, not 11 as evalEvery 400 schedules: ` +
          `an evaluation waits for the end of the iteration under way, and an iteration took about \\d+ env ` +
          `steps \\(a rollout of numEnvs × rolloutSteps = 32 decisions\\); --steps \\d+ or more gives a curve ` +
          `of 11 points$`,
        'm',
      ),
    );
  });

  it('the afterstate learner too', async () => {
    const dir = tmp();
    const r = await tengymHere(
      'train',
      '--env',
      'decade',
      '--algo',
      'afterstate',
      '--steps',
      '3000',
      '--config',
      configFile(dir, { numEnvs: 16, hidden: [16], evalEpisodes: 3, evalReference: 'first', learningStarts: 100 }),
      '--out',
      join(dir, 'run'),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        String.raw`^note: the run evaluated \d+ times in \d+ env steps, not 11 as evalEvery 300 schedules: .* \(a ` +
          String.raw`round of numEnvs = 16 decisions\)`,
        'm',
      ),
    );
  });
});
