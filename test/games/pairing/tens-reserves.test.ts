// Tens as PySolFC plays it (`tens-reserves`, `highCards: 'reserves'`): 10s, Js, Qs and Ks set aside
// one at a time into four reserves of one rank, out together, and no refill meanwhile. Scenarios on
// explicit decks, then its decisions: a card set aside too early loses, and the slot layout's
// `patient` ends every deal as the quartet rule does, the best any order of moves reaches.
import { describe, expect, it } from 'vitest';
import { agentsFor } from '../../../src/agents/index.js';
import { SlotPatientAgent } from '../../../src/agents/slot-patient.js';
import type { SlotState } from '../../../src/env/layouts/index.js';
import { pairId } from '../../../src/env/layouts/index.js';
import { make } from '../../../src/env/registry.js';
import { tensGame } from '../../../src/games/pairing/tens.js';
import { scaled } from '../../helpers/scale.js';
import { deckWith, first, gameJSON, last, playOut, reachableEnds, thrown } from '../helpers.js';

const ASIDE = pairId(13, 11, 12) + 1; // 78: the first set-aside id, after the 78 pairs
const patient = new SlotPatientAgent([tensGame]);
const patientPolicy = (env: ReturnType<typeof make>): number => patient.act(env);
const FILLER = ['AC', 'AD', 'AH', '2C', '2D', '2H', '3C', '3D', '3H'];

describe('tens-reserves: the rules', () => {
  it('PySolFC rules: 13 slots, set-asides instead of quartets, the default tens unchanged', () => {
    const env = make('tens-reserves');
    expect(env.options).toMatchObject({ tableau: 13, highCards: 'reserves', blockTens: false });
    expect([env.actionSpace.n, env.observationSpace.shape[0]]).toEqual([91, 199]);
    expect([make('tens').actionSpace.n, make('tens').options.highCards]).toEqual([82, 'quartets']);
    expect(agentsFor('tens-reserves').map((a) => a.name)).toEqual(['random', 'first', 'patient']);
    expect(agentsFor('tens').map((a) => a.name)).toEqual(['random', 'first']);
    expect(tensGame.sameOutcome).toBeTypeOf('function');
  });

  it('one rank at a time, in reserve order; no refill until the four go out together', () => {
    const env = make('tens-reserves', { reward: 'cards' });
    env.reset({ deck: deckWith(['TC', 'TD', 'TH', 'TS', 'KC', ...FILLER.slice(0, 8), '4C', '4D']) });
    expect(env.legalActions()).toEqual([0, 1, 2, 3, 4].map((i) => ASIDE + i));
    expect(env.step(ASIDE + 4).reward).toBe(0);
    expect(gameJSON(env).reserve).toEqual(['KC', null, null, null]);
    expect(env.legalActions()).toEqual([]);
    expect(env.outcome()).toEqual({ won: false, cardsLeft: 52 });

    env.reset({ deck: deckWith(['TC', 'TD', 'TH', 'TS', 'KC', ...FILLER.slice(0, 8), '4C', '4D', 'KD']) });
    env.step(ASIDE + 1);
    expect(env.stepNote()).toBe('The empty slots stay empty until four cards of one rank are set aside.');
    expect(gameJSON(env).tableau[1]).toBeNull();
    expect(thrown(() => env.step(ASIDE + 4)).message).toContain('the cards set aside are tens; K♣ cannot join them');
    expect(env.legalActions()).toEqual([ASIDE, ASIDE + 2, ASIDE + 3]);
    env.step(ASIDE + 3);
    expect(gameJSON(env).reserve).toEqual(['TD', 'TS', null, null]);
    expect(Array.from(env.observation.subarray(169, 173))).toEqual([0, 1, 0, 1]);
    env.step(ASIDE);
    expect(env.step(ASIDE + 2).reward).toBe(4);
    expect(env.stepNote()).toBe('10♦ 10♠ 10♣ 10♥ went out together.');
    expect(gameJSON(env).tableau.slice(0, 4)).toEqual(['4C', '4D', 'KD', 'AS']);
    expect(env.render().split('\n')[3]).toBe('set aside  1: --  2: --  3: --  4: --');
  });

  it('a state whose reserves mix two ranks, or skip one, is refused', () => {
    const env = make('tens-reserves');
    env.reset({ deck: deckWith(['TC', 'TD', 'TH', 'TS', 'KC', ...FILLER.slice(0, 8)]) });
    env.step(ASIDE);
    const st = env.getState();
    const g = gameJSON(env);
    const refused = (reserve: (string | null)[]) =>
      thrown(() => env.setState({ ...st, game: { ...g, reserve, tableau: g.tableau } })).message;
    expect(refused([null, 'TC', null, null])).toContain('the reserves fill in order, one rank');
  });
});

describe('tens-reserves: real decisions', () => {
  it('on an explicit deal, setting a ten aside at once (the highest id) loses; waiting for the fourth ten wins', () => {
    const ranks = ['A', '9', '2', '8', '3', '7', '4', '6', '5'];
    const pairs = [...'CDHS'].flatMap((s) => ranks.map((r) => r + s));
    const faces = [...'JQK'].flatMap((r) => [...'CDHS'].map((s) => r + s));
    const deck = ['TC', 'TD', 'TH', ...pairs.slice(0, 10), 'TS', ...pairs.slice(10), ...faces];
    const outcomes = [last, patientPolicy].map((policy) => {
      const env = make('tens-reserves');
      env.reset({ deck });
      playOut(env, policy);
      return env.outcome().won;
    });
    expect(outcomes).toEqual([false, true]);
  });

  it('patient ends 300 deals as the quartet rule does; no order of moves beats it on 20', () => {
    for (let seed = 0; seed < scaled(300, 20); seed++) {
      const quartets = make('tens');
      quartets.reset({ seed });
      playOut(quartets, first);
      const env = make('tens-reserves');
      env.reset({ seed });
      if (seed < 20 && env.running) {
        const key = (s: SlotState) => `${Array.from(s.slotCard).sort().join()}|${s.reserve.join()}|${s.stockPos}`;
        const ends = reachableEnds(tensGame, env.options, env.rawState as SlotState, key, 300_000);
        const best = Math.min(...[...ends].map((e) => (JSON.parse(e) as { cardsLeft: number }).cardsLeft));
        playOut(env, patientPolicy);
        expect(env.outcome().cardsLeft, `seed ${seed}`).toBe(best);
      } else playOut(env, patientPolicy);
      expect(env.outcome(), `seed ${seed}`).toEqual(quartets.outcome());
    }
  });
});
