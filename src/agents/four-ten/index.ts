/**
 * The Four Ten baselines (engine `four-ten`): `greedy` (one-step safe rule), `bottom` (the same
 * safety, with the solved round prospects deciding between 10 now and the bottom of the deck)
 * and `expectimax` (search over the stock's composition with those prospects as the leaf).
 * All three are fair (they read the stock's value counts, never its order) and deterministic.
 */
import { fourTenGame } from '../../env/games/four-ten.js';
import type { AgentSpec } from '../agent.js';
import { BottomAgent } from './bottom.js';
import { ExpectimaxAgent } from './expectimax.js';
import { GreedyAgent } from './greedy.js';

const FOUR_TEN = [fourTenGame];

export const FOUR_TEN_AGENTS: AgentSpec[] = [
  {
    name: 'greedy',
    description: 'safe greedy: Hand = 10 when it can, else the least fault probability (Home, Hand, Shadow on ties); no setup exchanges',
    fair: true,
    games: FOUR_TEN,
    create: (env) => new GreedyAgent(env.options),
  },
  {
    name: 'bottom',
    description: "greedy's safety first, then the best solved round prospects: turns down 10 now for a likely bigger bottom-of-deck score",
    fair: true,
    games: FOUR_TEN,
    create: (env) => new BottomAgent(env.options),
  },
  {
    name: 'expectimax',
    description: 'expectimax over the stock composition (this turn and the next draw), solved round prospects at the leaves; values in points',
    fair: true,
    games: FOUR_TEN,
    create: (env) => new ExpectimaxAgent(env.options),
  },
];
