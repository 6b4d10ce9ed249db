/**
 * Elevens as one game module: its engine (engine.ts: the book rule by default, PySolFC's reserves
 * with and without refill, one-suit pairs and sets, a 3×5 grid), its four ids (each the rule set
 * most of its sources give: rules.md, "The variants") and its kit (agents/: `patient`, the fair
 * search `pimc`, the exact solver and the `oracle` over it). It registers itself when imported
 * (src/games/index.ts); the rules for players are rules.md beside this file.
 */
import type * as z from 'zod';
import { type GameModule, registerModule } from '../../agents/modules.js';
import type { CardOutcome } from '../../env/game.js';
import { ELEVENS_KIT } from './agents/index.js';
import { elevensGame, type elevensOptionsSchema } from './engine.js';

export type { ElevensOptions } from './engine.js';

/** Elevens as registered: its engine, its ids and its kit. */
export const elevens: GameModule = registerModule(
  {
    game: elevensGame,
    ids: [
      {
        id: 'elevens',
        title: 'Elevens',
        description:
          'Elevens (book and AP lab rules): 3×3 grid, remove pairs making 11 and J+Q+K together; no real decisions',
      },
      {
        id: 'elevens-reserve',
        title: 'Elevens with reserves',
        preset: { faceCards: 'reserve' },
        description:
          'Elevens as PySolFC plays it: face cards set aside one at a time, J+Q+K out once all three are aside',
      },
      {
        id: 'elevens-too',
        title: 'Elevens Too',
        preset: { faceCards: 'reserve-no-refill' },
        description:
          'Elevens Too (PySolFC): face cards set aside, and no refill while one is; setting aside too early loses',
      },
      {
        id: 'suit-elevens',
        title: 'Suit Elevens',
        preset: { grid: 15, suits: 'same', faceCards: 'reserve' },
        description: 'Suit Elevens (PySolFC): 3×5 grid, pairs and J-Q-K sets of one suit, set aside one at a time',
      },
    ],
    kit: ELEVENS_KIT,
  },
  { shipped: true },
);

/** Elevens's ids. */
type ElevensId = 'elevens' | 'elevens-reserve' | 'elevens-too' | 'suit-elevens';

declare module '../../env/registry.js' {
  interface EnvOptionsById extends Record<ElevensId, z.input<typeof elevensOptionsSchema>> {}
  interface OutcomeById extends Record<ElevensId, CardOutcome> {}
}
