/**
 * Pyramid Thirteen as one game module: its engine (engine.ts, a declaration over the triangle layout), its id and
 * its kit (agents/: the agents written for the triangle layout). It registers itself when imported
 * (src/games/index.ts); the rules for players are rules.md beside this file.
 */
import type * as z from 'zod';
import { shipGame } from '../../agents/modules.js';
import type { CardOutcome } from '../../env/game.js';
import { PYRAMID_THIRTEEN_KIT } from './agents/index.js';
import { pyramidThirteenGame, type pyramidThirteenOptionsSchema } from './engine.js';

export type { PyramidThirteenOptions } from './engine.js';

const description =
  'Pyramid Thirteen (PySolFC): Pyramid with its top six rows dealt face down, each card turning up once ' +
  'uncovered; one pass through the stock, all 52 cards';

/** Pyramid Thirteen as registered: its engine, its id and its kit. */
export const pyramidThirteen = shipGame(pyramidThirteenGame, PYRAMID_THIRTEEN_KIT, {
  id: 'pyramid-thirteen',
  title: 'Pyramid Thirteen',
  description,
});

declare module '../../env/registry.js' {
  interface EnvOptionsById extends Record<'pyramid-thirteen', z.input<typeof pyramidThirteenOptionsSchema>> {}
  interface OutcomeById extends Record<'pyramid-thirteen', CardOutcome> {}
}
