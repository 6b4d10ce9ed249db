/**
 * Pyramid as one game module: its engine (engine.ts, whose doc comment tables the options, actions,
 * observation, rewards and end), its four ids (each named after the rule set it plays: rules.md, "The
 * variants") and its kit (agents/: `greedy`, the fair search `pimc` that ranks hints, the exact solver
 * and the `oracle` over it). It registers itself when imported (src/games/index.ts); the rules for
 * players are rules.md beside this file.
 */
import type * as z from 'zod';
import { type GameModule, registerModule } from '../../agents/modules.js';
import type { CardOutcome } from '../../env/game.js';
import { PYRAMID_KIT } from './agents/index.js';
import { pyramidGame, type pyramidOptionsSchema } from './engine.js';

export type { PyramidOptions } from './engine.js';

/** Pyramid as registered: its engine, its ids and its kit. */
export const pyramid: GameModule = registerModule(
  {
    game: pyramidGame,
    ids: [
      {
        id: 'pyramid',
        title: 'Pyramid',
        description:
          'Pyramid: remove kings and pairs that make 13 from a pyramid of 28 cards and the stock; three passes, ' +
          'all 52 cards (PySolFC, politaire)',
      },
      {
        id: 'pyramid-classic',
        title: 'Pyramid, one pass',
        preset: { passes: 1 },
        description:
          'Pyramid as the books give it (Morehead & Mott-Smith; Keller & Masten\'s "original"): one pass ' +
          'through the stock, all 52 cards',
      },
      {
        id: 'pyramid-relaxed',
        title: 'Relaxed Pyramid',
        preset: { goal: 'pyramid' },
        description:
          "Relaxed Pyramid (PySolFC; Microsoft Solitaire Collection's goal): three passes, won once the pyramid " +
          'is cleared',
      },
      {
        id: 'pyramid-unlimited',
        title: 'Pyramid, unlimited passes',
        preset: { passes: 'unlimited', goal: 'pyramid' },
        description:
          'Pyramid with unlimited passes, won once the pyramid is cleared (solitairewinrates.com\'s "Unlimited")',
      },
    ],
    kit: PYRAMID_KIT,
  },
  { shipped: true },
);

/** Pyramid's ids. */
type PyramidId = 'pyramid' | 'pyramid-classic' | 'pyramid-relaxed' | 'pyramid-unlimited';

declare module '../../env/registry.js' {
  interface EnvOptionsById extends Record<PyramidId, z.input<typeof pyramidOptionsSchema>> {}
  interface OutcomeById extends Record<PyramidId, CardOutcome> {}
}
