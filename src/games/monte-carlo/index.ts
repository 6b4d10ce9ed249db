/**
 * The grid games of PySolFC's montecarlo.py, each a declaration over the slot layout (src/env/layouts/slots.ts):
 * twenty-five cards in a 5 × 5 grid, pairs in touching slots (or in one row or column), and the cards closing up
 * as the game goes. Each registers itself with its id when this module is imported (src/games/index.ts); each
 * engine's file tables its options, actions, observation, rewards and end, and rules.md has the rules for players.
 */
import type * as z from 'zod/mini';
import { type GameModule, registerModule } from '../../agents/modules.js';
import type { CardOutcome } from '../../env/game.js';
import type { gridOptionsSchema } from './grid.js';
import { gridKit } from './kit.js';
import { monteCarloGame } from './monte-carlo.js';
import { neighbourGame } from './neighbour.js';
import { quatorzeGame } from './quatorze.js';
import { weddingsGame } from './weddings.js';

export type { GridOptions } from './grid.js';
export type { MonteCarloOptions } from './monte-carlo.js';
export type { NeighbourOptions } from './neighbour.js';
export type { QuatorzeOptions } from './quatorze.js';
export type { WeddingsOptions } from './weddings.js';

/** One grid game as registered: its engine, its one id, and its kit. */
function registerGrid(game: typeof monteCarloGame, id: string, title: string, description: string, solvable = true) {
  return registerModule(
    { game, ids: [{ id, title, description }], kit: gridKit(game, { solvable }) },
    { shipped: true },
  );
}

const MONTE_CARLO =
  'Monte Carlo (Quilt): a 5×5 grid, remove touching pairs of one rank, then consolidate: the cards close the gaps';
const WEDDINGS = 'Weddings: a 5×5 grid, remove touching pairs of one rank; on the deal the cards rise up their columns';
const NEIGHBOUR = 'Neighbour: a 5×5 grid, remove touching pairs making 13 and kings alone; the cards close up at once';
const QUATORZE = 'Quatorze: a 5×5 grid, remove pairs making 14 in one row or column; refilled in place, then closed up';

/** Monte Carlo as registered: its engine, its id and its kit. */
export const monteCarlo: GameModule = registerGrid(monteCarloGame, 'monte-carlo', 'Monte Carlo', MONTE_CARLO);

/** Weddings as registered: its engine, its id and its kit (no oracle: its deals are rarely won, and slow to solve). */
export const weddings: GameModule = registerGrid(weddingsGame, 'weddings', 'Weddings', WEDDINGS, false);

/** Neighbour as registered: its engine, its id and its kit. */
export const neighbour: GameModule = registerGrid(neighbourGame, 'neighbour', 'Neighbour', NEIGHBOUR);

/** Quatorze as registered: its engine, its id and its kit. */
export const quatorze: GameModule = registerGrid(quatorzeGame, 'quatorze', 'Quatorze', QUATORZE);

declare module '../../env/registry.js' {
  interface EnvOptionsById {
    'monte-carlo': z.input<typeof gridOptionsSchema>;
    weddings: z.input<typeof gridOptionsSchema>;
    neighbour: z.input<typeof gridOptionsSchema>;
    quatorze: z.input<typeof gridOptionsSchema>;
  }
  interface OutcomeById {
    'monte-carlo': CardOutcome;
    weddings: CardOutcome;
    neighbour: CardOutcome;
    quatorze: CardOutcome;
  }
}
