// `tengym train --help` lists each algorithm's config fields (src/cli/commands/train.ts,
// CONFIG_FIELDS_HELP): every field its schema takes, and none it does not.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { configFieldsHelp } from '../../src/cli/commands/train.js';
import { commonConfigFields } from '../../src/train/algorithm.js';
import { algorithmNames, loadAlgorithm } from '../../src/train/algorithms/index.js';

const ALGORITHMS = algorithmNames();
import { configFile, tengymHere } from '../helpers/cli.js';

/** The fields listed for `who`: lines "- who: …", "- who (…): …" and "- who, …: …". */
function listed(who: string): Set<string> {
  const fields = new Set<string>();
  for (const [line, names] of configFieldsHelp())
    if (line === who || line.startsWith(`${who} `) || line.startsWith(`${who},`))
      for (const f of names.split(' ')) fields.add(f);
  return fields;
}

describe('train --help config fields', () => {
  it('lists the common fields under "all"', () => {
    expect([...listed('all')].sort()).toEqual(Object.keys(commonConfigFields).sort());
  });

  it.each(ALGORITHMS)("lists exactly the fields of %s's schema beside the common ones", async (name) => {
    const schema = (await loadAlgorithm(name)).configSchema as unknown as z.ZodObject;
    const own = Object.keys(schema.shape).filter((k) => !Object.hasOwn(commonConfigFields, k));
    expect([...listed(name)].sort()).toEqual(own.sort());
  });
});

describe('train --print-config', () => {
  it("prints the config a run would train with, the env's preset and the flags in it, and writes nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tengym-print-config-'));
    try {
      const planned = await tengymHere(
        'train',
        '--env',
        'decade',
        '--options',
        '{"fives":true}',
        '--algo',
        'dqn',
        '--steps',
        '5000',
        '--seed',
        '7',
        '--print-config',
      );
      expect(planned.code, planned.stderr).toBe(0);
      const printed = JSON.parse(planned.stdout) as {
        env: string;
        options: Record<string, unknown>;
        algo: string;
        config: Record<string, unknown>;
      };
      expect(printed).toMatchObject({
        env: 'decade',
        options: { fives: true, reward: 'win' },
        algo: 'dqn',
        config: { totalSteps: 5000, seed: 7, trainingReward: 'cards', rewardScale: 1 / 52 },
      });
      // An env reward given in the options is the one trained on.
      expect(
        JSON.parse(
          (
            await tengymHere(
              'train',
              '--env',
              'decade',
              '--options',
              '{"reward":"win"}',
              '--algo',
              'dqn',
              '--print-config',
            )
          ).stdout,
        ).config,
      ).toMatchObject({ trainingReward: 'win', rewardScale: 1 });
      // A run's own, with --resume: its settings, whatever is given.
      const out = join(dir, 'run');
      const config = configFile(dir, {
        numEnvs: 8,
        rolloutSteps: 4,
        hidden: [16],
        minibatchSize: 16,
        epochs: 1,
        evalEvery: 1000,
        evalEpisodes: 10,
        evalReference: 'first',
      });
      expect(
        (
          await tengymHere(
            'train',
            '--env',
            'decade',
            '--algo',
            'ppo',
            '--config',
            config,
            '--steps',
            '1000',
            '--out',
            out,
          )
        ).code,
      ).toBe(0);
      const resumed = JSON.parse(
        (await tengymHere('train', '--out', out, '--resume', '--print-config')).stdout,
      ) as typeof printed;
      expect(resumed).toMatchObject({ env: 'decade', algo: 'ppo', config: { numEnvs: 8, totalSteps: 1000 } });
      expect(readdirSync(dir).sort()).toEqual(['run', 'tiny.json']);
      expect((await tengymHere('train', '--env', 'decade', '--algo', 'ppo')).stderr).toBe(
        'tengym: train: name the run directory (--out DIR)\n',
      );
      // Config fields inline, as JSON; and given as flags (CleanRL's way), told where they go.
      // (16 copies: 8 would make a rollout of 128 samples, less than the minibatch of 256, which a run refuses and so
      // --print-config does.)
      expect(
        JSON.parse(
          (
            await tengymHere(
              'train',
              '--env',
              'decade',
              '--algo',
              'ppo',
              '--config',
              '{"numEnvs": 16, "hidden": [32]}',
              '--print-config',
            )
          ).stdout,
        ).config,
      ).toMatchObject({ numEnvs: 16, hidden: [32] });
      expect(
        (await tengymHere('train', '--env', 'decade', '--algo', 'ppo', '--config', '{"numEnv": 8}', '--print-config'))
          .stderr,
      ).toMatch(/^tengym: bad ppo --config JSON: unknown field "numEnv" \(did you mean "numEnvs"\?\)/);
      expect(
        (await tengymHere('train', '--env', 'decade', '--algo', 'ppo', '--config', '{"numEnvs": 8', '--print-config'))
          .stderr,
      ).toMatch(/^tengym: --config: the inline JSON is not valid: /);
      expect(
        (
          await tengymHere(
            'train',
            '--env',
            'decade',
            '--algo',
            'ppo',
            '--num-envs',
            '8',
            '--learning-rate',
            '0.001',
            '--out',
            join(dir, 'flags'),
          )
        ).stderr,
      ).toBe(
        `tengym: Unknown arguments: num-envs, numEnvs, learning-rate, learningRate (numEnvs, learningRate: ` +
          `config fields, given with --config, a file or inline JSON: --config '{"numEnvs": …}') (tengym ` +
          `<command> --help shows a command's options)\n`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  // What a run checks before it writes anything (a config's sizes among it), --print-config checks too: it never prints
  // a config the run refuses.
  it.each([
    [
      'dqn',
      '{"bufferSize":1e12}',
      new RegExp(
        String.raw`^tengym: dqn config: bufferSize 1000000000000 is more than a run holds: at most \d+ samples of ` +
          String.raw`\d+ bytes \(2 GiB\)\n$`,
      ),
    ],
    ['ppo', '{"rolloutSteps":1e9}', /^tengym: ppo config: numEnvs × rolloutSteps \d+ is more than a run holds/],
    [
      'ppo',
      '{"numEnvs":2,"rolloutSteps":4,"minibatchSize":16}',
      /^tengym: ppo config: minibatchSize 16 is more than a rollout holds/,
    ],
    [
      'afterstate',
      '{"bufferSize":100,"learningStarts":1000}',
      /^tengym: afterstate config: bufferSize 100 is less than learningStarts 1000/,
    ],
  ])(
    'refuses what a run of %s refuses, %s, with its message',
    async (algo, config, message) => {
      const dir = mkdtempSync(join(tmpdir(), 'tengym-print-config-'));
      try {
        const printed = await tengymHere(
          'train',
          '--env',
          'decade',
          '--algo',
          algo,
          '--config',
          config,
          '--print-config',
        );
        const trained = await tengymHere(
          'train',
          '--env',
          'decade',
          '--algo',
          algo,
          '--config',
          config,
          '--steps',
          '500',
          '--out',
          join(dir, 'run'),
        );
        expect(printed.code, printed.stdout).toBe(1);
        expect(printed.stdout).toBe('');
        expect(printed.stderr).toMatch(message);
        expect(trained.code).toBe(1);
        expect(printed.stderr).toBe(trained.stderr);
        // Refused before the run wrote anything.
        expect(readdirSync(dir)).toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
