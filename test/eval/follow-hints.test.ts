// A player following the default Four Ten hints (the shipped model) makes no more exchanges a
// game than `bottom` and needs no more rounds (before the tie-break: 131 exchanges a game against 24).
// The rounds hold on these 20 seeds; on other 20 deals they are a coin toss for any player but
// `bottom` (docs/decisions.md, "The first hour").
import { describe, expect, it } from 'vitest';
import { followAgent, followHints, pairedRounds, type FollowStats } from '../../src/eval/follow-hints.js';
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

  it('compares rounds game by game, and counts the windows a check would find behind', () => {
    const row = (who: string, roundsByGame: number[]): FollowStats => ({ who, games: roundsByGame.length, decisions: 0, exchanges: 0, rounds: 0, won: roundsByGame.length, roundsByGame });
    const base = row('agent bottom', [4, 4, 5, 4, 4, 4]);
    // Windows of two: [+1, 0] behind, [0, −1] ahead, [0, 0] level.
    expect(pairedRounds(row('default', [5, 4, 5, 3, 4, 4]), base, 2)).toBe('default − agent bottom: rounds 0.000 a game (sd 0.58), 2 of 6 games differ; more rounds in 1 of 3 runs of 2 deals');
    expect(pairedRounds(row('default', [3, 4, 5, 4, 4, 4]), base, 3)).toBe('default − agent bottom: rounds −0.167 a game (sd 0.37), 1 of 6 games differ; more rounds in 0 of 2 runs of 3 deals');
  });
});

