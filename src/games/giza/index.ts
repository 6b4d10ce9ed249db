/**
 * Giza as one game module: its engine (engine.ts, a declaration over the triangle layout and its piles), its id and
 * its kit (agents/: the agents written for a triangle beside open piles). It registers itself when imported
 * (src/games/index.ts); the rules for players are rules.md beside this file.
 */
import type * as z from 'zod';
import { type GameModule, registerModule } from '../../agents/modules.js';
import type { CardOutcome } from '../../env/game.js';
import { GIZA_KIT } from './agents/index.js';
import { gizaGame, type gizaOptionsSchema } from './engine.js';

export type { GizaOptions } from './engine.js';

const DESCRIPTION =
  'Giza (PySolFC): Pyramid without a stock, the other 24 cards face up in eight piles of three whose tops are in ' +
  'play; an open game, all 52 cards to win';

/** Giza as registered: its engine, its id and its kit. */
export const giza: GameModule = registerModule(
  { game: gizaGame, ids: [{ id: 'giza', title: 'Giza', description: DESCRIPTION }], kit: GIZA_KIT },
  { shipped: true },
);

declare module '../../env/registry.js' {
  interface EnvOptionsById extends Record<'giza', z.input<typeof gizaOptionsSchema>> {}
  interface OutcomeById extends Record<'giza', CardOutcome> {}
}
