// The throughput a run reports without evaluations leaves out all the evaluation: the reference
// agent and the levels played on the held-out deals at the start (pimc on decade's 5,000 deals
// takes many seconds) as well as the run's own evaluations.
import { mkdtempSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const DELAY = 1.5;

vi.mock('../../src/eval/episodes.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/eval/episodes.js')>();
  return {
    ...original,
    // The held-out start plays its agents with playNamedAgent: made slow here, as pimc is.
    playNamedAgent: async (...args: Parameters<typeof original.playNamedAgent>) => {
      await sleep(DELAY * 1000);
      return original.playNamedAgent(...args);
    },
  };
});

const { train } = await import('../../src/train/trainer.js');

const root = mkdtempSync(join(tmpdir(), 'tengym-throughput-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the throughput without evaluations', () => {
  it('leaves out the held-out deals played at the start by the reference and the levels', async () => {
    const config = {
      numEnvs: 8,
      rolloutSteps: 4,
      hidden: [16],
      minibatchSize: 16,
      epochs: 1,
      evalEpisodes: 10,
      evalReference: 'first',
    };
    const summary = await train({
      env: 'decade',
      algo: 'ppo',
      config,
      steps: 500,
      out: join(root, 'run'),
      quiet: true,
    });
    expect(summary.sessionEnvSteps).toBeGreaterThan(0);
    const trainingSeconds = summary.sessionEnvSteps / summary.trainingEnvStepsPerSecond;
    // The reference and two levels (random, the best baseline), each delayed.
    expect(summary.sessionSeconds - trainingSeconds).toBeGreaterThanOrEqual(3 * DELAY);
  }, 60_000);
});
