// Every reward path of every engine, step by step, against a count made from what the
// step visibly did (cards that left the table, points and rounds that changed, how the
// game ended), for every option set that changes the rewards: both reward kinds, both
// places picked-up cards go, both win rules, one and seven stacks, Tens' and Block Ten's
// refills, Four Ten's safeties and check order.
import { describe, expect, it } from 'vitest';
import type { Env } from '../../src/env/env.js';
import type { CardOutcome } from '../../src/env/game.js';
import type { FourTenOutcome } from '../../src/games/four-ten/engine.js';
import { envConfig, envIds, make } from '../../src/env/registry.js';
import { createRng, randomInt, type Rng } from '../../src/env/rng.js';
import { scaled } from '../helpers/scale.js';

/** The ids the decade engine plays, in the registry's order. */
const DECADE_PRESETS = envIds().filter((id) => envConfig(id).game === envConfig('decade').game);

/** Every combination of the given option values. */
function combinations(axes: Record<string, unknown[]>): Record<string, unknown>[] {
  return Object.entries(axes).reduce<Record<string, unknown>[]>(
    (acc, [key, values]) => acc.flatMap((o) => values.map((v) => ({ ...o, [key]: v }))),
    [{}],
  );
}

interface Tally {
  steps: number;
  wins: number;
  paid: number;
  /** Steps with a negative reward. */
  charged: number;
}

/**
 * Plays `games` random games of `id` with `options`; `rule(env, action, before)` says what the
 * step that was just taken should pay. Checks every step and the episode's sum.
 */
function playAndCount<T>(
  id: string,
  options: Record<string, unknown>,
  games: number,
  snapshot: (env: Env) => T,
  rule: (env: Env, action: number, before: T) => number,
  choose: (env: Env, rng: Rng) => number = (env, rng) => env.legal[randomInt(rng, 0, env.legalCount - 1)],
): Tally {
  const env = make(id, options);
  const rng = createRng(games);
  const tally: Tally = { steps: 0, wins: 0, paid: 0, charged: 0 };
  for (let game = 0; game < games; game++) {
    env.reset({ seed: 500 + game });
    let total = 0;
    let counted = 0;
    while (env.running) {
      const before = snapshot(env);
      const action = choose(env, rng);
      const reward = env.step(action).reward;
      const expected = rule(env, action, before);
      if (reward !== expected)
        expect.fail(
          `${id} ${JSON.stringify(options)} seed ${500 + game} step ${env.episodeSteps} (action ${action}): ` +
            `reward ${reward}, the step ${expected > 0 ? `earned ${expected}` : `should pay ${expected}`}`,
        );
      total += reward;
      counted += expected;
      tally.steps++;
      if (reward > 0) tally.paid++;
      if (reward < 0) tally.charged++;
    }
    expect(total).toBe(counted);
    if (env.outcome().won) tally.wins++;
  }
  return tally;
}

/** Cards on the table, counted in the state JSON (not the engine's own count). */
function decadeTableCards(env: Env): number {
  return (env.getState().game as { stacks: string[][] }).stacks.reduce((n, s) => n + s.length, 0);
}

describe('decade family rewards', () => {
  const sets = DECADE_PRESETS.flatMap((id) =>
    combinations({ reward: ['cards', 'win'], pickedUp: ['discard', 'deck-bottom'], win: ['empty', 'one-left'] }).map(
      (o) => [id, o] as const,
    ),
  );

  it.each(sets)('%s %j', (id, options) => {
    const opts = { ...options, maxSteps: 300 };
    const allowance = options.win === 'one-left' ? 1 : 0;
    const games = scaled(25, 10);
    const tally = playAndCount(
      id,
      opts,
      games,
      (env) => (env.outcome() as CardOutcome).cardsLeft,
      (env, action, cardsBefore) => {
        const left = decadeTableCards(env);
        expect((env.outcome() as CardOutcome).cardsLeft).toBe(left);
        // 'cards': every card that left the table (a draw adds one); 'win': 1 as the game ends won.
        if (options.reward === 'cards') return cardsBefore + (action === 0 ? 1 : 0) - left;
        return env.terminated && left <= allowance ? 1 : 0;
      },
    );
    // Where the rules allow a win, random play wins some games of most presets; never with one stack and 'deck-bottom'.
    if (options.pickedUp === 'deck-bottom' && make(id).options.stacks === 1) expect(tally.wins).toBe(0);
    if (options.reward === 'cards') expect(tally.paid).toBeGreaterThan(games);
    else expect(tally.paid).toBe(tally.wins);
  });

  it('the win path pays in every preset where random play can win', () => {
    const winners = DECADE_PRESETS.filter((id) => {
      const pickedUp = id === 'decade-stacks' ? 'deck-bottom' : 'discard';
      return (
        playAndCount(
          id,
          { reward: 'win', pickedUp, win: 'one-left', maxSteps: 300 },
          25,
          () => 0,
          (env) => (env.terminated && env.outcome().won ? 1 : 0),
        ).paid > 0
      );
    });
    // Every preset with runs of any length wins some of 25 games; of those capped at three cards, some do too.
    expect(winners).toEqual(expect.arrayContaining(DECADE_PRESETS.filter((id) => make(id).options.maxRun === null)));
    expect(winners.length).toBeGreaterThanOrEqual(6);
  });
});

describe('tens and block-ten rewards', () => {
  const sets = [
    ...combinations({
      reward: ['cards', 'win'],
      tableau: [13, 15],
      refill: ['strict', 'buffered'],
      blockTens: [false, true],
    }).map((o) => ['tens', o] as const),
    ...combinations({ reward: ['cards', 'win'], refill: ['strict', 'buffered'] }).map((o) => ['block-ten', o] as const),
  ];

  it.each(sets)('%s %j', (id, options) => {
    const games = scaled(60, 20);
    const tally = playAndCount(
      id,
      options,
      games,
      (env) => (env.getState().game as { removed: string[] }).removed.length,
      (env, _action, removedBefore) => {
        const g = env.getState().game as { removed: string[]; stock: string[] };
        const removed = g.removed.length;
        if (options.reward === 'cards') return removed - removedBefore;
        // Won: every card removed (the four tens stay in Block Ten and with blockTens) and the stock dealt out.
        const clear = id === 'block-ten' || options.blockTens ? 48 : 52;
        return !env.running && removed === clear && g.stock.length === 0 ? 1 : 0;
      },
    );
    if (options.reward === 'cards') expect(tally.paid).toBeGreaterThan(games);
    else expect(tally.paid).toBe(tally.wins);
  });
});

/**
 * Four Ten play that keeps games going long enough to score and then pay for faults: random
 * among the moves that do not fault at once (one step on a clone), and with 20 points or
 * more one move in four at random.
 */
function mostlyCautious(env: Env, rng: Rng): number {
  if ((env.outcome() as FourTenOutcome).points >= 20 && randomInt(rng, 0, 3) === 0)
    return env.legal[randomInt(rng, 0, env.legalCount - 1)];
  const safe = env.legalActions().filter((a) => {
    const probe = env.clone();
    const before = probe.outcome() as FourTenOutcome;
    probe.step(a);
    const after = probe.outcome() as FourTenOutcome;
    return after.safeties === before.safeties && after.points >= before.points && !(probe.terminated && !after.won);
  });
  const pool = safe.length ? safe : env.legalActions();
  return pool[randomInt(rng, 0, pool.length - 1)];
}

describe('four-ten rewards', () => {
  const sets = combinations({
    reward: ['points', 'rounds'],
    safeties: [0, 3],
    check: ['points-first', 'faults-first'],
  });

  it.each(sets)('four-ten %j', (options) => {
    const opts = { ...options, maxRounds: 8 };
    const tally = playAndCount(
      'four-ten',
      opts,
      scaled(40, 20),
      (env) => ({ ...(env.outcome() as FourTenOutcome) }),
      (env, _action, before) => {
        const g = env.getState().game as { points: number; rounds: number; phase: string };
        // 'points': the change of the points; 'rounds': −1 per round ended, −maxRounds for a bust.
        if (options.reward === 'points') return g.points - before.points;
        if (g.phase === 'bust') return -opts.maxRounds;
        return -(g.rounds - before.rounds);
      },
      mostlyCautious,
    );
    // Points scored, faults paid with points (no safeties left), rounds and busts charged.
    if (options.reward === 'points') expect(tally.paid).toBeGreaterThan(5);
    if (options.reward === 'points' && options.safeties === 0) expect(tally.charged).toBeGreaterThan(0);
    if (options.reward === 'rounds') expect(tally.charged).toBeGreaterThan(20);
  });
});
