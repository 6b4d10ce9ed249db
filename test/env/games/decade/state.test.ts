// Decade state JSON at its edges: a line holding every card loads and round-trips, a current
// stack past the seventh is refused by the schema, the engine's own fromJSON runs the consistency
// check, and a card out of place in the discard pile or several missing cards are reported by
// name. The options' maxRun check is a standard zod custom issue.
import { describe, expect, it } from 'vitest';
import { cardCode } from '../../../../src/env/cards.js';
import { decadeGame, decadeOf, decadeOptionsSchema } from '../../../../src/env/games/decade.js';
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
    const message = thrown(() => env.setState({ ...state, game: { ...(state.game as object), current: 7 } }))?.message ?? '';
    expect(message).toBe('bad decade state: Too big: expected number to be <=6 → at current');
  });

  it("the engine's fromJSON refuses an inconsistent state on its own, with the broken invariant", () => {
    const env = make('decade');
    const o = decadeOf(env)!.options;
    const s = decadeGame.createState(o);
    const game = { stacks: [TABLE], eliminated: [false], current: 0, stock: [], discarded: ALL.slice(3, 51), steps: 49 };
    const error = thrown(() => decadeGame.fromJSON(game, o, s));
    expect(error?.code).toBe('bad-state');
    expect(error?.message).toBe(`bad decade state: cards missing (every card must be on the table, in the stock or discarded): ${ALL[51]}`);
  });

  it('names a card of the discard pile that is also on the table, or twice in the pile', () => {
    const pile = ALL.slice(3);
    const onTable = lineEnv({ stacks: [TABLE], stock: [], discarded: [...pile.slice(0, -1), TABLE[0]], steps: 49 });
    expect(thrown(onTable.load)?.message).toBe(`bad decade state: ${TABLE[0]} is both in the line and in the discard pile`);
    const twice = lineEnv({ stacks: [TABLE], stock: [], discarded: [...pile.slice(0, -1), pile[0]], steps: 49 });
    expect(thrown(twice.load)?.message).toBe(`bad decade state: ${pile[0]} is twice in the discard pile (at 0 and ${pile.length - 1}, counted from 0)`);
  });

  it('lists every missing card, separated by spaces', () => {
    const { load } = lineEnv({ stacks: [TABLE], stock: [], discarded: ALL.slice(3, 50), steps: 49 });
    expect(thrown(load)?.message).toBe(`bad decade state: cards missing (every card must be on the table, in the stock or discarded): ${ALL[50]} ${ALL[51]}`);
  });
});

describe('decade options', () => {
  it('a maxRun below minRun is a zod custom issue on maxRun (programs reading the issues see a standard code)', () => {
    const r = decadeOptionsSchema.safeParse({ minRun: 4, maxRun: 3 });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([{ code: 'custom', path: ['maxRun'], message: 'maxRun (3) must be null or at least minRun (4)' }]);
  });
});
