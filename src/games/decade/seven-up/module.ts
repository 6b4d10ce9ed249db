/**
 * Seven Up (also Seventh Wonder, The Magic Seven) as one game module: its engine (engine.ts: Decade's
 * line engine with Seven Up's run rule), its id and its kit (agents/). decade/index.ts registers it;
 * its rules for players are a section of decade's rules.md.
 */
import type * as z from 'zod/mini';
import type { GameModule } from '../../../agents/modules.js';
import type { CardOutcome } from '../../../env/game.js';
import { SEVEN_UP_KIT } from './agents/index.js';
import { sevenUpGame, type sevenUpOptionsSchema } from './engine.js';

export type { SevenUpOptions } from './engine.js';

/** Seven Up as decade/index.ts registers it, after Decade: its engine, its id and its kit. */
export const SEVEN_UP_MODULE: GameModule = {
  game: sevenUpGame,
  ids: [
    {
      id: 'seven-up',
      title: 'Seven Up',
      description: 'Seven Up: discard 2 to 4 adjacent cards of a line totalling a multiple of 7, or a seven alone',
    },
  ],
  kit: SEVEN_UP_KIT,
};

declare module '../../../env/registry.js' {
  interface EnvOptionsById {
    'seven-up': z.input<typeof sevenUpOptionsSchema>;
  }
  interface OutcomeById {
    'seven-up': CardOutcome;
  }
}
