// Nines has real decisions: a card set aside too early loses a deal that waiting wins. The slot
// layout's `patient` waits, and an exhaustive search over every legal order of moves finds no better
// end on many deals: it is the full-information optimum.
import { describe, expect, it } from 'vitest';
import type { SlotState } from '../../../src/env/layouts/index.js';
import { SlotPatientAgent } from '../../../src/agents/slot-patient.js';
import { make } from '../../../src/env/registry.js';
import { ninesGame } from '../../../src/games/nines/engine.js';
import { scaled } from '../../helpers/scale.js';
import { deckWith, playOut, reachableEnds } from '../helpers.js';

const patient = new SlotPatientAgent([ninesGame]);
const patientPolicy = (env: ReturnType<typeof make>): number => patient.act(env);
/** Sets a card aside whenever it can, else plays the first legal move. */
const eager = (env: ReturnType<typeof make>): number => env.legal[env.legalCount - 1];

/** The search's memory: the grid's cards as a multiset, the reserves and the stock's position. */
const stateKey = (s: SlotState): string =>
  `${Array.from(s.slotCard)
    .sort((a, b) => a - b)
    .join()}|${s.reserve.join()}|${s.stockPos}`;

describe('nines: real decisions', () => {
  it('on an explicit deal, setting the ten aside at once loses and waiting for its set wins', () => {
    // The ten of clubs, eight cards that pair, the rest of its set, then each other suit's pairs and its set.
    const suit = (s: string): string[] =>
      ['A', '8', '2', '7', '3', '6', '4', '5', '9', 'T', 'J', 'Q', 'K'].map((r) => r + s);
    const clubs = suit('C');
    const deck = deckWith([
      'TC',
      ...clubs.slice(0, 8),
      'JC',
      'QC',
      'KC',
      '9C',
      ...suit('D'),
      ...suit('H'),
      ...suit('S'),
    ]);
    const outcomes = [eager, patientPolicy].map((policy) => {
      const env = make('nines');
      env.reset({ deck });
      playOut(env, policy);
      return env.outcome();
    });
    expect(outcomes).toEqual([
      { won: false, cardsLeft: 44 }, // the eight cards of the grid's pairs, then nothing more
      { won: true, cardsLeft: 0 },
    ]);
  });

  it('patient reaches the best end an exhaustive search finds, on 60 deals', () => {
    let differ = 0;
    for (let seed = 0; seed < scaled(60, 10); seed++) {
      const env = make('nines');
      env.reset({ seed });
      if (!env.running) continue;
      const ends = reachableEnds(ninesGame, env.options, env.rawState as SlotState, stateKey, 500_000);
      const best = Math.min(...[...ends].map((e) => (JSON.parse(e) as { cardsLeft: number }).cardsLeft));
      if (ends.size > 1) differ++;
      playOut(env, patientPolicy);
      expect(env.outcome().cardsLeft, `seed ${seed}`).toBe(best);
    }
    expect(differ).toBeGreaterThan(0);
  });
});
