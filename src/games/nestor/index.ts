/**
 * Nestor as one game module: its engine (engine.ts: eight open piles of six without a repeated rank and
 * four single cards, tops of one rank pairing), its id and its kit: the piles layout's `greedy` and its
 * exact `solver`, fair here since every card lies face up. It registers itself when imported
 * (src/games/index.ts); the rules for players are rules.md beside this file.
 */
import type * as z from 'zod/mini';
import { type GameModule, registerModule } from '../../agents/modules.js';
import { pilesAgents } from '../../agents/piles/agents.js';
import type { CardOutcome } from '../../env/game.js';
import { nestorGame, type nestorOptionsSchema } from './engine.js';

export type { NestorOptions } from './engine.js';

/** Nestor as registered: its engine, its id and its kit. */
export const nestor: GameModule = registerModule(
  {
    game: nestorGame,
    ids: [
      {
        id: 'nestor',
        title: 'Nestor',
        description: 'Nestor: eight open piles of six and four single cards, remove two tops of one rank',
      },
    ],
    kit: {
      agents: pilesAgents(nestorGame, true),
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
    nestor: z.input<typeof nestorOptionsSchema>;
  }
  interface OutcomeById {
    nestor: CardOutcome;
  }
}
