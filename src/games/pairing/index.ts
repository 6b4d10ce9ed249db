/**
 * Tens and Block Ten, two games over the slot layout (src/env/layouts/slots.ts): a row of slots
 * dealt from the stock, from which pairs are removed and the slots refilled. Each registers itself
 * with its id when this module is imported (src/games/index.ts); tens.ts and block-ten.ts table
 * their options, actions, observation, rewards and end.
 */
import type * as z from 'zod/mini';
import { type GameModule, registerModule } from '../../agents/modules.js';
import { slotPatientSpec } from '../../agents/slot-patient.js';
import type { CardOutcome } from '../../env/game.js';
import { blockTenGame, type blockTenOptionsSchema } from './block-ten.js';
import { tensGame, type tensOptionsSchema } from './tens.js';

export type { BlockTenOptions } from './block-ten.js';
export type { TensOptions } from './tens.js';
import type { TensOptions } from './tens.js';

const TENS = 'Tens: remove pairs summing to 10 and quartets of 10/J/Q/K from a 13- or 15-card tableau';
const RESERVES =
  'Tens as PySolFC plays it: 10s, Js, Qs, Ks set aside one at a time, four of a rank, no refill meanwhile';
const BLOCK_TEN = 'Block Ten: 3×3 tableau, pairs summing to 10 or matching J/Q/K; tens block their slot';

/** Tens as registered: its engine and its id. */
export const tens: GameModule = registerModule(
  {
    game: tensGame,
    ids: [
      { id: 'tens', title: 'Tens', description: TENS },
      { id: 'tens-reserves', title: 'Tens with reserves', preset: { highCards: 'reserves' }, description: RESERVES },
    ],
    // Random play's win rates in docs/environments.md (`tengym stats --episodes 100000`): 15 slots 36.67%, the
    // standard game 9.14%, tens set aside as blocks 5.39%. Tens has no decisions, so a variant is its difficulty.
    kit: {
      variantDifficulty: { tens: { easy: { tableau: 15 }, medium: {}, hard: { blockTens: true } } },
      agents: [slotPatientSpec([tensGame], (env) => (env.options as TensOptions).highCards === 'reserves')],
      simpleBaseline: 'patient',
      // Called only where moves differ (`sameOutcome`): with reserves, where `patient` is exact.
      hintBaseline: (_env, baseline) =>
        baseline('patient', 'the exact optimum: a card goes aside only when all four of its rank are in sight'),
      ladders: {
        'tens-reserves': {
          deals: 3000,
          seed: 1,
          commands: [
            'tengym eval --env tens-reserves --agents random,first,patient --episodes 3000 --seed 1 ' +
              '--reference patient',
          ],
          wins: { random: 0, first: 73, patient: 275 },
        },
      },
    },
  },
  { shipped: true },
);

/** Block Ten as registered: its engine and its id. */
export const blockTen: GameModule = registerModule(
  { game: blockTenGame, ids: [{ id: 'block-ten', title: 'Block Ten', description: BLOCK_TEN }] },
  { shipped: true },
);

declare module '../../env/registry.js' {
  interface EnvOptionsById {
    tens: z.input<typeof tensOptionsSchema>;
    'tens-reserves': z.input<typeof tensOptionsSchema>;
    'block-ten': z.input<typeof blockTenOptionsSchema>;
  }
  interface OutcomeById {
    tens: CardOutcome;
    'tens-reserves': CardOutcome;
    'block-ten': CardOutcome;
  }
}
