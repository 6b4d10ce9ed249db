/**
 * Paired evaluation (`tengym eval`): every agent plays the same seeded deals, on both
 * cores (worker threads), and the report gives each agent's win rate with a Wilson 95%
 * interval, the game's own figures, and the paired difference against a reference
 * agent with a 95% interval.
 *
 * Pairing: deal i is `reset({ seed: seed + i })` for every agent, so differences between
 * agents are measured on identical deals and their interval is much narrower than the
 * difference of two independent rates.
 *
 * Past 600 lines on purpose: the worker pool, the rows it gathers and the report built from them share one rows
 * layout.
 */
import { availableParallelism, totalmem } from 'node:os';
import { normalize } from 'node:path';
import { Worker } from 'node:worker_threads';
import * as z from 'zod';
import { agentSchema, type Agent } from '../agents/agent.js';
import { agentsFor } from '../agents/index.js';
import { isAgentModulePath, loadAgentModule } from '../node/agent-module.js';
import {
  checkAgentName,
  modelDirOf,
  modelDirectoryNames,
  modelEnvConfig,
  modelProvenance,
  resolveAgent,
} from '../node/resolve.js';
import { modelProvenanceOf, type ModelProvenance } from '../node/provenance.js';
import { TENGYM_VERSION } from '../node/version.js';
import { whyOtherGame } from '../agents/learned/model-fit.js';
import { checkSeedFits } from '../env/env.js';
import { TengymError, formatZodError, isPlainObject, showValue } from '../env/errors.js';
import type { EnvConfig, ResultSpec } from '../env/game.js';
import { envConfig, envLabel, isBuiltInEnv } from '../env/registry.js';
import { figureOf, figuresIn, median, recordedKeys } from '../stats/figures.js';
import { wilsonInterval } from '../stats/intervals.js';
import { pairedMean, pairedWins, pairedDifference } from '../stats/paired.js';
import { emptyRows, episodeTask, playNamedAgent, type Deals, type EpisodeRows, type EpisodeTask } from './episodes.js';

/**
 * The most deals an evaluation plays per agent: each deal's result is kept (15 bytes an agent), and past this the
 * figures are as exact as they get.
 */
export const MAX_EVAL_EPISODES = 10_000_000;

export const evalConfigSchema = z.strictObject({
  /** The env played; without it, the one the model folders among the agents were trained for (`envOfModels`). */
  env: z.string().optional(),
  // Kept as given (a record would copy it and drop an own "__proto__" key, as JSON.parse makes
  // one), so the game's strict options schema sees every key and refuses the unknown ones.
  options: z.custom<Record<string, unknown>>((v) => isPlainObject(v), 'expected a plain object of options').default({}),
  /**
   * Catalogue names and model folders (played on worker threads), or agents of your own (objects
   * with name, reset(seed) and act(env), played in this thread): every one on the same deals, reset
   * with the same seeds.
   */
  agents: z
    .array(
      z.union([z.string(), agentSchema], {
        error: 'expected an agent name, a model folder, or an agent (an object with name, reset(seed) and act(env))',
      }),
    )
    .min(1),
  episodes: z.int().min(1).max(MAX_EVAL_EPISODES),
  seed: z.int().min(0).default(0),
  /**
   * The first deal played: deals firstDeal … firstDeal + episodes − 1 of the run from `seed` (deal
   * i is seed + i, each agent reset with deriveSeed(seed, i)), so a run split into parts (over
   * machines, or resumed) plays each deal as the whole run does.
   */
  firstDeal: z.int().min(0).default(0),
  /** Agent the others are compared with (default: the first listed). */
  reference: z.string().optional(),
  /** Worker threads (default: every core); 0 plays in this thread. */
  workers: z.int().min(0).optional(),
  /** Each result also carries its record of every deal (`deals`), to pair or test it yourself. */
  perDeal: z.boolean().default(false),
});
export type EvalConfig = z.input<typeof evalConfigSchema>;

/**
 * Threads per core a pool may have (more only wait), and the memory each is counted at (an agent, a model,
 * TensorFlow.js).
 */
const WORKERS_PER_CORE = 4;
const WORKER_MEMORY = 256 * 2 ** 20;

/** An env an evaluation plays, and the model folders it was taken from (none when it was named). */
export interface PlayedEnv {
  env: string;
  options: Record<string, unknown>;
  fromModels: readonly string[];
}

/** How the caller names what `envOfModels` asks for: the library's config fields, or the command line's flags. */
export interface EnvOfModelsWords {
  env: string;
  agents: string;
  give: string;
}

const LIBRARY_WORDS: EnvOfModelsWords = { env: 'env', agents: 'agents', give: 'give env (envIds() lists the ids)' };

/**
 * Without an env named, the env the model folders among the agents were trained for, which must
 * be one game (`whyOtherGame`, as loading a model judges it), with their options unless `options`
 * is given (a model those options do not fit is then refused as with an env named).
 */
export async function envOfModels(
  agents: readonly string[],
  options: Record<string, unknown> | undefined,
  words: EnvOfModelsWords = LIBRARY_WORDS,
): Promise<PlayedEnv> {
  const models = modelDirectoryNames(agents);
  if (models.length === 0) {
    // `model` is the shipped model of the env played: it cannot name one.
    const shipped = agents.includes('model')
      ? ', and model is the one shipped for the env played (its directory, such as models/decade, names its env)'
      : '';
    throw new TengymError(
      'bad-argument',
      `${words.env} is needed unless an agent is a model directory (model.json + weights.bin), whose env is ` +
        `then played${shipped}: ${words.give}`,
    );
  }
  const trained: EnvConfig[] = [];
  for (const name of models) trained.push(await modelEnvConfig(name));
  const [first] = trained;
  if (trained.some((config) => whyOtherGame(config.id, config.options, first) !== null)) {
    const each = models.map((name, i) => `${name}: ${envLabel(trained[i])}`).join('; ');
    throw new TengymError(
      'bad-argument',
      `the models in ${words.agents} were trained for different envs (${each}): a model plays only the env it ` +
        `was trained for, so evaluate models of one env together`,
    );
  }
  return { env: first.id, options: options ?? { ...first.options }, fromModels: models };
}

/** The most worker threads this machine takes: a few per core, and no more than its memory holds. */
export function workerBound(): number {
  return Math.max(1, Math.min(WORKERS_PER_CORE * availableParallelism(), Math.floor(totalmem() / WORKER_MEMORY)));
}

/**
 * What a report says of an agent besides its play: whether it is fair, whether it is a ceiling, and for a model folder
 * what was loaded.
 */
export interface AgentFacts {
  /**
   * False for an agent that sees the stock order (the decade `oracle`); an agent of your own as it says (null when it
   * says nothing).
   */
  fair: boolean | null;
  /** An exact optimum of the catalogue (`optimal`): the ceiling, not a baseline. */
  ceiling?: true;
  /**
   * A model folder, or a model agent loaded from one (`loadAgent`): where it was loaded from, its files' sha256, how it
   * was trained.
   */
  model?: ModelProvenance;
}

export interface AgentResult extends OutcomeFigures, AgentFacts {
  agent: string;
  /**
   * Win rate − the reference's, paired, with its 95% interval; `differing`: the deals one won and the other lost, on
   * which the interval rests.
   */
  vsReference?: { diff: number; ci95: [number, number]; differing: number };
  /**
   * Besides: `<field>VsReference`, the paired difference in the number the game compares players by after the win
   * (`ResultSpec.compare`: the cards left over every deal, `cardsLeftVsReference`; the rounds over the deals both won,
   * `roundsVsReference`, with how many), with its 95% interval.
   */
  seconds: number;
  /** With `perDeal`: deal i's record (deal i is seed + i), the same deals for every agent. */
  deals?: DealRecords;
}

/** A paired difference of the game's comparison (`<field>VsReference`): over the deals both won, with how many. */
export interface PairedFigure {
  diff: number;
  ci95: [number, number];
  deals?: number;
}

/**
 * Every deal's record, by deal: won (1/0), the game's own numbers (`Game.result`: its fields, then its
 * counters), and its length.
 */
export interface DealRecords {
  won: number[];
  steps: number[];
  decisions: number[];
  [recorded: string]: number[];
}

/** `rows` as plain arrays: won, the game's recorded numbers in the order it declares them, steps, decisions. */
export function dealRecords(rows: EpisodeRows, result: ResultSpec): DealRecords {
  const list = (a: ArrayLike<number>) => Array.from(a);
  const own = Object.fromEntries(recordedKeys(result).map((k) => [k, list(rows.values[k])]));
  return { won: list(rows.won), ...own, steps: list(rows.steps), decisions: list(rows.decisions) } as DealRecords;
}

export interface EvalReport {
  /** The tengym that played it, for a table to cite. */
  tengymVersion: string;
  env: string;
  options: Record<string, unknown>;
  episodes: number;
  seed: number;
  /** The first deal of the run from `seed` played (0 unless `firstDeal` was given). */
  firstDeal: number;
  reference: string;
  /**
   * Seconds the worker threads took to start (and play one warm-up deal), before any agent's deals were timed; 0 in
   * this thread alone.
   */
  startupSeconds?: number;
  results: AgentResult[];
}

/**
 * The deals on which two players' results differ (one won, the other lost): what a paired difference in win rate rests
 * on.
 */
export function differingDeals(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

export { median };

/** The figures every report gives from a set of episodes: win rate, interval, the game's own (by their keys). */
export interface OutcomeFigures {
  winRate: number;
  ci95: [number, number];
  /** Env steps a game, forced moves included, and of them the decisions (more than one legal move). */
  meanSteps: number;
  meanDecisions: number;
  /** The game's own figures (`ResultSpec.figures`: `meanCardsLeft`, `meanRounds`…), by key. */
  [figure: string]: unknown;
}

/** The figures of a set of episodes of a game with this result declaration. */
export function summariseRows(rows: EpisodeRows, result: ResultSpec): OutcomeFigures {
  const n = rows.won.length;
  let wins = 0;
  let steps = 0;
  let decisions = 0;
  for (let i = 0; i < n; i++) {
    wins += rows.won[i];
    steps += rows.steps[i];
    decisions += rows.decisions[i];
  }
  const summary: OutcomeFigures = {
    winRate: wins / n,
    ci95: wilsonInterval(wins, n),
    meanSteps: steps / n,
    meanDecisions: decisions / n,
  };
  for (const figure of figuresIn(result, 'report')) summary[figure.key] = figureOf(figure, rows);
  return summary;
}

/**
 * The game's comparison (`ResultSpec.compare`) of a − b, paired: over every deal, or over the deals
 * both won (a lost game has no rounds to win), with how many.
 */
export function pairedFigure(a: EpisodeRows, b: EpisodeRows, result: ResultSpec): PairedFigure {
  const { field, over } = result.compare;
  if (over === 'all') return pairedDifference(a.values[field], b.values[field]);
  const x: number[] = [];
  const y: number[] = [];
  for (let i = 0; i < a.won.length; i++) {
    if (!a.won[i] || !b.won[i]) continue;
    x.push(a.values[field][i]);
    y.push(b.values[field][i]);
  }
  return { ...pairedMean(x, y), deals: x.length };
}

/** The compiled worker exists next to this file only in the built package (dist/). */
function workerUrl(): URL | null {
  return import.meta.url.endsWith('.js') ? new URL('./evaluate-worker.js', import.meta.url) : null;
}

/**
 * Worker threads that play deals, kept for as many runs as the caller makes (an agent loads once
 * per thread, a model included); 0 workers (or the sources, unbuilt) play in this thread. A
 * task's env crosses to a worker as its id and options (`episodeTask`). After a failed run the
 * pool is closed.
 */
/** What an evaluation worker posts (evaluate-worker.ts). */
type WorkerMessage = { ready?: boolean; progress?: number; rows?: EpisodeRows; error?: string; code?: string };

export class EvalPool {
  private workers: Worker[] | null = null;

  constructor(readonly size: number) {}

  /**
   * Starts the worker threads, each loaded and, with `warmUp`, having played it (results
   * dropped), so that the first agent's timed deals do not pay for the threads' start; the
   * seconds it took (0 when it plays in this thread, or the threads were running already).
   */
  async start(warmUp?: EpisodeTask): Promise<number> {
    const url = workerUrl();
    if (this.size === 0 || url === null || this.workers !== null) return 0;
    const began = performance.now();
    const workers = (this.workers = Array.from({ length: this.size }, () => new Worker(url)));
    await this.withEach(workers, (worker, finish) => (m) => {
      if (m.ready && warmUp) return worker.postMessage(warmUp);
      if (m.ready || m.rows) finish();
    });
    return (performance.now() - began) / 1000;
  }

  async run(tasks: Deals[], onProgress: (episodes: number) => void): Promise<EpisodeRows[]> {
    const url = workerUrl();
    if (this.size === 0 || url === null) {
      const rows: EpisodeRows[] = [];
      for (const t of tasks) {
        rows.push(await playNamedAgent(t, () => onProgress(1)));
        // Between tasks, let the event loop run: a Ctrl-C handler (tengym eval) answers within a task.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return rows;
    }
    const workers = (this.workers ??= Array.from({ length: this.size }, () => new Worker(url)));
    const results: EpisodeRows[] = new Array(tasks.length);
    let next = 0;
    await this.withEach(workers, (worker, finish) => {
      let current = -1;
      const feed = () => {
        if (next >= tasks.length) return finish();
        current = next++;
        worker.postMessage(episodeTask(tasks[current]));
      };
      feed();
      return (m) => {
        if (m.progress) onProgress(m.progress);
        if (m.rows) {
          results[current] = m.rows;
          feed();
        }
      };
    });
    return results;
  }

  /**
   * Every worker in a conversation at once, each until it calls `finish`. `begin` may post the
   * worker's first message and returns its handler of the others; a worker's error, or a message
   * carrying one, fails the whole and closes the pool.
   */
  private async withEach(
    workers: Worker[],
    begin: (worker: Worker, finish: () => void) => (m: WorkerMessage) => void,
  ): Promise<void> {
    try {
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve, reject) => {
              let handle: (m: WorkerMessage) => void = () => {};
              const stop = () => {
                worker.off('message', onMessage);
                worker.off('error', onError);
              };
              const onError = (e: Error) => {
                stop();
                reject(e);
              };
              const onMessage = (m: WorkerMessage) => {
                if (m.error) return onError(m.code ? new TengymError(m.code as never, m.error) : new Error(m.error));
                handle(m);
              };
              worker.on('message', onMessage);
              worker.on('error', onError);
              handle = begin(worker, () => {
                stop();
                resolve();
              });
            }),
        ),
      );
    } catch (e) {
      await this.close();
      throw e;
    }
  }

  async close(): Promise<void> {
    const workers = this.workers;
    this.workers = null;
    if (workers) await Promise.all(workers.map((w) => w.terminate()));
  }
}

/** What one agent plays: an env, the agent, and the seed of deal 0. */
export type AgentDeals = Omit<Deals, 'from' | 'to'>;

/**
 * Deals `from`..`to`-1 played by one agent on the pool, in tasks of about an eighth of a
 * worker's share each (so both cores stay busy to the end; in this thread, an eighth of the deals,
 * between which a Ctrl-C is heard); rows indexed from `from`.
 */
export async function playDeals(
  pool: EvalPool,
  agent: AgentDeals,
  from: number,
  to: number,
  onProgress: (episodes: number) => void,
): Promise<EpisodeRows> {
  const chunk = Math.max(1, Math.ceil((to - from) / (Math.max(1, pool.size) * 8)));
  const tasks: Deals[] = [];
  for (let start = from; start < to; start += chunk)
    tasks.push({ ...agent, from: start, to: Math.min(to, start + chunk) });
  const parts = await pool.run(tasks, onProgress);
  const rows = emptyRows(to - from, recordedKeys(agent.env.game.result));
  parts.forEach((p, i) => mergeRows(rows, p, tasks[i].from - from));
  return rows;
}

/** Copies `part` into `target` at `offset`. */
export function mergeRows(target: EpisodeRows, part: EpisodeRows, offset: number): void {
  target.won.set(part.won, offset);
  for (const key of Object.keys(target.values)) target.values[key].set(part.values[key], offset);
  target.steps.set(part.steps, offset);
  target.decisions.set(part.decisions, offset);
}

/** The first n deals of `rows`. */
export function firstDeals(rows: EpisodeRows, n: number): EpisodeRows {
  return {
    won: rows.won.subarray(0, n),
    values: Object.fromEntries(Object.entries(rows.values).map(([k, v]) => [k, v.subarray(0, n)])),
    steps: rows.steps.subarray(0, n),
    decisions: rows.decisions.subarray(0, n),
  };
}

/** Fails fast, in this thread, on unknown agent names and unfit models. */
export async function checkAgents(agents: string[], env: EnvConfig): Promise<void> {
  checkNamesOnce(agents);
  for (const name of agents) checkAgentName(name, env);
  // A model loaded only to check it is freed at once: its weights stay in TensorFlow.js's memory otherwise.
  for (const name of agents) (await resolveAgent(name, env)).dispose?.();
}

/**
 * Refuses a name listed twice: it would play the deals twice and show two rows of one agent (both the reference, were
 * it that).
 */
function checkNamesOnce(names: readonly string[]): void {
  names.forEach((name, i) => {
    const first = names.find((other) => sameAgent(name, other))!;
    if (names.indexOf(first) !== i)
      throw new TengymError(
        'bad-argument',
        `agent "${name}" is listed twice${first === name ? '' : ` (as "${first}")`}: each agent plays the deals once`,
      );
  });
}

/**
 * The key an agent's name is compared by: a model folder's path normalized ("./runs/x/best/" is "runs/x/best"), a
 * catalogue name as it is.
 */
function agentKey(name: string): string {
  return /[\\/]/.test(name) || name.startsWith('.') ? normalize(name).replace(/(?<=.)[\\/]+$/, '') : name;
}

/**
 * Whether two names given for agents are one agent (the same catalogue name, or the same model folder however written).
 */
export function sameAgent(a: string, b: string): boolean {
  return agentKey(a) === agentKey(b);
}

/** The error for a reference that is not one of the agents compared. */
function notAmongAgents(reference: string, agents: readonly string[]): TengymError {
  return new TengymError(
    'bad-argument',
    `reference agent "${reference}" is not among the agents (${agents.join(', ')})`,
  );
}

/**
 * The report of agents that played the same deals: each one's figures and its paired difference from the reference
 * (with `perDeal`, each deal's record).
 */
export function buildReport(
  env: EnvConfig,
  seed: number,
  reference: string,
  played: PlayedAgent[],
  perDeal = false,
  firstDeal = 0,
  startupSeconds?: number,
): EvalReport {
  const result = env.game.result;
  const ref = played.find((p) => p.agent === reference);
  if (!ref)
    throw notAmongAgents(
      reference,
      played.map((p) => p.agent),
    );
  const results: AgentResult[] = played.map((p) => {
    const { agent, rows, seconds } = p;
    const agentResult: AgentResult = {
      agent,
      ...(p.facts ?? namedAgentFacts(agent, env)),
      ...summariseRows(rows, result),
      seconds,
    };
    if (agent !== reference) {
      agentResult.vsReference = {
        ...pairedWins(rows.won, ref.rows.won),
        differing: differingDeals(rows.won, ref.rows.won),
      };
      agentResult[`${result.compare.field}VsReference`] = pairedFigure(rows, ref.rows, result);
    }
    if (perDeal) agentResult.deals = dealRecords(rows, result);
    return agentResult;
  });
  return {
    tengymVersion: TENGYM_VERSION,
    env: env.id,
    options: env.options,
    episodes: ref.rows.won.length,
    seed,
    firstDeal,
    reference,
    ...(startupSeconds === undefined ? {} : { startupSeconds }),
    results,
  };
}

/**
 * An agent's deals, played (what `buildReport` takes), and what the report says of it (without `facts`:
 * `namedAgentFacts` by its name).
 */
export interface PlayedAgent {
  agent: string;
  rows: EpisodeRows;
  seconds: number;
  facts?: AgentFacts;
}

/**
 * What a report says of an agent by the name `--agents` gives it: a catalogue agent's fairness
 * (and ceiling), or a model folder's provenance (a trained model plays from what a player sees:
 * fair); fairness null for a name that is neither.
 */
export function namedAgentFacts(name: string, env: EnvConfig): AgentFacts {
  const info = agentsFor(env).find((a) => a.name === name);
  if (info) return info.ceiling ? { fair: info.fair, ceiling: true } : { fair: info.fair };
  try {
    const dir = modelDirOf(name, env);
    return dir === null ? { fair: null } : { fair: true, model: modelProvenance(dir) };
  } catch {
    // No such folder (any more): the report has no provenance to give.
    return { fair: null };
  }
}

/**
 * What a report says of an agent as given to `evaluate`, once resolved (`agent`): by its name, its
 * fairness as the loaded agent says; an agent object's own `fair`, null when it says nothing. A
 * model's provenance is that of the bytes loaded here (`modelProvenanceOf`), for a folder named
 * and for an agent object `loadAgent` gave alike.
 */
function agentFacts(given: string | Agent, agent: Agent, env: EnvConfig): AgentFacts {
  const fair = typeof agent.fair === 'boolean' ? agent.fair : null;
  const model = modelProvenanceOf(agent);
  const named = typeof given === 'string' ? namedAgentFacts(given, env) : {};
  return { ...named, fair, ...(model === undefined ? {} : { model }) };
}

/**
 * The reference plays first. `onAgentDone` is called once the worker threads have started (no
 * agent played yet), then after each agent's deals, with every agent played so far, in the order
 * of `agents`, and the threads' `startupSeconds`: what `buildReport` needs for a report of what
 * was played when the run is stopped.
 */
export async function evaluate(
  config: EvalConfig,
  onProgress?: (done: number, total: number, agent: string) => void,
  onAgentDone?: (played: readonly PlayedAgent[], startupSeconds: number) => void,
): Promise<EvalReport> {
  const parsed = evalConfigSchema.safeParse(config);
  if (!parsed.success) throw new TengymError('bad-argument', `bad evaluation config: ${formatZodError(parsed.error)}`);
  const c = parsed.data;
  checkSeedFits(
    c.seed,
    c.firstDeal + c.episodes,
    c.firstDeal === 0 ? `episodes ${c.episodes}` : `deals ${c.firstDeal} to ${c.firstDeal + c.episodes - 1}`,
  );
  const maxWorkers = workerBound();
  if (c.workers !== undefined && c.workers > maxWorkers) {
    throw new TengymError(
      'bad-argument',
      `workers ${c.workers} is more than this machine takes: at most ${maxWorkers} worker threads ` +
        `(${WORKERS_PER_CORE} ` +
        (`per core on ${availableParallelism()} cores, each given ${WORKER_MEMORY / 2 ** 20} MiB of its ` +
          `${Math.round(totalmem() / 2 ** 30)} `) +
        `GiB); 0 plays in this thread`,
    );
  }
  // No env named: the one the model folders among the agents were trained for.
  const env =
    c.env !== undefined
      ? envConfig(c.env, c.options)
      : await envOfModels(
          c.agents.filter((a): a is string => typeof a === 'string'),
          config.options,
        ).then((m) => envConfig(m.env, m.options));
  // An agent module of one's own (./mine.mjs) plays in this thread, as the agent object it exports does.
  const agents = await Promise.all(
    c.agents.map((a) => (typeof a === 'string' && isAgentModulePath(a) ? loadAgentModule(a, env) : a)),
  );
  const names = agents.map((a) => (typeof a === 'string' ? a : a.name));
  // The reference as --agents spells it, which the report's rows carry.
  const reference = names.find((a) => sameAgent(a, c.reference ?? names[0]));
  if (reference === undefined) throw notAmongAgents(c.reference!, names);
  checkNamesOnce(names);
  for (const a of agents) if (typeof a === 'string') checkAgentName(a, env);
  const facts: AgentFacts[] = [];
  for (const a of agents) {
    if (typeof a === 'string') {
      const agent = await resolveAgent(a, env);
      agent.dispose?.();
      facts.push(agentFacts(a, agent, env));
    } else if (typeof a.reset !== 'function')
      throw new TengymError(
        'bad-argument',
        `agent "${a.name}" has no reset(seed): evaluate resets each agent before each deal, with a seed ` +
          `derived from the deal's`,
      );
    else if (a.fair !== undefined && typeof a.fair !== 'boolean')
      throw new TengymError(
        'bad-argument',
        `agent "${a.name}": fair must be true or false (false for an agent that sees the order of the stock), ` +
          `or left out; got ${showValue(a.fair)}`,
      );
    else facts.push(agentFacts(a, a, env));
  }
  const total = c.episodes * agents.length;
  let done = 0;
  // Worker threads know the built-in games only: a game registered at run time plays here, as agent objects do.
  const pool = new EvalPool(isBuiltInEnv(env.id) ? (c.workers ?? availableParallelism()) : 0);
  const here = new EvalPool(0);
  // The reference plays first, so that a run stopped after any agent has what the others are compared with; rows keep
  // --agents' order.
  const first = names.indexOf(reference);
  const order = [first, ...[...names.keys()].filter((k) => k !== first)];
  const finished: (PlayedAgent | undefined)[] = names.map(() => undefined);
  const played = () => finished.filter((p): p is PlayedAgent => p !== undefined);
  let startupSeconds = 0;
  try {
    // The threads start (and play a deal of `first`) before any agent is timed: the first agent's seconds would hold
    // their start otherwise.
    if (agents.some((a) => typeof a === 'string'))
      startupSeconds = await pool.start({
        env: env.id,
        options: env.options,
        agent: 'first',
        seed: c.seed,
        from: c.firstDeal,
        to: c.firstDeal + 1,
      });
    onAgentDone?.([], startupSeconds);
    for (const k of order) {
      const agent = agents[k];
      const name = names[k];
      const start = performance.now();
      const onDeals = (n: number) => {
        done += n;
        onProgress?.(done, total, name);
      };
      const rows = await playDeals(
        typeof agent === 'string' ? pool : here,
        { env, agent, seed: c.seed },
        c.firstDeal,
        c.firstDeal + c.episodes,
        onDeals,
      );
      finished[k] = { agent: name, rows, seconds: (performance.now() - start) / 1000, facts: facts[k] };
      onAgentDone?.(played(), startupSeconds);
    }
  } finally {
    await pool.close();
  }
  return buildReport(env, c.seed, reference, played(), c.perDeal, c.firstDeal, startupSeconds);
}
