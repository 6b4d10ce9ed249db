/**
 * Seven Up (also Seventh Wonder, The Magic Seven) as one game module: its engine (engine.ts: Decade's
 * line engine with Seven Up's run rule), its id and its kit (agents/). It registers itself when
 * imported (src/games/index.ts); the rules for players are rules.md beside this file.
 */
import type * as z from 'zod/mini';
import { type GameModule, registerModule } from '../../agents/modules.js';
import type { CardOutcome } from '../../env/game.js';
import { SEVEN_UP_KIT } from './agents/index.js';
import { sevenUpGame, type sevenUpOptionsSchema } from './engine.js';

export type { SevenUpOptions } from './engine.js';

/** Seven Up as registered: its engine, its id and its kit. */
export const sevenUp: GameModule = registerModule(
  {
    game: sevenUpGame,
    ids: [
      {
        id: 'seven-up',
        title: 'Seven Up',
        description: 'Seven Up: discard 2 to 4 adjacent cards of a line totalling a multiple of 7, or a seven alone',
      },
    ],
    kit: SEVEN_UP_KIT,
  },
  { shipped: true },
);

declare module '../../env/registry.js' {
  interface EnvOptionsById {
    'seven-up': z.input<typeof sevenUpOptionsSchema>;
  }
  interface OutcomeById {
    'seven-up': CardOutcome;
  }
}
