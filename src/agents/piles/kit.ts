/**
 * The kit of a game over the piles layout, played by the layout's agents (agents.ts): `greedy` the simple
 * baseline; on an open deal without a stock the exact `solver`, fair there; where cards are face down or in a
 * stock, the `oracle` that sees them, and the fair searches and hint source the game names.
 */
import type { GameKit } from '../kit.js';
import { type AnyPilesGame, pilesAgents } from './agents.js';

/** What a piles game's kit holds beyond the layout's agents. */
export interface PilesKitParts {
  /** An open deal without a stock (the exact solver is fair), or cards face down or in a stock. */
  readonly open: boolean;
  /** The ladders measured for its ids. */
  readonly ladders: GameKit['ladders'];
  /** Fair searches, strongest first (default: the exact solver). */
  readonly searches?: readonly string[];
  /** The agent that ranks hints (default: the exact solver). */
  readonly hint?: string;
}

/** What each agent that may rank hints is to a player. */
const HINT_ROLES: Record<string, string> = {
  solver: 'the exact solver of the open deal',
  careful: "greedy's order, a move that may strand a face-down card's partner waiting while another can be made",
  rollout: 'a search that plays guesses of the unseen cards out after each move',
  pimc: 'a search over guesses of the stock',
};

/** A piles game's kit. */
export function pilesKit(game: AnyPilesGame, parts: PilesKitParts): GameKit {
  const { open } = parts;
  const hint = parts.hint ?? 'solver';
  return {
    ladders: parts.ladders,
    agents: pilesAgents(game, open),
    simpleBaseline: 'greedy',
    searches: parts.searches ?? ['solver'],
    solver: open ? 'solver' : 'oracle',
    hintBaseline: (_env, baseline) => baseline(hint, HINT_ROLES[hint]),
  };
}
