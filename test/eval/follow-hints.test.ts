// A player following the default Four Ten hints (the shipped model) makes no more exchanges a
// game than `bottom` and needs no more rounds (before the tie-break: 131 exchanges a game against 24).
import { describe, expect, it } from 'vitest';
import { followAgent, followHints } from '../../src/eval/follow-hints.js';
import { initBackend } from '../../src/node/tf-backend.js';

describe('following the top hint', () => {
  it('over 20 Four Ten deals: no more exchanges or rounds than bottom', async () => {
    await initBackend({ prefer: 'wasm', quiet: true }); // the figures were measured there; tfjs-node's sums may differ in the last bits
    const seeds = Array.from({ length: 20 }, (_, i) => 100 + i);
    const hints = await followHints('four-ten', {}, seeds);
    const bottom = followAgent('four-ten', {}, seeds, 'bottom');
    expect(hints.won).toBe(20);
    expect(hints.exchanges).toBeLessThanOrEqual(bottom.exchanges);
    expect(hints.rounds).toBeLessThanOrEqual(bottom.rounds);
  }, 120_000);
});
