// Fifteens' rules, one scenario per rule, each on an explicit deck (rules.md beside the engine; the
// tables open src/games/fifteens/engine.ts).
import { describe, expect, it } from 'vitest';
import { agentsFor } from '../../../src/agents/index.js';
import { pairId as slotPairId } from '../../../src/env/layouts/index.js';
import { make } from '../../../src/env/registry.js';
import { fifteensGame } from '../../../src/games/fifteens/engine.js';
import { deckWith, gameJSON, playOut, thrown } from '../helpers.js';
import { CLEAR_DECK } from './decks.js';

const pairId = (i: number, j: number): number => slotPairId(16, i, j);
const PILE = 120;

/** Fifteens' state JSON. */
interface FifteensJSON {
  tableau: (string | null)[];
  pile: string[];
  stock: string[];
  removed: string[];
}
const game = (env: ReturnType<typeof make>): FifteensJSON => gameJSON<FifteensJSON>(env);

/** Puts the cards of these slots on the pile, in order. */
const toPile = (env: ReturnType<typeof make>, ...slots: number[]): number[] =>
  slots.map((i) => env.step(PILE + i).reward);

describe('fifteens: ids, spaces and the moves', () => {
  it('defaults, one id, 136 actions, 236 floats, the slot agents', () => {
    expect(fifteensGame.optionsSchema.parse({})).toEqual({ undoLimit: 0, reward: 'win' });
    const env = make('fifteens');
    expect([env.actionSpace.n, env.observationSpace.shape[0]]).toEqual([136, 236]);
    expect(agentsFor('fifteens').map((a) => a.name)).toEqual(['random', 'first', 'greedy', 'pimc', 'oracle']);
  });

  it('pairs of A–9 make 15 (6+9, 7+8); 10–K never pair; any card may go on the pile', () => {
    const env = make('fifteens', { reward: 'cards' });
    env.reset({ deck: deckWith(['6C', '9D', '7C', '8D', '2C', 'KC', '5C', 'TC']) });
    const legal = env.legalActions();
    expect(legal.filter((a) => a < PILE)).toEqual([pairId(0, 1), pairId(2, 3)]);
    expect(legal.filter((a) => a >= PILE)).toEqual(Array.from({ length: 16 }, (_, i) => PILE + i));
    expect(thrown(() => env.step(pairId(4, 5))).message).toContain('K♣ never pairs: it goes out from the pile');
    expect(thrown(() => env.step(pairId(5, 7))).message).toContain('K♣ never pairs');
    expect(thrown(() => env.step(pairId(0, 6))).message).toContain('6♣ + 5♣ make 11, not 15');
    expect(env.step(pairId(0, 1)).reward).toBe(2);
    expect(game(env).tableau.slice(0, 2)).not.toContain(null); // the pile is empty: refilled at once
  });

  it('A–9 cards on the pile go out when they total 15; no refill until then', () => {
    const env = make('fifteens', { reward: 'cards' });
    env.reset({ deck: deckWith(['5C', '4D', '6C', '9D', '6H', '2C', '3C', '4C', '7C', '8C']) });
    expect(toPile(env, 0, 1)).toEqual([0, 0]);
    expect(env.stepNote()).toBe('The empty slots stay empty until the pile goes out.');
    expect(game(env)).toMatchObject({ pile: ['5C', '4D'] });
    expect(env.render()).toContain('pile  5♣ 4♦ (9)');
    expect(env.step(pairId(2, 3)).reward).toBe(2); // a pair still goes, without a refill
    expect(game(env).tableau.slice(0, 4)).toEqual([null, null, null, null]);
    expect(env.step(PILE + 4).reward).toBe(3);
    expect(env.stepNote()).toBe('The pile went out: 5♣ 4♦ 6♥.');
    const after = game(env);
    expect(after.pile).toEqual([]);
    expect(after.tableau.slice(0, 5)).not.toContain(null);
    expect(after.removed).toHaveLength(5);
  });

  it('one 10, J, Q and K on the pile go out together', () => {
    const env = make('fifteens', { reward: 'cards' });
    env.reset({ deck: deckWith(['TC', 'JD', 'QH', 'KS']) });
    expect(toPile(env, 0, 1, 2, 3)).toEqual([0, 0, 0, 4]);
    expect(env.stepNote()).toBe('The pile went out: 10♣ J♦ Q♥ K♠.');
  });

  it.each([
    [['9C', '7C'], "the pile's cards make 16, past 15: it can never go out"],
    [['5C', 'KC'], 'the pile mixes number cards with a ten, a jack, a queen and a king: it can never go out'],
    [['KC', '5C'], 'the pile mixes number cards'],
    [['TC', 'TD'], 'the pile holds a rank twice'],
  ])('a pile that can never go out ends the game, lost (%j)', (cards, why) => {
    const env = make('fifteens');
    env.reset({ deck: deckWith([...cards, '6C', '9D']) });
    toPile(env, 0);
    expect(env.running).toBe(true);
    toPile(env, 1);
    expect(env.running).toBe(false);
    expect(env.legalActions()).toEqual([]); // the pair 6♣ + 9♦ as well: nothing can win now
    expect(env.outcome()).toEqual({ won: false, cardsLeft: 52 });
    expect(env.endText()).toContain(why);
  });

  it('a deal that clears: 52 cards in all (cards), 1 on the last step (win)', () => {
    for (const reward of ['cards', 'win'] as const) {
      const env = make('fifteens', { reward });
      env.reset({ deck: CLEAR_DECK });
      // Pairs first; else the lowest slot whose card the pile can take towards going out.
      const rewards = playOut(env, (e) => {
        const tableau = game(e).tableau;
        const pile = game(e).pile as string[];
        const face = (c: string | null) => c !== null && 'TJQK'.includes(c[0]);
        if (e.legal[0] < PILE) return e.legal[0];
        const want = pile.length === 0 ? tableau.some((c) => c !== null && !face(c)) : !face(pile[0]);
        const i = tableau.findIndex((c) => c !== null && face(c) !== want);
        return PILE + (i < 0 ? tableau.findIndex((c) => c !== null) : i);
      });
      expect(env.outcome()).toEqual({ won: true, cardsLeft: 0 });
      expect(rewards.reduce((a, b) => a + b, 0)).toBe(reward === 'cards' ? 52 : 1);
    }
  });
});

describe('fifteens: the state', () => {
  it('the pile round-trips through the state JSON; states no play gives are refused', () => {
    const env = make('fifteens');
    env.reset({ deck: deckWith(['5C', '4D', '6C', '9D']) });
    toPile(env, 0, 1);
    const json = game(env);
    const copy = make('fifteens');
    copy.reset({ seed: 1 });
    copy.setState(env.getState());
    expect(gameJSON(copy)).toEqual(json);
    expect(copy.legalActions()).toEqual(env.legalActions());
    const refused = (game: Record<string, unknown>): string =>
      thrown(() => copy.setState({ ...env.getState(), game })).message;
    // 6♣ on the pile too would make 15, which goes out at once.
    const tableau = [...json.tableau];
    tableau[2] = null;
    expect(refused({ ...json, tableau, pile: ['5C', '4D', '6C'] })).toContain('goes out at once');
    // Removed number cards go out in fifteens: a 5 alone cannot be removed.
    expect(refused({ ...json, pile: ['4D'], removed: ['5C'] })).toContain('they go out in groups of 15');
    // A pile past 15 under its top card: no card could have joined it.
    expect(
      refused({ ...json, tableau: [null, null, null, null, ...json.tableau.slice(4)], pile: ['9D', '6C', '5C', '4D'] }),
    ).toContain('no card could have joined it');
  });
});
