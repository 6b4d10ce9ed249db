/**
 * The exact Four Ten solver and the `optimal` agent: the ceiling, not a baseline (`ceiling: true`;
 * comparisons with "the best baseline" leave it out, like the decade oracle). It is fair: it
 * reads the stock's composition, never its order.
 */
import { fourTenGame } from '../engine.js';
import type { AgentSpec } from '../../../agents/agent.js';
import { OptimalFourTenAgent, gameRulesOf, hasShippedGameValues } from './optimal-agent.js';

export const OPTIMAL_AGENTS: AgentSpec[] = [
  {
    name: 'optimal',
    description:
      'the exact optimal policy (rounds solved by expectimax over hands, stock composition and phase; ' +
      'maximises the chance of winning, then fewer rounds): the ceiling, not a baseline',
    fair: true,
    ceiling: true,
    games: [fourTenGame],
    slowFirstMove: (env) => {
      const rules = gameRulesOf(env.options);
      if (hasShippedGameValues(rules)) return null;
      // About (21 + safeties)·gameTarget round solves of about a second each (gamePolicy).
      const minutes = Math.max(1, Math.round(((21 + rules.safeties) * rules.gameTarget) / 60));
      return (
        `its first move solves the game values of these options (the shipped table covers the default rules): ` +
        `about ${minutes} minutes of one core, in each thread that plays it`
      );
    },
    create: (env) => new OptimalFourTenAgent(env.options),
  },
];

export {
  OptimalFourTenAgent,
  fourTenActionDetails,
  gamePolicy,
  gameRulesOf,
  hasShippedGameValues,
  installGameValues,
  lambdaRound,
  rankActions,
  valueActions,
} from './optimal-agent.js';
export type { FourTenActionDetail, FourTenHint, FourTenObjective, ValuedAction } from './optimal-agent.js';
export {
  DEFAULT_DISCOUNT,
  GamePolicy,
  GameValues,
  checkGameOptions,
  computeGameValues,
  minimumMaxRounds,
  type GameRules,
  type GameSolveProgress,
} from './game-policy.js';
export { RoundModel, roundModel } from './round-model.js';
export {
  RoundSolution,
  roundPayoffs,
  solveRound,
  type RoundOutlook,
  type RoundPayoffs,
  type RoundRules,
} from './round-solver.js';
