// The learning curve's SVG: the win rate where games are won or lost, the mean rounds where
// every game is won (Four Ten), each point inside the plot and the reference named.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { learningCurveSvg } from '../../src/train/learning-curve.js';
import { CARDS_LEFT_RESULT } from '../../src/env/game.js';
import { FOUR_TEN_RESULT } from '../../src/games/four-ten/engine.js';
import { curveFigure, curvePoints, writeMetricsFiles } from '../../src/train/metrics.js';

const ROUNDS = curveFigure(FOUR_TEN_RESULT)!;

const circles = (svg: string) =>
  [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
const PLOT = { top: 60, bottom: 364, left: 64, right: 696 };

describe('learningCurveSvg', () => {
  it('plots the win rate in percent, higher up for a higher rate, with the reference as a rate', () => {
    const rows = [
      { envSteps: 0, evalWinRate: 0.1, evalWinRateLow: 0.08, evalWinRateHigh: 0.12 },
      { envSteps: 1000, evalWinRate: 0.25, evalWinRateLow: 0.22, evalWinRateHigh: 0.28 },
    ];
    const svg = learningCurveSvg(curvePoints(CARDS_LEFT_RESULT, rows), {
      title: 't',
      reference: { name: 'longest', value: 0.2 },
    });
    expect(svg).toContain('win rate on the held-out deals');
    expect(svg).toContain('longest on the same deals: 20.0%');
    expect(svg).toMatch(/>30%</);
    const [a, b] = circles(svg);
    expect(b.y).toBeLessThan(a.y);
    expect(a.y).toBeLessThanOrEqual(PLOT.bottom);
  });

  it(
    'plots Four Ten’s mean rounds on an axis that spans them, fewer rounds lower down, rows without a won deal ' +
      'left out',
    () => {
      const rows = [
        { envSteps: 0, evalMeanRounds: null },
        { envSteps: 100, evalMeanRounds: 6.9 },
        { envSteps: 200, evalMeanRounds: 4.28 },
      ];
      const points = curvePoints(FOUR_TEN_RESULT, rows);
      expect(points.map((p) => p.envSteps)).toEqual([100, 200]);
      const svg = learningCurveSvg(points, {
        title: 't',
        figure: ROUNDS,
        reference: { name: 'greedy', value: 5.8306 },
      });
      expect(svg).toContain('mean rounds of the won held-out deals');
      expect(svg).toContain('fewer rounds are better');
      expect(svg).toContain('greedy on the same deals: 5.831');
      expect(svg).not.toMatch(/\d%</);
      const [slow, fast] = circles(svg);
      expect(fast.y).toBeGreaterThan(slow.y);
      for (const c of [slow, fast]) {
        expect(c.y).toBeGreaterThanOrEqual(PLOT.top);
        expect(c.y).toBeLessThanOrEqual(PLOT.bottom);
      }
      // The axis starts at the whole round below the fewest rounds, not at zero.
      expect(svg).toMatch(/text-anchor="end">4</);
      expect(svg).not.toMatch(/text-anchor="end">0</);
    },
  );

  it('draws no reference line where the reference has no figure (it won no deal)', () => {
    const svg = learningCurveSvg([{ envSteps: 10, value: 4.5, low: 4.5, high: 4.5 }], {
      title: 't',
      figure: ROUNDS,
      reference: { name: 'greedy', value: Number.NaN },
    });
    expect(svg).not.toContain('NaN');
    expect(svg).not.toContain('greedy on the same deals');
  });

  it(
    'shows a Four Ten run whose network won no held-out deal: its evaluations marked on an axis of its env ' +
      'steps, and a note',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'tengym-curve-'));
      try {
        const rows = [0, 2010, 4013].map((envSteps) => ({ envSteps, evalWinRate: 0, evalMeanRounds: null }));
        await writeMetricsFiles(
          dir,
          rows,
          {
            title: 't',
            figure: ROUNDS,
            reference: { name: 'greedy', value: 5.83 },
          },
          FOUR_TEN_RESULT,
        );
        const svg = readFileSync(join(dir, 'learning-curve.svg'), 'utf8');
        expect(svg).toContain('no held-out deal won at 3 of 3 evaluations');
        // The x axis ends at the last evaluation's env steps, not at 1.
        expect(svg).toMatch(/>4k</);
        expect(svg).not.toMatch(/text-anchor="middle">1</);
        expect(svg.match(/<path d="M/g)).toHaveLength(3);
        expect(svg).not.toContain('NaN');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    'on rounds, says how many held-out deals the last evaluation won beside the reference, since the rounds ' +
      'leave the lost ones out',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'tengym-curve-'));
      try {
        // A network that wins one deal in nine, in few rounds: the curve alone would show it ahead of greedy.
        const rows = [0, 2010].map((envSteps, i) => ({ envSteps, evalWinRate: [0.02, 0.11][i], evalMeanRounds: 4.1 }));
        await writeMetricsFiles(
          dir,
          rows,
          {
            title: 't',
            figure: ROUNDS,
            reference: { name: 'greedy', value: 5.83, winRate: 0.98 },
          },
          FOUR_TEN_RESULT,
        );
        expect(readFileSync(join(dir, 'learning-curve.svg'), 'utf8')).toContain(
          '>won 11.0% of the held-out deals at the last evaluation; greedy 98.0%; the curve counts the won ' +
            'deals only</text>',
        );
        // Win rates are the curve itself: no such line.
        const wins = learningCurveSvg([{ envSteps: 10, value: 0.3, low: 0.2, high: 0.4 }], {
          title: 't',
          lastWinRate: 0.3,
        });
        expect(wins).not.toContain('of the held-out deals at the last evaluation');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('counts the evaluations without a won deal beside the plotted ones', () => {
    const svg = learningCurveSvg(curvePoints(FOUR_TEN_RESULT, [{ envSteps: 100, evalMeanRounds: 6.9 }]), {
      title: 't',
      figure: ROUNDS,
      unwon: [0],
    });
    expect(svg).toContain('no held-out deal won at 1 of 2 evaluations');
    expect(circles(svg)).toHaveLength(1);
  });
});
