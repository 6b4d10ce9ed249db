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
import { neighbourGame, type neighbourOptionsSchema } from './neighbour.js';
import { quatorzeGame, type quatorzeOptionsSchema } from './quatorze.js';
import { weddingsGame, type weddingsOptionsSchema } from './weddings.js';

export type { MonteCarloOptions } from './monte-carlo.js';
export type { NeighbourOptions } from './neighbour.js';
export type { QuatorzeOptions } from './quatorze.js';
export type { WeddingsOptions } from './weddings.js';

const MONTE_CARLO =
  'Monte Carlo (Quilt): a 5×5 grid, remove touching pairs of one rank, then consolidate: the cards close the gaps';
const WEDDINGS = 'Weddings: a 5×5 grid, remove touching pairs of one rank; on the deal the cards rise up their columns';
const NEIGHBOUR = 'Neighbour: a 5×5 grid, remove touching pairs making 13 and kings alone; the cards close up at once';
const QUATORZE = 'Quatorze: a 5×5 grid, remove pairs making 14 in one row or column; refilled in place, then closed up';

/** Monte Carlo as registered: its engine, its id and its kit. */
export const monteCarlo: GameModule = registerModule(
  {
    game: monteCarloGame,
    ids: [{ id: 'monte-carlo', title: 'Monte Carlo', description: MONTE_CARLO }],
    kit: gridKit(monteCarloGame),
  },
  { shipped: true },
);

/** Weddings as registered: its engine, its id and its kit. */
export const weddings: GameModule = registerModule(
  {
    game: weddingsGame,
    ids: [{ id: 'weddings', title: 'Weddings', description: WEDDINGS }],
    kit: gridKit(weddingsGame, { solvable: false }),
  },
  { shipped: true },
);

/** Neighbour as registered: its engine, its id and its kit. */
export const neighbour: GameModule = registerModule(
  {
    game: neighbourGame,
    ids: [{ id: 'neighbour', title: 'Neighbour', description: NEIGHBOUR }],
    kit: gridKit(neighbourGame),
  },
  { shipped: true },
);

/** Quatorze as registered: its engine, its id and its kit. */
export const quatorze: GameModule = registerModule(
  {
    game: quatorzeGame,
    ids: [{ id: 'quatorze', title: 'Quatorze', description: QUATORZE }],
    kit: gridKit(quatorzeGame),
  },
  { shipped: true },
);

declare module '../../env/registry.js' {
  interface EnvOptionsById {
    'monte-carlo': z.input<typeof monteCarloOptionsSchema>;
    weddings: z.input<typeof weddingsOptionsSchema>;
    neighbour: z.input<typeof neighbourOptionsSchema>;
    quatorze: z.input<typeof quatorzeOptionsSchema>;
  }
  interface OutcomeById {
    'monte-carlo': CardOutcome;
    weddings: CardOutcome;
    neighbour: CardOutcome;
    quatorze: CardOutcome;
  }
}
