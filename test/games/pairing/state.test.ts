// Loading a Tens or Block Ten state: every rule a loaded position breaks is refused with its own
// message (the ranks named, the counts right), by the env and by the game's own fromJSON; the
// board's stock line for a single card; and how the games score.
import { CARDS_LEFT_RESULT } from '../../../src/env/game.js';
import { describe, expect, it } from 'vitest';
import { DECK_SIZE, cardCode } from '../../../src/env/cards.js';
import type { Env } from '../../../src/env/env.js';
import { blockTenGame } from '../../../src/games/pairing/block-ten.js';
import type { SlotState as PairingState } from '../../../src/env/layouts/index.js';
import { tensGame } from '../../../src/games/pairing/tens.js';
import { make } from '../../../src/env/registry.js';
import { thrown, type TableJSON } from '../../helpers/pairing.js';
import { withHistory } from '../../helpers/undo.js';

const ALL = Array.from({ length: DECK_SIZE }, (_, c) => cardCode(c));

/** Every card but `removed`, in card order: the first `slots` in the tableau, the rest in the stock. */
function without(removed: string[], slots = 13): TableJSON {
  const kept = ALL.filter((c) => !removed.includes(c));
  return { tableau: kept.slice(0, slots), stock: kept.slice(slots), removed };
}

function load(env: Env, game: TableJSON): void {
  env.reset({ seed: 0 });
  env.setState({ ...env.getState(), game });
}

describe('pairing state: a loaded position the rules cannot reach is refused by name', () => {
  const tens = make('tens');

  it('a pair rank removed without its partner names both ranks and both counts', () => {
    expect(thrown(() => load(tens, without(['AC']))).message).toBe(
      'bad state: 1 aces but 0 nines are removed; they go in pairs',
    );
    expect(thrown(() => load(tens, without(['8C']))).message).toBe(
      'bad state: 0 twos but 1 eights are removed; they go in pairs',
    );
    expect(thrown(() => load(tens, without(['4C']))).message).toBe(
      'bad state: 1 fours but 0 sixes are removed; they go in pairs',
    );
  });

  it('fives go in pairs; in Tens the faces go four at a time', () => {
    expect(thrown(() => load(tens, without(['5C']))).message).toBe('bad state: 1 fives are removed; they go in pairs');
    expect(thrown(() => load(tens, without(['JC', 'JD']))).message).toBe(
      'bad state: 2 jacks are removed; they go four at a time',
    );
    // The same counts made legally load: a pair of fives, four jacks.
    load(tens, without(['5C', '5D', 'JC', 'JD', 'JH', 'JS']));
    expect((tens.rawState as PairingState).removed).toBe(6);
  });

  it('a strict game refuses an empty slot beside a stock, saying how many cards the stock holds', () => {
    const kept = ALL.filter((c) => !['AC', '9C'].includes(c));
    const game: TableJSON = {
      tableau: [null, ...kept.slice(1, 13)],
      stock: [kept[0], ...kept.slice(13)],
      removed: ['AC', '9C'],
    };
    expect(game.stock).toHaveLength(38);
    expect(thrown(() => load(tens, game)).message).toBe(
      'bad state: a slot is empty while the stock holds 38 cards; it is refilled at once',
    );
  });

  it('lists every missing card, space-separated', () => {
    const game = without([]);
    game.stock = game.stock.filter((c) => !['5C', '9D'].includes(c));
    expect(thrown(() => load(tens, game)).message).toBe(
      'bad state: cards 5C 9D are missing; tableau, stock and removed must hold each of the 52 cards once',
    );
  });

  it("the game's own fromJSON refuses an unreachable position, not only the env", () => {
    const s = tens.game.createState(tens.options);
    const e = thrown(() => tens.game.fromJSON!(without(['AC']), tens.options, s));
    expect(e.code).toBe('bad-state');
    expect(e.message).toBe('bad state: 1 aces but 0 nines are removed; they go in pairs');
    const b = blockTenGame.createState({ refill: 'strict', undoLimit: 0, reward: 'win' });
    expect(() =>
      blockTenGame.fromJSON!(without(['KC'], 9), { refill: 'strict', undoLimit: 0, reward: 'win' }, b),
    ).toThrow('bad state: 1 kings are removed; they go in pairs');
  });

  it('checkState calls card id 52, one past the last card, not a card', () => {
    tens.reset({ seed: 0 });
    const s = tens.game.createState(tens.options) as PairingState;
    tens.game.copyState(tens.rawState, s);
    s.slotCard[0] = DECK_SIZE;
    expect(tens.game.checkState!(s, tens.options)).toBe('slot 0 holds 52, not a card');
  });
});

describe('pairing state: a late position', () => {
  // Every pair and the tens gone: a 5, the jacks, queens and kings in the slots, one 5 left to deal.
  const removed = ALL.filter((c) => '123456789AT'.includes(c[0]) && !['5H', '5S'].includes(c));
  const late: TableJSON = {
    tableau: ['5H', 'JC', 'JD', 'JH', 'JS', 'QC', 'QD', 'QH', 'QS', 'KC', 'KD', 'KH', 'KS'],
    stock: ['5S'],
    removed,
  };

  it('loads, and the board says "1 card" of stock', () => {
    const env = make('tens');
    load(env, late);
    expect(env.render().split('\n').at(-1)).toBe('stock 1 card · removed 38 · cards left 14');
  });

  it('says a complete quartet is legal', () => {
    const env = make('tens');
    load(env, late);
    const quartets = 78; // after the 78 pairs of 13 slots: the 10s, Js, Qs, Ks
    expect(env.isLegal(quartets + 1)).toBe(true);
    expect(env.game.whyIllegal!(env.rawState, env.options, quartets + 1)).toBe('it is legal');
    expect(env.game.whyIllegal!(env.rawState, env.options, quartets)).toBe('only 0 of the four tens are in the slots');
  });

  it('both games are measured by the cards left', () => {
    expect(tensGame.result).toBe(CARDS_LEFT_RESULT);
    expect(blockTenGame.result).toBe(CARDS_LEFT_RESULT);
  });
});

describe('undosUsed agrees with the undo limit', () => {
  it.each([
    ['tens', { undoLimit: 3 }, 1e9, 'bad state: undosUsed is 1000000000, but tens allows 3 undos per game'],
    ['tens', { undoLimit: 3 }, 4, 'bad state: undosUsed is 4, but tens allows 3 undos per game'],
    ['block-ten', {}, 1, 'bad state: undosUsed is 1, but block-ten allows no undo'],
    ['decade', {}, 1, 'bad state: undosUsed is 1, but decade allows no undo'],
    ['four-ten', {}, 2, 'bad state: undosUsed is 2, but four-ten allows no undo'],
  ])('%s %j with undosUsed %d is refused, the env as it was', (id, options, undosUsed, message) => {
    const env = make(id, options);
    env.reset({ seed: 2 });
    const before = JSON.stringify(env.getState());
    const e = thrown(() => env.setState({ ...env.getState(), undosUsed }));
    expect(e.code).toBe('bad-state');
    expect(e.message).toBe(message);
    expect(JSON.stringify(env.getState())).toBe(before);
  });

  it('all three undos used loads, and leaves none; unlimited takes any count', () => {
    const env = make('tens', { undoLimit: 3 });
    env.reset({ seed: 2 });
    env.setState({ ...env.getState(), undosUsed: 3 });
    expect(withHistory(env).states.undosLeft).toBe(0);
    const unlimited = make('tens', { undoLimit: 'unlimited' });
    unlimited.reset({ seed: 2 });
    unlimited.setState({ ...unlimited.getState(), undosUsed: 1e9 });
    expect(withHistory(unlimited).states.undosLeft).toBe(Infinity);
  });
});
