// The pace objective's exact values (computePaceValues) and the exact targets they give the
// afterstate network (FourTenTeacher), on small rules so that the solve takes seconds.
import { describe, expect, it } from 'vitest';
import { FourTenExpansion, ROUND_COST } from '../../../src/games/four-ten/learned/afterstate-features.js';
import type { EnvState } from '../../../src/env/env.js';
import type { FourTenJSON } from '../../../src/games/four-ten/engine.js';
import { make } from '../../../src/env/registry.js';
import { FourTenTeacher, playWithExactValues } from '../../../src/games/four-ten/learned/targets.js';
import { roundsFor } from '../../helpers/four-ten.js';

// Hand 6, 12 points to win, one safety.
const RULES = { handTarget: 6, gameTarget: 12, safeties: 1 };

/** A round's first decision at (points, safeties) with the drawn card v showing. */
function roundStart(points: number, safeties: number, v: number) {
  const env = make('four-ten', RULES);
  env.reset({ seed: 0 });
  const left = [8, 8, 8, 8];
  left[v - 1]--;
  const stock = left.flatMap((c, i) => Array.from({ length: c }, () => String(i + 1)));
  const base = env.getState() as EnvState & { game: FourTenJSON };
  env.setState({
    ...base,
    game: {
      ...base.game,
      phase: 'place',
      hand: [],
      home: [],
      shadow: [],
      outOfPlay: [],
      seenThisTurn: [],
      drawn: String(v),
      stock,
      points,
      safeties,
      rounds: roundsFor({ points, safeties }, env.options),
    },
  });
  return env;
}

describe('the pace values and the exact targets', () => {
  const teacher = new FourTenTeacher(make('four-ten', RULES).options as Record<string, unknown>);

  it('more points or more safeties never need more rounds, and every start needs at least one', () => {
    for (let s = 0; s <= 1; s++) {
      for (let p = 0; p < 12; p++) {
        const r = teacher.startCost(p, s) / ROUND_COST;
        expect(r).toBeGreaterThanOrEqual(1);
        if (p > 0) expect(r).toBeLessThanOrEqual(teacher.startCost(p - 1, s) / ROUND_COST + 1e-9);
        if (s > 0) expect(r).toBeLessThanOrEqual(teacher.startCost(p, s - 1) / ROUND_COST + 1e-9);
      }
    }
  });

  it(
    "a round start's value is the first card's expectation of its best placement, each valued by its " +
      "expansion's exact options",
    () => {
      const x = new FourTenExpansion();
      const value = new Float64Array(2);
      for (const [p, s] of [
        [0, 1],
        [5, 0],
        [11, 1],
      ]) {
        let expected = 0;
        for (let v = 1; v <= 4; v++) {
          const env = roundStart(p, s, v);
          expect(env.legalActions()).toEqual([0, 1, 2]);
          x.expand(env);
          const outputs = teacher.exactOutputs(env, x);
          const costs = [0, 1, 2].map((k) => {
            x.actionValue(k, outputs, value);
            return value[1];
          });
          expected += (8 / 32) * Math.min(...costs);
        }
        expect(expected).toBeCloseTo(teacher.startCost(p, s), 6);
      }
    },
  );
});

describe('the afterstate agent with exact values', () => {
  it('plays at the pace the values promise (the expansion and its exchange search lose nothing)', () => {
    const options = make('four-ten', RULES).options as Record<string, unknown>;
    const teacher = new FourTenTeacher(options);
    const { wins, meanCost } = playWithExactValues(teacher, options, 400, 7);
    expect(wins).toBeGreaterThan(300);
    // Rounds played, a loss counting 10 more: R(0, 1) in expectation (within about three standard errors).
    expect(Math.abs(meanCost - teacher.startCost(0, 1) / ROUND_COST)).toBeLessThan(0.6);
  });
});
