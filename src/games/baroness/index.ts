/**
 * Baroness (also Five Piles, Foxfire 13) as one game module: its engine (engine.ts, a declaration over the
 * piles layout with a dealt stock), its id and its kit. The stock is hidden, so the fair search is the piles
 * layout's `pimc` over the stock's order; the `oracle` sees the stock and gives the upper bound. It registers
 * itself when imported (src/games/index.ts); the rules for players are rules.md beside this file.
 */
import type * as z from 'zod/mini';
import { shipGame } from '../../agents/modules.js';
import { pilesKit } from '../../agents/piles/kit.js';
import type { CardOutcome } from '../../env/game.js';
import { baronessGame, type baronessOptionsSchema } from './engine.js';

export type { BaronessOptions } from './engine.js';

const LADDER_COMMANDS = [
  'tengym eval --env baroness --agents random,first,greedy,oracle --episodes 3000 --seed 1 --reference greedy',
  'tengym eval --env baroness --agents greedy,pimc --episodes 3000 --seed 1 --reference greedy --workers 1',
];

const KIT = pilesKit(baronessGame, {
  open: false,
  // Measured on a loaded machine (pimc: 1,224 s); the oracle's search has a budget per move, so its rate is a lower
  // bound.
  ladders: {
    baroness: {
      deals: 3000,
      seed: 1,
      commands: LADDER_COMMANDS,
      wins: { random: 29, first: 473, greedy: 671, pimc: 1316, oracle: 1779 },
    },
  },
  searches: ['pimc'],
  hint: 'pimc',
});

/** Baroness as registered. */
export const baroness = shipGame(baronessGame, KIT, {
  id: 'baroness',
  title: 'Baroness',
  description: 'Baroness (Five Piles): deal onto five piles when you choose; remove two tops making 13, kings alone',
});

declare module '../../env/registry.js' {
  interface EnvOptionsById {
    baroness: z.input<typeof baronessOptionsSchema>;
  }
  interface OutcomeById {
    baroness: CardOutcome;
  }
}
