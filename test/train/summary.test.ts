// What `tengym train` says at the end of a run: the comparison it suggests plays fresh deals (the
// held-out deals chose best/, so on them best/ is favoured), with the run's options after a resume too.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commonConfigFields, EVAL_SEED, FRESH_SEED, MAX_TRAIN_SEED } from '../../src/train/algorithm.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const tengym = (...args: string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, TENGYM_QUIET: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};
const tmp = () => mkdtempSync(join(tmpdir(), 'tengym-summary-'));

/** A tiny PPO config for decade: about 800 env steps per iteration, 20 held-out deals. */
const TINY = { numEnvs: 8, rolloutSteps: 4, hidden: [16], minibatchSize: 16, epochs: 1, evalEpisodes: 20, evalReference: 'first' };

function configFile(dir: string, config: object = TINY): string {
  const file = join(dir, 'tiny.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
}

describe('the comparison a run suggests', () => {
  it('plays fresh deals: seeds no run deals in training and no held-out evaluation plays', () => {
    const { numEnvs, evalEpisodes } = commonConfigFields;
    // Copy i of a run first deals seed + i; held-out deal i is EVAL_SEED + i.
    expect(FRESH_SEED).toBeGreaterThan(MAX_TRAIN_SEED + numEnvs.unwrap().maxValue! - 1);
    expect(FRESH_SEED).toBeGreaterThan(EVAL_SEED + evalEpisodes.unwrap().maxValue! - 1);
  });

  it('names the fresh deals and the run\'s options, also after a resume that does not give them', () => {
    const dir = tmp();
    const out = join(dir, 'run');
    const expected = new RegExp(`^model: ${out}/best \\(compare on fresh deals: tengym eval --env decade --options '\\{"discard":"optional"\\}' --agents ${out}/best,first --seed ${FRESH_SEED} --episodes 20\\)$`, 'm');
    const first = tengym('train', '--env', 'decade', '--options', '{"discard":"optional"}', '--algo', 'ppo', '--steps', '800', '--config', configFile(dir), '--out', out);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(expected);
    expect(first.stdout).not.toMatch(/--seed 1000000000/);
    const resumed = tengym('train', '--out', out, '--resume', '--steps', '1600');
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(expected);
  });
});
