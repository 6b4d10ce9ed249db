/**
 * One agent playing a range of seeded deals: the unit of work of an evaluation,
 * run in a worker thread or in process. Deal i uses seed `seed + i` (the same deals for
 * every agent), and the agent is reset with `deriveSeed(seed, i)` before it.
 */
import type { Agent } from '../agents/agent.js';
import { resolveAgent } from '../agents/resolve.js';
import type { CardOutcome, FourTenOutcome } from '../env/game.js';
import { make } from '../env/registry.js';
import { deriveSeed } from '../env/rng.js';

export interface EpisodeRows {
  /** 1 for a won episode. */
  won: Uint8Array;
  /** Card games: cards left at the end. */
  cardsLeft: Int16Array;
  /** Four Ten: rounds played, final points, faults (prevented or not). */
  rounds: Int32Array;
  points: Int32Array;
  faults: Int32Array;
}

export interface EpisodeTask {
  env: string;
  options: Record<string, unknown>;
  agent: string;
  seed: number;
  from: number;
  to: number;
}

export function emptyRows(n: number): EpisodeRows {
  return { won: new Uint8Array(n), cardsLeft: new Int16Array(n), rounds: new Int32Array(n), points: new Int32Array(n), faults: new Int32Array(n) };
}

/** Agents made once per thread (a model loads once, not once per task). */
const agentCache = new Map<string, Promise<Agent>>();

function agentFor(task: EpisodeTask): Promise<Agent> {
  const key = JSON.stringify([task.agent, task.env, task.options]);
  let agent = agentCache.get(key);
  if (!agent) {
    agent = resolveAgent(task.agent, task.env, task.options);
    agentCache.set(key, agent);
    agent.catch(() => agentCache.delete(key));
  }
  return agent;
}

export async function playEpisodes(task: EpisodeTask, onEpisode?: (done: number) => void): Promise<EpisodeRows> {
  const env = make(task.env, task.options);
  const agent = await agentFor(task);
  const rows = emptyRows(task.to - task.from);
  const isFourTen = env.game.name === 'four-ten';
  for (let i = task.from; i < task.to; i++) {
    const k = i - task.from;
    env.reset({ seed: task.seed + i });
    agent.reset(deriveSeed(task.seed, i));
    let faults = 0;
    while (env.running) {
      if (isFourTen) {
        const before = env.outcome() as FourTenOutcome;
        env.step(agent.act(env));
        const after = env.outcome() as FourTenOutcome;
        // A round that ended without a gain in points ended in a fault (a bottom-of-deck
        // round always scores: the hands are never empty by then).
        if (after.rounds > before.rounds && after.points <= before.points) faults++;
      } else env.step(agent.act(env));
    }
    const outcome = env.outcome();
    rows.won[k] = outcome.won ? 1 : 0;
    if (isFourTen) {
      rows.rounds[k] = (outcome as FourTenOutcome).rounds;
      rows.points[k] = (outcome as FourTenOutcome).points;
      rows.faults[k] = faults;
    } else rows.cardsLeft[k] = (outcome as CardOutcome).cardsLeft;
    onEpisode?.(k + 1);
  }
  return rows;
}
