// Training: masking, save/load, resume after a kill, mismatched models, tensor leaks,
// config errors. Tiny networks and few steps, so the file runs in well under a minute.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import * as tf from '../../src/agents/learned/tf.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveAgent } from '../../src/node/resolve.js';
import { initBackend } from '../../src/node/tf-backend.js';
import { loadModel, saveModel } from '../../src/node/load-model.js';
import { buildPolicyValueNet, buildQNet } from '../../src/agents/learned/network.js';
import { envConfig, make } from '../../src/env/registry.js';
import { createRng, randomInt } from '../../src/env/rng.js';
import { maskedArgmax } from '../../src/agents/learned/head-agent.js';
import { sampleMasked } from '../../src/train/decisions.js';
import { Dqn, algorithm as dqn, dqnConfigSchema } from '../../src/train/algorithms/dqn.js';
import { mlpForward } from '../../src/train/network/mlp.js';
import { Ppo, algorithm as ppo, ppoConfigSchema } from '../../src/train/algorithms/ppo.js';
import { resolveTrainConfig, train } from '../../src/train/trainer.js';
import { RUN_LOCK } from '../../src/train/checkpoint.js';
import type { CommonConfig } from '../../src/train/algorithm.js';
import { tengymHere } from '../helpers/cli.js';
import { modelMetadata } from '../helpers/models.js';
import { scaled } from '../helpers/scale.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const tengym = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, TENGYM_QUIET: '1' } });
const tmp = () => mkdtempSync(join(tmpdir(), 'tengym-train-'));
/**
 * The held-out deals of each evaluation in a tiny run: 40 at full scale, 5 below it. The runs test the mechanism
 * (checkpoints, resume, the files written), not what is learned, and the evaluations were half their time (at 10
 * deals, still a quarter of a distill run's).
 */
const EVAL_EPISODES = scaled(40, 5);
/** The positions with a choice the masking sweep plays: 1,500 at full scale, a quarter below it. */
const MASKED_STATES = scaled(1500, 300);

/** A tiny PPO config for decade: 8 copies × 4 decisions per rollout. */
const TINY_PPO = {
  numEnvs: 8,
  rolloutSteps: 4,
  hidden: [16],
  minibatchSize: 16,
  epochs: 2,
  evalEvery: 2000,
  evalEpisodes: EVAL_EPISODES,
  evalReference: 'first',
};
const TINY_AFTERSTATE = {
  numEnvs: 8,
  hidden: [16],
  bufferSize: 2000,
  batchSize: 32,
  learningStarts: 64,
  samplesPerUpdate: 16,
  evalEvery: 2000,
  evalEpisodes: EVAL_EPISODES,
  evalReference: 'first',
};
const TINY_EXPERT_ITERATION = {
  numEnvs: 8,
  hidden: [16],
  bufferSize: 2000,
  batchSize: 32,
  learningStarts: 64,
  samplesPerUpdate: 16,
  maxLeaves: 64,
  evalEvery: 2000,
  evalEpisodes: EVAL_EPISODES,
  evalReference: 'first',
};
const TINY_DISTILL = {
  numEnvs: 6,
  hidden: [16],
  bufferSize: 2000,
  batchSize: 32,
  learningStarts: 64,
  samplesPerUpdate: 16,
  maxLeaves: 64,
  evalEvery: 2000,
  evalEpisodes: EVAL_EPISODES,
  evalReference: 'first',
};
const TINY_DQN = {
  numEnvs: 4,
  hidden: [16],
  bufferSize: 500,
  batchSize: 16,
  learningStarts: 32,
  trainEvery: 4,
  targetUpdate: 3,
  evalEvery: 300,
  evalEpisodes: EVAL_EPISODES,
  evalReference: 'first',
};

beforeAll(async () => {
  await initBackend();
});

describe('masking', () => {
  for (const envId of ['decade', 'four-ten']) {
    it(`a random network never samples or picks an illegal action (${envId})`, () => {
      const env = make(envId);
      const S = env.observationSpace.shape[0];
      const A = env.actionSpace.n;
      const net = buildPolicyValueNet({ observationSize: S, numActions: A, hidden: [32], seed: 7 });
      const play = createRng(1);
      const sample = createRng(2);
      // Adversarial logits too: every illegal action far above every legal one.
      const adversarial = new Float32Array(A);
      let states = 0;
      for (let game = 0; states < MASKED_STATES; game++) {
        env.reset({ seed: game });
        while (env.running) {
          if (env.legalCount > 1) {
            states++;
            const logits = tf.tidy(() =>
              ((net.apply(tf.tensor2d(env.observation, [1, S])) as tf.Tensor[])[0].dataSync() as Float32Array).slice(),
            );
            for (let a = 0; a < A; a++) adversarial[a] = env.mask[a] ? -5 : 1e6;
            for (const out of [logits, adversarial]) {
              expect(env.mask[sampleMasked(out, 0, env.legal, env.legalCount, sample).action]).toBe(1);
              expect(env.mask[maskedArgmax(out, 0, env.legal, env.legalCount)]).toBe(1);
            }
          }
          env.step(env.legal[randomInt(play, 0, env.legalCount - 1)]);
        }
      }
      net.dispose();
    });
  }

  it('sampling follows the softmax over the legal actions only', () => {
    const logits = Float32Array.from([100, Math.log(1), 100, Math.log(3)]);
    const legal = Int32Array.from([1, 3]);
    const rng = createRng(5);
    let threes = 0;
    for (let k = 0; k < 4000; k++) {
      const { action, logProb } = sampleMasked(logits, 0, legal, 2, rng);
      if (action === 3) {
        threes++;
        expect(logProb).toBeCloseTo(Math.log(0.75), 6);
      } else expect(logProb).toBeCloseTo(Math.log(0.25), 6);
    }
    expect(threes / 4000).toBeGreaterThan(0.72);
    expect(threes / 4000).toBeLessThan(0.78);
  });

  it('the training forward pass (mlpForward) equals model.apply', () => {
    const net = buildPolicyValueNet({ observationSize: 33, numActions: 48, hidden: [16, 8], seed: 3 });
    const x = tf.randomUniform([5, 33], 0, 1, 'float32', 9);
    const [a, b] = net.apply(x) as tf.Tensor[];
    const [c, d] = mlpForward(net, x);
    expect(tf.max(tf.abs(tf.sub(a, c))).dataSync()[0]).toBeLessThan(1e-5);
    expect(tf.max(tf.abs(tf.sub(b, d))).dataSync()[0]).toBeLessThan(1e-5);
    tf.dispose([x, a, b, c, d]);
    net.dispose();
  });
});

describe('models', () => {
  it('save → load gives identical outputs, in the tfjs-node file layout with tengym metadata', async () => {
    const dir = join(tmp(), 'model');
    const env = make('decade');
    const net = buildPolicyValueNet({ observationSize: 535, numActions: 677, hidden: [8], seed: 11 });
    await saveModel(net, dir, modelMetadata('decade', 'ppo'));
    expect(readdirSync(dir).sort()).toEqual(['model.json', 'weights.bin']);
    const json = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8'));
    expect(json.format).toBe('layers-model');
    expect(json.weightsManifest[0].paths).toEqual(['weights.bin']);
    expect(json.userDefinedMetadata.tengym).toMatchObject({ format: 'tengym-model/1', env: 'decade', numActions: 677 });
    const { model, metadata } = await loadModel(dir);
    expect(metadata.env).toBe('decade');
    const observations = new Float32Array(4 * 535);
    for (let i = 0; i < 4; i++) {
      env.reset({ seed: i });
      observations.set(env.observation, i * 535);
    }
    const x = tf.tensor2d(observations, [4, 535]);
    const before = (net.apply(x) as tf.Tensor[]).map((t) => Array.from(t.dataSync()));
    const after = (model.apply(x) as tf.Tensor[]).map((t) => Array.from(t.dataSync()));
    expect(after).toEqual(before);
    net.dispose();
    model.dispose();
  });

  it(
    'a decade model used for decade-fives or four-ten is a clear error naming what differs; the training reward ' +
      "and the id's name for the same options are no difference",
    async () => {
      const dir = join(tmp(), 'decade-model');
      const net = buildQNet({ observationSize: 535, numActions: 677, hidden: [4], seed: 1 });
      await saveModel(net, dir, modelMetadata('decade', 'dqn'));
      net.dispose();
      await expect(resolveAgent(dir, 'decade', {})).resolves.toHaveProperty('name', dir);
      await expect(resolveAgent(dir, 'decade-fives', {})).rejects.toThrow(
        new RegExp(
          String.raw`was trained for decade \{.*"fives":false.*\}, not decade-fives \{.*"fives":true.*\} \(fives ` +
            String.raw`false there, true here\)$`,
        ),
      );
      await expect(resolveAgent(dir, 'decade', { reward: 'cards' })).resolves.toHaveProperty('name', dir);
      await expect(resolveAgent(dir, 'decade', { maxSteps: 100, fives: true })).rejects.toThrow(
        /\(fives false there, true here; maxSteps 5000 there, 100 here\)$/,
      );
      await expect(resolveAgent('models/decade-fives', 'decade', { fives: true })).resolves.toHaveProperty(
        'name',
        'models/decade-fives',
      );
      await expect(resolveAgent(dir, 'four-ten', {})).rejects.toThrow(
        /was trained for decade .*not four-ten .*\(another game\)$/,
      );
      const r = await tengymHere(
        'eval',
        '--env',
        'four-ten',
        '--agents',
        `${dir},random`,
        '--episodes',
        '5',
        '--workers',
        '0',
      );
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^tengym: model ".*decade-model" was trained for decade .*not four-ten/m);
      expect(r.stderr).not.toMatch(/^\s+at /m);
    },
  );
});

describe('algorithms', () => {
  it('PPO: the tensor count stays flat across updates', () => {
    const ppo = new Ppo(envConfig('decade'), ppoConfigSchema.parse({ ...TINY_PPO, totalSteps: 100_000 }));
    ppo.iterate();
    const after1 = tf.memory().numTensors;
    for (let k = 0; k < 3; k++) ppo.iterate();
    expect(tf.memory().numTensors).toBe(after1);
    expect(ppo.updates).toBe(4 * 2 * 2);
    expect(ppo.samples).toBe(4 * 32);
    // Forced moves are played but are not samples: decade is ~96% forced.
    expect(ppo.env.envSteps).toBeGreaterThan(10 * ppo.samples);
    const stats = ppo.takeStats();
    expect(stats.entropy).toBeGreaterThan(0);
    expect(Number.isFinite(stats.policyLoss)).toBe(true);
    ppo.dispose();
  });

  it('DQN: the tensor count stays flat across updates (target copies included)', () => {
    const dqn = new Dqn(
      envConfig('four-ten'),
      dqnConfigSchema.parse({ ...TINY_DQN, learningStarts: 0, totalSteps: 10_000 }),
    );
    dqn.iterate();
    const after1 = tf.memory().numTensors;
    for (let k = 0; k < 6; k++) dqn.iterate();
    expect(tf.memory().numTensors).toBe(after1);
    expect(dqn.updates).toBe(7);
    expect(Number.isFinite(dqn.takeStats().loss)).toBe(true);
    dqn.dispose();
  });
});

describe('tengym train', () => {
  const gunzip = (path: string) => gunzipSync(readFileSync(path));
  const untimed = (rows: Record<string, unknown>[]) =>
    rows.map(({ wallSeconds: _w, envStepsPerSecond: _s, ...rest }) => rest);
  const rowsOf = (dir: string) =>
    readFileSync(join(dir, 'metrics.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  // Killed at the first checkpoint past `killAt`, then resumed to `total`: each side of the kill makes updates (the
  // run's first checkpoint past 2,000 steps already holds some, untilKnown's aside: it first updates at about 4,900).
  // Twice as long a run showed the same at twice the time.
  for (const [algo, envId, config, total, killAt] of [
    ['ppo', 'decade', TINY_PPO, 4000, 2000],
    ['dqn', 'four-ten', TINY_DQN, 900, 600],
    ['afterstate', 'decade', TINY_AFTERSTATE, 4000, 2000],
    ['expert-iteration', 'ten-twenty-thirty', TINY_EXPERT_ITERATION, 4000, 2000],
    ['distill', 'decade-fives', TINY_DISTILL, 4000, 2000],
    // With 'deck-bottom' the copies' memories of the order under the stock are in the checkpoint
    // (no endgame: every decision labelled and learned, so the tiny run makes updates).
    ['distill', 'ten-twenty-thirty', { ...TINY_DISTILL, endgame: 0 }, 4000, 2000],
    // Games dealt anew once their stock is known: each copy's deal stream is in the checkpoint.
    ['distill', 'ten-twenty-thirty', { ...TINY_DISTILL, endgame: 12, untilKnown: true }, 4000, 2000],
  ] as const) {
    it(
      `${algo} on ${envId}${'untilKnown' in config ? ' (untilKnown)' : ''}: resuming after a kill reaches ` +
        `exactly the uninterrupted run's weights`,
      async () => {
        const whole = tmp();
        const killed = tmp();
        const base = { env: envId, algo, config, steps: total, quiet: true } as const;
        const a = await train({ ...base, out: whole });
        class Kill extends Error {}
        await expect(
          train({
            ...base,
            out: killed,
            afterCheckpoint: (steps) => {
              if (steps >= killAt) throw new Kill('killed');
            },
          }),
        ).rejects.toBeInstanceOf(Kill);
        // The resumed run takes its setup from the checkpoint.
        const b = await train({ out: killed, resume: true, quiet: true });
        expect(b.resumedFrom).toBeGreaterThanOrEqual(killAt);
        expect(b.envSteps).toBe(a.envSteps);
        // A session counts every step it played, those an algorithm plays as it is made too.
        expect(a.sessionEnvSteps).toBe(a.envSteps);
        expect(b.sessionEnvSteps).toBe(b.envSteps - b.resumedFrom!);
        // The resumed part trained: the weights compared below are not the checkpoint's again.
        const atKill = rowsOf(whole).find((row) => row.envSteps === b.resumedFrom)!;
        expect(rowsOf(whole).at(-1)!.updates).toBeGreaterThan(atKill.updates as number);
        for (const file of ['checkpoint/weights.bin', 'best/weights.bin'])
          expect(readFileSync(join(killed, file)).equals(readFileSync(join(whole, file))), file).toBe(true);
        const blobs = {
          ppo: ['optimizer'],
          dqn: ['optimizer', 'target', 'replay'],
          afterstate: ['optimizer', 'replay', 'pending'],
          'expert-iteration': ['optimizer', 'replay', 'paths'],
          distill: ['optimizer', 'replay'],
        }[algo];
        for (const blob of blobs) {
          expect(
            gunzip(join(killed, `checkpoint/${blob}.bin.gz`)).equals(gunzip(join(whole, `checkpoint/${blob}.bin.gz`))),
            blob,
          ).toBe(true);
        }
        expect(untimed(rowsOf(killed))).toEqual(untimed(rowsOf(whole)));
        const csv = readFileSync(join(whole, 'metrics.csv'), 'utf8').trim().split('\n');
        expect(csv[0]).toMatch(
          /^envSteps,samples,updates,episodes,wallSeconds,envStepsPerSecond,trainEpisodes,trainWinRate/,
        );
        expect(csv.length).toBe(rowsOf(whole).length + 1);
        expect(readFileSync(join(whole, 'learning-curve.svg'), 'utf8')).toMatch(
          /^<svg[\s\S]*env steps[\s\S]*<\/svg>\n$/,
        );
        const meta = (await loadModel(join(whole, 'best'))).metadata;
        expect(meta).toMatchObject({
          env: envId,
          algorithm: algo,
          head: { ppo: 'logits', dqn: 'q', afterstate: 'afterstate', 'expert-iteration': 'search', distill: 'search' }[
            algo
          ],
          config: { evalEpisodes: config.evalEpisodes },
        });
        expect(meta.evaluation).toMatchObject({
          seed: 1_000_000_000,
          episodes: config.evalEpisodes,
          reference: { agent: 'first' },
        });
        // A finished run resumed again has nothing left to do.
        const again = await train({ out: whole, resume: true, quiet: true });
        expect(again.sessionEnvSteps).toBe(0);
      },
    );
  }

  it('a stale half-written checkpoint-new/ is ignored, and a run without --resume is refused', async () => {
    const out = tmp();
    await train({ env: 'decade', algo: 'ppo', config: TINY_PPO, steps: 1000, out, quiet: true });
    mkdirSync(join(out, 'checkpoint-new'));
    writeFileSync(join(out, 'checkpoint-new', 'state.json'), '{"half": "written"');
    await expect(
      train({ env: 'decade', algo: 'ppo', config: TINY_PPO, steps: 1000, out, quiet: true }),
    ).rejects.toThrow(/already holds a training run .*pass --resume/);
    await expect(train({ env: 'decade-fives', out, resume: true, quiet: true })).rejects.toThrow(
      /--resume: .* trains decade, not decade-fives/,
    );
    await expect(train({ out, resume: true, config: { ...TINY_PPO, learningRate: 0.1 }, quiet: true })).rejects.toThrow(
      /learningRate = 0.0005, the given config sets 0.1 \(only --steps may change on resume\)/,
    );
    const extended = await train({ out, resume: true, steps: 2000, quiet: true });
    expect(extended.resumedFrom).toBeGreaterThanOrEqual(1000);
    expect(extended.envSteps).toBeGreaterThanOrEqual(2000);
  });

  it(
    'one run at a time in a folder: a second is refused while the first trains, a lock whose process ended is ' +
      'taken over',
    async () => {
      const out = tmp();
      // Two runs of this process at once: one trains, the other is refused before it writes anything.
      const runs = await Promise.allSettled(
        [0, 1].map(() => train({ env: 'decade', algo: 'ppo', config: TINY_PPO, steps: 500, out, quiet: true })),
      );
      expect(runs.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = runs.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(String(refused.reason)).toMatch(
        new RegExp(
          'is being trained by another run of this process: wait for it to end before training ' +
            'there|already holds a training run',
        ),
      );
      expect(readdirSync(out)).not.toContain(RUN_LOCK);
      // Another process's lock, while it lives.
      const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
      try {
        writeFileSync(join(out, RUN_LOCK), `${sleeper.pid}\n`);
        await expect(train({ out, resume: true, steps: 1000, quiet: true })).rejects.toThrow(
          `${out} is being trained by another tengym train (process ${sleeper.pid}, ${RUN_LOCK}): wait for it ` +
            `to end, or stop it, before training there`,
        );
      } finally {
        sleeper.kill();
      }
      // A process that has ended holds nothing.
      const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
        encoding: 'utf8',
      }).stdout;
      writeFileSync(join(out, RUN_LOCK), `${ended}\n`);
      const resumed = await train({ out, resume: true, steps: 1000, quiet: true });
      expect(resumed.envSteps).toBeGreaterThanOrEqual(1000);
      expect(readdirSync(out)).not.toContain(RUN_LOCK);
    },
  );

  it('config errors name the field', () => {
    expect(() => resolveTrainConfig(ppo, envConfig('decade'), { learningRate: 'fast' })).toThrow(
      /bad ppo config: .*→ at learningRate/,
    );
    expect(() => resolveTrainConfig(ppo, envConfig('decade'), { learningrate: 0.1 })).toThrow(/learningrate/);
    expect(() => resolveTrainConfig(dqn, envConfig('decade'), { bufferSize: -1 })).toThrow(/bufferSize/);
    expect(() => resolveTrainConfig(ppo, envConfig('decade'), { trainingReward: 'points' })).toThrow(
      /trainingReward "points" does not fit decade/,
    );
    expect(() => resolveTrainConfig(ppo, envConfig('decade'), { evalReference: 'greedy' })).toThrow(
      /evalReference "greedy" is not an agent for decade; choose one of random, first/,
    );
    expect(
      resolveTrainConfig(ppo, envConfig('decade'), { trainingReward: 'cards' }, 'config', { steps: 5 }),
    ).toMatchObject({ trainingReward: 'cards', totalSteps: 5, numEnvs: 64 });
  });

  it(
    "trains on a reward the env options name, over the preset's other one; a config's own trainingReward still " +
      'wins',
    async () => {
      // decade's PPO preset trains on 'cards' (scale 1/52); an explicit reward 'win' used to be replaced by it without
      // a word.
      expect(resolveTrainConfig(ppo, envConfig('decade'), {})).toMatchObject({
        trainingReward: 'cards',
        rewardScale: 1 / 52,
      });
      expect(resolveTrainConfig(ppo, envConfig('decade'), {}, 'config', { reward: 'win' })).toMatchObject({
        trainingReward: 'win',
        rewardScale: 1,
      });
      expect(resolveTrainConfig(ppo, envConfig('decade'), {}, 'config', { reward: 'cards' })).toMatchObject({
        trainingReward: 'cards',
        rewardScale: 1 / 52,
      });
      expect(
        resolveTrainConfig(ppo, envConfig('decade'), { trainingReward: 'cards' }, 'config', { reward: 'win' }),
      ).toMatchObject({ trainingReward: 'cards', rewardScale: 1 });
      // Through train(), as --options gives it; resumed, the run keeps it.
      const out = tmp();
      let started: CommonConfig | null = null;
      await train({
        env: 'decade',
        options: { reward: 'win' },
        algo: 'ppo',
        config: TINY_PPO,
        steps: 500,
        out,
        quiet: true,
        onStart: (info) => (started = info.config),
      });
      expect(started).toMatchObject({ trainingReward: 'win', rewardScale: 1 });
      let resumed: CommonConfig | null = null;
      await train({ out, resume: true, steps: 1000, quiet: true, onStart: (info) => (resumed = info.config) });
      expect(resumed).toMatchObject({ trainingReward: 'win', rewardScale: 1 });
    },
  );

  it('an unknown config field is named with the closest field and every field the algorithm takes', () => {
    const ppoFields = Object.keys((ppo.configSchema as unknown as { shape: object }).shape);
    expect(() => resolveTrainConfig(ppo, envConfig('decade'), { learningRat: 0.1 }, 'config file c.json')).toThrow(
      new RegExp(
        `^bad ppo config file c\\.json: unknown field "learningRat" \\(did you mean "learningRate"\\?\\); ` +
          `ppo's fields: ${ppoFields.join(', ')}$`,
      ),
    );
    // A field of another algorithm: no near name, the list says what ppo takes.
    expect(() => resolveTrainConfig(ppo, envConfig('decade'), { bufferSize: 1000 })).toThrow(
      /^bad ppo config: unknown field "bufferSize"; ppo's fields: seed, totalSteps, .*rolloutSteps/,
    );
    expect(() => resolveTrainConfig(dqn, envConfig('four-ten'), { epsilonEnd: 0.1, targetUpdat: 5 })).toThrow(
      /^bad dqn config: unknown field "targetUpdat" \(did you mean "targetUpdate"\?\); dqn's fields: /,
    );
  });

  it('ppo refuses a minibatch larger than a rollout, which it would quietly take as the whole rollout', () => {
    const config = ppoConfigSchema.parse({ numEnvs: 8, rolloutSteps: 4, minibatchSize: 33, hidden: [16] });
    expect(() => new Ppo(envConfig('decade'), config)).toThrow(
      new RegExp(
        String.raw`^ppo config: minibatchSize 33 is more than a rollout holds \(numEnvs × rolloutSteps = 8 × 4 = ` +
          String.raw`32 samples\); make it at most 32, or the rollout larger$`,
      ),
    );
    new Ppo(envConfig('decade'), { ...config, minibatchSize: 32 }).dispose();
  });

  it(
    'refuses a seed whose first training deals are held-out deals, ' + 'so that held-out deals are never trained on',
    () => {
      const config = { numEnvs: 8, evalEpisodes: 100 };
      // Copy i's first deal is seed + i; the held-out deals are 1,000,000,000 + i, i < 100.
      for (const seed of [999_999_993, 1_000_000_000, 1_000_000_099]) {
        expect(() => resolveTrainConfig(ppo, envConfig('decade'), { ...config, seed })).toThrow(
          new RegExp(
            `seed ${seed} deals the first training games from seeds ${seed}–${seed + 7} \\(numEnvs 8\\), among ` +
              `the held-out deals \\(seeds 1000000000–1000000099, evalEpisodes 100\\); choose a seed up to ` +
              `999999992 or from 1000000100`,
          ),
        );
        // Given by --seed, not by the config file: the message names the flag.
        expect(() => resolveTrainConfig(ppo, envConfig('decade'), config, 'config file c.json', { seed })).toThrow(
          new RegExp(`^--seed ${seed} deals the first training games .*among the held-out deals`),
        );
      }
      for (const seed of [0, 999_999_992, 1_000_000_100, 2 ** 31])
        expect(resolveTrainConfig(ppo, envConfig('decade'), { ...config, seed }).seed).toBe(seed);
    },
  );

  it('the CLI trains, writes every file, and reports bad config files by field', async () => {
    const dir = tmp();
    const good = join(dir, 'good.json');
    const bad = join(dir, 'bad.json');
    writeFileSync(good, JSON.stringify(TINY_PPO));
    writeFileSync(bad, JSON.stringify({ ...TINY_PPO, gaeLambda: 2 }));
    const out = join(dir, 'run');
    // A process: the model's metadata records the command line of the process that trained it.
    const r = tengym('train', '--env', 'decade', '--algo', 'ppo', '--steps', '1500', '--config', good, '--out', out);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^training ppo on decade/);
    expect(r.stdout).toMatch(/env steps\/s/);
    expect(readdirSync(out).sort()).toEqual([
      'best',
      'checkpoint',
      'learning-curve.svg',
      'metrics.csv',
      'metrics.jsonl',
      'tengym-run.json',
    ]);
    expect(readdirSync(join(out, 'best')).sort()).toEqual(['model.json', 'weights.bin']);
    expect(
      JSON.parse(readFileSync(join(out, 'best', 'model.json'), 'utf8')).userDefinedMetadata.tengym.command as string,
    ).toMatch(/^tengym train --env decade --algo ppo --steps 1500 --config /);
    const e = await tengymHere(
      'train',
      '--env',
      'decade',
      '--algo',
      'ppo',
      '--config',
      bad,
      '--out',
      join(dir, 'run2'),
    );
    expect(e.code).toBe(1);
    expect(e.stderr).toMatch(/^tengym: bad ppo config file .*bad\.json: .*→ at gaeLambda\n$/);
    const help = await tengymHere('train', '--help');
    expect(help.code).toBe(0);
    for (const flag of [
      '--env',
      '--options',
      '--algo',
      '--steps',
      '--config',
      '--seed',
      '--out',
      '--resume',
      'rolloutSteps',
      'bufferSize',
      'evalEpisodes',
    ])
      expect(help.stdout).toContain(flag);
  });
});
