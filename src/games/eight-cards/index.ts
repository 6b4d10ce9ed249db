/**
 * Eight Cards as one game module: its engine (engine.ts), its id and its kit, the slot layout's agents
 * (src/agents/slot-search.ts): `greedy` the simple baseline, `pimc` the fair search that ranks hints, `oracle` the
 * solver that sees the stock. It registers itself when imported (src/games/index.ts); the rules for players are
 * rules.md beside this file.
 */
import type * as z from 'zod/mini';
import { shipGame } from '../../agents/modules.js';
import { slotSearchKit } from '../../agents/slot-search.js';
import type { CardOutcome } from '../../env/game.js';
import { eightCardsGame, type eightCardsOptionsSchema } from './engine.js';

export type { EightCardsOptions } from './engine.js';

const description =
  'Eight Cards (Acht Karten): 2×4 grid, pairs making 11, J, Q, K alone; twice a game a stock card to an extra slot';

const EIGHT_CARDS_KIT = slotSearchKit(eightCardsGame, {
  // Win rates on 3,000 paired deals, measured by these commands on a loaded machine (wins only).
  'eight-cards': {
    deals: 3000,
    seed: 1,
    commands: [
      'tengym eval --env eight-cards --agents random,first,greedy,oracle --episodes 3000 --seed 1 --reference greedy',
      'tengym eval --env eight-cards --agents greedy,pimc --episodes 3000 --seed 1 --reference greedy',
    ],
    wins: { random: 1774, first: 1883, greedy: 1883, pimc: 1862, oracle: 2101 },
  },
});

/** Eight Cards as registered: its engine, its id and its kit. */
export const eightCards = shipGame(eightCardsGame, EIGHT_CARDS_KIT, {
  id: 'eight-cards',
  title: 'Eight Cards',
  description,
});

declare module '../../env/registry.js' {
  interface EnvOptionsById {
    'eight-cards': z.input<typeof eightCardsOptionsSchema>;
  }
  interface OutcomeById {
    'eight-cards': CardOutcome;
  }
}
