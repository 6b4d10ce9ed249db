/**
 * The grid games' kit: the slot layout's agents (src/agents/slot-search.ts), `greedy` the simple baseline, `pimc`
 * the fair search that ranks hints, `oracle` the solver that sees the stock. Weddings has no oracle: its deals are
 * rarely won, and a solve that finds no win searches until its budget runs out (about 14 s a game).
 */
import type { GameKit } from '../../agents/kit.js';
import { slotSearchAgents } from '../../agents/slot-search.js';
import type { AnyGame } from '../../env/game.js';

/** The kit of one grid game; `solvable: false` leaves out the oracle, which cannot solve its deals in time. */
export function gridKit(game: AnyGame, { solvable = true } = {}): GameKit {
  return {
    agents: slotSearchAgents([game], { oracle: solvable }),
    simpleBaseline: 'greedy',
    searches: ['pimc'],
    ...(solvable ? { solver: 'oracle' } : {}),
    hintBaseline: (_env, baseline) => baseline('pimc', 'a search that plays out many guesses of the unseen cards'),
  };
}
