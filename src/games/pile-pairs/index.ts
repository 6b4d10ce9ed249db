/**
 * The pile games (engine.ts): Fourteen Out, Nestor, Patient Pairs, The Wish, Hurricane and Ides of March,
 * each a module of its own over the piles layout, with the layout's agents (src/agents/piles/): `greedy`;
 * on an open deal without a stock the exact `solver`, fair there; where cards are face down or in a stock,
 * the fair search `pimc` and the `oracle`, which sees them. They register themselves when imported
 * (src/games/index.ts); the rules for players are rules.md beside this file.
 */
import type * as z from 'zod/mini';
import type { GameKit } from '../../agents/kit.js';
import { type GameModule, registerModule } from '../../agents/modules.js';
import { pilesAgents } from '../../agents/piles/agents.js';
import type { CardOutcome } from '../../env/game.js';
import type { PilesGame } from '../../env/layouts/index.js';
import * as engines from './engine.js';
import type { pilePairsOptionsSchema } from './engine.js';

export type { PilePairsOptions } from './engine.js';

/**
 * The agents' win rates on 3,000 deals (docs/agents.md), measured by `tengym eval --env ID --agents
 * random,first,greedy,solver --episodes 3000 --seed 1 --reference greedy` on a loaded machine.
 */
const LADDERS: Record<string, Record<string, number>> = {
  'fourteen-out': { random: 339, first: 253, greedy: 1075, solver: 2806 },
  nestor: { random: 135, first: 191, greedy: 575, solver: 1795 },
};

const ladderOf = (id: string): GameKit['ladders'] =>
  LADDERS[id] && {
    [id]: {
      deals: 3000,
      seed: 1,
      commands: [
        `tengym eval --env ${id} --agents random,first,greedy,solver --episodes 3000 --seed 1 --reference greedy`,
      ],
      wins: LADDERS[id],
    },
  };

/** A piles game's kit: the exact solver ranks hints on an open deal without a stock, else `pimc`. */
function kitOf(game: PilesGame<engines.PilePairsOptions>, id: string, open: boolean): GameKit {
  const search = open ? 'solver' : 'pimc';
  return {
    ladders: ladderOf(id),
    agents: pilesAgents(game, open),
    simpleBaseline: 'greedy',
    searches: [search],
    solver: open ? 'solver' : 'oracle',
    hintBaseline: (_env, baseline) =>
      baseline(search, open ? 'the exact solver of the open deal' : 'a search over guesses of the unseen cards'),
  };
}

const register = (
  game: PilesGame<engines.PilePairsOptions>,
  id: string,
  title: string,
  description: string,
  open: boolean,
): GameModule =>
  registerModule({ game, ids: [{ id, title, description }], kit: kitOf(game, id, open) }, { shipped: true });

/** Fourteen Out as registered. */
export const fourteenOut = register(
  engines.fourteenOutGame,
  'fourteen-out',
  'Fourteen Out',
  'Fourteen Out (Fourteen): twelve open piles, remove two tops making 14',
  true,
);
/** Nestor as registered. */
export const nestor = register(
  engines.nestorGame,
  'nestor',
  'Nestor',
  'Nestor: eight open piles of six and four single cards, remove two tops of one rank',
  true,
);
/** Patient Pairs as registered. */
export const patientPairs = register(
  engines.patientPairsGame,
  'patient-pairs',
  'Patient Pairs',
  'Patient Pairs (Isabel): thirteen piles of four, one card face up on each; remove two tops of one rank',
  false,
);
/** The Wish as registered. */
export const theWish = register(
  engines.theWishGame,
  'the-wish',
  'The Wish',
  'The Wish: 32 cards in eight piles of four, one face up on each; remove two tops of one rank',
  false,
);
/** Hurricane as registered. */
export const hurricane = register(
  engines.hurricaneGame,
  'hurricane',
  'Hurricane',
  'Hurricane: ten open piles of three beside three slots refilled from the stock; remove two cards making 14',
  false,
);
/** Ides of March as registered. */
export const idesOfMarch = register(
  engines.idesOfMarchGame,
  'ides-of-march',
  'Ides of March',
  'Ides of March (XV): Hurricane with pairs making 15, or two aces',
  false,
);

type PilePairsId = 'fourteen-out' | 'nestor' | 'patient-pairs' | 'the-wish' | 'hurricane' | 'ides-of-march';

declare module '../../env/registry.js' {
  interface EnvOptionsById extends Record<PilePairsId, z.input<typeof pilePairsOptionsSchema>> {}
  interface OutcomeById extends Record<PilePairsId, CardOutcome> {}
}
