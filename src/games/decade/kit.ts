/**
 * The decade family's baselines. Every agent plays every decade id and option of the engine
 * (it sees them through `rulesOf`, position.ts), but `optimal` and `oracle` (below); each
 * file's doc comment gives the idea.
 *
 * | agent       | fair | idea |
 * |-------------|------|------|
 * | `longest`   | yes  | longest-run-first, oldest cards on a tie; draws only when no run is legal |
 * | `lookahead` | yes  | expectimax over the next cards from the unseen composition; exact search once nothing is unseen |
 * | `pimc`      | yes  | determinized search: solves K shuffles of the unseen cards exactly, plays what clears most often |
 * | `oracle`    | NO   | cheats: the exact solver on the true stock order (the upper bound); not on one line with optional discards and 'deck-bottom' |
 * | `optimal`   | yes  | only where holding is free (hold.ts), or on a line dealt whole (`dealAll`): `lookahead`'s plan there (draw every card, then solve the full line) with the oracle's solver budget; the optimum, the ceiling |
 */
import { decadeGame, decadeOptionsOf } from './engine.js';
import type { EnvConfig } from '../../env/game.js';
import { registeredIdOf } from '../../env/registry.js';
import type { AgentSpec } from '../../agents/agent.js';
import type { GameKit } from '../../agents/kit.js';
import { LongestRunAgent } from './agents/longest.js';
import { holdsUntilStockEmpty, lineSolves } from './agents/hold.js';
import { LookaheadAgent } from './agents/lookahead.js';
import { OracleAgent, oracleSearches } from './agents/oracle.js';
import { PimcAgent } from './agents/pimc.js';
import { surelyLost } from './agents/lost-deals.js';
import { rulesOf } from './agents/position.js';

const DECADE = [decadeGame];

/**
 * Whether the oracle plays under these options: not on one line with optional discards and 'deck-bottom' (oracle.ts,
 * `oracleSearches`).
 */
function oraclePlays(env: EnvConfig): boolean {
  const options = decadeOptionsOf(env);
  return options === null || oracleSearches(rulesOf(options));
}

/**
 * Where `optimal` plays: where holding is free (hold.ts), or on a line dealt whole, whose value `LineSolver` gives
 * from the first move.
 */
function holdsFree(env: EnvConfig): boolean {
  const options = decadeOptionsOf(env);
  if (options === null) return false;
  const rules = rulesOf(options);
  return holdsUntilStockEmpty(rules) || (options.dealAll === true && lineSolves(rules));
}

export const DECADE_AGENTS: AgentSpec[] = [
  {
    name: 'longest',
    description:
      'longest-run-first: discard the longest legal run (the oldest cards on a tie); draw only when no run is legal',
    fair: true,
    games: DECADE,
    create: () => new LongestRunAgent(),
  },
  {
    name: 'lookahead',
    description:
      'expectimax over the next cards drawn from the unseen composition (fewest cards on the table at the ' +
      'horizon); exact search once no card is unseen',
    fair: true,
    games: DECADE,
    create: () => new LookaheadAgent(),
  },
  {
    name: 'pimc',
    description:
      'determinized search: solves sampled orders of the unseen cards exactly and plays the action that ' +
      'clears the table in the most samples',
    fair: true,
    games: DECADE,
    create: () => new PimcAgent(),
  },
  {
    name: 'oracle',
    description:
      'CHEATS, sees the stock order: the exact solver on the true deal. The upper bound for the fair agents, ' +
      "not a fair agent. Not on one line with optional discards and pickedUp 'deck-bottom', where no deal can " +
      'be won and its searches could only guess, at about a second a decision',
    fair: false,
    games: DECADE,
    plays: (env) => oraclePlays(env),
    create: () => new OracleAgent(),
  },
  {
    name: 'optimal',
    description:
      'the exact optimal policy where holding is free (optional discards on one straight line) or the line is ' +
      'dealt whole: draws every card, then solves the full line exactly. The ceiling, not a baseline',
    fair: true,
    ceiling: true,
    games: DECADE,
    plays: (env) => holdsFree(env),
    // `lookahead`'s own plan there (hold, then the full line's exact value), named as the ceiling.
    create: () => new LookaheadAgent(null, 'optimal'),
  },
];

/**
 * The decade ids where `lookahead` ranks hints instead of `pimc` (under any name: `decade` with
 * `{ stacks: 7 }` is `decade-stacks`): on seven stacks `pimc` is a
 * little behind; on `decade-max3` every agent is level; on `ten-twenty-thirty` (where the shipped
 * model answers, and `lookahead` for options it was not trained for) `pimc` is about 0.8 points
 * ahead, but its hints only just fit the 10 ms a hint may take (p99 9.2 ms, single hints up to
 * 67 ms: docs/hints.md, Latency).
 */
const LOOKAHEAD_IDS: ReadonlySet<string> = new Set(['decade-stacks', 'decade-max3', 'ten-twenty-thirty']);

/**
 * Training presets. The decade family has ~2.4 decisions per 63-step game, nearly always between
 * two runs: PPO with many copies and short rollouts, and PPO and DQN with the denser 'cards'
 * reward (+1 per card discarded, scaled to about 1 per game) for training, which learned faster
 * than the 'win' reward in our runs (docs/decisions.md, "Training"). Not with 'deck-bottom',
 * where a discarded card comes back and 'cards' would pay for cycling. A higher entropy bonus
 * keeps PPO from settling early on one of two near-equal runs. DQN: the observations are large
 * (535 floats and a 677-byte mask per side of a transition), so a smaller buffer, which still
 * spans ~500,000 env steps of play. Afterstate: with optional discards every step is a decision
 * (draw or discard), so a run needs far fewer env steps for as many samples, and each sample
 * pays for less of a gradient step.
 */
const cardsReward = (env: EnvConfig) =>
  env.options.pickedUp !== 'deck-bottom' ? { trainingReward: 'cards' as const, rewardScale: 1 / 52 } : {};

/**
 * The decade family: its agents, its hint sources (on `decade`, `decade-fives` and `decade-loop` the
 * shipped models, distilled from `pimc` and level with it; on `ten-twenty-thirty` the shipped model,
 * level with `lookahead`, both solving once the stock's order is known; elsewhere the exact
 * optimum where holding is free, else `pimc`, `lookahead` on two ids) and its training presets.
 */
export const DECADE_KIT: GameKit = {
  agents: DECADE_AGENTS,
  simpleBaseline: 'longest',
  searches: ['pimc', 'lookahead'],
  solver: 'oracle',
  // One straight line with forced discards is a stack, searched in microseconds (lost-deals.ts).
  cannotWin: surelyLost,
  // docs/apps.md, "Winnable and daily deals, and their difficulty".
  difficultyThirds: {
    decade: {
      deals: 1000,
      seed: 1,
      easy: 0,
      medium: 1,
      command: 'npx tsx research/deal-difficulty.ts --env decade --deals 1000 --seed 1',
    },
    'decade-optional': {
      deals: 1000,
      seed: 1,
      easy: 2,
      medium: 7,
      command: 'npx tsx research/deal-difficulty.ts --env decade-optional --deals 1000 --seed 1',
    },
    'decade-loop': {
      deals: 1000,
      seed: 1,
      easy: 1,
      medium: 3,
      command: 'npx tsx research/deal-difficulty.ts --env decade-loop --deals 1000 --seed 1',
    },
    'decade-fives': {
      deals: 1000,
      seed: 1,
      easy: 0,
      medium: 1,
      command: 'npx tsx research/deal-difficulty.ts --env decade-fives --deals 1000 --seed 1',
    },
    'decade-stacks': {
      deals: 300,
      seed: 1,
      easy: 1,
      medium: 2,
      command: 'npx tsx research/deal-difficulty.ts --env decade-stacks --deals 300 --seed 1',
    },
    'ten-twenty-thirty': {
      deals: 30,
      seed: 1,
      easy: 7,
      medium: 15,
      command: 'npx tsx research/deal-difficulty.ts --env ten-twenty-thirty --deals 30 --seed 1',
    },
  },
  modelFirst: ['decade', 'decade-fives', 'decade-loop', 'ten-twenty-thirty'],
  ladders: {
    'decade-open': {
      deals: 3000,
      seed: 1,
      commands: [
        'tengym eval --env decade-open --agents random,first,longest,optimal --episodes 3000 --seed 1 ' +
          '--reference longest',
      ],
      // lookahead, pimc and oracle play as optimal does here (nothing is unseen) and win the same deals.
      wins: { random: 428, first: 674, longest: 583, optimal: 2578 },
    },
  },
  hintBaseline: (env, baseline) => {
    if (holdsFree(env)) return baseline('optimal', 'the exact optimum');
    return LOOKAHEAD_IDS.has(registeredIdOf(env))
      ? baseline('lookahead', "a search over the next cards' chances")
      : baseline('pimc', 'a search that plays out many guesses of the unseen cards');
  },
  presets: {
    ppo: (env) => ({
      totalSteps: 15_000_000,
      numEnvs: 64,
      rolloutSteps: 16,
      minibatchSize: 256,
      hidden: [64, 64],
      learningRate: 5e-4,
      gamma: 1,
      entropyCoef: 0.03,
      ...cardsReward(env),
      evalEvery: 1_000_000,
      evalEpisodes: 5000,
    }),
    dqn: (env) => ({
      totalSteps: 10_000_000,
      hidden: [64, 64],
      bufferSize: 20_000,
      learningStarts: 2_000,
      trainEvery: 8,
      gamma: 1,
      targetUpdate: 250,
      ...cardsReward(env),
      evalEvery: 1_000_000,
      evalEpisodes: 5000,
    }),
    afterstate: (env) =>
      env.options.discard === 'optional'
        ? { totalSteps: 3_000_000, samplesPerUpdate: 512, evalEvery: 500_000, evalEpisodes: 2000 }
        : { totalSteps: 20_000_000, evalEvery: 2_000_000, evalEpisodes: 5000 },
  },
};
