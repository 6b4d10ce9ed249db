/**
 * Thirteens (also Good Thirteen, Helsinki) as one game module: its engine (engine.ts: ten cards,
 * pairs making 13 and kings alone, refilled at once from the stock), its id and its kit. The game
 * has no real decisions (every legal order of moves reaches the same end), so its kit adds no agent
 * to `random` and `first`: `first` is already the full-information optimum. It registers itself when
 * imported (src/games/index.ts); the rules for players are rules.md beside this file.
 */
import type * as z from 'zod';
import { shipGame } from '../../agents/modules.js';
import type { CardOutcome } from '../../env/game.js';
import { THIRTEENS_KIT } from './agents/index.js';
import { thirteensGame, type thirteensOptionsSchema } from './engine.js';

export type { ThirteensOptions } from './engine.js';

const description =
  'Thirteens (Good Thirteen, Helsinki): ten cards, remove pairs making 13 and kings alone; no real decisions';

/** Thirteens as registered: its engine, its ids and its kit. */
export const thirteens = shipGame(thirteensGame, THIRTEENS_KIT, { id: 'thirteens', title: 'Thirteens', description });

declare module '../../env/registry.js' {
  interface EnvOptionsById {
    thirteens: z.input<typeof thirteensOptionsSchema>;
  }
  interface OutcomeById {
    thirteens: CardOutcome;
  }
}
