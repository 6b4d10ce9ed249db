/**
 * The Four Ten baselines (engine `four-ten`): `greedy` (one-step safe rule), `bottom` (the same
 * safety, with the solved round prospects deciding between 10 now and the bottom of the deck),
 * `bottom-direct` (`bottom`'s game in fewer exchanges) and `expectimax` (search over the stock's
 * composition with those prospects as the leaf). All four are fair (they read the stock's value
 * counts, never its order) and deterministic.
 */
import { fourTenGame, fourTenOptionsSchema } from './engine.js';
import { TengymError } from '../../env/errors.js';
import type { AgentSpec } from '../../agents/agent.js';
import { OPTIMAL_AGENTS, gameRulesOf, hasShippedGameValues } from './solver/index.js';
import type { GameKit } from '../../agents/kit.js';
import { BottomAgent } from './agents/bottom.js';
import { DirectBottomAgent } from './agents/bottom-direct.js';
import { ExpectimaxAgent } from './agents/expectimax.js';
import { GreedyAgent } from './agents/greedy.js';
import { fourTenHintDetails, fourTenHintWork } from './agents/hint-details.js';

const FOUR_TEN = [fourTenGame];

/** The default game's options, the reward aside (it changes what an episode returns, not the play). */
const rulesKey = (options: object): string => {
  const { reward: _reward, ...rules } = fourTenOptionsSchema.parse(options);
  return JSON.stringify(rules);
};
const DEFAULT_RULES = rulesKey({});

/** Whether `options` play the default game: where `bottom-direct` was measured. */
function hasDefaultRules(options: object): boolean {
  return rulesKey(options) === DEFAULT_RULES;
}

export const FOUR_TEN_AGENTS: AgentSpec[] = [
  {
    name: 'greedy',
    description:
      'safe greedy: Hand = 10 when it can, else the least fault probability (Home, Hand, Shadow on ties); no ' +
      'setup exchanges',
    fair: true,
    games: FOUR_TEN,
    create: (env) => new GreedyAgent(env.options),
  },
  {
    name: 'bottom',
    description:
      "greedy's safety first, then the best solved round prospects: turns down 10 now for a likely bigger " +
      'bottom-of-deck score',
    fair: true,
    games: FOUR_TEN,
    create: (env) => new BottomAgent(env.options),
  },
  {
    name: 'bottom-direct',
    description:
      "bottom's game with each turn's exchanges taken by the shortest way: the same rounds as bottom on every " +
      'deal, fewer exchanges',
    fair: true,
    games: FOUR_TEN,
    create: (env) => new DirectBottomAgent(env.options),
  },
  {
    name: 'expectimax',
    description:
      'expectimax over the stock composition (this turn and the next draw), solved round prospects at the ' +
      "leaves; values: the round's points less a fault's cost",
    fair: true,
    games: FOUR_TEN,
    create: (env) => new ExpectimaxAgent(env.options),
  },
];

/**
 * Four Ten: its baselines and the exact solver; hints ranked, for the default rules, by
 * `bottom-direct` (the same rounds as `bottom` on every deal, in fewer exchanges than the
 * shipped model's hints: docs/hints.md), else by the exact `optimal` for rules whose game
 * values ship (other rules would first solve the game for about 20 minutes), else by
 * `expectimax`, each sentence with the round's prospects; while their tables build (a hinter with a time
 * budget), `greedy`'s at once; training presets for its decision
 * nearly every step and games of dozens of them: fewer copies, longer rollouts, a wider net for
 * its small observation, points scaled to ~1 per round, and more entropy (with 0.01 the policy
 * collapses in 100k steps); afterstate values with about 20 positions to value per step.
 */
export const FOUR_TEN_KIT: GameKit = {
  agents: [...FOUR_TEN_AGENTS, ...OPTIMAL_AGENTS],
  simpleBaseline: 'greedy',
  searches: ['expectimax'],
  hintBaseline: (env, baseline) => {
    if (hasDefaultRules(env.options)) {
      const direct = baseline('bottom-direct', 'safety first, then the best round prospects, by the fewest exchanges');
      return { ...direct, overModel: `never more rounds than bottom, unlike the trained model in models/${env.id}/` };
    }
    if (hasShippedGameValues(gameRulesOf(env.options))) {
      try {
        return baseline('optimal', 'exact solver');
      } catch (e) {
        if (!(e instanceof TengymError)) throw e; // options optimal refuses (a round cap that binds)
      }
    }
    return baseline('expectimax', "a search over the next cards' chances");
  },
  hintDetails: fourTenHintDetails,
  hintWork: fourTenHintWork,
  quickHints: 'greedy',
  presets: {
    ppo: () => ({
      totalSteps: 2_000_000,
      numEnvs: 16,
      rolloutSteps: 128,
      minibatchSize: 512,
      hidden: [128, 128],
      learningRate: 3e-4,
      gamma: 0.99,
      entropyCoef: 0.05,
      rewardScale: 0.1,
      evalEvery: 250_000,
      evalEpisodes: 1000,
    }),
    dqn: () => ({
      totalSteps: 2_000_000,
      hidden: [128, 128],
      bufferSize: 100_000,
      rewardScale: 0.1,
      evalEvery: 250_000,
      evalEpisodes: 1000,
    }),
    afterstate: () => ({
      totalSteps: 5_000_000,
      evalEvery: 500_000,
      evalEpisodes: 1000,
      epsilonStart: 0.1,
      epsilonEnd: 0.01,
      epsilonFraction: 0.3,
      costLossWeight: 100,
    }),
  },
};
