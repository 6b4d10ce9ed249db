// The samples waiting for their targets, as the value learners keep them in a checkpoint: the
// packing round-trips, keeps its byte layout (rows, then each buffer's targets), and an older
// checkpoint that holds the rows only restores them with no targets of their own.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SampleBuffer, packSamples, unpackSamples } from '../../../src/train/algorithms/afterstate-learning.js';
import { savedAlgorithmState } from '../../../src/train/checkpoint.js';

const F = 3;

/** Buffers of 2, 0 and 40 samples (the last grown past its first capacity). */
function filled(): SampleBuffer[] {
  const buffers = [new SampleBuffer(F), new SampleBuffer(F), new SampleBuffer(F)];
  let v = 0;
  for (const [b, n] of [
    [0, 2],
    [2, 40],
  ] as const) {
    for (let k = 0; k < n; k++, v++)
      buffers[b].add(Float32Array.of(-1, v, v + 0.5, v + 0.25, -1), 1, v / 100, k % 3 === 0 ? NaN : v / 10);
  }
  return buffers;
}

/** A checkpoint's state holding `bytes` as its blob "pending". */
const saved = (bytes: Uint8Array) => savedAlgorithmState({}, new Map([['pending', gzipSync(bytes)]]));

const contents = (b: SampleBuffer) => ({
  rows: Array.from(b.rows.subarray(0, b.count * F)),
  won: Array.from(b.won.subarray(0, b.count)),
  cost: Array.from(b.cost.subarray(0, b.count)),
});

describe('the samples waiting for their targets, in a checkpoint', () => {
  it('round-trip with both targets, or the cost alone', () => {
    const buffers = filled();
    expect(buffers[2].count).toBe(40);
    for (const targets of [['won', 'cost'], ['cost']] as const) {
      const { counts, bytes } = packSamples(buffers, targets);
      expect(counts).toEqual([2, 0, 40]);
      const restored = [new SampleBuffer(F), new SampleBuffer(F), new SampleBuffer(F)];
      unpackSamples(restored, targets, counts, saved(bytes), 'pending', true);
      restored.forEach((b, i) => {
        const want = contents(buffers[i]);
        const got = contents(b);
        expect(got.rows).toEqual(want.rows);
        expect(got.cost).toEqual(want.cost);
        if (targets.length === 2) expect(got.won).toEqual(want.won);
        else expect(got.won.every(Number.isNaN)).toBe(true);
      });
    }
  });

  it("lays out every buffer's rows, then each buffer's targets in turn", () => {
    const buffers = filled();
    const packed = new Float32Array(packSamples(buffers, ['won', 'cost']).bytes.buffer);
    const rows = 42 * F;
    expect(Array.from(packed.subarray(0, 2 * F))).toEqual(contents(buffers[0]).rows);
    expect(Array.from(packed.subarray(rows, rows + 2))).toEqual(contents(buffers[0]).won);
    expect(Array.from(packed.subarray(rows + 2, rows + 4))).toEqual(contents(buffers[0]).cost);
    expect(Array.from(packed.subarray(rows + 4, rows + 44))).toEqual(contents(buffers[2]).won);
    expect(Array.from(packed.subarray(rows + 44))).toEqual(contents(buffers[2]).cost);
  });

  it('an older checkpoint holding the rows only restores them, their targets NaN', () => {
    const buffers = filled();
    const rowsOnly = new Float32Array(packSamples(buffers, ['cost']).bytes.buffer).slice(0, 42 * F);
    const restored = [new SampleBuffer(F), new SampleBuffer(F), new SampleBuffer(F)];
    unpackSamples(restored, ['cost'], [2, 0, 40], saved(new Uint8Array(rowsOnly.buffer)), 'pending', true);
    expect(contents(restored[2]).rows).toEqual(contents(buffers[2]).rows);
    expect(contents(restored[2]).cost.every(Number.isNaN)).toBe(true);
  });
});
