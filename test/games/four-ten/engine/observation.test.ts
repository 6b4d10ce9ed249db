// The Four Ten observation, index by index, against the table at the top of four-ten.ts,
// computed here from the state's JSON, in positions of every phase and under other options.
import { describe, expect, it } from 'vitest';
import type { Env } from '../../../../src/env/env.js';
import type { FourTenJSON } from '../../../../src/games/four-ten/engine.js';
import { fourTenPositions, fourTenReplacePositions } from '../../../helpers/four-ten.js';

function expectedObservation(env: Env): number[] {
  const g = env.getState().game as FourTenJSON;
  const o = env.options as { handTarget: number; gameTarget: number; safeties: number; maxRounds: number };
  const hands = [g.hand, g.home, g.shadow];
  const out = new Array<number>(33).fill(0);
  hands.forEach((cards, h) => {
    for (const c of cards) out[h * 4 + Number(c) - 1] += 1 / 4;
    out[12 + h] = cards.reduce((sum, c) => sum + Number(c), 0) / o.handTarget;
    out[15 + h] = cards.length / 4;
  });
  if (g.drawn !== null) out[17 + Number(g.drawn)] = 1;
  const phase = ['place', 'replace', 'exchange'].indexOf(g.phase);
  if (phase >= 0) out[22 + phase] = 1;
  for (const c of g.stock) out[24 + Number(c)] += 1 / 8;
  out[29] = g.stock.length / 32;
  out[30] = g.points / o.gameTarget;
  out[31] = o.safeties > 0 ? g.safeties / o.safeties : 0;
  out[32] = g.rounds / o.maxRounds;
  return out;
}

describe('four-ten observation', () => {
  it.each([
    [{}],
    [{ handTarget: 12, gameTarget: 30, safeties: 2, maxRounds: 20 }],
    [{ drawVisible: false, safeties: 0 }],
  ])('matches its table in every phase (options %j)', (options) => {
    const positions = [
      ...fourTenPositions(80, 5, options),
      ...(Object.keys(options).length === 0 ? fourTenReplacePositions(5, 5) : []),
    ];
    const phases = new Set<string>();
    for (const env of positions) {
      phases.add((env.getState().game as FourTenJSON).phase);
      const got = Array.from(env.observation);
      const want = expectedObservation(env);
      expect(got.length).toBe(33);
      for (let i = 0; i < 33; i++) expect(got[i], `index ${i}`).toBeCloseTo(want[i], 6);
    }
    expect(phases.has('place') && phases.has('exchange')).toBe(true);
  });
});
