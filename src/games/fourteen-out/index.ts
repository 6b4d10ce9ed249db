/**
 * Fourteen Out (PySolFC's Fourteen) as one game module: its engine (engine.ts: twelve open piles, tops
 * pairing to 14), its id and its kit: the piles layout's `greedy` and its exact `solver`, which is fair
 * here since every card lies face up. It registers itself when imported (src/games/index.ts); the rules
 * for players are rules.md beside this file.
 */
import type * as z from 'zod/mini';
import { type GameModule, registerModule } from '../../agents/modules.js';
import { pilesAgents } from '../../agents/piles/agents.js';
import type { CardOutcome } from '../../env/game.js';
import { fourteenOutGame, type fourteenOutOptionsSchema } from './engine.js';

export type { FourteenOutOptions } from './engine.js';

const description = 'Fourteen Out (Fourteen): twelve open piles, remove two tops making 14';

/** Fourteen Out as registered: its engine, its id and its kit. */
export const fourteenOut: GameModule = registerModule(
  {
    game: fourteenOutGame,
    ids: [{ id: 'fourteen-out', title: 'Fourteen Out', description }],
    kit: {
      agents: pilesAgents(fourteenOutGame, true),
      simpleBaseline: 'greedy',
      searches: ['solver'],
      solver: 'solver',
      hintBaseline: (_env, baseline) => baseline('solver', 'the exact solver of the open deal'),
    },
  },
  { shipped: true },
);

declare module '../../env/registry.js' {
  interface EnvOptionsById {
    'fourteen-out': z.input<typeof fourteenOutOptionsSchema>;
  }
  interface OutcomeById {
    'fourteen-out': CardOutcome;
  }
}
