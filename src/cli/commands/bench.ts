import type { CommandModule } from 'yargs';
import { hasSameOutcome } from '../../hints/hint.js';
import { envConfig, envIds, envSpec } from '../../env/registry.js';
import { checkSeedFits } from '../../env/env.js';
import { benchEnv } from '../../env/bench.js';
import { benchHints, hintBenchGames } from '../../eval/hint-bench.js';
import { checkNoOptionsForEvery, checkNumberOption, checkSeedOption, formatTable, parseOptionsJson, writeLine } from '../io.js';
import { hintChoice } from './hint.js';

/** The longest a bench times one env in one mode. */
export const MAX_BENCH_SECONDS = 3600;

interface Args {
  env?: string;
  options?: string;
  seconds: number;
  'num-envs': number;
  hints: boolean;
  states: number;
  warmup: number;
  seed: number;
  model?: string;
  agent?: string;
  json: boolean;
}

/** Hint latency of one env, or of every env with real decisions (Tens and Block Ten rank nothing). */
async function hintsBench(args: Args): Promise<void> {
  const ids = args.env ? [envSpec(args.env).id] : envIds().filter((id) => !hasSameOutcome(envConfig(id)));
  const choice = hintChoice(args.agent, args.model);
  const results = [];
  for (const id of ids) results.push(await benchHints(id, parseOptionsJson(args.options), { states: args.states, warmup: args.warmup, seed: args.seed, top: 3, choice }));
  if (args.json) {
    writeLine(JSON.stringify(results));
    return;
  }
  const ms = (x: number) => x.toFixed(3);
  writeLine(`hint(getState(), { top: 3 }) at every state with a choice, in games played by the top hint from seed ${args.seed}; the first ${args.warmup} calls untimed\n`);
  writeLine(formatTable(['env', 'states', 'games', 'p50 ms', 'p99 ms', 'max ms', 'first call ms', 'source'], results.map((r) => [r.env, r.states, r.games, ms(r.p50Ms), ms(r.p99Ms), ms(r.maxMs), ms(r.firstMs), r.source])));
}

export const benchCommand: CommandModule<object, Args> = {
  command: 'bench',
  describe: 'Steps per second of random legal play (mask and observation every step), single env and vector env; with --hints, hint latency',
  builder: (y) =>
    y
      .option('env', { type: 'string', describe: 'One env id (default: every id; with --hints, every id with real decisions)' })
      .option('seconds', { type: 'number', default: 2, describe: 'Seconds timed per env and per mode' })
      .option('num-envs', { type: 'number', default: 64, describe: 'Copies in the vector env' })
      .option('hints', { type: 'boolean', default: false, describe: 'Time hints instead: p50/p99 ms of hint(getState()) over mid-game states' })
      .option('states', { type: 'number', default: 5000, describe: 'With --hints: states timed per env' })
      .option('warmup', { type: 'number', default: 1000, describe: 'With --hints: calls made before timing starts (JIT, model load, solver tables)' })
      .option('seed', { type: 'number', default: 1, describe: 'With --hints: seed of the first game' })
      .option('options', { type: 'string', describe: 'With --hints and --env: env options as JSON' })
      .option('agent', { type: 'string', describe: "With --hints: who ranks, an agent of the env or a model directory (default: the env's default hint source)" })
      .option('model', { type: 'string', describe: 'With --hints: model directory to rank with; the same as --agent DIR' })
      .option('json', { type: 'boolean', default: false, describe: 'Print [{ env, stepsPerSecond, vectorStepsPerSecond, numEnvs }] (with --hints: [{ env, source, states, p50Ms, p99Ms, maxMs, firstMs, … }])' })
      .check((a) => {
        checkNumberOption('seconds', a.seconds, { integer: false, above: true, max: MAX_BENCH_SECONDS, maxWhy: 'an hour per env and mode' });
        checkNumberOption('num-envs', a['num-envs'], { min: 1 });
        checkNumberOption('states', a.states, { min: 1, max: 10_000_000 });
        checkNumberOption('warmup', a.warmup, { max: 10_000_000 });
        checkSeedOption('seed', a.seed);
        if (a.hints) {
          const games = hintBenchGames(a.states, a.warmup);
          checkSeedFits(a.seed, games, `--states ${a.states} and --warmup ${a.warmup}, which may deal up to ${games} games before giving up`, '--seed');
          if (a.env === undefined) checkNoOptionsForEvery(a.options, '--hints without --env');
        }
        return true;
      })
      .example('$0 bench --seconds 2', 'Steps per second of every id (the table in docs/environments.md)')
      .example('$0 bench --hints --env decade --states 2000', 'Hint latency for decade'),
  handler: async (args) => {
    if (args.hints) return hintsBench(args);
    const ids = args.env ? [envSpec(args.env).id] : envIds();
    const results = ids.map((id) => benchEnv(id, args.seconds, args['num-envs']));
    if (args.json) {
      writeLine(JSON.stringify(results.map((r) => ({ ...r, stepsPerSecond: Math.round(r.stepsPerSecond), vectorStepsPerSecond: Math.round(r.vectorStepsPerSecond) }))));
      return;
    }
    const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
    writeLine(formatTable(['env', 'steps/s (single)', `steps/s (vector ×${args['num-envs']})`], results.map((r) => [r.env, fmt(r.stepsPerSecond), fmt(r.vectorStepsPerSecond)])));
  },
};
