/**
 * The pile games (engine.ts): Fourteen Out, Nestor, Patient Pairs, The Wish, Hurricane and Ides of March,
 * each a module of its own over the piles layout, with the layout's agents (src/agents/piles/): `greedy`;
 * on an open deal without a stock the exact `solver`, fair there; where cards are face down or in a stock,
 * `careful`, the fair searches `rollout` and `pimc`, and the `oracle`,
 * which sees them. They register themselves when imported
 * (src/games/index.ts); the rules for players are rules.md beside this file.
 */
import type * as z from 'zod/mini';
import type { GameKit } from '../../agents/kit.js';
import { type GameModule, registerModule } from '../../agents/modules.js';
import { type PilesKitParts, pilesKit } from '../../agents/piles/kit.js';
import type { CardOutcome } from '../../env/game.js';
import type { PilesGame } from '../../env/layouts/index.js';
import * as engines from './engine.js';
import type { pilePairsOptionsSchema } from './engine.js';

export type { PilePairsOptions } from './engine.js';

const EVAL = (id: string, agents: string) =>
  `tengym eval --env ${id} --agents ${agents} --episodes 3000 --seed 1 --reference greedy`;
const HIDDEN_LADDER = (id: string) => EVAL(id, 'random,first,greedy,careful,oracle');

/**
 * The agents' win rates on 3,000 deals (docs/agents.md), each measured by one of its commands on a loaded machine
 * (docs/experiments/2026-11-29-pile-searches.md). Hurricane's and Ides of March's `pimc` (about 1.5 s a deal under
 * load) are left out: `rollout` is their fair search.
 */
const LADDERS: Record<string, { commands: string[]; wins: Record<string, number> }> = {
  'fourteen-out': {
    commands: [EVAL('fourteen-out', 'random,first,greedy,solver')],
    wins: { random: 339, first: 253, greedy: 1075, solver: 2806 },
  },
  nestor: {
    commands: [EVAL('nestor', 'random,first,greedy,solver')],
    wins: { random: 135, first: 191, greedy: 575, solver: 1795 },
  },
  'patient-pairs': {
    commands: [HIDDEN_LADDER('patient-pairs'), EVAL('patient-pairs', 'greedy,rollout,pimc')],
    wins: { random: 570, first: 415, greedy: 1021, careful: 1048, rollout: 933, pimc: 1003, oracle: 2539 },
  },
  'the-wish': {
    commands: [HIDDEN_LADDER('the-wish'), EVAL('the-wish', 'greedy,careful,rollout,pimc')],
    wins: { random: 528, first: 401, greedy: 847, careful: 871, rollout: 824, pimc: 824, oracle: 1804 },
  },
  hurricane: {
    commands: [HIDDEN_LADDER('hurricane'), EVAL('hurricane', 'greedy,rollout')],
    wins: { random: 396, first: 76, greedy: 1570, careful: 1570, rollout: 2250, oracle: 2730 },
  },
  'ides-of-march': {
    commands: [HIDDEN_LADDER('ides-of-march'), EVAL('ides-of-march', 'greedy,rollout')],
    wins: { random: 371, first: 64, greedy: 1601, careful: 1601, rollout: 2230, oracle: 2760 },
  },
};

const ladderOf = (id: string): GameKit['ladders'] => LADDERS[id] && { [id]: { deals: 3000, seed: 1, ...LADDERS[id] } };

/**
 * How a piles game's agents are listed and which ranks hints (src/agents/piles/kit.ts): the exact solver on an open
 * deal without a stock; where cards are hidden, the searches strongest first and the hint source, the strongest fair
 * agent measured whose every move answers in a few milliseconds.
 */
type Play = Omit<PilesKitParts, 'ladders'>;

const register = (
  game: PilesGame<engines.PilePairsOptions>,
  id: string,
  title: string,
  description: string,
  play: Play,
): GameModule =>
  registerModule(
    { game, ids: [{ id, title, description }], kit: pilesKit(game, { ...play, ladders: ladderOf(id) }) },
    { shipped: true },
  );

const OPEN: Play = { open: true };
/** Face-down piles: the searches gain nothing on `careful` (the experiment above), which ranks hints. */
const FACE_DOWN: Play = { open: false, searches: ['pimc', 'rollout'], hint: 'careful' };
/** A hidden stock: `pimc` wins most but takes about a second a move; `rollout`, a few milliseconds, ranks hints. */
const STOCK: Play = { open: false, searches: ['pimc', 'rollout'], hint: 'rollout' };

/** Fourteen Out as registered. */
export const fourteenOut = register(
  engines.fourteenOutGame,
  'fourteen-out',
  'Fourteen Out',
  'Fourteen Out (Fourteen): twelve open piles, remove two tops making 14',
  OPEN,
);
/** Nestor as registered. */
export const nestor = register(
  engines.nestorGame,
  'nestor',
  'Nestor',
  'Nestor: eight open piles of six and four single cards, remove two tops of one rank',
  OPEN,
);
/** Patient Pairs as registered. */
export const patientPairs = register(
  engines.patientPairsGame,
  'patient-pairs',
  'Patient Pairs',
  'Patient Pairs (Isabel): thirteen piles of four, one card face up on each; remove two tops of one rank',
  FACE_DOWN,
);
/** The Wish as registered. */
export const theWish = register(
  engines.theWishGame,
  'the-wish',
  'The Wish',
  'The Wish: 32 cards in eight piles of four, one face up on each; remove two tops of one rank',
  FACE_DOWN,
);
/** Hurricane as registered. */
export const hurricane = register(
  engines.hurricaneGame,
  'hurricane',
  'Hurricane',
  'Hurricane: ten open piles of three beside three slots refilled from the stock; remove two cards making 14',
  STOCK,
);
/** Ides of March as registered. */
export const idesOfMarch = register(
  engines.idesOfMarchGame,
  'ides-of-march',
  'Ides of March',
  'Ides of March (XV): Hurricane with pairs making 15, or two aces',
  STOCK,
);

type PilePairsId = 'fourteen-out' | 'nestor' | 'patient-pairs' | 'the-wish' | 'hurricane' | 'ides-of-march';

declare module '../../env/registry.js' {
  interface EnvOptionsById extends Record<PilePairsId, z.input<typeof pilePairsOptionsSchema>> {}
  interface OutcomeById extends Record<PilePairsId, CardOutcome> {}
}
