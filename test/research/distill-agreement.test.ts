// How much of pimc's play a model reproduces (research/distill-agreement.ts): the counts add
// up (by stock band too), a tie costs nothing, the figures repeat under a seed, and on
// Ten-Twenty-Thirty the teacher judges with the order a watching player remembers.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatAgreement, measureAgreement } from '../../research/distill-agreement.js';
import { shippedModelDir } from '../../src/node/index.js';
import { initBackend } from '../../src/node/tf-backend.js';

beforeAll(async () => {
  await initBackend({ prefer: 'wasm' });
});

describe('distill agreement', () => {
  it("counts the model's agreements with pimc and prices the rest in pimc's own scores", async () => {
    const a = await measureAgreement('decade-fives', shippedModelDir('decade-fives'), 'pimc', 4300000, 40);
    expect(a.games).toBe(40);
    expect(a.decisions).toBeGreaterThan(40);
    expect(a.agreed).toBeGreaterThan(0);
    expect(a.agreed).toBeLessThan(a.decisions);
    expect(a.ties).toBeLessThanOrEqual(a.decisions - a.agreed);
    expect(a.cost).toBeGreaterThan(0);
    expect(a.worst.length).toBeLessThanOrEqual(10);
    for (let i = 1; i < a.worst.length; i++) expect(a.worst[i]).toBeLessThanOrEqual(a.worst[i - 1]);
    // The stock bands split the decisions, agreements and cost without loss.
    const sum = (k: 'decisions' | 'agreed' | 'cost') => a.byStock.reduce((t, b) => t + b[k], 0);
    expect(sum('decisions')).toBe(a.decisions);
    expect(sum('agreed')).toBe(a.agreed);
    expect(sum('cost')).toBeCloseTo(a.cost, 9);
    expect(a.byStock.filter((b) => b.decisions > 0).length).toBeGreaterThan(1);
    expect(a.byKnowledge).toBeNull();
    expect(await measureAgreement('decade-fives', shippedModelDir('decade-fives'), 'pimc', 4300000, 40)).toEqual(a);
    const lines = formatAgreement('decade-fives', 'models/decade-fives', 'pimc', a);
    expect(lines[1]).toMatch(/^decisions \d+ \(\d+\.\d\d a game\); the model plays pimc's move at \d+\.\d%$/);
    expect(lines.slice(4).map((l) => l.trim().split(' ')[1])).toEqual(['0–6', '7–12', '13–20', '21–30', '31+']);
  }, 60_000);

  it('takes a catalogue agent as the player, and gives a pimc teacher more samples (no other teacher)', async () => {
    const a = await measureAgreement('decade-fives', 'longest', 'pimc', 4300000, 20, 256);
    expect(a.decisions).toBeGreaterThan(20);
    expect(a.byStock.reduce((t, b) => t + b.decisions, 0)).toBe(a.decisions);
    // pimc played against itself with more samples: its own move most of the time, not always.
    const self = await measureAgreement('decade-fives', 'pimc', 'pimc', 4300000, 20, 256);
    expect(self.agreed / self.decisions).toBeGreaterThan(a.agreed / a.decisions);
    expect(self.agreed).toBeLessThan(self.decisions);
    await expect(measureAgreement('decade-fives', 'longest', 'lookahead', 4300000, 2, 256)).rejects.toThrow(
      /--teacher-samples applies to a pimc teacher/,
    );
  }, 60_000);

  it("tells the teacher the order under the stock that a player who watched remembers ('deck-bottom')", async () => {
    const a = await measureAgreement('ten-twenty-thirty', shippedModelDir('ten-twenty-thirty'), 'pimc', 4300000, 12);
    const [unseen, known] = a.byKnowledge!;
    expect(unseen.decisions + known.decisions).toBe(a.decisions);
    expect(unseen.agreed + known.agreed).toBe(a.agreed);
    expect(unseen.cost + known.cost).toBeCloseTo(a.cost, 9);
    // Once nothing is unseen the model and pimc both solve the known deal: they choose alike. A
    // teacher that forgot the order judged those positions as hidden and disagreed at a third of them.
    expect(known.decisions).toBeGreaterThan(50);
    expect(known.agreed / known.decisions).toBeGreaterThan(0.95);
    const lines = formatAgreement('ten-twenty-thirty', 'models/ten-twenty-thirty', 'pimc', a);
    expect(lines.slice(-2).map((l) => l.trim().slice(0, 15))).toEqual(['a card unseen  ', 'stock all known']);
  }, 60_000);
});
