// Run folders as a kill or a careless hand leaves them: a run killed before its first checkpoint
// resumes with its own settings (from its marker); a resume given the run's config file again
// takes what the file leaves out from the run and refuses only what it changes; a tampered or
// damaged checkpoint is refused with the reason, and the folder is left as it was (every
// algorithm's own state too: counters out of range, blobs missing, of another length, a gzip
// bomb, floats that are not finite); --out where no run can be is named.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TengymError } from '../../src/env/errors.js';
import { envConfig } from '../../src/env/registry.js';
import { envSizes } from '../../src/train/algorithm.js';
import { runCommand, train, type TrainRequest } from '../../src/train/trainer.js';

/**
 * The held-out deals of each evaluation: these runs test refusals and resumes, not what is learned, and at 10 deals
 * the evaluations were about half of each run's time.
 */
const EVAL_EPISODES = 3;
const TINY_PPO = {
  numEnvs: 8,
  rolloutSteps: 4,
  hidden: [16],
  minibatchSize: 16,
  epochs: 1,
  evalEvery: 500,
  evalEpisodes: EVAL_EPISODES,
  evalReference: 'first',
};
const root = mkdtempSync(join(tmpdir(), 'tengym-resume-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every file of a folder with a hash of its bytes: the folder as it is. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (sub: string) => {
    for (const name of readdirSync(join(dir, sub))) {
      const rel = sub ? `${sub}/${name}` : name;
      if (statSync(join(dir, rel)).isDirectory()) walk(rel);
      else
        files[rel] = createHash('sha256')
          .update(readFileSync(join(dir, rel)))
          .digest('hex');
    }
  };
  walk('');
  return files;
}

/** Edits a checkpoint's state.json. */
const editState = (edit: (state: Record<string, unknown>) => void) => (dir: string) => {
  const state = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as Record<string, unknown>;
  edit(state);
  writeFileSync(join(dir, 'state.json'), JSON.stringify(state));
};

async function refusal(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the run went ahead').toBeInstanceOf(TengymError);
  return (error as Error).message;
}

describe('a run killed before its first checkpoint', () => {
  it('resumes from its marker with its own env, options, algorithm and steps', async () => {
    const out = join(root, 'early');
    mkdirSync(out);
    const killed = new Error('killed');
    await expect(
      train({
        env: 'decade',
        options: { discard: 'optional' },
        algo: 'ppo',
        config: TINY_PPO,
        steps: 700,
        seed: 5,
        out,
        quiet: true,
        onStart: () => {
          throw killed;
        },
      }),
    ).rejects.toBe(killed);
    expect(readdirSync(out)).toEqual(['tengym-run.json']);
    const summary = await train({ out, resume: true, quiet: true });
    expect(summary).toMatchObject({
      env: 'decade',
      algo: 'ppo',
      resumedFrom: null,
      config: { totalSteps: 700, seed: 5, numEnvs: 8, hidden: [16] },
    });
    expect(summary.options).toMatchObject({ discard: 'optional' });
    expect(summary.envSteps).toBeGreaterThanOrEqual(700);
    expect(summary.envSteps).toBeLessThan(1000);
  });

  it('a marker that is not one is named as not resumable, the folder left as it was', async () => {
    const out = join(root, 'bad-marker');
    mkdirSync(out);
    writeFileSync(join(out, 'tengym-run.json'), '{"format":"tengym-run/1","env":"decade"}');
    const before = snapshot(out);
    expect(await refusal(train({ out, resume: true, quiet: true }))).toMatch(
      /is not resumable: its tengym-run.json is not a tengym run's marker: .*algo/,
    );
    expect(snapshot(out)).toEqual(before);
  });

  it(
    'a marker whose options hold a "__proto__" key is refused, ' + 'naming it, not resumed under other options',
    async () => {
      const out = join(root, 'proto-marker');
      mkdirSync(out);
      writeFileSync(
        join(out, 'tengym-run.json'),
        '{"format":"tengym-run/1","env":"decade","algo":"ppo",' +
          '"options":{"__proto__":{"discard":"optional"}},"config":{"totalSteps":500}}',
      );
      const before = snapshot(out);
      expect(await refusal(train({ out, resume: true, quiet: true }))).toMatch(
        new RegExp(
          `is not resumable: its tengym-run.json is not a tengym run's marker: a key "__proto__" .* → at ` +
            String.raw`options\.__proto__; choose a new --out`,
        ),
      );
      expect(snapshot(out)).toEqual(before);
    },
  );
});

describe('--resume with the config file a run started with', () => {
  // The run's config file, which leaves seed and evalEvery out: --seed gives the one, --steps derives the other.
  const SMALL = {
    numEnvs: 8,
    rolloutSteps: 4,
    hidden: [16],
    minibatchSize: 16,
    epochs: 1,
    evalEpisodes: EVAL_EPISODES,
    evalReference: 'first',
  };
  const file = { config: SMALL, configSource: 'config file small.json' };
  const started = join(root, 'with-config');
  beforeAll(async () => {
    await train({ env: 'decade', algo: 'ppo', ...file, steps: 1000, seed: 2, out: started, quiet: true });
  }, 120_000);
  const copy = (name: string) => {
    const out = join(root, name);
    cpSync(started, out, { recursive: true });
    return out;
  };

  it('takes what was not given from the run: its seed, not the default', async () => {
    const summary = await train({ out: copy('again'), resume: true, ...file, quiet: true });
    expect(summary.config).toMatchObject({ seed: 2, totalSteps: 1000, evalEvery: 100 });
  });

  it('extends the run with --steps as it does without the file: the run keeps its evalEvery', async () => {
    const withFile = await train({
      env: 'decade',
      algo: 'ppo',
      ...file,
      steps: 2000,
      seed: 2,
      out: copy('longer'),
      resume: true,
      quiet: true,
    });
    const without = await train({ steps: 2000, out: copy('longer-no-file'), resume: true, quiet: true });
    expect(withFile.config).toMatchObject({ seed: 2, totalSteps: 2000, evalEvery: 100 });
    expect(withFile.config).toEqual(without.config);
    expect(withFile.envSteps).toBe(without.envSteps);
  });

  it.each([
    [
      'a field the file changes',
      { ...file, config: { ...SMALL, minibatchSize: 8 } },
      new RegExp(
        String.raw`^--resume: the run in .* has minibatchSize = 16, config file small.json sets 8 \(only --steps ` +
          String.raw`may change on resume\)$`,
      ),
    ],
    [
      'a field the file adds',
      { ...file, config: { ...SMALL, evalEvery: 50 } },
      /has evalEvery = 100, config file small.json sets 50 /,
    ],
    ['--seed', { ...file, seed: 3 }, /has seed = 2, --seed sets 3 /],
    [
      '--eval-every over the file',
      { ...file, config: { ...SMALL, evalEvery: 100 }, evalEvery: 200 },
      /has evalEvery = 100, --eval-every sets 200 /,
    ],
  ])('refuses %s that differs from the run, naming what gave it', async (_what, given, message) => {
    const out = copy(`refused-${_what.replace(/\W+/g, '-')}`);
    const before = snapshot(out);
    expect(await refusal(train({ out, resume: true, ...given, quiet: true }))).toMatch(message);
    expect(snapshot(out)).toEqual(before);
  });
});

describe('tampered or damaged checkpoints are refused', () => {
  const base = join(root, 'base');
  beforeAll(async () => {
    await train({ env: 'decade', algo: 'ppo', config: TINY_PPO, steps: 500, out: base, quiet: true });
  }, 120_000);

  /** A copy of the finished run, its checkpoint changed by `tamper`. */
  function tampered(name: string, tamper: (checkpoint: string) => void): string {
    const out = join(root, name);
    cpSync(base, out, { recursive: true });
    tamper(join(out, 'checkpoint'));
    return out;
  }
  const editText = (edit: (text: string) => string) => (dir: string) => {
    const text = readFileSync(join(dir, 'state.json'), 'utf8');
    expect(edit(text)).not.toBe(text);
    writeFileSync(join(dir, 'state.json'), edit(text));
  };

  it.each([
    ['envSteps: -100', editState((s) => (s.envSteps = -100)), /is not a tengym checkpoint: .*envSteps/],
    [
      'envSteps its env copies do not have',
      editState((s) => (s.envSteps = 12345)),
      /cannot be resumed: it records 12345 env steps, its env copies \d+/,
    ],
    ['another env', editState((s) => (s.env = 'decade-fives')), /decade-fives/],
    [
      'another env with its options',
      editState((s) => (s.options = { ...(s.options as object), minRun: 3 })),
      /cannot be resumed|not resumable/,
    ],
    [
      'NaN weights',
      (dir: string) => {
        const w = readFileSync(join(dir, 'weights.bin'));
        w.writeFloatLE(Number.NaN, 8);
        writeFileSync(join(dir, 'weights.bin'), w);
      },
      /cannot be resumed: .*weights must be finite numbers/,
    ],
    [
      'a garbage optimizer.bin.gz',
      (dir: string) => writeFileSync(join(dir, 'optimizer.bin.gz'), 'garbage'),
      /cannot be resumed: optimizer.bin.gz is not gzip data/,
    ],
    [
      'no optimizer.bin.gz',
      (dir: string) => rmSync(join(dir, 'optimizer.bin.gz')),
      /cannot be resumed: optimizer.bin.gz is missing/,
    ],
    // The metrics rows are rewritten into metrics.jsonl, metrics.csv and the learning curve: rows that are not the
    // trainer's would make them garbage.
    [
      "metrics rows that are not the trainer's",
      editState((s) => ((s.trainer as { rows: unknown[] }).rows = [{ x: 1 }])),
      /is not a tengym checkpoint: .*envSteps.*trainer\.rows\[0\].*; it cannot be resumed: resume a copy of the run/,
    ],
    [
      'a metrics row with a win rate past 1',
      editState((s) => ((s.trainer as { rows: { evalWinRate: number }[] }).rows[0].evalWinRate = 2)),
      /is not a tengym checkpoint: .*trainer\.rows\[0\]\.evalWinRate/,
    ],
    [
      'a metrics row with fractional env steps',
      editState((s) => ((s.trainer as { rows: { envSteps: number }[] }).rows[0].envSteps = 0.5)),
      /is not a tengym checkpoint: .*trainer\.rows\[0\]\.envSteps/,
    ],
    [
      'a metrics row with no win rate and a number for best',
      editState((s) => Object.assign((s.trainer as { rows: object[] }).rows[0], { evalWinRate: null, best: 1 })),
      /is not a tengym checkpoint: .*trainer\.rows\[0\]\.evalWinRate.*trainer\.rows\[0\]\.best/,
    ],
    [
      'metrics rows whose env steps go back',
      editState((s) => (s.trainer as { rows: unknown[] }).rows.reverse()),
      /is not a tengym checkpoint: env steps go back from \d+ \(row 0\) to \d+; .*trainer\.rows\[1\]\.envSteps/,
    ],
    [
      'a metrics row past the checkpoint',
      editState((s) => ((s.trainer as { rows: { envSteps: number }[] }).rows.at(-1)!.envSteps = 1_000_000)),
      /is not a tengym checkpoint: its last metrics row is at 1000000 env steps, past the checkpoint's \d+/,
    ],
    // The env copies' state: said by what is missing or wrong, not met as "its env copies undefined".
    [
      'env copies that are no state',
      editState((s) => (s.envState = { a: 1 })),
      /is not a tengym checkpoint: .*envState\.envs.*envState\.envSteps/,
    ],
    [
      'env copies with episode steps for other copies',
      editState((s) => (s.envState as { episodeSteps: number[] }).episodeSteps.pop()),
      /is not a tengym checkpoint: 7 entries for 8 env copies → at envState\.episodeSteps/,
    ],
    // A "__proto__" key (an own key once JSON.parse reads it) would be dropped by the parse: the run would resume under
    // other options than the file says.
    [
      'options with a "__proto__" key',
      editText((t) => t.replace('"options":{', '"options":{"__proto__":{"minRun":3},')),
      /is not a tengym checkpoint: a key "__proto__" .* → at options\.__proto__; it cannot be resumed/,
    ],
    [
      'an env copy with a "__proto__" key in its options',
      editText((t) => t.replace(/("envs":\[\{[^[]*?"options":\{)/, '$1"__proto__":{"minRun":3},')),
      /is not a tengym checkpoint: a key "__proto__" .* → at envState\.envs\[0\]\.options\.__proto__/,
    ],
  ])('%s', async (name, tamper, message) => {
    const out = tampered(name.replace(/\W+/g, '-'), tamper);
    const before = snapshot(out);
    expect(await refusal(train({ out, resume: true, steps: 1000, quiet: true }))).toMatch(message);
    expect(snapshot(out)).toEqual(before);
  });
});

describe("an algorithm's own state in a tampered checkpoint is refused before it trains", () => {
  const valueLearning = {
    numEnvs: 4,
    hidden: [16],
    bufferSize: 2000,
    batchSize: 16,
    learningStarts: 64,
    samplesPerUpdate: 16,
    evalEpisodes: EVAL_EPISODES,
    evalReference: 'first',
  };
  // A finished tiny run of each algorithm, copied for each case (ten-twenty-thirty's copies play a few hundred forced
  // moves before their first decision).
  const runs = {
    ppo: { env: 'decade', config: TINY_PPO, steps: 300 },
    dqn: {
      env: 'decade',
      config: {
        numEnvs: 4,
        hidden: [16],
        bufferSize: 500,
        batchSize: 16,
        learningStarts: 32,
        trainEvery: 4,
        targetUpdate: 3,
        evalEpisodes: EVAL_EPISODES,
        evalReference: 'first',
      },
      steps: 300,
    },
    afterstate: { env: 'four-ten', config: valueLearning, steps: 300 },
    'expert-iteration': { env: 'ten-twenty-thirty', config: { ...valueLearning, maxLeaves: 64 }, steps: 1500 },
    distill: { env: 'ten-twenty-thirty', config: { ...valueLearning, maxLeaves: 64 }, steps: 1500 },
  } as const;
  type Algo = keyof typeof runs;
  const baseOf = (algo: Algo) => join(root, `state-${algo}`);
  beforeAll(async () => {
    for (const [algo, { env, config, steps }] of Object.entries(runs))
      await train({ env, algo, config, steps, out: baseOf(algo as Algo), quiet: true });
  }, 120_000);

  type State = Record<string, unknown> & { algorithm: Record<string, unknown>; binary: string[] };
  const editAlgorithm = (edit: (algorithm: Record<string, unknown>, state: State) => void) =>
    editState((s) => edit((s as State).algorithm, s as State));
  /** Replaces blob `name` of a checkpoint by what `edit` makes of its bytes. */
  const editBlob = (name: string, edit: (bytes: Buffer) => Uint8Array) => (dir: string) => {
    const file = join(dir, `${name}.bin.gz`);
    writeFileSync(file, gzipSync(edit(gunzipSync(readFileSync(file)))));
  };
  const floats = (edit: (values: Float32Array) => void) => (bytes: Buffer) => {
    const values = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    edit(values);
    return new Uint8Array(values.buffer);
  };
  /** 64 MB of zeros, about 64 kB gzipped. */
  const bomb = () => new Uint8Array(64 * 2 ** 20);
  /**
   * Where a DQN checkpoint's replay buffer holds its actions: after the observations (S floats each) and the masks (A
   * bytes each) of its items.
   */
  const dqnActionsAt = (dir: string) => {
    const { algorithm } = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as State;
    const { observationSize: S, numActions: A } = envSizes(envConfig('decade'));
    const n = algorithm.bufferSize as number;
    return n * S * 4 + n * A;
  };

  const cases: [Algo, string, (checkpoint: string) => void, RegExp][] = [
    // The counters and the generator: each in its range.
    [
      'dqn',
      'a next slot of 1e9 in the replay buffer',
      editAlgorithm((a) => (a.bufferNext = 1e9)),
      new RegExp(
        String.raw`^the checkpoint in .* cannot be resumed: state\.json: Too big: expected number to be <=499 → at ` +
          String.raw`algorithm\.bufferNext$`,
      ),
    ],
    [
      'dqn',
      'a replay buffer of more items than it holds',
      editAlgorithm((a) => (a.bufferSize = 501)),
      /state\.json: Too big: expected number to be <=500 → at algorithm\.bufferSize$/,
    ],
    [
      'dqn',
      'a next slot not after the items of a buffer not yet full',
      editAlgorithm((a) => (a.bufferNext = (a.bufferSize as number) - 1)),
      new RegExp(
        String.raw`state\.json: while the ring holds fewer than its 500 items, its next slot is bufferSize → at ` +
          String.raw`algorithm\.bufferNext$`,
      ),
    ],
    [
      'dqn',
      'a sample credit worth a billion gradient steps',
      editAlgorithm((a) => (a.sampleCredit = 4e9)),
      /state\.json: Too big: expected number to be <=3 → at algorithm\.sampleCredit$/,
    ],
    [
      'dqn',
      'an Adam step of -1',
      editAlgorithm((a) => (a.adamStep = -1)),
      /state\.json: Too small: expected number to be >=0 → at algorithm\.adamStep$/,
    ],
    [
      'ppo',
      'an Adam step of -1',
      editAlgorithm((a) => (a.adamStep = -1)),
      /state\.json: Too small: expected number to be >=0 → at algorithm\.adamStep$/,
    ],
    [
      'ppo',
      'a fractional sample count',
      editAlgorithm((a) => (a.samples = 1.5)),
      /state\.json: .* → at algorithm\.samples$/,
    ],
    [
      'ppo',
      'a generator state of zeros',
      editAlgorithm((a) => (a.rng = [0, 0, 0, 0])),
      /state\.json: the generator state is all zeros, which never changes → at algorithm\.rng$/,
    ],
    [
      'ppo',
      'a statistic counted 0 times',
      editAlgorithm((a) => (a.means = [['loss', 1, 0]])),
      /state\.json: .* → at algorithm\.means\[0\]\[2\]$/,
    ],
    [
      'afterstate',
      'a next slot of 1e9 in the replay ring',
      editAlgorithm((a) => (a.ringNext = 1e9)),
      /state\.json: Too big: expected number to be <=1999 → at algorithm\.ringNext$/,
    ],
    [
      'afterstate',
      'a sample credit worth a billion gradient steps',
      editAlgorithm((a) => (a.sampleCredit = 16e9)),
      /state\.json: Too big: expected number to be <=63 → at algorithm\.sampleCredit$/,
    ],
    [
      'afterstate',
      'pending samples counted for another number of copies',
      editAlgorithm((a) => (a.pendingCounts as number[]).pop()),
      /state\.json: Too small: expected array to have exactly 4 items → at algorithm\.pendingCounts$/,
    ],
    [
      'afterstate',
      'a billion pending samples',
      editAlgorithm((a) => ((a.pendingCounts as number[])[0] = 1e9)),
      /state\.json: more samples than a run holds \(2 GiB of them\) → at algorithm\.pendingCounts$/,
    ],
    [
      'afterstate',
      'Four Ten rounds for another number of copies',
      editAlgorithm((a) => (a.segments as number[]).push(0)),
      /state\.json: Too big: expected array to have exactly 4 items → at algorithm\.segments$/,
    ],
    [
      'expert-iteration',
      'paths counted for another number of copies',
      editAlgorithm((a) => (a.pathCounts = [])),
      /state\.json: Too small: expected array to have exactly 4 items → at algorithm\.pathCounts$/,
    ],
    [
      'expert-iteration',
      "no memory of the stock ('deck-bottom')",
      editAlgorithm((a) => (a.memories = null)),
      /state\.json: .* → at algorithm\.memories$/,
    ],
    [
      'distill',
      'a memory of 60 unseen cards',
      editAlgorithm((a) => ((a.memories as { unknown: number }[])[0].unknown = 60)),
      /state\.json: Too big: expected number to be <=52 → at algorithm\.memories\[0\]\.unknown$/,
    ],
    [
      'distill',
      'a remembered card of value 11',
      editAlgorithm((a) => (a.memories as { known: number[] }[])[1].known.push(11)),
      /state\.json: .* → at algorithm\.memories\[1\]\.known\[\d+\]$/,
    ],
    // The blobs: listed, of the length the state makes them (a gzip bomb stopped there), their floats finite.
    [
      'dqn',
      'a binary list without the replay buffer',
      editAlgorithm((_a, s) => (s.binary = s.binary.filter((b) => b !== 'replay'))),
      /cannot be resumed: state\.json: its binary list has no "replay" \(replay\.bin\.gz\)$/,
    ],
    [
      'ppo',
      'a binary list without the optimizer',
      editAlgorithm((_a, s) => (s.binary = [])),
      /cannot be resumed: state\.json: its binary list has no "optimizer" \(optimizer\.bin\.gz\)$/,
    ],
    [
      'dqn',
      'a replay.bin.gz that unpacks to 64 MB (a gzip bomb)',
      editBlob('replay', bomb),
      /cannot be resumed: replay\.bin\.gz unpacks to more than \d+ bytes, expected \d+$/,
    ],
    [
      'ppo',
      'an optimizer.bin.gz that unpacks to 64 MB (a gzip bomb)',
      editBlob('optimizer', bomb),
      /cannot be resumed: optimizer\.bin\.gz unpacks to more than \d+ bytes, expected \d+$/,
    ],
    [
      'ppo',
      'an optimizer.bin.gz a float short',
      editBlob('optimizer', (b) => b.subarray(4)),
      /cannot be resumed: optimizer\.bin\.gz unpacks to (\d+) bytes, expected (\d+)$/,
    ],
    [
      'afterstate',
      'a pending.bin.gz a float short',
      editBlob('pending', (b) => b.subarray(4)),
      /cannot be resumed: pending\.bin\.gz unpacks to \d+ bytes, expected \d+ or \d+$/,
    ],
    [
      'dqn',
      'optimizer moments of NaN',
      editBlob(
        'optimizer',
        floats((v) => v.fill(Number.NaN)),
      ),
      /cannot be resumed: optimizer\.bin\.gz holds NaN \(value 0 of \d+\): it must hold finite numbers$/,
    ],
    [
      'ppo',
      'an infinite optimizer moment',
      editBlob(
        'optimizer',
        floats((v) => (v[7] = Number.POSITIVE_INFINITY)),
      ),
      /cannot be resumed: optimizer\.bin\.gz holds Infinity \(value 7 of \d+\): it must hold finite numbers$/,
    ],
    [
      'afterstate',
      'optimizer moments of NaN',
      editBlob(
        'optimizer',
        floats((v) => v.fill(Number.NaN)),
      ),
      /cannot be resumed: optimizer\.bin\.gz holds NaN/,
    ],
    [
      'dqn',
      'a NaN weight in the target network',
      editBlob(
        'target',
        floats((v) => (v[3] = Number.NaN)),
      ),
      /cannot be resumed: target\.bin\.gz holds NaN \(value 3 of \d+\): it must hold finite numbers$/,
    ],
    [
      'dqn',
      'a NaN observation in the replay buffer',
      editBlob(
        'replay',
        floats((v) => (v[0] = Number.NaN)),
      ),
      /cannot be resumed: replay\.bin\.gz holds NaN \(replay buffer value 0 of \d+\): it must hold finite numbers$/,
    ],
    [
      'dqn',
      'a transition with an action the env does not have',
      (dir: string) => {
        const offset = dqnActionsAt(dir);
        editBlob('replay', (b) => {
          b.writeInt32LE(99_999, offset);
          return b;
        })(dir);
      },
      /cannot be resumed: replay\.bin\.gz: transition 0 took action 99999, which the env does not have \(it has \d+\)$/,
    ],
    [
      'afterstate',
      'a NaN position in the replay ring',
      editBlob(
        'replay',
        floats((v) => (v[5] = Number.NaN)),
      ),
      /cannot be resumed: replay\.bin\.gz holds NaN \(replay ring value 5 of \d+\)/,
    ],
    [
      'afterstate',
      'an infinite cost target among the pending samples',
      editBlob(
        'pending',
        floats((v) => (v[v.length - 1] = Number.NEGATIVE_INFINITY)),
      ),
      /cannot be resumed: pending\.bin\.gz holds -Infinity \(target \d+ of \d+\): it must hold finite numbers or NaN$/,
    ],
    [
      'expert-iteration',
      "a path's NaN target",
      editBlob(
        'paths',
        floats((v) => (v[v.length - 1] = Number.NaN)),
      ),
      /cannot be resumed: paths\.bin\.gz holds NaN \(target \d+ of \d+\): it must hold finite numbers$/,
    ],
  ];

  it.each(cases)('%s: %s', async (algo, name, tamper, message) => {
    const out = join(root, `state-${algo}-${name.replace(/\W+/g, '-')}`);
    cpSync(baseOf(algo), out, { recursive: true });
    tamper(join(out, 'checkpoint'));
    const before = snapshot(out);
    expect(await refusal(train({ out, resume: true, steps: 3000, quiet: true }))).toMatch(message);
    expect(snapshot(out)).toEqual(before);
  });
});

describe('--out where no run can be', () => {
  const file = join(root, 'a-file');
  beforeAll(() => {
    writeFileSync(file, 'mine');
    symlinkSync(join(root, 'nowhere'), join(root, 'dangling'));
    symlinkSync(join(root, 'loop-b'), join(root, 'loop-a'));
    symlinkSync(join(root, 'loop-a'), join(root, 'loop-b'));
  });

  it.each([
    [
      'under a file',
      () => join(file, 'run'),
      /a-file is a file, not a directory, so the run directory cannot be made under it/,
    ],
    ['the root of the file system', () => '/', /--out \/ is the root of the file system/],
    [
      'a symbolic link to nothing',
      () => join(root, 'dangling'),
      new RegExp(
        String.raw`--out \S+/dangling: \S+/dangling is a symbolic link to \S+/nowhere, which does not exist: ` +
          String.raw`make \S+/nowhere first, or choose another directory for the run$`,
      ),
    ],
    [
      'under a symbolic link to nothing',
      () => join(root, 'dangling', 'run'),
      /--out \S+\/dangling\/run: \S+\/dangling is a symbolic link to \S+\/nowhere, which does not exist/,
    ],
    [
      'a loop of symbolic links',
      () => join(root, 'loop-a'),
      /loop-a is a symbolic link to \S+\/loop-b, which does not/,
    ],
    [
      'in /proc (where mkdir -p spins)',
      () => '/proc/tengym-run',
      /--out \/proc\/tengym-run: cannot create \/proc\/tengym-run \(ENOENT\)/,
    ],
  ])('%s is named, quickly', async (_what, out, message) => {
    const start = performance.now();
    expect(
      await refusal(train({ env: 'decade', algo: 'ppo', config: TINY_PPO, steps: 500, out: out(), quiet: true })),
    ).toMatch(message);
    expect(performance.now() - start).toBeLessThan(10_000);
    expect(readFileSync(file, 'utf8')).toBe('mine');
  });

  it('a config field out of range is refused even when a flag overrides it', async () => {
    const out = join(root, 'neg');
    expect(
      await refusal(
        train({ env: 'decade', algo: 'ppo', config: { ...TINY_PPO, totalSteps: -5 }, steps: 500, out, quiet: true }),
      ),
    ).toMatch(/bad ppo config: Too small: expected number to be >=1 → at totalSteps/);
    expect(existsSync(out)).toBe(false);
  });
});

describe('the command a run records in its models and checkpoint', () => {
  const commandIn = (dir: string) => /"command":\s*"([^"]*)"/.exec(readFileSync(join(dir, 'model.json'), 'utf8'))?.[1];
  const stateCommand = (out: string) =>
    (JSON.parse(readFileSync(join(out, 'checkpoint', 'state.json'), 'utf8')) as { command?: string }).command;
  /** A tiny PPO run started with `command`, killed by the error the hooks `kill` gives throw. */
  const killedRun = async (out: string, command: string, kill: (killed: Error) => Partial<TrainRequest>) => {
    const killed = new Error('killed');
    await expect(
      train({ env: 'decade', algo: 'ppo', config: TINY_PPO, steps: 500, out, command, quiet: true, ...kill(killed) }),
    ).rejects.toBe(killed);
  };

  it(
    "is the run's command after a resume from a kill, not " + '--resume alone, and an extension is added to it',
    async () => {
      const out = join(root, 'command');
      const first = 'tengym train --env decade --algo ppo --steps 500 --out command';
      await killedRun(out, first, (killed) => ({
        afterCheckpoint: (envSteps) => {
          if (envSteps > 0) throw killed;
        },
      }));
      await train({ out, resume: true, command: 'tengym train --out command --resume', quiet: true });
      expect(stateCommand(out)).toBe(first);
      expect(commandIn(join(out, 'checkpoint'))).toBe(first);
      expect(commandIn(join(out, 'best'))).toBe(first);

      const extend = 'tengym train --out command --resume --steps 3000';
      const extended = await train({ out, resume: true, steps: 3000, command: extend, quiet: true });
      expect(extended.sessionEnvSteps).toBeGreaterThan(0);
      expect(stateCommand(out)).toBe(`${first} && ${extend}`);
      expect(commandIn(join(out, 'checkpoint'))).toBe(`${first} && ${extend}`);
    },
  );

  it(
    "is the marker's after a kill before the first checkpoint; one resumed with other --steps starts over, with " +
      "the session's",
    async () => {
      const out = join(root, 'command-early');
      mkdirSync(out);
      const first = 'tengym train --env decade --algo ppo --steps 500 --out command-early';
      await killedRun(out, first, (killed) => ({
        onStart: () => {
          throw killed;
        },
      }));
      await train({ out, resume: true, command: 'tengym train --out command-early --resume', quiet: true });
      expect(stateCommand(out)).toBe(first);
      expect(
        runCommand(
          'tengym train --out x --resume --steps 900',
          { command: first, totalSteps: 500, checkpointed: false },
          900,
        ),
      ).toBe('tengym train --out x --resume --steps 900');
      expect(runCommand('tengym train --out x --resume', null, 500)).toBe('tengym train --out x --resume');
    },
  );
});
