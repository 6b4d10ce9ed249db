import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CommandModule } from 'yargs';
import { hasSameOutcome } from '../../hints/hint.js';
import { envConfig, envIds, envSpec } from '../../env/registry.js';
import { checkSeedFits } from '../../env/env.js';
import { benchEnv, type BenchResult } from '../../env/bench.js';
import { MAX_COPIES, maxCopies } from '../../env/vector.js';
import { TengymError } from '../../env/errors.js';
import { benchHints, hintBenchGames } from '../../eval/hint-bench.js';
import {
  checkNoOptionsForEvery,
  checkNumberOption,
  checkSeedOption,
  formatTable,
  parseOptionsJson,
  SCREEN_WIDTH,
  wrapText,
  writeLine,
} from '../io.js';
import { hintChoice } from './hint.js';
import { TENGYM_VERSION } from '../../node/version.js';
import { ProgressLines } from '../progress.js';

/** What a timing depends on besides the env, first in every --json result: tengym's version, Node's, and the cores. */
function machine(): { tengymVersion: string; nodeVersion: string; cores: number } {
  return { tengymVersion: TENGYM_VERSION, nodeVersion: process.versions.node, cores: availableParallelism() };
}

/** Every option of an id with its defaults filled in, as an evaluation's report gives them. */
function filledOptions(id: string, options: Record<string, unknown>): Record<string, unknown> {
  return { ...envConfig(id, options).options };
}

/**
 * One id's rates, timed in a thread of its own (bench-worker.ts). The layouts' code is shared by many games, and V8
 * makes it generic once it has run several of them: in one thread Baroness, timed after forty other ids, ran at
 * 0.42 M steps/s, and alone at 1.46 M. A training process runs one id, and the table no longer depends on the order.
 * From the sources (tsx, where no worker is built) the id is timed in this thread.
 */
function benchAlone(id: string, seconds: number, numEnvs: number, options: Record<string, unknown>) {
  if (!import.meta.url.endsWith('.js')) return Promise.resolve(benchEnv(id, seconds, numEnvs, options));
  return new Promise<BenchResult>((done, fail) => {
    const worker = new Worker(new URL('./bench-worker.js', import.meta.url), {
      workerData: { id, seconds, numEnvs, options },
    });
    worker.once('message', (result: BenchResult) => {
      done(result);
      void worker.terminate();
    });
    worker.once('error', fail);
    // A thread that ends without its result (killed, out of memory) fails the bench rather than leaving it waiting.
    worker.once('exit', (code) => fail(new Error(`tengym bench: the thread timing ${id} ended (exit ${code})`)));
  });
}

/** The longest a bench times one env in one mode. */
export const MAX_BENCH_SECONDS = 3600;

interface Args {
  env?: string;
  options?: string;
  seconds?: number;
  'num-envs'?: number;
  hints: boolean;
  states?: number;
  warmup?: number;
  seed?: number;
  model?: string;
  agent?: string;
  json: boolean;
}

/**
 * Each mode's own flags with their defaults (env speed; hint latency with --hints), applied here
 * rather than by yargs so that one given to the other mode, which would ignore it, is seen and refused.
 */
const SPEED_DEFAULTS = { seconds: 2, 'num-envs': 64 };
const HINT_DEFAULTS = { states: 5000, warmup: 1000, seed: 1 };
const SPEED_ONLY = ['seconds', 'num-envs'] as const;
const HINT_ONLY = ['states', 'warmup', 'seed', 'agent', 'model'] as const;

/** --states, --warmup and --seed of the hint bench, defaults filled in. */
function hintSettings(a: Args): { states: number; warmup: number; seed: number } {
  return {
    states: a.states ?? HINT_DEFAULTS.states,
    warmup: a.warmup ?? HINT_DEFAULTS.warmup,
    seed: a.seed ?? HINT_DEFAULTS.seed,
  };
}

/** Refuses the flags of the other mode (this one would ignore them), naming them and the flags this mode takes. */
function checkModeFlags(a: Args): void {
  const stray = (a.hints ? SPEED_ONLY : HINT_ONLY).filter((flag) => a[flag] !== undefined).map((flag) => `--${flag}`);
  if (stray.length === 0) return;
  const named = stray.length === 1 ? `${stray[0]} goes` : `${stray.slice(0, -1).join(', ')} and ${stray.at(-1)} go`;
  throw new TengymError(
    'bad-argument',
    a.hints
      ? `${named} with bench without --hints (env speed): bench --hints times hints, with --env, --options, ` +
          `--states, --warmup, --seed and --agent or --model`
      : `${named} with --hints (hint latency): bench without --hints times random play, with --env, --options, ` +
          `--seconds and --num-envs`,
  );
}

/** The options a bench ran with, for its heading ('' with the defaults). */
function withOptions(options: Record<string, unknown>): string {
  return Object.keys(options).length > 0 ? `, options ${JSON.stringify(options)}` : '';
}

/** No --env, or `--env all` (as stats and fuzz take it): every id. */
const everyEnv = (a: Args): boolean => a.env === undefined || a.env === 'all';

/** `--env a,b`: several ids, each timed with its defaults. */
const severalEnvs = (a: Args): boolean => !everyEnv(a) && a.env!.includes(',');

/** The ids --env names: `every` without it or with `all`, else one id or several, comma-separated, each once. */
function namedIds(a: Args, every: () => string[]): string[] {
  if (everyEnv(a)) return every();
  return [...new Set(a.env!.split(',').map((name) => envSpec(name.trim()).id))];
}

/** Hint latency of one env, or of every env with real decisions (Tens and Block Ten rank nothing). */
async function hintsBench(args: Args): Promise<void> {
  const ids = namedIds(args, () => envIds().filter((id) => !hasSameOutcome(envConfig(id))));
  const choice = hintChoice(args.agent, args.model);
  const { states, warmup, seed } = hintSettings(args);
  const options = parseOptionsJson(args.options);
  const results = [];
  // Progress on stderr (a bar on a terminal, else a line per env): each env takes seconds to minutes.
  const progress = new ProgressLines(true);
  for (const [k, id] of ids.entries()) {
    progress.update(k, ids.length, id);
    results.push({ ...(await benchHints(id, options, { states, warmup, seed, top: 3, choice })), options });
    progress.line(`tengym bench --hints: ${id} timed (${k + 1} of ${ids.length})`);
  }
  progress.done();
  if (args.json) {
    writeLine(JSON.stringify(results.map((r) => ({ ...machine(), ...r, options: filledOptions(r.env, r.options) }))));
    return;
  }
  const ms = (x: number) => x.toFixed(3);
  writeLine(
    `${wrapText(
      `hint(getState(), { top: 3 }) at every state with a choice, in games played by the top hint from seed ` +
        `${seed}; the first ${warmup} calls untimed${withOptions(options)}`,
    )}\n`,
  );
  writeLine(
    formatTable(
      ['env', 'states', 'games', 'p50 ms', 'p99 ms', 'max ms', 'first call ms', 'source'],
      results.map((r) => [r.env, r.states, r.games, ms(r.p50Ms), ms(r.p99Ms), ms(r.maxMs), ms(r.firstMs), r.source]),
      { width: SCREEN_WIDTH },
    ),
  );
}

export const benchCommand: CommandModule<object, Args> = {
  command: 'bench',
  describe:
    'Steps per second of random legal play (mask and observation every step), single env and vector env; with ' +
    '--hints, hint latency',
  builder: (y) =>
    y
      .option('env', {
        type: 'string',
        describe:
          'One env id, several comma-separated, or "all" (the default): every id, with --hints every id with real ' +
          'decisions',
      })
      .option('seconds', {
        type: 'number',
        defaultDescription: String(SPEED_DEFAULTS.seconds),
        describe: 'Seconds timed per env and per mode (not with --hints)',
      })
      .option('num-envs', {
        type: 'number',
        defaultDescription: String(SPEED_DEFAULTS['num-envs']),
        describe: 'Copies in the vector env (not with --hints)',
      })
      .option('hints', {
        type: 'boolean',
        default: false,
        describe: 'Time hints instead: p50/p99 ms of hint(getState()) over mid-game states',
      })
      .option('states', {
        type: 'number',
        defaultDescription: String(HINT_DEFAULTS.states),
        describe: 'With --hints: states timed per env',
      })
      .option('warmup', {
        type: 'number',
        defaultDescription: String(HINT_DEFAULTS.warmup),
        describe: 'With --hints: calls made before timing starts (JIT, model load, solver tables)',
      })
      .option('seed', {
        type: 'number',
        defaultDescription: String(HINT_DEFAULTS.seed),
        describe: 'With --hints: seed of the first game',
      })
      .option('options', { type: 'string', describe: 'With --env: env options as JSON' })
      .option('agent', {
        type: 'string',
        describe:
          "With --hints: who ranks, an agent of the env or a model directory (default: the env's default hint source)",
      })
      .option('model', {
        type: 'string',
        describe: 'With --hints: model directory to rank with; the same as --agent DIR',
      })
      .option('json', {
        type: 'boolean',
        default: false,
        describe:
          'Print [{ tengymVersion, nodeVersion, cores, env, options, stepsPerSecond, vectorStepsPerSecond, ' +
          'numEnvs }] (with --hints: [{ tengymVersion, nodeVersion, cores, env, options, source, states, ' +
          'p50Ms, p99Ms, maxMs, firstMs, … }]); options are every option of the env, defaults filled in',
      })
      .check((a) => {
        checkModeFlags(a);
        checkNumberOption('seconds', a.seconds, {
          integer: false,
          above: true,
          max: MAX_BENCH_SECONDS,
          maxWhy: 'an hour per env and mode',
        });
        checkNumberOption('num-envs', a['num-envs'], { min: 1, max: MAX_COPIES, maxWhy: 'copies in one vector env' });
        checkNumberOption('states', a.states, { min: 1, max: 10_000_000 });
        checkNumberOption('warmup', a.warmup, { max: 10_000_000 });
        checkSeedOption('seed', a.seed);
        if (a.hints) {
          const { states, warmup, seed } = hintSettings(a);
          const games = hintBenchGames(states, warmup);
          checkSeedFits(
            seed,
            games,
            `--states ${states} and --warmup ${warmup}, which may deal up to ${games} games before giving up`,
            '--seed',
          );
        }
        if (everyEnv(a))
          checkNoOptionsForEvery(
            a.options,
            a.env === 'all' ? '--env all' : a.hints ? '--hints without --env' : 'bench without --env',
          );
        else if (severalEnvs(a)) checkNoOptionsForEvery(a.options, `--env ${a.env}`, 'each id');
        return true;
      })
      .example('$0 bench --seconds 2', 'Steps per second of every id (the table in docs/environments.md)')
      .example('$0 bench --hints --env decade --states 2000', 'Hint latency for decade'),
  handler: async (args) => {
    if (args.hints) return hintsBench(args);
    const ids = namedIds(args, envIds);
    const { seconds = SPEED_DEFAULTS.seconds, 'num-envs': numEnvs = SPEED_DEFAULTS['num-envs'] } = args;
    const options = parseOptionsJson(args.options);
    // Refused before any env is timed, in the flag's terms.
    for (const id of ids) {
      const most = maxCopies(envConfig(id, options));
      if (numEnvs > most)
        throw new TengymError(
          'bad-argument',
          `--num-envs ${numEnvs} is more copies of ${id} than fit in one vector env (at most ${most} in its ` +
            `memory budget)`,
        );
    }
    const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
    // Each row as soon as its env is timed (19 ids take 2 × --seconds each): the header first, columns fixed by it.
    const header = ['env', 'steps/s (single)', `steps/s (vector ×${numEnvs})`];
    const widths = [Math.max(3, ...ids.map((id) => id.length)), header[1].length, header[2].length];
    const row = (cells: string[]) =>
      cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[c]))).join('  ');
    if (!args.json) {
      if (Object.keys(options).length > 0) writeLine(`random legal play${withOptions(options)}\n`);
      writeLine(
        header
          .map((h, c) => h.padEnd(widths[c]))
          .join('  ')
          .trimEnd(),
      );
      writeLine(widths.map((w) => '-'.repeat(w)).join('  '));
    }
    // With --json, the progress on stderr: a bar on a terminal, else a line per env.
    const progress = args.json ? new ProgressLines(true) : null;
    const results: BenchResult[] = [];
    for (const [k, id] of ids.entries()) {
      progress?.update(k, ids.length, id);
      const r = await benchAlone(id, seconds, numEnvs, options);
      if (!args.json) writeLine(row([r.env, fmt(r.stepsPerSecond), fmt(r.vectorStepsPerSecond)]));
      progress?.line(`tengym bench: ${id} timed (${k + 1} of ${ids.length})`);
      results.push(r);
    }
    progress?.done();
    if (args.json) {
      writeLine(
        JSON.stringify(
          results.map((r) => ({
            ...machine(),
            ...r,
            options: filledOptions(r.env, options),
            stepsPerSecond: Math.round(r.stepsPerSecond),
            vectorStepsPerSecond: Math.round(r.vectorStepsPerSecond),
          })),
        ),
      );
      return;
    }
  },
};
