// Decade state JSON at its edges: a line holding every card loads and round-trips, a current
// stack past the seventh is refused by the schema, the engine's own fromJSON runs the consistency
// check, and a card out of place in the discard pile or several missing cards are reported by
// name. The options' maxRun check is a standard zod custom issue.
import { describe, expect, it } from 'vitest';
import { cardCode } from '../../../../src/env/cards.js';
import { decadeGame, decadeOf, decadeOptionsSchema } from '../../../../src/games/decade/engine.js';
import { make } from '../../../../src/env/registry.js';
import { thrown } from '../../../helpers/pairing.js';

const ALL = Array.from({ length: 52 }, (_, c) => cardCode(c));
const TABLE = ALL.slice(0, 3);

function lineEnv(game: object) {
  const env = make('decade');
  env.reset({ seed: 0 });
  const state = env.getState();
  return { env, load: () => env.setState({ ...state, game: { ...(state.game as object), ...game } }) };
}

describe('decade state JSON', () => {
  it('a line holding all 52 cards (every card drawn, none discarded) loads and round-trips', () => {
    const { env, load } = lineEnv({ stacks: [ALL], stock: [], discarded: [], steps: 49 });
    load();
    expect((env.getState().game as { stacks: string[][] }).stacks).toEqual([ALL]);
    expect(env.outcome()).toEqual({ won: false, cardsLeft: 52 });
    const copy = env.clone();
    copy.setState(env.getState());
    expect(copy.getState()).toEqual(env.getState());
  });

  it('refuses a current stack past the seventh in the schema, naming the field', () => {
    const env = make('decade-stacks');
    env.reset({ seed: 0 });
    const state = env.getState();
    const message =
      thrown(() => env.setState({ ...state, game: { ...(state.game as object), current: 7 } }))?.message ?? '';
    expect(message).toBe('bad decade state: Too big: expected number to be <=6 → at current');
  });

  it("the engine's fromJSON refuses an inconsistent state on its own, with the broken invariant", () => {
    const env = make('decade');
    const o = decadeOf(env)!.options;
    const s = decadeGame.createState(o);
    const game = {
      stacks: [TABLE],
      eliminated: [false],
      current: 0,
      stock: [],
      discarded: ALL.slice(3, 51),
      steps: 49,
    };
    const error = thrown(() => decadeGame.fromJSON!(game, o, s));
    expect(error?.code).toBe('bad-state');
    expect(error?.message).toBe(
      `bad decade state: cards missing (every card must be on the table, in the stock or discarded): ${ALL[51]}`,
    );
  });

  it('names a card of the discard pile that is also on the table, or twice in the pile', () => {
    const pile = ALL.slice(3);
    const onTable = lineEnv({ stacks: [TABLE], stock: [], discarded: [...pile.slice(0, -1), TABLE[0]], steps: 49 });
    expect(thrown(onTable.load)?.message).toBe(
      `bad decade state: ${TABLE[0]} is both in the line and in the discard pile`,
    );
    const twice = lineEnv({ stacks: [TABLE], stock: [], discarded: [...pile.slice(0, -1), pile[0]], steps: 49 });
    expect(thrown(twice.load)?.message).toBe(
      `bad decade state: ${pile[0]} is twice in the discard pile (at 0 and ${pile.length - 1}, counted from 0)`,
    );
  });

  it('lists every missing card, separated by spaces', () => {
    const { load } = lineEnv({ stacks: [TABLE], stock: [], discarded: ALL.slice(3, 50), steps: 49 });
    expect(thrown(load)?.message).toBe(
      `bad decade state: cards missing (every card must be on the table, in the stock or discarded): ${ALL[50]} ` +
        `${ALL[51]}`,
    );
  });
});

describe('decade options', () => {
  it('a maxRun below minRun is a zod custom issue on maxRun (programs reading the issues see a standard code)', () => {
    const r = decadeOptionsSchema.safeParse({ minRun: 4, maxRun: 3 });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([
      { code: 'custom', path: ['maxRun'], message: 'maxRun (3) must be null or at least minRun (4)' },
    ]);
  });

  it('a maxRun below 2 is said once, by its own check, not again by the check against minRun', () => {
    expect(() => make('decade', { maxRun: 0 })).toThrow(
      /^bad options for decade: Too small: expected number to be >=2 → at maxRun$/,
    );
    expect(decadeOptionsSchema.safeParse({ maxRun: 1 }).error?.issues).toHaveLength(1);
  });
});

describe('decade counters agree with the cards', () => {
  /** An env of `id` dealt from the ordered deck (the line A♣ A♦ A♥, the stock 2♣ 2♦ … K♠), after `draws` draws. */
  function dealt(id: string, draws: number, options: Record<string, unknown> = {}) {
    const env = make(id, options);
    env.reset({ deck: ALL });
    for (let i = 0; i < draws; i++) env.step(0);
    return env;
  }

  /** setState of `env`'s own state with `change` over its game part: the error, and the env as it was. */
  function refused(env: ReturnType<typeof make>, change: Record<string, unknown>): string {
    const state = env.getState();
    const before = JSON.stringify(state);
    const e = thrown(() => env.setState({ ...state, game: { ...(state.game as object), ...change } }));
    expect(e.code).toBe('bad-state');
    expect(JSON.stringify(env.getState())).toBe(before);
    return e.message;
  }

  it('steps 4999 with six cards drawn and none discarded is refused; the real count loads', () => {
    // A A A 2 2 2 2 3: no run before the sixth draw (the first pair is 3 + 7, far below).
    const env = dealt('decade', 6, { discard: 'optional' });
    expect((env.getState().game as { steps: number }).steps).toBe(6);
    expect(refused(env, { steps: 4999 })).toBe(
      'bad decade state: steps is 4999: 6 draws leave 4993 discards, but the discard pile of 0 cards holds ' +
        'exactly 0 runs',
    );
    expect(refused(env, { steps: 5 })).toBe(
      'bad decade state: steps is 5, but 6 cards have left the stock, a step each',
    );
    env.clone().setState(env.getState());
  });

  it('a discard pile no run could have made is refused: one card, or cards that total no run', () => {
    const env = dealt('decade', 0);
    const game = env.getState().game as { stock: string[] };
    const without = (card: string) => game.stock.filter((c) => c !== card);
    expect(refused(env, { stock: without('4C'), discarded: ['4C'], steps: 1 })).toBe(
      'bad decade state: the discard pile 4C is not a sequence of runs (each 2 or more cards totalling 10, 20 ' +
        'or 30, in the order discarded)',
    );
    const stock = game.stock.filter((c) => !['4C', '5C'].includes(c));
    expect(refused(env, { stock, discarded: ['4C', '5C'], steps: 3 })).toMatch(
      /^bad decade state: the discard pile 4C 5C is not a sequence of runs/,
    );
    // 4 + 6 is a run: after two draws and one discard the same pile loads.
    const legal = game.stock.filter((c) => !['4C', '6C'].includes(c));
    env.clone().setState({ ...env.getState(), game: { ...game, stock: legal, discarded: ['4C', '6C'], steps: 3 } });
  });

  it('with maxRun 3 a five-card pile needs two runs: one step too few is refused', () => {
    const env = dealt('decade-max3', 0);
    const game = env.getState().game as { stock: string[] };
    const pile = ['4C', '6C', '2C', '3C', '5C']; // 4 6 | 2 3 5
    const stock = game.stock.filter((c) => !pile.includes(c));
    expect(refused(env, { stock, discarded: pile, steps: 5 + 1 })).toBe(
      'bad decade state: steps is 6: 5 draws leave 1 discards, but the discard pile of 5 cards holds exactly 2 runs',
    );
    env.clone().setState({ ...env.getState(), game: { ...game, stock, discarded: pile, steps: 5 + 2 } });
  });

  it('all 52 cards discarded at step 3, as a win, is refused', () => {
    const env = dealt('decade', 0);
    expect(refused(env, { stacks: [[]], stock: [], discarded: ALL, steps: 3 })).toBe(
      'bad decade state: steps is 3, but 49 cards have left the stock, a step each',
    );
  });

  it('seven stacks: each eliminated stack took a discard, and the deal ends on stack 6', () => {
    const env = dealt('decade-stacks', 0);
    const game = env.getState().game as { stacks: string[][]; stock: string[] };
    // Stack 0 (A♣) and stack 1 (A♦) gone with 9♣ and 9♦ drawn onto them: four draws, one discard
    // recorded for two eliminations.
    const stacks = [[], [], ...game.stacks.slice(2)];
    const stock = game.stock.filter((c) => !['9C', '9D'].includes(c));
    const eliminated = [true, true, false, false, false, false, false];
    expect(refused(env, { stacks, stock, eliminated, discarded: ['AC', '9C', 'AD', '9D'], steps: 2 + 1 })).toBe(
      'bad decade state: steps is 3: 2 draws leave 1 discards, but 2 stacks were eliminated, each by a discard',
    );
    expect(refused(env, { current: 2 })).toBe(
      'bad decade state: current is 2, but no card has been drawn: the deal ends with current 6',
    );
  });

  it("'deck-bottom': steps below the cards that left the stock are refused", () => {
    const env = dealt('ten-twenty-thirty', 3);
    expect(refused(env, { steps: 2 })).toBe(
      'bad decade state: steps is 2, but the stock and the 0 eliminated stacks take at least 3 steps (3 draws ' +
        'and 0 discards)',
    );
  });
});
