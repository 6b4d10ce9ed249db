// Baroness has real decisions: on seed 3's deal, after four moves, which ace goes with Q♥ decides the deal, and
// dealing instead loses it. The search of a dealt stock, which sees the stock and answers exactly within its budget,
// says which moves keep the deal winnable.
import { describe, expect, it } from 'vitest';
import { DealtPilesSearch } from '../../../src/agents/piles/dealt-search.js';
import type { PilesState } from '../../../src/env/layouts/index.js';
import { make } from '../../../src/env/registry.js';

const PREFIX = ['remove 10♠ + 3♥', 'deal a card onto each pile', 'remove 6♦ + 7♥', 'deal a card onto each pile'];

describe('baroness: the order of moves matters', () => {
  it('seed 3: Q♥ + A♣ keeps the deal winnable; Q♥ + A♦ and the deal lose it', () => {
    const env = make('baroness');
    env.reset({ seed: 3 });
    const byWords = (words: string) => env.legalActions().find((a) => env.describeAction(a) === words)!;
    for (const words of PREFIX) env.step(byWords(words));
    const s = env.rawState as PilesState;
    const search = new DealtPilesSearch(s.rules, 20);
    const verdict = (words: string) => {
      search.load(s);
      return search.solveAfterAction(byWords(words), 2_000_000);
    };
    expect(verdict('remove Q♥ + A♣')).toBe(1);
    expect(verdict('remove Q♥ + A♦')).toBe(0);
    expect(verdict('deal a card onto each pile')).toBe(0);
  });
});
