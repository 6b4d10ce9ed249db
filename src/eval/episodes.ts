/**
 * An agent playing a range of seeded deals: the unit of work of every evaluation (`tengym eval`,
 * `npm start`, and the trainer's held-out evaluation). Deal i uses seed `seed + i` (the same
 * deals for every agent), and the agent is reset with `deriveSeed(seed, i)` before it.
 *
 * `playAgent` plays one deal at a time through `act`; with `lanes` > 1 and an agent that has
 * `actBatch`, it plays that many deals side by side and asks for all their decisions at once
 * (one forward pass). Either way each deal's record is the same: won, and the game's own numbers
 * (`Game.result`: its outcome's fields and its counters); and its length, in env steps
 * and in decisions (steps with more than one legal move).
 */
import type { Agent } from '../agents/agent.js';
import { resolveAgent } from '../node/resolve.js';
import type { Env } from '../env/env.js';
import type { EnvConfig, Outcome, ResultCounter } from '../env/game.js';
import { recordedKeys } from '../stats/figures.js';
import { envConfig, make } from '../env/registry.js';
import { deriveSeed } from '../env/rng.js';
import { AgentThrewError, TengymError } from '../env/errors.js';

export interface EpisodeRows {
  /** 1 for a won episode. */
  won: Uint8Array;
  /**
   * The game's own numbers for each episode (`Game.result`: its outcome's fields, the cards left or the
   * rounds and points, then its counters, the faults), by key.
   */
  values: Record<string, Float64Array>;
  /** Env steps the episode took, forced moves included. */
  steps: Int32Array;
  /** Steps at which more than one move was legal: the agent's choices. */
  decisions: Int32Array;
}

/**
 * What a worker thread is sent to play: an env (its id and options, made an `EnvConfig` again where it arrives), an
 * agent by name, and a range of deals.
 */
export interface EpisodeTask {
  env: string;
  options: Record<string, unknown>;
  agent: string;
  seed: number;
  from: number;
  to: number;
}

/**
 * An agent playing a range of deals of an env: an `EpisodeTask` before it crosses to a worker,
 * the agent by name; or, in this thread only, an agent object of the caller's.
 */
export interface Deals extends Omit<EpisodeTask, 'env' | 'options' | 'agent'> {
  env: EnvConfig;
  agent: string | Agent;
}

/**
 * The task sent to a worker thread for these deals: the env as its id and options, the agent by name (an object cannot
 * cross).
 */
export function episodeTask({ env, agent, ...deals }: Deals): EpisodeTask {
  if (typeof agent !== 'string')
    throw new TengymError(
      'bad-argument',
      `agent "${agent.name}" is an object of this thread: it plays here, not on a worker thread`,
    );
  return { env: env.id, options: env.options, agent, ...deals };
}

/** Rows for n episodes of a game whose result records `keys` (`recordedKeys(game.result)`). */
export function emptyRows(n: number, keys: readonly string[]): EpisodeRows {
  return {
    won: new Uint8Array(n),
    values: Object.fromEntries(keys.map((k) => [k, new Float64Array(n)])),
    steps: new Int32Array(n),
    decisions: new Int32Array(n),
  };
}

/** Agents made once per thread (a model loads once, not once per task). */
const agentCache = new Map<string, Promise<Agent>>();

function agentFor(name: string, env: EnvConfig): Promise<Agent> {
  const key = JSON.stringify([name, env.id, env.options]);
  let agent = agentCache.get(key);
  if (!agent) {
    agent = resolveAgent(name, env);
    agentCache.set(key, agent);
    agent.catch(() => agentCache.delete(key));
  }
  return agent;
}

/** Deals played by an agent named as `tengym eval --agents` names it (made once per thread), or by an agent object. */
export async function playNamedAgent(deals: Deals, onEpisode?: (done: number) => void): Promise<EpisodeRows> {
  const agent = typeof deals.agent === 'string' ? await agentFor(deals.agent, deals.env) : deals.agent;
  return playAgentYielding(deals.env, agent, deals.seed, deals.from, deals.to, { onEpisode });
}

/** A task sent to a worker thread: its env is validated there, where it arrives, once. */
export async function playEpisodes(task: EpisodeTask, onEpisode?: (done: number) => void): Promise<EpisodeRows> {
  const { env, options, ...deals } = task;
  return playNamedAgent({ env: envConfig(env, options), ...deals }, onEpisode);
}

/**
 * One deal's record, kept step by step: the decisions, and the counters the game's result declares
 * (`ResultSpec.counters`: a round that ended in a fault), each asked after every step from the
 * outcomes before and after it. A game without counters reads its outcome only at the end.
 */
class DealTally {
  private decisions = 0;
  private readonly counters: readonly ResultCounter[];
  private readonly counts: number[];
  private before: Outcome | null = null;

  constructor(private readonly env: Env) {
    this.counters = env.game.result.counters ?? [];
    this.counts = this.counters.map(() => 0);
  }

  /** After `env.reset`. */
  begin(): void {
    this.decisions = 0;
    this.counts.fill(0);
    if (this.counters.length > 0) this.before = this.env.outcome();
  }

  /** Plays `action` in the env and counts what it did. */
  step(action: number): void {
    const env = this.env;
    if (env.legalCount > 1) this.decisions++;
    env.step(action);
    if (this.counters.length === 0) return;
    const after = env.outcome();
    for (let c = 0; c < this.counters.length; c++) this.counts[c] += this.counters[c].count(this.before!, after);
    this.before = after;
  }

  /** Writes the finished deal into row k. */
  record(rows: EpisodeRows, k: number): void {
    const o = this.env.outcome();
    rows.won[k] = o.won ? 1 : 0;
    rows.steps[k] = this.env.episodeSteps;
    rows.decisions[k] = this.decisions;
    for (const { key } of this.env.game.result.fields) rows.values[key][k] = o[key] as number;
    this.counters.forEach(({ key }, c) => {
      rows.values[key][k] = this.counts[c];
    });
  }
}

export interface PlayOptions {
  /** Called after each deal with the deals done so far. */
  onEpisode?: (done: number) => void;
  /** Deals played side by side when the agent has `actBatch` (default 1: one at a time). */
  lanes?: number;
}

/** Deals from … to − 1 played by `agent` on `env`; row k is deal from + k. */
export function playAgent(
  env: EnvConfig,
  agent: Agent,
  seed: number,
  from: number,
  to: number,
  options: PlayOptions = {},
): EpisodeRows {
  const play = playing(env, agent, seed, from, to, options);
  for (;;) {
    const next = play.next();
    if (next.done) return next.value;
  }
}

/** How long `playAgentYielding` plays before it gives the event loop a turn. */
const TURN_MS = 100;

/**
 * `playAgent`, giving the event loop a turn after every 100 ms of play (between deals, or between
 * the rounds of decisions of deals side by side), so that a Ctrl-C handler is heard within a
 * moment of the signal, where the deals of an evaluation can hold the thread for minutes. The
 * deals are played with the same calls in the same order: the rows are `playAgent`'s.
 */
export async function playAgentYielding(
  env: EnvConfig,
  agent: Agent,
  seed: number,
  from: number,
  to: number,
  options: PlayOptions = {},
): Promise<EpisodeRows> {
  const play = playing(env, agent, seed, from, to, options);
  let turn = performance.now();
  for (;;) {
    const next = play.next();
    if (next.done) return next.value;
    if (performance.now() - turn >= TURN_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      turn = performance.now();
    }
  }
}

/**
 * The deals of `playAgent`, pausing (a `yield`) after each deal, or after each round of decisions of deals side by
 * side.
 */
function* playing(
  env: EnvConfig,
  agent: Agent,
  seed: number,
  from: number,
  to: number,
  options: PlayOptions,
): Generator<void, EpisodeRows> {
  const lanes = Math.min(options.lanes ?? 1, to - from);
  if (lanes > 1 && agent.actBatch) return yield* playSideBySide(env, agent, seed, from, to, lanes, options.onEpisode);
  const game = make(env);
  const tally = new DealTally(game);
  const rows = emptyRows(to - from, recordedKeys(game.game.result));
  for (let i = from; i < to; i++) {
    const k = i - from;
    game.reset({ seed: seed + i });
    try {
      agent.reset(deriveSeed(seed, i));
      tally.begin();
      while (game.running) {
        const changes = game.changes;
        tally.step(acted(game, changes, agent.act(game)));
      }
    } catch (e) {
      throw inDeal(e, agent.name, i, seed + i);
    }
    tally.record(rows, k);
    options.onEpisode?.(k + 1);
    yield;
  }
  return rows;
}

/**
 * What `act` returned, once it is known that `act` left the env as it found it: an agent that
 * steps, deals, undoes or loads a state itself would play another game than the deal's (a deal
 * of its choosing, or one that never ends). And an `async act` is named as such, not met as "not
 * an action id".
 */
function acted(game: Env, changes: number, action: unknown): number {
  if (game.changes !== changes) {
    throw new TengymError(
      'bad-argument',
      'act changed the env (it stepped, dealt, undid or loaded a state): an agent returns its action and ' +
        'leaves the game to the caller; to look ahead, act on env.clone()',
    );
  }
  if (typeof (action as { then?: unknown } | null)?.then === 'function') {
    throw new TengymError(
      'bad-argument',
      'act returned a Promise: act returns the action id itself, synchronously (an async act cannot be ' +
        'awaited between steps)',
    );
  }
  return action as number;
}

/**
 * `e` said of the agent and the deal it came from, with its code kept: in an evaluation of several agents, which one
 * failed, and where to replay it.
 */
function inDeal(e: unknown, agent: string, deal: number, dealSeed: number): Error {
  const where = `agent "${agent}", deal ${deal} (seed ${dealSeed})`;
  if (e instanceof TengymError) return new TengymError(e.code, `${where}: ${e.message}`);
  return new AgentThrewError(`${where}: the agent`, e);
}

/**
 * `lanes` deals at a time: each lane plays its forced moves through `act`, then every lane at a
 * decision is decided in one `actBatch` call; a finished lane deals the next deal.
 */
function* playSideBySide(
  env: EnvConfig,
  agent: Agent,
  seed: number,
  from: number,
  to: number,
  lanes: number,
  onEpisode?: (done: number) => void,
): Generator<void, EpisodeRows> {
  const rows = emptyRows(to - from, recordedKeys(env.game.result));
  let recorded = 0;
  const games = Array.from({ length: lanes }, () => make(env));
  const tallies = games.map((g) => new DealTally(g));
  /** The deal each lane plays (−1: none left). */
  const deal = new Int32Array(lanes).fill(-1);
  let next = from;
  /**
   * Plays lane k's forced moves; at the end of a deal records it and deals the next. Leaves k at a decision or idle.
   */
  const advance = (k: number) => {
    const game = games[k];
    for (;;) {
      while (game.running && game.legalCount === 1) {
        const changes = game.changes;
        tallies[k].step(acted(game, changes, agent.act(game)));
      }
      if (game.running) return;
      if (deal[k] >= 0) {
        tallies[k].record(rows, deal[k] - from);
        onEpisode?.(++recorded);
      }
      if (next >= to) {
        deal[k] = -1;
        return;
      }
      deal[k] = next++;
      game.reset({ seed: seed + deal[k] });
      tallies[k].begin();
    }
  };
  for (let k = 0; k < lanes; k++) advance(k);
  const deciding: Env[] = [];
  const lanesDeciding = new Int32Array(lanes);
  const actions = new Int32Array(lanes);
  const changes = new Float64Array(lanes);
  for (;;) {
    deciding.length = 0;
    for (let k = 0; k < lanes; k++) {
      if (deal[k] < 0) continue;
      lanesDeciding[deciding.length] = k;
      changes[deciding.length] = games[k].changes;
      deciding.push(games[k]);
    }
    if (deciding.length === 0) break;
    agent.actBatch!(deciding, deciding.length, actions);
    for (let j = 0; j < deciding.length; j++) {
      const k = lanesDeciding[j];
      tallies[k].step(acted(games[k], changes[j], actions[j]));
      advance(k);
    }
    yield;
  }
  return rows;
}
