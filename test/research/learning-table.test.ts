// The learning table (research/learning-table.ts, docs/learning.md): one short row replayed from its command matches
// the row on record, the ids come from the registry, and the score is 0 at random's ladder rate, 1 at the best's.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  idsWithDecisions,
  levelsOf,
  normalizedScore,
  readRuns,
  type RunRecord,
  runFile,
  trainRun,
} from '../../research/learning-table.js';
import { sameOutcomeOf } from '../../src/env/game.js';
import { envConfig, envIds } from '../../src/env/registry.js';

const SHORT = fileURLToPath(new URL('learning-row', import.meta.url));

describe('learning table', () => {
  it('replays the short row from its command: the same curve, evaluation by evaluation', () => {
    const [recorded] = readRuns(SHORT);
    const replayed = trainRun(recorded);
    // Everything but the times, which the machine's load sets.
    const { wallSeconds: _a, cpuSeconds: _c, ...want } = recorded;
    const { wallSeconds: _b, cpuSeconds: _d, ...got } = replayed;
    expect(got).toEqual(want);
    // The command on record is the one the run trained with, flag for flag.
    expect(recorded.command).toMatch(/^tengym train --env \S+ --algo (ppo|dqn) --seed \d+ --steps \d+ /);
    expect(runFile(recorded, SHORT)).toMatch(/learning-row\/[\w-]+\.(ppo|dqn)\.seed\d+\.json$/);
  });

  it('takes every id whose moves can matter, and no other', () => {
    const ids = idsWithDecisions();
    for (const id of envIds()) {
      const env = envConfig(id);
      expect(ids.includes(id)).toBe(!sameOutcomeOf(env.game, env.options));
    }
    expect(ids.length).toBeGreaterThan(0);
  });

  it("scores a run 0 at random's ladder rate and 1 at the best fair agent's", () => {
    const id = idsWithDecisions().find((i) => {
      const l = levelsOf(i);
      return l !== null && l.best > l.random;
    });
    expect(id).toBeDefined();
    const levels = levelsOf(id as string)!;
    const run = (winRate: number): RunRecord =>
      ({
        id,
        points: [
          { envSteps: 0, winRate: 0, low: 0, high: 0 },
          { envSteps: 1, winRate, low: 0, high: 1 },
        ],
      }) as RunRecord;
    expect(normalizedScore(run(levels.random))).toBeCloseTo(0, 12);
    expect(normalizedScore(run(levels.best))).toBeCloseTo(1, 12);
  });

  it('keeps runs small: a curve of at most a dozen points', () => {
    for (const f of readRuns()) expect(f.points.length).toBeLessThanOrEqual(12);
    expect(readFileSync(runFile(readRuns(SHORT)[0], SHORT), 'utf8').length).toBeLessThan(4000);
  });
});
