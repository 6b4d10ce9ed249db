// A learning curve shows where random play and the best baseline stand, beside the reference.
import { describe, expect, it } from 'vitest';
import { learningCurveSvg } from '../../src/train/learning-curve.js';
import { bestBaseline } from '../../src/train/trainer.js';
import { envConfig } from '../../src/env/registry.js';

describe('learning curve levels', () => {
  it('draws random and the best baseline as labelled lines, on the axis', () => {
    const points = [
      { envSteps: 0, value: 0.05, low: 0.04, high: 0.06 },
      { envSteps: 1000, value: 0.1, low: 0.09, high: 0.11 },
    ];
    const svg = learningCurveSvg(points, {
      title: 't',
      reference: { name: 'longest', value: 0.243 },
      levels: [
        { name: 'random', value: 0.021 },
        { name: 'pimc', value: 0.263 },
      ],
    });
    expect(svg).toContain('>random 2.1%</text>');
    expect(svg).toContain('>pimc 26.3%</text>');
    // The axis reaches above the best baseline.
    expect(svg).toMatch(/>30%<\/text>/);
    // Each level is a dotted line across the plot at its value on that axis (labels sit 4 px
    // below their grid lines), its label just after it.
    const labelY = (text: string) => Number(new RegExp(`y="([\\d.]+)"[^>]*>${text}</text>`).exec(svg)![1]) - 4;
    const [zero, top] = [labelY('0%'), labelY('30%')];
    for (const [name, value] of [
      ['random 2.1%', 0.021],
      ['pimc 26.3%', 0.263],
    ] as const) {
      const line = new RegExp(
        `<line x1="([\\d.]+)" y1="([\\d.]+)" x2="([\\d.]+)" y2="([\\d.]+)" stroke="#7f7f7f" ` +
          `stroke-dasharray="[^"]+"/>\\s*<text[^>]*>${name}</text>`,
      ).exec(svg);
      expect(line, name).not.toBeNull();
      const [x1, y1, x2, y2] = line!.slice(1).map(Number);
      expect(y1).toBe(y2);
      expect(y1).toBeCloseTo(zero + ((top - zero) * value) / 0.3, 0);
      expect(x2 - x1).toBeGreaterThan(500);
    }
  });

  it('the best baseline is the strongest fair search, never an exact solver', () => {
    expect(bestBaseline(envConfig('decade'))).toBe('pimc');
    expect(bestBaseline(envConfig('decade-stacks'))).toBe('lookahead');
    expect(bestBaseline(envConfig('four-ten'))).toBe('expectimax');
    expect(bestBaseline(envConfig('decade-optional'))).toBe('pimc');
  });
});
