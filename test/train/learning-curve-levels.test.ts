// A learning curve shows where random play and the best baseline stand, beside the reference.
import { describe, expect, it } from 'vitest';
import { learningCurveSvg } from '../../src/train/learning-curve.js';
import { bestBaseline } from '../../src/train/trainer.js';
import { envConfig } from '../../src/env/registry.js';

describe('learning curve levels', () => {
  it('draws random and the best baseline as labelled lines, on the axis', () => {
    const points = [{ envSteps: 0, value: 0.05, low: 0.04, high: 0.06 }, { envSteps: 1000, value: 0.1, low: 0.09, high: 0.11 }];
    const svg = learningCurveSvg(points, { title: 't', scoring: 'cards', reference: { name: 'longest', value: 0.243 }, levels: [{ name: 'random', value: 0.021 }, { name: 'pimc', value: 0.263 }] });
    expect(svg).toContain('>random 2.1%</text>');
    expect(svg).toContain('>pimc 26.3%</text>');
    // The axis reaches above the best baseline.
    expect(svg).toMatch(/>30%<\/text>/);
  });

  it('the best baseline is the strongest fair search, never an exact solver', () => {
    expect(bestBaseline(envConfig('decade'))).toBe('pimc');
    expect(bestBaseline(envConfig('decade-stacks'))).toBe('lookahead');
    expect(bestBaseline(envConfig('four-ten'))).toBe('expectimax');
    expect(bestBaseline(envConfig('decade-optional'))).toBe('pimc');
  });
});
