/**
 * Random-play outcome rates of an env: the `tengym stats` command. For the
 * decision-free games (`tens`, `block-ten`) these are the games' true win rates.
 * Episode i deals with seed `seed + i`; the random policy has its own stream from `seed`.
 */
import { RandomAgent } from '../agents/basic.js';
import { checkSeedFits, validateSeed } from '../env/env.js';
import { TengymError, showValue } from '../env/errors.js';
import { make } from '../env/registry.js';
import { wilsonInterval } from './intervals.js';

export interface StatsResult {
  env: string;
  options: Record<string, unknown>;
  episodes: number;
  seed: number;
  winRate: number;
  ci95: [number, number];
  /** Card games: mean cards left at the end. */
  meanCardsLeft?: number;
  /**
   * Four Ten: mean rounds played, every game counted (an evaluation's `meanRounds` counts the won games only: rounds to
   * the target), and points at the end.
   */
  meanRoundsPlayed?: number;
  meanPoints?: number;
  /** Episodes cut by a step or round limit. */
  truncatedRate: number;
  /** Deals with no legal move at all (over at reset, counted as losses). */
  deadDealRate: number;
  meanSteps: number;
}

export function randomPlayStats(id: string, options: unknown, episodes: number, seed = 0): StatsResult {
  const env = make(id, options);
  // Zero episodes would give rates of 0 / 0; a seed that is not one would deal what reset refuses.
  if (!Number.isSafeInteger(episodes) || episodes < 1)
    throw new TengymError('bad-argument', `episodes must be an integer ≥ 1, got ${showValue(episodes)}`);
  validateSeed(seed);
  checkSeedFits(seed, episodes, `${episodes} episodes`);
  const policy = new RandomAgent(seed);
  let wins = 0;
  let truncated = 0;
  let dead = 0;
  let steps = 0;
  let cardsLeft = 0;
  let rounds = 0;
  let points = 0;
  for (let i = 0; i < episodes; i++) {
    env.reset({ seed: seed + i });
    if (!env.running) dead++;
    while (env.running) env.step(policy.act(env));
    steps += env.episodeSteps;
    if (env.truncated) truncated++;
    const outcome = env.outcome();
    if (outcome.won) wins++;
    if ('cardsLeft' in outcome) cardsLeft += outcome.cardsLeft;
    else {
      rounds += outcome.rounds;
      points += outcome.points;
    }
  }
  const result: StatsResult = {
    env: id,
    options: { ...env.options },
    episodes,
    seed,
    winRate: wins / episodes,
    ci95: wilsonInterval(wins, episodes),
    truncatedRate: truncated / episodes,
    deadDealRate: dead / episodes,
    meanSteps: steps / episodes,
  };
  if (env.game.scoring === 'rounds') {
    result.meanRoundsPlayed = rounds / episodes;
    result.meanPoints = points / episodes;
  } else result.meanCardsLeft = cardsLeft / episodes;
  return result;
}
