/**
 * Nines as one game module: its engine (engine.ts: pairs making 9, nines alone, 10-J-Q-K set aside
 * with no refill meanwhile), its id and its kit: the slot layout's `patient`, which is the
 * full-information optimum here (src/agents/slot-patient.ts), so no search or oracle can beat it.
 * It registers itself when imported (src/games/index.ts); the rules for players are rules.md beside
 * this file.
 */
import type * as z from 'zod';
import type { GameKit } from '../../agents/kit.js';
import { shipGame } from '../../agents/modules.js';
import { slotPatientSpec } from '../../agents/slot-patient.js';
import type { CardOutcome } from '../../env/game.js';
import { ninesGame, type ninesOptionsSchema } from './engine.js';

export type { NinesOptions } from './engine.js';

const description =
  'Nines (PySolFC): 3×3 grid, pairs making 9, nines alone, 10-J-Q-K set aside with no refill meanwhile';

/** What tengym knows of Nines beyond its rules: `patient`, exact, is the baseline and the hint source. */
const NINES_KIT: GameKit = {
  agents: [slotPatientSpec([ninesGame])],
  simpleBaseline: 'patient',
  // Exact without seeing the stock: a deal it loses, every line loses (test/games/nines/decisions.test.ts).
  solver: 'patient',
  ladders: {
    nines: {
      deals: 3000,
      seed: 1,
      commands: ['tengym eval --env nines --agents random,first,patient --episodes 3000 --seed 1 --reference patient'],
      wins: { random: 0, first: 190, patient: 190 },
    },
  },
  hintBaseline: (_env, baseline) =>
    baseline('patient', 'the exact optimum: a card goes aside only when its set can go out'),
};

/** Nines as registered: its engine, its id and its kit. */
export const nines = shipGame(ninesGame, NINES_KIT, { id: 'nines', title: 'Nines', description });

declare module '../../env/registry.js' {
  interface EnvOptionsById extends Record<'nines', z.input<typeof ninesOptionsSchema>> {}
  interface OutcomeById extends Record<'nines', CardOutcome> {}
}
