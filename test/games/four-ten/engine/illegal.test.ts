// Why a Four Ten move is illegal: every illegal action id, in positions of every phase and after
// the end, is refused with the reason the rules give, read here from the position's JSON.
import { describe, expect, it } from 'vitest';
import {
  END_TURN,
  FIRST_EXCHANGE,
  FIRST_REPLACE,
  fourTenGame,
  fourTenOf,
  type FourTenJSON,
} from '../../../../src/games/four-ten/engine.js';
import { make } from '../../../../src/env/registry.js';
import { fourTenPositions, fourTenReplacePositions } from '../../../helpers/four-ten.js';
import { thrown } from '../../../helpers/pairing.js';

const NAMES = ['Hand', 'Home', 'Shadow'];
const KEYS = ['hand', 'home', 'shadow'] as const;

/** The reason the rules give for refusing `action` in `g`, or null when it is legal. */
function expectedReason(g: FourTenJSON, action: number, running: boolean): string | null {
  if (!running) return 'the game is over';
  const holds = (h: number, v: number) => g[KEYS[h]].includes(String(v));
  const cards = (h: number) => g[KEYS[h]].length;
  if (action < FIRST_REPLACE) {
    if (g.phase === 'replace') return 'all three hands hold 4 cards: replace one (ids 3-14)';
    if (g.phase === 'exchange') return "this turn's card is placed: exchange or end the turn";
    return cards(action) >= 4 ? `${NAMES[action]} already holds 4 cards` : null;
  }
  if (action < FIRST_EXCHANGE) {
    const i = action - FIRST_REPLACE;
    if (g.phase === 'place') return 'a hand holds 3 cards or fewer: place the card instead';
    if (g.phase === 'exchange') return "this turn's card is placed: exchange or end the turn";
    return holds(i >> 2, (i & 3) + 1) ? null : `${NAMES[i >> 2]} holds no ${(i & 3) + 1}`;
  }
  if (action < END_TURN) {
    const e = action - FIRST_EXCHANGE;
    const side = (e >> 4) + 1;
    const a = ((e >> 2) & 3) + 1;
    const b = (e & 3) + 1;
    if (g.phase !== 'exchange')
      return `exchanges come after the ${g.phase === 'replace' ? 'replacement' : 'placement'}`;
    if (!holds(0, a)) return `Hand holds no ${a}`;
    if (!holds(side, b)) return `${NAMES[side]} holds no ${b}`;
    if (a === b) return 'swapping equal values changes nothing (that configuration was already seen this turn)';
    return 'seen'; // legal unless it recreates a configuration seen this turn
  }
  if (g.phase === 'replace') return 'replace a card first';
  if (g.phase === 'place') return 'place the drawn card first';
  return null;
}

describe('four-ten: why a move is illegal', () => {
  it('gives the rules reason for every illegal action id, in every phase and after the end', () => {
    const positions = [...fourTenPositions(60, 11), ...fourTenReplacePositions(10, 11)];
    const over = make('four-ten', { gameTarget: 1 });
    over.reset({ seed: 1 });
    while (over.running) over.step(over.legal[0]);
    positions.push(over);
    const phases = new Set<string>();
    let refused = 0;
    for (const env of positions) {
      const g = env.getState().game as FourTenJSON;
      phases.add(env.running ? g.phase : 'over');
      const legal = new Set(env.legalActions());
      for (let action = 0; action <= END_TURN; action++) {
        const expected = expectedReason(g, action, env.running);
        if (legal.has(action)) {
          expect(expected === null || expected === 'seen', `${g.phase} ${action}`).toBe(true);
          continue;
        }
        refused++;
        const given = thrown(() => env.clone().step(action)).message;
        if (!env.running) {
          // The env refuses any step after the end itself; the engine's own reason says the same.
          expect(given).toMatch(/^step\(\d+\): the episode is over \(terminated/);
          const view = fourTenOf(env)!;
          expect(fourTenGame.whyIllegal!(view.state, view.options, action)).toBe(expected);
          continue;
        }
        if (expected === 'seen')
          expect(given).toContain(': it recreates a configuration already seen this turn. Legal now: ');
        else
          expect(given, `${g.phase} ${action}`).toContain(
            `step(${action}): "${env.describeAction(action)}" is not legal: ${expected}. Legal now: `,
          );
      }
    }
    expect([...phases].sort()).toEqual(['exchange', 'over', 'place', 'replace']);
    expect(refused).toBeGreaterThan(1000);
  });
});

describe('four-ten: a deck that is not one', () => {
  const deck = Array.from({ length: 32 }, (_, i) => String(1 + (i >> 3)));

  it('names the first five unknown cards, and says when there are more', () => {
    const env = make('four-ten');
    const five = deck.map((c, i) => (i < 5 ? `x${i}` : c));
    expect(() => env.reset({ deck: five })).toThrow(
      'bad deck: unknown cards "x0" at index 0, "x1" at index 1, "x2" at index 2, "x3" at index 3, "x4" at ' +
        'index 4 (Four Ten cards are 1, 2, 3, 4)',
    );
    const six = deck.map((c, i) => (i < 6 ? `x${i}` : c));
    expect(() => env.reset({ deck: six })).toThrow(
      'bad deck: unknown cards "x0" at index 0, "x1" at index 1, "x2" at index 2, "x3" at index 3, "x4" at ' +
        'index 4, … (Four Ten cards are 1, 2, 3, 4)',
    );
    expect(() => env.reset({ deck: deck.map((c, i) => (i === 7 ? '11' : i === 9 ? '0' : c)) })).toThrow(
      'bad deck: unknown cards "11" at index 7, "0" at index 9 (',
    );
  });

  it('reads cards with spaces around them, and counts the values', () => {
    const env = make('four-ten');
    env.reset({ deck: deck.map((c) => ` ${c} `) });
    const plain = make('four-ten');
    plain.reset({ deck });
    expect(env.getState().game).toEqual(plain.getState().game);
    expect((env.getState().game as FourTenJSON).stock.length).toBeGreaterThan(0);
    expect(() => env.reset({ deck: deck.map((c, i) => (i === 0 ? '2' : c)) })).toThrow(
      /^bad deck: the deck .*7× 1.*9× 2/,
    );
  });

  it('counts a deck of one card as "1 card"', () => {
    expect(() => make('four-ten').reset({ deck: '1' })).toThrow(
      /^bad deck: the deck has 1 card; a Four Ten deck has 32 /,
    );
    expect(() => make('four-ten').reset({ deck: '1 2' })).toThrow(/^bad deck: the deck has 2 cards; /);
  });
});
