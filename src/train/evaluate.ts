/**
 * Paired evaluation (`tengym eval`): every agent plays the same seeded deals, on both
 * cores (worker threads), and the report gives each agent's win rate with a Wilson 95%
 * interval, the game's own figures, and the paired difference against a reference
 * agent with a 95% interval.
 *
 * Pairing: deal i is `reset({ seed: seed + i })` for every agent, so differences between
 * agents are measured on identical deals and their interval is much narrower than the
 * difference of two independent rates.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { resolveAgent } from '../agents/resolve.js';
import { formatZodError } from '../env/env.js';
import { TengymError } from '../env/errors.js';
import { envSpec, resolveOptions } from '../env/registry.js';
import { Z95, wilsonInterval } from './intervals.js';
import { emptyRows, playEpisodes, type EpisodeRows, type EpisodeTask } from './episodes.js';

export const evalConfigSchema = z.strictObject({
  env: z.string(),
  options: z.record(z.string(), z.unknown()).default({}),
  agents: z.array(z.string()).min(1),
  episodes: z.int().min(1),
  seed: z.int().min(0).default(0),
  /** Agent the others are compared with (default: the first listed). */
  reference: z.string().optional(),
  /** Worker threads (default: every core); 0 plays in this thread. */
  workers: z.int().min(0).optional(),
});
export type EvalConfig = z.input<typeof evalConfigSchema>;

export interface AgentResult extends OutcomeFigures {
  agent: string;
  vsReference?: { diff: number; ci95: [number, number] };
  /** Four Ten: this agent's rounds − the reference's on the deals both won, paired, with its 95% interval (how many deals). */
  roundsVsReference?: { diff: number; ci95: [number, number]; deals: number };
  seconds: number;
}

export interface EvalReport {
  env: string;
  options: Record<string, unknown>;
  episodes: number;
  seed: number;
  reference: string;
  results: AgentResult[];
}

/** Mean of the paired differences a − b with a normal 95% interval. */
export function pairedDifference(a: ArrayLike<number>, b: ArrayLike<number>): { diff: number; ci95: [number, number] } {
  const n = a.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += a[i] - b[i];
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (a[i] - b[i] - mean) ** 2;
  const se = n > 1 ? Math.sqrt(ss / (n - 1) / n) : Infinity;
  return { diff: mean, ci95: [mean - Z95 * se, mean + Z95 * se] };
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const v = [...values].sort((x, y) => x - y);
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/** The figures every report gives from a set of episodes: win rate, interval, the game's own. */
export interface OutcomeFigures {
  winRate: number;
  ci95: [number, number];
  meanCardsLeft?: number;
  meanRounds?: number;
  medianRounds?: number;
  pointsPerRound?: number;
  faultRate?: number;
}

export function summariseRows(rows: EpisodeRows, isFourTen: boolean): OutcomeFigures {
  const n = rows.won.length;
  let wins = 0;
  for (let i = 0; i < n; i++) wins += rows.won[i];
  const result: OutcomeFigures = { winRate: wins / n, ci95: wilsonInterval(wins, n) };
  if (!isFourTen) {
    let left = 0;
    for (let i = 0; i < n; i++) left += rows.cardsLeft[i];
    result.meanCardsLeft = left / n;
    return result;
  }
  const wonRounds: number[] = [];
  let rounds = 0;
  let points = 0;
  let faults = 0;
  for (let i = 0; i < n; i++) {
    if (rows.won[i]) wonRounds.push(rows.rounds[i]);
    rounds += rows.rounds[i];
    points += rows.points[i];
    faults += rows.faults[i];
  }
  // Rounds to the target are over won games; a lost game never reached it.
  result.meanRounds = wonRounds.length ? wonRounds.reduce((a, b) => a + b, 0) / wonRounds.length : Number.NaN;
  result.medianRounds = median(wonRounds);
  result.pointsPerRound = rounds ? points / rounds : 0;
  result.faultRate = rounds ? faults / rounds : 0;
  return result;
}

/** Rounds of a − rounds of b over the deals both won (rounds to the target exist only for a win), paired. */
export function pairedRounds(a: EpisodeRows, b: EpisodeRows): { diff: number; ci95: [number, number]; deals: number } {
  const x: number[] = [];
  const y: number[] = [];
  for (let i = 0; i < a.won.length; i++) {
    if (!a.won[i] || !b.won[i]) continue;
    x.push(a.rounds[i]);
    y.push(b.rounds[i]);
  }
  return { ...pairedDifference(x, y), deals: x.length };
}

function mergeRows(target: EpisodeRows, part: EpisodeRows, offset: number): void {
  target.won.set(part.won, offset);
  target.cardsLeft.set(part.cardsLeft, offset);
  target.rounds.set(part.rounds, offset);
  target.points.set(part.points, offset);
  target.faults.set(part.faults, offset);
}

/** The compiled worker exists next to this file only in the built package (dist/). */
function workerUrl(): URL | null {
  return import.meta.url.endsWith('.js') ? new URL('./evaluate-worker.js', import.meta.url) : null;
}

async function runTasks(tasks: EpisodeTask[], workers: number, onProgress: (episodes: number) => void): Promise<EpisodeRows[]> {
  const url = workerUrl();
  if (workers === 0 || url === null) {
    const rows: EpisodeRows[] = [];
    for (const t of tasks) rows.push(await playEpisodes(t, () => onProgress(1)));
    return rows;
  }
  const results: EpisodeRows[] = new Array(tasks.length);
  let next = 0;
  const pool = Array.from({ length: Math.min(workers, tasks.length) }, () => new Worker(url));
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let current = -1;
            const feed = () => {
              if (next >= tasks.length) return resolve();
              current = next++;
              worker.postMessage(tasks[current]);
            };
            worker.on('message', (m: { progress?: number; rows?: EpisodeRows; error?: string; code?: string }) => {
              if (m.error) return reject(m.code ? new TengymError(m.code as never, m.error) : new Error(m.error));
              if (m.progress) onProgress(m.progress);
              if (m.rows) {
                results[current] = m.rows;
                feed();
              }
            });
            worker.on('error', reject);
            feed();
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
  return results;
}

export async function evaluate(config: EvalConfig, onProgress?: (done: number, total: number, agent: string) => void): Promise<EvalReport> {
  const parsed = evalConfigSchema.safeParse(config);
  if (!parsed.success) throw new TengymError('bad-argument', `bad evaluation config: ${formatZodError(parsed.error)}`);
  const c = parsed.data;
  const options = resolveOptions(c.env, c.options);
  const reference = c.reference ?? c.agents[0];
  if (!c.agents.includes(reference)) throw new TengymError('bad-argument', `reference agent "${reference}" is not among --agents ${c.agents.join(',')}`);
  // Fail fast, in this thread, on unknown agent names and unfit models.
  for (const name of c.agents) await resolveAgent(name, c.env, options);
  const isFourTen = envSpec(c.env).game.name === 'four-ten';
  const workers = c.workers ?? availableParallelism();
  const chunk = Math.max(1, Math.ceil(c.episodes / Math.max(1, workers * 8)));
  const total = c.episodes * c.agents.length;
  let done = 0;
  const rowsByAgent = new Map<string, EpisodeRows>();
  const results: AgentResult[] = [];
  for (const agent of c.agents) {
    const tasks: EpisodeTask[] = [];
    for (let from = 0; from < c.episodes; from += chunk) tasks.push({ env: c.env, options, agent, seed: c.seed, from, to: Math.min(c.episodes, from + chunk) });
    const start = performance.now();
    const parts = await runTasks(tasks, workers, (k) => {
      done += k;
      onProgress?.(done, total, agent);
    });
    const rows = emptyRows(c.episodes);
    parts.forEach((p, i) => mergeRows(rows, p, tasks[i].from));
    rowsByAgent.set(agent, rows);
    results.push({ agent, ...summariseRows(rows, isFourTen), seconds: (performance.now() - start) / 1000 });
  }
  const ref = rowsByAgent.get(reference)!;
  for (const r of results) {
    if (r.agent === reference) continue;
    const rows = rowsByAgent.get(r.agent)!;
    r.vsReference = pairedDifference(rows.won, ref.won);
    if (isFourTen) r.roundsVsReference = pairedRounds(rows, ref);
  }
  return { env: c.env, options, episodes: c.episodes, seed: c.seed, reference, results };
}
