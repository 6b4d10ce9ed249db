/**
 * Fifteens as one game module: its engine (engine.ts: pairs of A–9 making 15 on a 4 × 4 grid, and one
 * pile that goes out at 15 or as 10-J-Q-K, with no refill while it holds a card), its id and its kit: the
 * slot layout's search agents (src/agents/slot-search.ts). It registers itself when imported
 * (src/games/index.ts); the rules for players are rules.md beside this file.
 */
import type * as z from 'zod';
import { shipGame } from '../../agents/modules.js';
import { slotSearchKit } from '../../agents/slot-search.js';
import type { CardOutcome } from '../../env/game.js';
import { fifteensGame, type fifteensOptionsSchema } from './engine.js';

export type { FifteensOptions } from './engine.js';

const description = 'Fifteens (PySolFC): 4×4 grid, pairs making 15, a pile that goes out at 15 or as 10-J-Q-K';

/** What tengym knows of Fifteens beyond its rules: the slot layout's search agents. */
const FIFTEENS_KIT = slotSearchKit(fifteensGame, {
  // Measured by the commands given, on a machine shared with other work (pimc: 588 s). The oracle's solve stops at a
  // budget per decision, so its rate bounds the best play from below only: pimc's sampled solves win more deals.
  fifteens: {
    deals: 3000,
    seed: 1,
    commands: [
      'tengym eval --env fifteens --agents random,first,greedy,oracle --episodes 3000 --seed 1 --reference greedy',
      'tengym eval --env fifteens --agents greedy,pimc --episodes 3000 --seed 1 --reference greedy --workers 1',
    ],
    wins: { random: 0, first: 0, greedy: 725, pimc: 2987, oracle: 2951 },
  },
});

/** Fifteens as registered: its engine, its id and its kit. */
export const fifteens = shipGame(fifteensGame, FIFTEENS_KIT, { id: 'fifteens', title: 'Fifteens', description });

declare module '../../env/registry.js' {
  interface EnvOptionsById extends Record<'fifteens', z.input<typeof fifteensOptionsSchema>> {}
  interface OutcomeById extends Record<'fifteens', CardOutcome> {}
}
