/**
 * The grid games of PySolFC's montecarlo.py, each a declaration over the slot layout (src/env/layouts/slots.ts):
 * twenty-five cards in a 5 × 5 grid, pairs in touching slots (or in one row or column), and the cards closing up
 * as the game goes. Each registers itself with its id when this module is imported (src/games/index.ts); each
 * engine's file tables its options, actions, observation, rewards and end, and rules.md has the rules for players.
 */
import type * as z from 'zod/mini';
import { type GameModule, registerModule } from '../../agents/modules.js';
import type { CardOutcome } from '../../env/game.js';
import { gridKit } from './kit.js';
import { monteCarloGame, type monteCarloOptionsSchema } from './monte-carlo.js';

export type { MonteCarloOptions } from './monte-carlo.js';

const MONTE_CARLO =
  'Monte Carlo (Quilt): a 5×5 grid, remove touching pairs of one rank, then consolidate: the cards close the gaps';

/** Monte Carlo as registered: its engine, its id and its kit. */
export const monteCarlo: GameModule = registerModule(
  {
    game: monteCarloGame,
    ids: [{ id: 'monte-carlo', title: 'Monte Carlo', description: MONTE_CARLO }],
    kit: gridKit(monteCarloGame),
  },
  { shipped: true },
);

declare module '../../env/registry.js' {
  interface EnvOptionsById {
    'monte-carlo': z.input<typeof monteCarloOptionsSchema>;
  }
  interface OutcomeById {
    'monte-carlo': CardOutcome;
  }
}
