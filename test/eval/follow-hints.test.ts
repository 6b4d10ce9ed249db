// A player following the default Four Ten hints (`bottom-direct`) needs exactly `bottom`'s rounds
// on every deal and makes fewer exchanges (the shipped model, before the tie-break: 131
// exchanges a game against 24; after it, level on average but a coin toss on 20 deals:
// docs/decisions.md, "The first hour").
import { describe, expect, it } from 'vitest';
import { followAgent, followHints, pairedRounds, type FollowStats } from '../../research/follow-hints.js';

describe('following the top hint', () => {
  it.each([100, 7300])(
    'over 20 Four Ten deals from seed %i: the rounds of bottom in every game, fewer exchanges',
    async (first) => {
      const seeds = Array.from({ length: 20 }, (_, i) => first + i);
      const hints = await followHints('four-ten', {}, seeds);
      const bottom = followAgent('four-ten', {}, seeds, 'bottom');
      expect(hints.who).toBe('default');
      expect(hints.won).toBe(20);
      expect(hints.roundsByGame).toEqual(bottom.roundsByGame);
      expect(hints.exchanges).toBeLessThan(0.8 * bottom.exchanges);
    },
    120_000,
  );

  it('compares rounds game by game, and counts the windows a check would find behind', () => {
    const row = (who: string, roundsByGame: number[]): FollowStats => ({
      who,
      games: roundsByGame.length,
      decisions: 0,
      exchanges: 0,
      rounds: 0,
      won: roundsByGame.length,
      roundsByGame,
    });
    const base = row('agent bottom', [4, 4, 5, 4, 4, 4]);
    // Windows of two: [+1, 0] behind, [0, −1] ahead, [0, 0] level.
    expect(pairedRounds(row('default', [5, 4, 5, 3, 4, 4]), base, 2)).toBe(
      'default − agent bottom: rounds 0.000 a game (sd 0.58), 2 of 6 games differ; more rounds in 1 of 3 runs ' +
        'of 2 deals',
    );
    expect(pairedRounds(row('default', [3, 4, 5, 4, 4, 4]), base, 3)).toBe(
      'default − agent bottom: rounds −0.167 a game (sd 0.37), 1 of 6 games differ; more rounds in 0 of 2 ' +
        'runs of 3 deals',
    );
  });
});
