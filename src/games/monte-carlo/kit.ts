/**
 * The grid games' kit: the slot layout's agents (src/agents/slot-search.ts), `greedy` the simple baseline, `pimc`
 * the fair search that ranks hints, `oracle` the solver that sees the stock.
 */
import type { GameKit } from '../../agents/kit.js';
import { slotSearchAgents } from '../../agents/slot-search.js';
import type { AnyGame } from '../../env/game.js';

/** The kit of one grid game. */
export function gridKit(game: AnyGame, extra: Partial<GameKit> = {}): GameKit {
  return {
    agents: slotSearchAgents([game]),
    simpleBaseline: 'greedy',
    searches: ['pimc'],
    solver: 'oracle',
    hintBaseline: (_env, baseline) => baseline('pimc', 'a search that plays out many guesses of the unseen cards'),
    ...extra,
  };
}
