/**
 * Random-play outcome rates of an env: the `tengym stats` command. For the
 * decision-free games (`tens`, `block-ten`) these are the games' true win rates.
 * Episode i deals with seed `seed + i`; the random policy has its own stream from `seed`.
 */
import { RandomAgent } from '../agents/basic.js';
import { checkSeedFits, validateSeed } from '../env/env.js';
import { TengymError, showValue } from '../env/errors.js';
import { make } from '../env/registry.js';
import { figureOf, figuresIn } from './figures.js';
import { wilsonInterval } from './intervals.js';

/** What `randomPlayStats` returns: random play's win rate (with its interval), lengths and results on an env. */
export interface StatsResult {
  env: string;
  options: Record<string, unknown>;
  episodes: number;
  seed: number;
  winRate: number;
  ci95: [number, number];
  /** Episodes cut by a step or round limit. */
  truncatedRate: number;
  /** Deals with no legal move at all (over at reset, counted as losses). */
  deadDealRate: number;
  meanSteps: number;
  /**
   * Besides: the game's own figures of random play (its `ResultSpec.figures` given `in: ['stats']`: the mean cards
   * left; the mean rounds played, every game counted, and the points), by key.
   */
  [figure: string]: unknown;
}

/**
 * Random play's statistics on an env (`tengym stats`): `episodes` seeded deals from `seed`, how often
 * they are won, how long they last and how they end.
 */
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
  const keys = env.game.result.fields.map((f) => f.key);
  const values: Record<string, Float64Array> = Object.fromEntries(keys.map((k) => [k, new Float64Array(episodes)]));
  const won = new Uint8Array(episodes);
  for (let i = 0; i < episodes; i++) {
    env.reset({ seed: seed + i });
    if (!env.running) dead++;
    while (env.running) env.step(policy.act(env));
    steps += env.episodeSteps;
    if (env.truncated) truncated++;
    const outcome = env.outcome();
    if (outcome.won) wins++;
    won[i] = outcome.won ? 1 : 0;
    for (const key of keys) values[key][i] = outcome[key] as number;
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
  // Figures of the outcome's fields only: random play keeps no counters of its steps.
  for (const figure of figuresIn(env.game.result, 'stats')) result[figure.key] = figureOf(figure, { won, values });
  return result;
}
