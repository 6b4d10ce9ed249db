// Four Ten's text board, exactly, for hand-made positions of every phase and of each end.
import { describe, expect, it } from 'vitest';
import type { FourTenJSON } from '../../../../src/games/four-ten/engine.js';
import { make } from '../../../../src/env/registry.js';

/** An env at the position `game` describes; the stock is every other card, in value order. */
function at(game: Partial<FourTenJSON>, options: Record<string, unknown> = {}) {
  const env = make('four-ten', options);
  env.reset({ seed: 0 });
  const base = env.getState();
  const full: FourTenJSON = {
    phase: 'place',
    points: 0,
    safeties: 3,
    rounds: 0,
    hand: [],
    home: [],
    shadow: [],
    drawn: null,
    outOfPlay: [],
    stock: [],
    queuedDecks: [],
    seenThisTurn: [],
    ...game,
  };
  const left = [8, 8, 8, 8];
  for (const v of [...full.hand, ...full.home, ...full.shadow, ...full.outOfPlay, ...(full.drawn ? [full.drawn] : [])])
    left[Number(v) - 1]--;
  full.stock = left.flatMap((c, i) => Array.from({ length: c }, () => String(i + 1)));
  env.setState({ ...base, game: full });
  return env;
}

describe('four-ten render', () => {
  it('shows the round, the score, the hands, the stock and what to do', () => {
    expect(
      at({ phase: 'place', points: 12, safeties: 2, rounds: 3, hand: ['1', '2'], home: ['4'], drawn: '3' }).render(),
    ).toBe(
      [
        'Four Ten, round 4 (at most 100) · points 12/50 · safeties 2/3',
        'Hand    1 2      = 3',
        'Home    4        = 4',
        'Shadow  -        = 0',
        'Drawn 3 · stock 28 (1:7 2:7 3:7 4:7) · out of play 0',
        'Place the 3 into a hand with 3 cards or fewer.',
      ].join('\n'),
    );
    expect(
      at({
        phase: 'replace',
        hand: ['1', '1', '2', '2'],
        home: ['1', '1', '3', '3'],
        shadow: ['2', '1', '2', '1'],
        outOfPlay: ['1', '2', '3', '4', '4'],
      }).render(),
    ).toBe(
      [
        'Four Ten, round 1 (at most 100) · points 0/50 · safeties 3/3',
        'Hand    1 1 2 2  = 6',
        'Home    1 1 3 3  = 8',
        'Shadow  1 1 2 2  = 6',
        'stock 15 (1:1 2:3 3:5 4:6) · out of play 5',
        'All hands hold 4: choose a card to replace with the next one.',
      ].join('\n'),
    );
    const hands = { hand: ['1', '2', '3'], home: ['4', '4'], shadow: ['2'] };
    expect(
      at({ phase: 'exchange', ...hands, seenThisTurn: [hands] }, { handTarget: 12 })
        .render()
        .split('\n')
        .slice(-2),
    ).toEqual([
      'stock 26 (1:7 2:6 3:7 4:6) · out of play 0',
      'Exchange a Hand card with Home or Shadow, or end the turn (Hand 12 scores).',
    ]);
    expect(
      at({ phase: 'place', hand: ['1'], home: ['2'] }, { drawVisible: false })
        .render()
        .split('\n')
        .slice(-2),
    ).toEqual(['stock 30 (1:7 2:7 3:8 4:8) · out of play 0', 'Choose a hand with 3 cards or fewer for the next card.']);
  });

  it('says how each game ended, and after how many rounds', () => {
    expect(at({ phase: 'won', points: 5, rounds: 1 }, { gameTarget: 5 }).render().split('\n')).toEqual([
      'Four Ten, after 1 round · points 5/5 · safeties 3/3',
      'Hand    -        = 0',
      'Home    -        = 0',
      'Shadow  -        = 0',
      'stock 32 (1:8 2:8 3:8 4:8) · out of play 0',
      'Won with 5 points.',
    ]);
    // Three safeties paid three faults, each ending a round; the fourth fault busts.
    expect(at({ phase: 'bust', points: 4, safeties: 0, rounds: 4 }).render().split('\n')).toEqual([
      'Four Ten, after 4 rounds · points 4/50 · safeties 0/3',
      'Hand    -        = 0',
      'Home    -        = 0',
      'Shadow  -        = 0',
      'stock 32 (1:8 2:8 3:8 4:8) · out of play 0',
      'Bust: a fault with no safeties and too few points to pay for it.',
    ]);
    expect(at({ phase: 'truncated', points: 3, rounds: 2 }, { maxRounds: 2 }).render().split('\n')[0]).toBe(
      'Four Ten, after 2 rounds · points 3/50 · safeties 3/3',
    );
    expect(at({ phase: 'truncated', points: 3, rounds: 2 }, { maxRounds: 2 }).render().split('\n').at(-1)).toBe(
      'Out of rounds: 2 rounds ended without reaching 50 points.',
    );
  });
});
