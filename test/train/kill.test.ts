// `tengym train` killed with SIGKILL at seeded random moments (one of them while a
// checkpoint is being written or swapped in), then resumed with --resume: the run ends
// with exactly the weights, optimizer state and metrics of a run that was never killed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng, randomInt } from '../../src/env/rng.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
/**
 * A short PPO run: 3,000 env steps with a checkpoint every 500. The wide layer makes each
 * checkpoint take a good fraction of a second to write, so a kill can land inside it.
 */
const CONFIG = {
  numEnvs: 8,
  rolloutSteps: 4,
  hidden: [512],
  minibatchSize: 16,
  epochs: 1,
  evalEvery: 500,
  evalEpisodes: 10,
  evalReference: 'first',
};
const STEPS = 3000;

const root = mkdtempSync(join(tmpdir(), 'tengym-kill-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Exit {
  code: number | null;
  killed: boolean;
  /** The kill left a checkpoint half written (checkpoint-new/) or half swapped (checkpoint-old/). */
  midCheckpoint: boolean;
  /** The env steps of the checkpoint the session continued from (null: it started afresh). */
  resumedFrom: number | null;
}

/**
 * Runs `tengym train` into `out`; kills it `delayMs` after it starts writing its `nth`
 * checkpoint of this session (checkpoint-new/ appears: 0 ms kills it mid-write, more
 * anywhere before the next one), or never (kill null). Resolves when the process is gone.
 */
function trainUntilKilled(args: string[], out: string, kill: { nth: number; delayMs: number } | null): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'train', ...args, '--out', out], {
      env: { ...process.env, TENGYM_QUIET: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    let timer: NodeJS.Timeout | undefined;
    let seen = 0;
    const watcher = kill
      ? watch(out, (_event, name) => {
          // Two events per checkpoint: checkpoint-new/ is created, then renamed to checkpoint/.
          if (name !== 'checkpoint-new' || ++seen !== 2 * kill.nth - 1) return;
          if (kill.delayMs === 0) child.kill('SIGKILL');
          else timer = setTimeout(() => child.kill('SIGKILL'), kill.delayMs);
        })
      : null;
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      watcher?.close();
      if (signal === null && code !== 0) reject(new Error(`tengym train exited with ${code}: ${stderr}`));
      const midCheckpoint = existsSync(join(out, 'checkpoint-new')) || existsSync(join(out, 'checkpoint-old'));
      const resumed = /^resuming at (\d+) env steps/m.exec(stdout);
      resolve({ code, killed: signal === 'SIGKILL', midCheckpoint, resumedFrom: resumed ? Number(resumed[1]) : null });
    });
  });
}

const bytes = (dir: string, file: string) =>
  file.endsWith('.gz') ? gunzipSync(readFileSync(join(dir, file))) : readFileSync(join(dir, file));
const untimedRows = (dir: string) =>
  readFileSync(join(dir, 'metrics.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => {
      const { wallSeconds: _w, envStepsPerSecond: _s, ...rest } = JSON.parse(l) as Record<string, unknown>;
      return rest;
    });

describe('tengym train killed by a signal', () => {
  it('resumes to the weights of the run that was never killed, whatever moment the kills hit', async () => {
    const config = join(root, 'config.json');
    writeFileSync(config, JSON.stringify(CONFIG));
    const args = ['--env', 'decade', '--algo', 'ppo', '--config', config, '--steps', String(STEPS)];
    const whole = join(root, 'whole');
    const killed = join(root, 'killed');
    mkdirSync(whole);
    mkdirSync(killed);
    const uninterrupted = trainUntilKilled(args, whole, null);

    // Kills at seeded random moments between checkpoints, and as a checkpoint is being written;
    // the latter are repeated (at most four times) until one lands before the swap completes.
    const rng = createRng(17);
    const exits: Exit[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      if (attempt >= 2 && exits.some((e) => e.midCheckpoint)) break;
      // Later sessions are killed as their first checkpoint is written: a session resumed near
      // the end may have only the last one left to write.
      const kill =
        attempt === 0 ? { nth: randomInt(rng, 2, 3), delayMs: randomInt(rng, 1, 300) } : { nth: 1, delayMs: 0 };
      const exit = await trainUntilKilled(attempt === 0 ? args : [...args, '--resume'], killed, kill);
      exits.push(exit);
      if (!exit.killed) break;
    }
    const finished = await trainUntilKilled([...args, '--resume'], killed, null);
    expect(finished).toMatchObject({ code: 0, killed: false });
    // It continued from a checkpoint (a run started over would reach the same weights too).
    expect(finished.resumedFrom).toBeGreaterThan(0);
    expect((await uninterrupted).code).toBe(0);

    expect(exits.filter((e) => e.killed).length).toBeGreaterThanOrEqual(2);
    expect(exits.some((e) => e.killed && e.midCheckpoint)).toBe(true);
    for (const file of ['best/weights.bin', 'checkpoint/weights.bin', 'checkpoint/optimizer.bin.gz'])
      expect(bytes(killed, file).equals(bytes(whole, file)), file).toBe(true);
    expect(untimedRows(killed)).toEqual(untimedRows(whole));
    expect(existsSync(join(killed, 'checkpoint-new')) || existsSync(join(killed, 'checkpoint-old'))).toBe(false);
  });
});
