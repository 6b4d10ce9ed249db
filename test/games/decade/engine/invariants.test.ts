// Decade's invariant check (`checkState`, which `setState` and the contract checker run): each
// invariant broken on its own, in a real position, is reported with its own message; the state
// JSON's own checks name the field.
import { describe, expect, it } from 'vitest';
import { cardCode } from '../../../../src/env/cards.js';
import type { Env } from '../../../../src/env/env.js';
import { decadeGame, decadeOf, type DecadeOptions, type DecadeState } from '../../../../src/games/decade/engine.js';
import { randomPosition } from '../../../helpers/decade.js';

const line = randomPosition('decade', 3, 30);
const stacks = randomPosition('decade-stacks', 3, 30);
const bottom = randomPosition('ten-twenty-thirty', 3, 30);

function broken(env: Env, change: (s: DecadeState, o: DecadeOptions) => void): string | null {
  const view = decadeOf(env)!;
  const s = decadeGame.createState(view.options);
  decadeGame.copyState(view.state, s);
  change(s, view.options);
  return decadeGame.checkState!(s, view.options);
}

describe('decade checkState', () => {
  it('passes the positions it is given, each with cards on the table, in the stock and gone', () => {
    for (const env of [line, stacks, bottom]) {
      expect(env.running).toBe(true);
      expect(broken(env, () => {})).toBeNull();
      const s = decadeOf(env)!.state;
      expect(s.tableCount).toBeGreaterThan(0);
      expect(s.stockLen).toBeGreaterThan(0);
    }
    expect(decadeOf(line)!.state.pileLen).toBeGreaterThan(0);
    expect(decadeOf(stacks)!.state.aliveCount).toBeLessThan(7);
  });

  it('checks the stacks: how many, their sizes, which are live, the counts kept of them', () => {
    expect(broken(line, (s) => (s.numStacks = 7))).toBe('the state has 7 stacks, the options 1');
    expect(broken(line, (s) => (s.len[3] = 1))).toBe('stacks[3] is used, but this game has 1');
    expect(broken(line, (s) => (s.alive[5] = 1))).toBe('stacks[5] is used, but this game has 1');
    expect(broken(line, (s) => (s.len[0] = 53))).toBe('the line holds 53 cards');
    expect(broken(line, (s) => (s.len[0] = -1))).toBe('the line holds -1 cards');
    expect(broken(line, (s) => (s.alive[0] = 0))).toBe(
      'the line is never eliminated (an emptied line receives the next card)',
    );
    const st = decadeOf(stacks)!.state;
    const live = [...st.alive].findIndex((a, k) => a === 1 && st.len[k] > 0);
    const dead = [...st.alive.subarray(0, 7)].indexOf(0);
    expect(live).toBeGreaterThanOrEqual(0);
    expect(dead).toBeGreaterThanOrEqual(0);
    expect(broken(stacks, (s) => (s.len[live] = 0))).toBe(
      `stacks[${live}] is empty but not eliminated (a stack emptied by a discard is eliminated)`,
    );
    expect(broken(stacks, (s) => (s.alive[live] = 0))).toBe(
      `stacks[${live}] is eliminated but holds ${st.len[live] === 1 ? '1 card' : `${st.len[live]} cards`}`,
    );
    expect(broken(stacks, (s) => (s.len[dead] = 1))).toBe(`stacks[${dead}] is eliminated but holds 1 card`);
    expect(broken(stacks, (s) => (s.len[dead] = 2))).toBe(`stacks[${dead}] is eliminated but holds 2 cards`);
    expect(broken(line, (s) => s.tableCount++)).toBe(
      `tableCount ${decadeOf(line)!.state.tableCount + 1} but the stacks hold ${decadeOf(line)!.state.tableCount} ` +
        `cards`,
    );
    expect(broken(stacks, (s) => s.aliveCount--)).toBe(
      `aliveCount ${st.aliveCount - 1} but ${st.aliveCount} stacks are live`,
    );
    expect(broken(line, (s) => (s.current = 1))).toBe('current stack 1 is not one of 0..0');
    expect(broken(line, (s) => (s.current = -1))).toBe('current stack -1 is not one of 0..0');
    expect(broken(stacks, (s) => (s.current = 7))).toBe('current stack 7 is not one of 0..6');
  });

  it('checks the stock and the discard pile', () => {
    const s0 = decadeOf(line)!.state;
    expect(broken(line, (s) => (s.stockLen = 53))).toBe(`stock of 53 cards at ${s0.stockHead}`);
    expect(broken(line, (s) => (s.stockLen = -1))).toBe(`stock of -1 cards at ${s0.stockHead}`);
    expect(broken(line, (s) => (s.stockHead = 52))).toBe(`stock of ${s0.stockLen} cards at 52`);
    expect(broken(line, (s) => (s.stockHead = -1))).toBe(`stock of ${s0.stockLen} cards at -1`);
    expect(broken(line, (s) => (s.pileLen = 53))).toBe('discard pile of 53 cards');
    expect(broken(line, (s) => (s.pileLen = -1))).toBe('discard pile of -1 cards');
    expect(broken(bottom, (s) => (s.pileLen = 1))).toBe(
      "with pickedUp 'deck-bottom' discarded cards go under the stock: discarded must be empty",
    );
    expect(broken(line, (s) => (s.stockLen = 50))).toBe(
      'the stock holds 50 cards, but the deal takes 3 and discarded cards never return',
    );
    expect(broken(line, (s) => s.stockValues[5]++)).toBe('stock value counts out of date (value 5)');
    expect(broken(line, (s) => s.stockValues[10]--)).toBe('stock value counts out of date (value 10)');
    expect(broken(line, (s, o) => (s.steps = o.maxSteps + 1))).toBe('steps 5001 outside 0..maxSteps (5000)');
    expect(broken(line, (s) => (s.steps = -1))).toBe('steps -1 outside 0..maxSteps (5000)');
  });

  it('finds every card in exactly one place', () => {
    const s0 = decadeOf(line)!.state;
    const top = s0.stock[s0.stockHead];
    expect(broken(line, (s) => (s.table[0] = top))).toBe(`${cardCode(top)} is both in the line and in the stock`);
    const second = s0.stock[(s0.stockHead + 1) % 52];
    expect(broken(line, (s) => (s.stock[s.stockHead] = second))).toMatch(
      new RegExp(
        `^(${cardCode(second)} is twice in the stock \\(at 0 and 1, counted from 0\\)|stock value counts out of date)`,
      ),
    );
    const st = decadeOf(stacks)!.state;
    const k = [...st.len.subarray(0, 7)].findIndex((n) => n >= 2);
    expect(broken(stacks, (s) => (s.table[k * 52 + 1] = s.table[k * 52]))).toBe(
      `${cardCode(st.table[k * 52])} is twice in stacks[${k}] (at 0 and 1, counted from 0)`,
    );
    expect(broken(line, (s) => s.pileLen--)).toBe(
      `cards missing (every card must be on the table, in the stock or ` +
        `discarded): ${cardCode(s0.pile[s0.pileLen - 1])}`,
    );
  });

  it('names the field of a state JSON that does not fit the options', () => {
    const state = line.getState();
    const g = state.game as {
      stacks: string[][];
      eliminated: boolean[];
      current: number;
      steps: number;
      discarded: string[];
    };
    const load = (game: object) => () => line.clone().setState({ ...state, game: { ...g, ...game } });
    expect(load({ eliminated: [false, false] })).toThrow(
      'bad decade state: eliminated has 2 entries, this game has 1 stacks',
    );
    expect(load({ stacks: [...g.stacks, []] })).toThrow('bad decade state: stacks has 2 entries, this game has 1');
    expect(load({ current: 1 })).toThrow('bad decade state: current is 1, stacks are numbered 0..0');
    expect(load({ steps: 5001 })).toThrow('bad decade state: steps is 5001, more than maxSteps (5000)');
    expect(load({ stacks: [['ZZ', ...g.stacks[0].slice(1)]] })).toThrow(
      'bad decade state: stacks[0][0]: "ZZ" is not a card code',
    );
    expect(load({ discarded: [...g.discarded.slice(0, -1), 'XY'] })).toThrow(
      `bad decade state: discarded[${g.discarded.length - 1}]: "XY" is not a card code`,
    );
    expect(load({ steps: g.steps + 1000 })).toThrow(
      /^bad decade state: steps is \d+: \d+ draws leave \d+ discards, but the discard pile of \d+ cards holds/,
    );
    expect(load({})).not.toThrow();
  });
});
