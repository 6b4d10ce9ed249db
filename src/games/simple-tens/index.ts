/**
 * Simple Tens as one game module: its engine (engine.ts), its id and its kit. It has no real decisions, so its kit
 * holds only `random` and `first`. It registers itself when imported (src/games/index.ts); the rules for players
 * are rules.md beside this file.
 */
import type * as z from 'zod/mini';
import { shipGame } from '../../agents/modules.js';
import type { CardOutcome } from '../../env/game.js';
import { simpleTensGame, type simpleTensOptionsSchema } from './engine.js';

export type { SimpleTensOptions } from './engine.js';

const description = 'Simple Tens (Add Up Tens): 36 cards, A to 9, 3×3 grid, pairs making 10; no real decisions';

/** Simple Tens as registered: its engine, its id and its kit. */
export const simpleTens = shipGame(
  simpleTensGame,
  { agents: [] },
  { id: 'simple-tens', title: 'Simple Tens', description },
);

declare module '../../env/registry.js' {
  interface EnvOptionsById {
    'simple-tens': z.input<typeof simpleTensOptionsSchema>;
  }
  interface OutcomeById {
    'simple-tens': CardOutcome;
  }
}
