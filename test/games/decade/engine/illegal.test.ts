// Why a decade move is illegal: every illegal action id, in random positions of every preset
// (and after the end), is refused with the reason the rules give, read here from the state's JSON.
import { describe, expect, it } from 'vitest';
import { parseCardCode } from '../../../../src/env/cards.js';
import type { Env } from '../../../../src/env/env.js';
import {
  CARD_VALUE,
  DECADE_ACTIONS,
  DRAW,
  decadeGame,
  decadeOf,
  runLengthOf,
  runStartOf,
} from '../../../../src/games/decade/engine.js';
import { make } from '../../../../src/env/registry.js';
import { createRng, randomInt } from '../../../../src/env/rng.js';
import { randomPosition } from '../../../helpers/decade.js';
import { thrown } from '../../../helpers/pairing.js';

interface Json {
  stacks: string[][];
  eliminated: boolean[];
  current: number;
  stock: string[];
}
interface Rules {
  minRun: number;
  maxRun: number | null;
  loop: boolean;
  fives: boolean;
  discard: string;
  stacks: number;
}

const cardsWord = (n: number) => (n === 1 ? '1 card' : `${n} cards`);

/** The reason the rules give for refusing `action`, or null when it is legal. */
function expectedReason(g: Json, o: Rules, action: number, anyRunLegal: boolean): string | null {
  if (action === DRAW) {
    if (g.eliminated.every((e) => e)) return 'every stack is eliminated';
    if (g.stock.length === 0) return 'the stock is empty';
    if (o.discard === 'forced' && anyRunLegal)
      return "a run can be discarded, and discards are forced (discard: 'forced')";
    return null;
  }
  const start = runStartOf(action);
  const length = runLengthOf(action);
  if (length < o.minRun) return `a run needs at least ${o.minRun} cards (minRun)`;
  if (o.maxRun !== null && length > o.maxRun) return `a run has at most ${o.maxRun} cards (maxRun)`;
  const cards = g.stacks[g.current];
  const n = cards.length;
  const name = g.stacks.length === 1 ? 'the line' : `stack ${g.current + 1}`;
  const exists = o.loop ? start < n && length <= n : start + length <= n;
  if (!exists) return n === 0 ? `${name} is empty` : `${name} has only ${cardsWord(n)}`;
  if (o.loop && length === n && start !== 0) return `a run of the whole of ${name} is id ${1 + (n - 2)} (start 0)`;
  if (o.loop && start + length < n) return `on a loop a run must include the top card (position ${n - 1})`;
  let total = 0;
  for (let i = 0; i < length; i++) total += CARD_VALUE[parseCardCode(cards[(start + i) % n])];
  const allowed = o.fives ? total % 5 === 0 && total <= 35 : total % 10 === 0 && total <= 30;
  if (!allowed) return `the cards total ${total}, not ${o.fives ? '5, 10, 15, 20, 25, 30 or 35' : '10, 20 or 30'}`;
  return null;
}

/** Deal `seed` played at random until the stock is empty with the game still on, or null when it ends first. */
function stockRunOut(id: string, seed: number, options: Record<string, unknown>): Env | null {
  const env = make(id, options);
  env.reset({ seed });
  const rng = createRng(seed);
  while (env.running) {
    if ((env.getState().game as unknown as Json).stock.length === 0) return env;
    env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
  }
  return null;
}

const PRESETS: [string, Record<string, unknown>][] = [
  ['decade', {}],
  ['decade', { minRun: 3, maxRun: 4 }],
  ['decade-optional', {}],
  ['decade-loop', {}],
  ['decade-fives', {}],
  ['decade-stacks', {}],
];

describe('decade: why a move is illegal', () => {
  it.each(PRESETS)('%s %j: the rules reason for every illegal action id', (id, options) => {
    let refused = 0;
    let checked = 0;
    let stockEmpty = 0;
    const positions = Array.from({ length: 12 }, (_, seed) => randomPosition(id, seed, 3 + seed * 4, options));
    // And positions where the stock has run out with the game still on.
    for (let seed = 0; seed < 60 && stockEmpty < 3; seed++) {
      const env = stockRunOut(id, seed, options);
      if (env) {
        positions.push(env);
        stockEmpty++;
      }
    }
    for (const env of positions) {
      if (!env.running) continue;
      checked++;
      const g = env.getState().game as unknown as Json;
      const o = env.options as unknown as Rules;
      const legal = new Set(env.legalActions());
      const anyRunLegal = [...legal].some((a) => a !== DRAW);
      for (let action = 0; action < DECADE_ACTIONS; action++) {
        const expected = expectedReason(g, o, action, anyRunLegal);
        if (legal.has(action)) {
          expect(expected, `${action}`).toBeNull();
          continue;
        }
        refused++;
        const given = thrown(() => env.clone().step(action)).message;
        expect(given, `${action}`).toContain(
          `step(${action}): "${env.describeAction(action)}" is not legal: ${expected}. Legal now: `,
        );
      }
    }
    expect(checked).toBeGreaterThanOrEqual(6);
    expect(stockEmpty, 'positions with the stock empty').toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(1000);
  });

  it('after the end, the engine says the game is over or the step limit is reached', () => {
    const over = randomPosition('decade', 1, 400);
    expect(over.running).toBe(false);
    const view = decadeOf(over)!;
    expect(decadeGame.whyIllegal!(view.state, view.options, DRAW)).toBe('the game is over');
    const cut = randomPosition('decade', 1, 400, { maxSteps: 5 });
    const cutView = decadeOf(cut)!;
    expect(decadeGame.whyIllegal!(cutView.state, cutView.options, DRAW)).toBe('the step limit (maxSteps 5) is reached');
  });
});
