// `tengym train` as a user types it: --json, a learning curve of at least eleven points,
// --eval-every, and run directories: never overwrite what tengym did not write, leave no
// empty directory after a refusal, and no checkpoint-old/ after a resume. The commands run in
// the test's process (tengymHere): a process each, with TensorFlow.js started in every one, cost
// three times as long; test/train/kill.test.ts and test/cli/interrupt.test.ts keep the processes.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFile as writeConfig, tengymHere } from '../helpers/cli.js';
import { checkRunDirectory } from '../../src/train/checkpoint.js';
import { train } from '../../src/train/trainer.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'tengym-runs-'));

/**
 * A tiny PPO config for decade without evalEvery: about 800 env steps per iteration. 5 held-out deals an evaluation:
 * these runs test what is written and said, not what is learned, and at 20 the evaluations were half their time.
 */
const TINY = {
  numEnvs: 8,
  rolloutSteps: 4,
  hidden: [16],
  minibatchSize: 16,
  epochs: 2,
  evalEpisodes: 5,
  evalReference: 'first',
};

const configFile = (dir: string, config: object = TINY) => writeConfig(dir, config);

let finished: Promise<string> | undefined;
/**
 * A copy of one finished 500-step run, trained once for the file: the tests that damage a run as a kill would, then
 * resume it, each take a copy of their own.
 */
async function finishedRunCopy(): Promise<string> {
  finished ??= (async () => {
    const dir = tmp();
    const out = join(dir, 'run');
    const r = await tengymHere(
      'train',
      '--env',
      'decade',
      '--algo',
      'ppo',
      '--steps',
      '500',
      '--config',
      configFile(dir, { ...TINY, evalEvery: 500 }),
      '--out',
      out,
    );
    expect(r.code, r.stderr).toBe(0);
    return out;
  })();
  const copy = join(tmp(), 'run');
  cpSync(await finished, copy, { recursive: true });
  return copy;
}

const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string; [k: string]: unknown });

describe('tengym train --json and the learning curve', () => {
  it(
    'prints JSON Lines (start, one line per evaluation, end) and ' + 'evaluates at least ten times besides the start',
    async () => {
      const dir = tmp();
      const out = join(dir, 'run');
      const r = await tengymHere(
        'train',
        '--env',
        'decade',
        '--algo',
        'ppo',
        '--steps',
        '16000',
        '--config',
        configFile(dir),
        '--out',
        out,
        '--json',
      );
      expect(r.code, r.stderr).toBe(0);
      const lines = jsonLines(r.stdout);
      const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
      expect(lines[0]).toMatchObject({
        type: 'start',
        tengymVersion: version,
        backend: 'wasm',
        algo: 'ppo',
        env: 'decade',
        resumedFrom: null,
        config: { evalEvery: 1600, totalSteps: 16000 },
      });
      // The model says what trained it: the same command retrains it bit for bit on the same version and backend.
      const metadata = (
        JSON.parse(readFileSync(join(out, 'best', 'model.json'), 'utf8')) as {
          userDefinedMetadata: { tengym: Record<string, unknown> };
        }
      ).userDefinedMetadata.tengym;
      expect(metadata).toMatchObject({ createdBy: 'tengym train', tengymVersion: version, backend: 'wasm' });
      const evaluations = lines.filter((l) => l.type === 'evaluation');
      expect(evaluations.length).toBeGreaterThanOrEqual(11);
      const rows = readFileSync(join(out, 'metrics.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(evaluations.map(({ type: _t, ...row }) => row)).toEqual(rows);
      const end = lines[lines.length - 1];
      expect(end).toMatchObject({
        type: 'end',
        envSteps: rows[rows.length - 1].envSteps,
        model: `${out}/best`,
        best: { episodes: TINY.evalEpisodes },
      });
      // The curve has a point per evaluation.
      expect(readFileSync(join(out, 'learning-curve.svg'), 'utf8').match(/<circle /g)?.length).toBe(rows.length);
    },
  );

  it('--eval-every sets the interval; an explicit interval that gives few points is honoured and named', async () => {
    const dir = tmp();
    const few = await tengymHere(
      'train',
      '--env',
      'decade',
      '--algo',
      'ppo',
      '--steps',
      '2000',
      '--eval-every',
      '2000',
      '--config',
      configFile(dir),
      '--out',
      join(dir, 'b'),
    );
    expect(few.code, few.stderr).toBe(0);
    expect(few.stdout).toMatch(/^config \{.*"evalEvery":2000/m);
    expect(few.stdout).toMatch(
      /^note: evalEvery 2000 evaluates 2 times in 2000 steps; --eval-every 200 gives a curve of 11 points$/m,
    );
    expect(
      readFileSync(join(dir, 'b', 'metrics.jsonl'), 'utf8')
        .trim()
        .split('\n').length,
    ).toBe(2);
    // An interval past the run's end: the start and the end, as the note counts them.
    const two = await tengymHere(
      'train',
      '--env',
      'decade',
      '--algo',
      'ppo',
      '--steps',
      '300',
      '--eval-every',
      '500000',
      '--config',
      configFile(dir),
      '--out',
      join(dir, 'd'),
    );
    expect(two.code, two.stderr).toBe(0);
    expect(two.stdout).toMatch(
      /^note: evalEvery 500000 evaluates 2 times in 300 steps; --eval-every 30 gives a curve of 11 points$/m,
    );
    expect(
      readFileSync(join(dir, 'd', 'metrics.jsonl'), 'utf8')
        .trim()
        .split('\n').length,
    ).toBe(2);
    // --json carries the same notes, and the fresh-deals command, in its start and end records.
    const quiet = await tengymHere(
      'train',
      '--env',
      'decade',
      '--algo',
      'ppo',
      '--steps',
      '2000',
      '--eval-every',
      '2000',
      '--config',
      configFile(dir),
      '--out',
      join(dir, 'e'),
      '--json',
    );
    expect(quiet.code, quiet.stderr).toBe(0);
    const records = jsonLines(quiet.stdout);
    expect(records[0]).toMatchObject({
      type: 'start',
      notes: ['note: evalEvery 2000 evaluates 2 times in 2000 steps; --eval-every 200 gives a curve of 11 points'],
    });
    const end = records.at(-1)!;
    expect(end.notes).toContainEqual(
      expect.stringMatching(/^note: \d+ env steps for --steps 2000: training runs whole iterations/),
    );
    expect(end.compare).toBe(
      `tengym eval --env decade --agents ${join(dir, 'e', 'best')},first --reference first --seed 3000000000 ` +
        `--episodes ${TINY.evalEpisodes}`,
    );
    const bad = await tengymHere(
      'train',
      '--env',
      'decade',
      '--algo',
      'ppo',
      '--eval-every',
      '0',
      '--out',
      join(dir, 'c'),
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('tengym: --eval-every must be a positive integer, got 0\n');
  });
});

describe('a run resumed on another backend', () => {
  it('says its weights will not be those of a run on one backend', async () => {
    const dir = tmp();
    const out = join(dir, 'run');
    expect(
      (
        await tengymHere(
          'train',
          '--env',
          'decade',
          '--options',
          '{"maxRun":4}',
          '--algo',
          'ppo',
          '--steps',
          '1000',
          '--config',
          configFile(dir),
          '--out',
          out,
        )
      ).code,
    ).toBe(0);
    // The curve's title names the options that make it another game than the id's preset.
    expect(readFileSync(join(out, 'learning-curve.svg'), 'utf8')).toMatch(
      /PPO on decade \{(&quot;|")maxRun(&quot;|"):4\}: greedy win rate/,
    );
    // As if the run had started on tfjs-node (the only backend here is wasm).
    const statePath = join(out, 'checkpoint', 'state.json');
    const state = JSON.parse(readFileSync(statePath, 'utf8')) as Record<string, unknown>;
    expect(state.backend).toBe('wasm');
    writeFileSync(statePath, JSON.stringify({ ...state, backend: 'tensorflow' }));
    const resumed = await tengymHere('train', '--out', out, '--resume', '--steps', '2000');
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(
      new RegExp(
        String.raw`^note: this run trained on TensorFlow\.js's tensorflow backend and continues on wasm: its ` +
          'weights will not be, bit for bit, those of a run on one backend$',
        'm',
      ),
    );
  });
});

describe('run directories', () => {
  function foreignDir(): { dir: string; files: Record<string, string> } {
    const dir = tmp();
    const files = { 'metrics.csv': 'mine,1\n', 'metrics.jsonl': '{"mine":1}\n', 'best/model.json': '{"mine":true}' };
    mkdirSync(join(dir, 'best'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return { dir, files };
  }

  it.each([[['--resume']], [[]]])(
    'a directory tengym did not write is refused %j, named, and left as it was',
    async (extra) => {
      const { dir, files } = foreignDir();
      const r = await tengymHere('train', '--env', 'decade', '--algo', 'ppo', '--steps', '500', '--out', dir, ...extra);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(
          String.raw`was not written by tengym train \(it has no checkpoint\/ and no tengym-run\.json\) and holds ` +
            String.raw`best\/model\.json, metrics\.csv, metrics\.jsonl: tengym will not overwrite them`,
        ),
      );
      for (const [name, text] of Object.entries(files)) expect(readFileSync(join(dir, name), 'utf8')).toBe(text);
      expect(readdirSync(dir).sort()).toEqual(['best', 'metrics.csv', 'metrics.jsonl']);
    },
  );

  it("a run's own best/ or checkpoint/ given as --out is named as that run's, with the --out meant", async () => {
    const dir = tmp();
    const run = join(dir, 'ppo1');
    await train({
      env: 'decade',
      algo: 'ppo',
      config: {
        numEnvs: 8,
        rolloutSteps: 4,
        hidden: [16],
        minibatchSize: 16,
        evalEvery: 500,
        evalEpisodes: 10,
        evalReference: 'first',
      },
      steps: 300,
      out: run,
      quiet: true,
    });
    for (const part of ['best', 'checkpoint']) {
      const what = part === 'best' ? 'best model' : 'checkpoint';
      expect(() => checkRunDirectory(join(run, part), true, null)).toThrow(
        `${join(run, part)} is the ${what} of the training run in ${run}, not a run: resume that run with ` +
          `--out ${run} --resume`,
      );
      expect(() => checkRunDirectory(join(run, part), false, null)).toThrow(
        `${join(run, part)} is the ${what} of the training run in ${run}, not a run: choose a new or empty ` +
          `--out for a new run`,
      );
    }
  }, 60_000);

  it(
    'an empty --out is refused, not taken for the working directory (where the run would overwrite what it ' + 'finds)',
    async () => {
      for (const out of ['', '  '])
        expect(() => checkRunDirectory(out, false, null)).toThrow(/^--out is empty: name a new directory for the run$/);
    },
  );

  it('--out naming a file is a clear error, not an internal one', async () => {
    const file = join(tmp(), 'a-file');
    writeFileSync(file, 'x');
    const r = await tengymHere('train', '--env', 'decade', '--algo', 'ppo', '--steps', '500', '--out', file);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`tengym: --out ${file} is a file, not a directory: choose a new directory for the run\n`);
  });

  it(
    'expert iteration trains a seven-pile model that tengym eval and tengym hint play as its search; four-ten ' +
      'is refused by name',
    async () => {
      const dir = tmp();
      const out = join(dir, 'run');
      const config = {
        numEnvs: 8,
        hidden: [16],
        bufferSize: 2000,
        batchSize: 32,
        learningStarts: 64,
        samplesPerUpdate: 16,
        maxLeaves: 64,
        evalEpisodes: 5,
        evalReference: 'first',
      };
      let r = await tengymHere(
        'train',
        '--env',
        'ten-twenty-thirty',
        '--algo',
        'expert-iteration',
        '--steps',
        '3000',
        '--config',
        configFile(dir, config),
        '--out',
        out,
        '--json',
      );
      expect(r.code, r.stderr).toBe(0);
      const end = jsonLines(r.stdout).at(-1)!;
      expect(end).toMatchObject({ type: 'end' });
      const meta = JSON.parse(readFileSync(join(out, 'best', 'model.json'), 'utf8')).userDefinedMetadata.tengym;
      expect(meta).toMatchObject({
        env: 'ten-twenty-thirty',
        algorithm: 'expert-iteration',
        head: 'search',
        features: 'decade-stacks/1',
        search: { depth: 1, maxLeaves: 64 },
      });
      r = await tengymHere(
        'eval',
        '--env',
        'ten-twenty-thirty',
        '--agents',
        `${join(out, 'best')},longest`,
        '--episodes',
        '10',
        '--workers',
        '0',
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/best\s+\d+\.\d+%/);
      r = await tengymHere('train', '--env', 'four-ten', '--algo', 'expert-iteration', '--out', join(dir, 'never'));
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/expert iteration is written for the decade family .*not four-ten/);
      expect(existsSync(join(dir, 'never'))).toBe(false);
    },
  );

  it('a run refused after start-up leaves no directory behind', async () => {
    const out = join(tmp(), 'never');
    const r = await tengymHere('train', '--env', 'tens', '--algo', 'afterstate', '--out', out);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/afterstate values are written for the games that give their features \(decade, /);
    expect(r.stderr).toMatch(/, four-ten\), not tens/);
    expect(existsSync(out)).toBe(false);
  });

  it('an empty directory, or one tengym marked, can be resumed (the run starts there)', async () => {
    const dir = tmp();
    const out = join(dir, 'run');
    mkdirSync(out);
    const r = await tengymHere(
      'train',
      '--env',
      'decade',
      '--algo',
      'ppo',
      '--steps',
      '500',
      '--config',
      configFile(dir, { ...TINY, evalEvery: 500 }),
      '--out',
      out,
      '--resume',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(out).sort()).toEqual([
      'best',
      'checkpoint',
      'learning-curve.svg',
      'metrics.csv',
      'metrics.jsonl',
      'tengym-run.json',
    ]);
    const marked = join(dir, 'marked');
    mkdirSync(marked);
    writeFileSync(join(marked, 'tengym-run.json'), '{"format":"tengym-run/1"}');
    writeFileSync(join(marked, 'metrics.jsonl'), '');
    expect(
      (await tengymHere('train', '--env', 'decade', '--algo', 'ppo', '--steps', '500', '--out', marked)).stderr,
    ).toMatch(/holds a tengym run that stopped before its first checkpoint: pass --resume/);
  });

  it(
    'after a kill during the final checkpoint swap, the resume leaves checkpoint/ alone, without ' + 'checkpoint-old/',
    async () => {
      const out = await finishedRunCopy();
      const weights = readFileSync(join(out, 'checkpoint', 'weights.bin'));
      // Killed after the new checkpoint took its place, before the old one was removed.
      cpSync(join(out, 'checkpoint'), join(out, 'checkpoint-old'), { recursive: true });
      let r = await tengymHere('train', '--out', out, '--resume');
      expect(r.code, r.stderr).toBe(0);
      expect(readdirSync(out).filter((n) => n.startsWith('checkpoint'))).toEqual(['checkpoint']);
      // Killed between the two renames: only checkpoint-old/ (and a complete checkpoint-new/).
      renameSync(join(out, 'checkpoint'), join(out, 'checkpoint-old'));
      cpSync(join(out, 'checkpoint-old'), join(out, 'checkpoint-new'), { recursive: true });
      r = await tengymHere('train', '--out', out, '--resume');
      expect(r.code, r.stderr).toBe(0);
      expect(readdirSync(out).filter((n) => n.startsWith('checkpoint'))).toEqual(['checkpoint']);
      expect(readFileSync(join(out, 'checkpoint', 'weights.bin')).equals(weights)).toBe(true);
    },
  );
});

describe('tengym train --resume on Four Ten', () => {
  it('a run whose best evaluation won no held-out game ends with its summary after a resume ("mean rounds –"), ' +
    'not an internal error', async () => {
    const dir = tmp();
    const config = configFile(dir, {
      numEnvs: 4,
      rolloutSteps: 8,
      hidden: [16],
      minibatchSize: 16,
      epochs: 1,
      evalEvery: 200,
      // Few held-out deals: the tiny network wins none of them.
      evalEpisodes: 5,
      evalReference: 'first',
    });
    const out = join(dir, 'run');
    let r = await tengymHere(
      'train',
      '--env',
      'four-ten',
      '--algo',
      'ppo',
      '--steps',
      '200',
      '--config',
      config,
      '--out',
      out,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^best: 0\.00% .*mean rounds –;/m);
    // The run is over: the resume restores the best evaluation from the checkpoint and prints it.
    r = await tengymHere('train', '--out', out, '--resume');
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^best: 0\.00% .*mean rounds –;/m);
    // Extended: the best evaluation is still the one the checkpoint kept.
    r = await tengymHere('train', '--out', out, '--resume', '--steps', '400');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^best: 0\.00% .*mean rounds –;/m);
  }, 60_000);
});

describe('tengym train on one held-out deal', () => {
  it('shows the paired bounds one deal cannot give as – (metrics.csv: empty, as metrics.jsonl null), the same ' +
    'after a resume', async () => {
    const dir = tmp();
    const config = configFile(dir, { ...TINY, evalEpisodes: 1 });
    const out = join(dir, 'run');
    let r = await tengymHere(
      'train',
      '--env',
      'decade',
      '--algo',
      'ppo',
      '--steps',
      '800',
      '--eval-every',
      '800',
      '--config',
      config,
      '--out',
      out,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/Infinity/);
    expect(r.stdout).toMatch(/^steps .* vs first [+-]\d+\.\d\d \[–, –\]/m);
    const summary = r.stdout.match(/^best: .*$/m)![0];
    expect(summary).toMatch(/difference [+-]\d+\.\d\d \[–, –\] points/);
    const [header, ...rows] = readFileSync(join(out, 'metrics.csv'), 'utf8').trim().split('\n');
    const low = header.split(',').indexOf('vsReferenceLow');
    expect(rows.map((row) => row.split(',').slice(low, low + 2))).toEqual(rows.map(() => ['', '']));
    expect(JSON.parse(readFileSync(join(out, 'metrics.jsonl'), 'utf8').split('\n')[0])).toMatchObject({
      vsReferenceLow: null,
      vsReferenceHigh: null,
    });
    // The finished run resumed: its best evaluation, read back from the checkpoint, is said as before.
    r = await tengymHere('train', '--out', out, '--resume');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.match(/^best: .*$/m)![0]).toBe(summary);
  }, 60_000);
});

describe('tengym train --resume after a kill', () => {
  it('removes the temporary files of the writes the kill cut short, and only those', async () => {
    const out = await finishedRunCopy();
    const files = readdirSync(out).sort();
    const bestFiles = readdirSync(join(out, 'best')).sort();
    writeFileSync(join(out, 'metrics.jsonl.tmp-4242'), '{"envSteps":0');
    writeFileSync(join(out, 'learning-curve.svg.tmp-4242'), '');
    // A best model half written under its temporary name.
    mkdirSync(join(out, 'best-new'));
    writeFileSync(join(out, 'best-new', 'weights.bin.tmp-4243'), '');
    writeFileSync(join(out, 'notes.tmp-1'), 'mine');
    const r = await tengymHere('train', '--out', out, '--resume');
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(out).sort()).toEqual([...files, 'notes.tmp-1'].sort());
    expect(readdirSync(join(out, 'best')).sort()).toEqual(bestFiles);
  });

  it('keeps best/ whole: a kill between its two renames leaves best-old/, which a resume puts back', async () => {
    const out = await finishedRunCopy();
    expect(readdirSync(out).filter((n) => n.startsWith('best'))).toEqual(['best']);
    const model = readFileSync(join(out, 'best', 'model.json'));
    const weights = readFileSync(join(out, 'best', 'weights.bin'));
    // The kill fell after best/ became best-old/ and before best-new/ (a newer model, complete)
    // became best/: the checkpoint, written after best/, still records best-old/'s evaluation.
    renameSync(join(out, 'best'), join(out, 'best-old'));
    cpSync(join(out, 'best-old'), join(out, 'best-new'), { recursive: true });
    writeFileSync(join(out, 'best-new', 'weights.bin'), Buffer.alloc(weights.length));
    const r = await tengymHere('train', '--out', out, '--resume');
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(out).filter((n) => n.startsWith('best'))).toEqual(['best']);
    expect(readFileSync(join(out, 'best', 'model.json')).equals(model)).toBe(true);
    expect(readFileSync(join(out, 'best', 'weights.bin')).equals(weights)).toBe(true);
  });
});
