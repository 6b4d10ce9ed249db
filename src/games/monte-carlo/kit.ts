/**
 * The grid games' kit: the slot layout's agents (src/agents/slot-search.ts), `greedy` the simple baseline, `pimc`
 * the fair search that ranks hints, `oracle` the solver that sees the stock. Weddings has no oracle: its deals are
 * rarely won, and a solve that finds no win searches until its budget runs out (about 14 s a game).
 */
import type { GameKit } from '../../agents/kit.js';
import { slotSearchAgents } from '../../agents/slot-search.js';
import type { AnyGame } from '../../env/game.js';

const ladder = (id: string, agents: string, wins: Record<string, number>) => ({
  deals: 3000,
  seed: 1,
  commands: [
    `tengym eval --env ${id} --agents ${agents} --episodes 3000 --seed 1 --reference greedy`,
    ...('pimc' in wins
      ? [`tengym eval --env ${id} --agents greedy,pimc --episodes 3000 --seed 1 --reference greedy`]
      : []),
  ],
  wins,
});

/** The agents' win rates on 3,000 paired deals, measured by the commands given (a loaded machine; wins only). */
const LADDERS = {
  'monte-carlo': ladder('monte-carlo', 'random,first,greedy,oracle', {
    random: 563,
    first: 942,
    greedy: 994,
    pimc: 2234,
    oracle: 2685,
  }),
  weddings: ladder('weddings', 'random,first,greedy', { random: 0, first: 0, greedy: 0, pimc: 0 }),
  neighbour: ladder('neighbour', 'random,first,greedy,oracle', {
    random: 685,
    first: 2063,
    greedy: 2617,
    pimc: 2947,
    oracle: 2980,
  }),
  quatorze: ladder('quatorze', 'random,first,greedy,oracle', {
    random: 2239,
    first: 2457,
    greedy: 2728,
    pimc: 2773,
    oracle: 2996,
  }),
};

/** The kit of one grid game; `solvable: false` leaves out the oracle, which cannot solve its deals in time. */
export function gridKit(game: AnyGame, { solvable = true } = {}): GameKit {
  return {
    agents: slotSearchAgents([game], { oracle: solvable }),
    simpleBaseline: 'greedy',
    searches: ['pimc'],
    ...(solvable ? { solver: 'oracle' } : {}),
    ladders: LADDERS,
    hintBaseline: (_env, baseline) => baseline('pimc', 'a search that plays out many guesses of the unseen cards'),
  };
}
