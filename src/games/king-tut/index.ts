/**
 * King Tut as one game module: its engine (engine.ts, a declaration over the triangle layout), its id and its kit
 * (agents/: Pyramid's agents, which play every game over a triangle of seven rows). It registers itself when
 * imported (src/games/index.ts); the rules for players are rules.md beside this file.
 */
import type * as z from 'zod';
import { shipGame } from '../../agents/modules.js';
import type { CardOutcome } from '../../env/game.js';
import { KING_TUT_KIT } from './agents/index.js';
import { kingTutGame, type kingTutOptionsSchema } from './engine.js';

export type { KingTutOptions } from './engine.js';

const description =
  "King Tut (Tut's Tomb; PySolFC): Pyramid with the stock turned three cards at a time, only the waste's top " +
  'card in play, unlimited passes, won once the pyramid is cleared';

/** King Tut as registered: its engine, its id and its kit. */
export const kingTut = shipGame(kingTutGame, KING_TUT_KIT, { id: 'king-tut', title: 'King Tut', description });

declare module '../../env/registry.js' {
  interface EnvOptionsById extends Record<'king-tut', z.input<typeof kingTutOptionsSchema>> {}
  interface OutcomeById extends Record<'king-tut', CardOutcome> {}
}
