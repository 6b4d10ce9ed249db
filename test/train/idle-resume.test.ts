// A resumed run with nothing left to train (src/train/trainer.ts): it plays no held-out deals
// (the reference's can take many seconds) and rewrites none of its files, unless its metrics
// files do not hold its checkpoint's rows, which it then writes again from the checkpoint.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

const played = vi.hoisted(() => ({ agents: [] as string[] }));
vi.mock('../../src/eval/episodes.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/eval/episodes.js')>();
  return {
    ...original,
    playNamedAgent: (deals: Parameters<typeof original.playNamedAgent>[0], onEpisode?: (done: number) => void) => {
      played.agents.push(typeof deals.agent === 'string' ? deals.agent : deals.agent.name);
      return original.playNamedAgent(deals, onEpisode);
    },
  };
});

const { train } = await import('../../src/train/trainer.js');

const TINY_PPO = {
  numEnvs: 8,
  rolloutSteps: 4,
  hidden: [16],
  minibatchSize: 16,
  epochs: 1,
  evalEvery: 500,
  evalEpisodes: 10,
  evalReference: 'first',
};
const root = mkdtempSync(join(tmpdir(), 'tengym-idle-resume-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Each file's inode and bytes: a file written again (atomically, by a rename) has a new inode. */
const files = (out: string) =>
  Object.fromEntries(
    ['metrics.jsonl', 'metrics.csv', 'learning-curve.svg'].map((f) => [
      f,
      [statSync(join(out, f)).ino, readFileSync(join(out, f), 'utf8')],
    ]),
  );

describe('a resumed run with nothing left to train', () => {
  beforeEach(() => {
    played.agents.length = 0;
  });

  it('plays no held-out deals and rewrites none of its metrics files', async () => {
    const out = join(root, 'idle');
    await train({ env: 'decade', algo: 'ppo', config: TINY_PPO, steps: 600, out, quiet: true });
    expect(played.agents).toContain('first');
    const before = files(out);
    played.agents.length = 0;
    const again = await train({ out, resume: true, quiet: true });
    expect(again.sessionEnvSteps).toBe(0);
    expect(played.agents).toEqual([]);
    expect(files(out)).toEqual(before);
  });

  it('writes its metrics files again from the checkpoint where they do not hold its rows', async () => {
    const out = join(root, 'mended');
    await train({ env: 'decade', algo: 'ppo', config: TINY_PPO, steps: 600, out, quiet: true });
    const rows = readFileSync(join(out, 'metrics.jsonl'), 'utf8');
    // As a session stopped between writing the metrics and the checkpoint leaves them: a row more.
    writeFileSync(join(out, 'metrics.jsonl'), rows + rows.split('\n')[0] + '\n');
    played.agents.length = 0;
    await train({ out, resume: true, quiet: true });
    expect(played.agents).toContain('first');
    expect(readFileSync(join(out, 'metrics.jsonl'), 'utf8')).toBe(rows);
  });
});
