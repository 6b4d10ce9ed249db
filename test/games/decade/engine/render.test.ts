// Decade's text board, exactly: one line or seven stacks, the stock and the discard pile, the
// step count, and how a game ended.
import { describe, expect, it } from 'vitest';
import { RANKS, SUITS } from '../../../../src/env/cards.js';
import { make } from '../../../../src/env/registry.js';
import { randomPosition, withHistory } from '../../../helpers/decade.js';
import type { DecadeOptions } from '../../../../src/games/decade/engine.js';

const ALL = [...RANKS].flatMap((r) => [...SUITS].map((s) => r + s));

/**
 * An env of `id` at a hand-made position; the stock is every card not on the table or discarded,
 * in deck order; the steps are the draws and runs the position took.
 */
function at(
  id: string,
  game: { stacks: string[][]; eliminated?: boolean[]; current?: number; discarded?: string[] },
  options: Record<string, unknown> = {},
) {
  const env = make(id, options);
  env.reset({ seed: 0 });
  const used = new Set([...game.stacks.flat(), ...(game.discarded ?? [])]);
  const full = {
    eliminated: game.stacks.map(() => false),
    current: 0,
    discarded: [],
    steps: 0,
    ...game,
    stock: ALL.filter((c) => !used.has(c)),
  };
  env.setState({ ...env.getState(), game: withHistory(full, env.options as DecadeOptions) });
  return env;
}

describe('decade render', () => {
  it('shows the line, the stock, the discard pile and the step', () => {
    expect(at('decade', { stacks: [['AS', '2H', 'TC']], discarded: ['3D', '7D'] }).render()).toBe(
      ['line: A♠ 2♥ 10♣', 'stock: 47 cards · discarded: 2 · step 3/5000'].join('\n'),
    );
    expect(
      at(
        'decade',
        { stacks: [['QD', '5C', '4C', 'AD']], discarded: ['3D', '7D', 'KC', 'QC'] },
        { maxSteps: 40 },
      ).render(),
    ).toBe(['line: Q♦ 5♣ 4♣ A♦', 'stock: 44 cards · discarded: 4 · step 7/40'].join('\n'));
    expect(at('decade', { stacks: [['KH']] }, { pickedUp: 'deck-bottom' }).render()).toBe(
      ['line: K♥', 'stock: 51 cards · step 1/5000'].join('\n'),
    );
  });

  it('shows seven stacks, the current one marked, the eliminated ones named', () => {
    const env = at('decade-stacks', {
      stacks: [['AS'], ['2S'], ['3S', '4S'], ['5S'], [], ['6S'], ['7S']],
      eliminated: [false, false, false, false, true, false, false],
      current: 2,
      discarded: ['8S', '2C'],
    });
    expect(env.render().split('\n')).toEqual([
      '  stack 1: A♠',
      '  stack 2: 2♠',
      '▸ stack 3: 3♠ 4♠',
      '  stack 4: 5♠',
      '  stack 5: eliminated',
      '  stack 6: 6♠',
      '  stack 7: 7♠',
      'stock: 43 cards · discarded: 2 · step 3/5000',
    ]);
  });

  it('says how a game ended', () => {
    const ends = new Set<string>();
    for (let seed = 0; seed < 60 && ends.size < 2; seed++) {
      const env = randomPosition('decade', seed, 400);
      const lines = env.render().split('\n');
      const left = (env.getState().game as { stacks: string[][] }).stacks.flat().length;
      const end = lines.at(-1)!;
      expect(end).toMatch(/^game over: (won|lost), /);
      expect(end).toBe(`game over: ${left === 0 ? 'won' : 'lost'}, ${left === 1 ? '1 card' : `${left} cards`} left`);
      // A won game has cleared the line.
      if (left === 0) expect(lines[0]).toBe('line: (empty)');
      ends.add(end.slice(0, 14));
    }
    expect([...ends].sort()).toEqual(['game over: los', 'game over: won']);
    // Ten-Twenty-Thirty keeps every card in play (pickups go under the stock): its end counts the stacks gone.
    const ttt = make('ten-twenty-thirty');
    ttt.reset({ seed: 4 });
    while (ttt.running) ttt.step(ttt.legal[0]);
    const columns = ttt.board().parts.find((p) => p.kind === 'columns');
    const gone = columns?.kind === 'columns' ? columns.columns.filter((c) => c.cleared).length : -1;
    expect(gone).toBeGreaterThan(0);
    expect(ttt.render().split('\n').at(-1)).toBe(`game over: lost, ${gone} of 7 stacks eliminated`);
    const cut = randomPosition('decade', 1, 400, { maxSteps: 5 });
    const g = cut.getState().game as { stacks: string[][]; stock: string[]; discarded: string[] };
    const onTable = g.stacks.flat().length;
    expect(cut.render().split('\n').slice(-2)).toEqual([
      `stock: ${g.stock.length} cards · discarded: ${g.discarded.length} · step 5/5`,
      `truncated after 5 steps (maxSteps), ${onTable} cards left`,
    ]);
  });
});
