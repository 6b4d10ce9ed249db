/**
 * What a player who follows the top hint goes through (Node-only: models are read from disk):
 * games played by always taking the first hint, counting the decisions (states with two legal
 * moves or more), the Four Ten exchanges and the rounds, beside the same deals played by an
 * agent itself. Hints that send a player on walks of exchanges that change nothing show up as
 * more exchanges than a plain baseline makes.
 *
 * npx tsx research/follow-hints.ts [--env four-ten] [--seed 100] [--games 20] [--sources
 * default,optimal,expectimax,bottom] [--agents bottom] [--window 20] [--values FILE] [--bare]
 *
 * Hinters and agents see every state of a game, forced moves included, as `tengym play` and the
 * page show them (a source that remembers, Ten-Twenty-Thirty's, needs it); `--bare` shows them
 * only the decisions, as a program asking `tengym hint` at a bare state does.
 *
 * With at least two windows of games (Four Ten), each row's rounds are also compared with the
 * first agent's, game by game: how often a check on `--window` deals would find it behind.
 * `--values FILE` (from `four-ten-optimal.js --discount D --out FILE`) plays `optimal` with those
 * game values instead of the shipped ones.
 */
import '../src/games/index.js';
import type { Env } from '../src/env/env.js';
import { envConfig, make } from '../src/env/registry.js';
import { FIRST_EXCHANGE, END_TURN } from '../src/games/four-ten/engine.js';
import { createAgent } from '../src/agents/index.js';
import { loadHinter, type HintChoice } from '../src/node/hint-loader.js';
import { installGameValues } from '../src/games/four-ten/solver/index.js';
import { readGameValues } from './game-values-file.js';
import { programArgs, runIfMain } from '../src/node/program-args.js';

export interface FollowStats {
  /** "default" (the env's own hint source), "hints: NAME", or "agent NAME" (the agent's own moves). */
  who: string;
  games: number;
  /** Per game, means. */
  decisions: number;
  exchanges: number;
  rounds: number;
  won: number;
  /** Rounds of each game, in seed order (a game not won counts `maxRounds`). */
  roundsByGame: number[];
}

/** Four Ten exchanges (ids 15–46); other engines have none. */
function isExchange(env: Env, action: number): boolean {
  return env.id.startsWith('four-ten') && action >= FIRST_EXCHANGE && action < END_TURN;
}

/**
 * `see`, where given, is shown the states with one legal move (as `tengym play` and the page show their hinter every
 * state).
 */
function play(
  envId: string,
  options: Record<string, unknown>,
  seeds: readonly number[],
  who: string,
  pick: (env: Env) => number,
  see?: (env: Env) => void,
): FollowStats {
  const env = make(envId, options);
  let decisions = 0;
  let exchanges = 0;
  let rounds = 0;
  let won = 0;
  const roundsByGame: number[] = [];
  for (const seed of seeds) {
    env.reset({ seed });
    while (env.running) {
      const forced = env.legalCount === 1;
      if (forced) see?.(env);
      const action = forced ? env.legal[0] : pick(env);
      if (!forced) decisions++;
      if (isExchange(env, action)) exchanges++;
      env.step(action);
    }
    const outcome = env.outcome() as { won: boolean; rounds?: number };
    rounds += outcome.rounds ?? 0;
    if (outcome.won) won++;
    roundsByGame.push(outcome.won ? (outcome.rounds ?? 0) : Number(env.options.maxRounds ?? 0));
  }
  const n = seeds.length;
  return { who, games: n, decisions: decisions / n, exchanges: exchanges / n, rounds: rounds / n, won, roundsByGame };
}

/**
 * Games on `seeds` following the top hint of `choice` (undefined: the env's default source, as
 * `tengym hint` and `play` use it). The hinter is shown every state, as `tengym play` and the
 * page show it; `bare`: only the decisions it ranks, as a program asking at a bare state would.
 */
export async function followHints(
  envId: string,
  options: Record<string, unknown>,
  seeds: readonly number[],
  choice?: HintChoice,
  bare = false,
): Promise<FollowStats> {
  const { hinter } = await loadHinter(envId, options, choice, { details: false });
  const who =
    (choice === undefined ? 'default' : `hints: ${'model' in choice ? choice.model : choice.agent}`) +
    (bare ? ' (bare)' : '');
  return play(
    envId,
    options,
    seeds,
    who,
    (env) => hinter.hint(env, { top: 1 }).hints[0].action,
    bare ? undefined : (env) => hinter.observe(env),
  );
}

/** The same deals played by a catalogue agent's own `act`, at every state (`bare`: only at the decisions). */
export function followAgent(
  envId: string,
  options: Record<string, unknown>,
  seeds: readonly number[],
  name: string,
  bare = false,
): FollowStats {
  const agent = createAgent(name, envConfig(envId, options));
  return play(
    envId,
    options,
    seeds,
    `agent ${name}${bare ? ' (bare)' : ''}`,
    (env) => agent.act(env),
    bare ? undefined : (env) => agent.observe?.(env),
  );
}

/**
 * Rounds of `row` against `base` on the same deals: the mean difference per game and its spread,
 * the games that differ, and in how many runs of `window` consecutive deals `row` needs more
 * rounds in all: how often a check on that many deals would find it behind.
 */
export function pairedRounds(row: FollowStats, base: FollowStats, window: number): string {
  const diff = row.roundsByGame.map((r, i) => r - base.roundsByGame[i]);
  const n = diff.length;
  const mean = diff.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(diff.reduce((a, d) => a + (d - mean) ** 2, 0) / n);
  const runs = Math.floor(n / window);
  let behind = 0;
  for (let k = 0; k < runs; k++) if (diff.slice(k * window, (k + 1) * window).reduce((a, b) => a + b, 0) > 0) behind++;
  const signed = mean > 0 ? `+${mean.toFixed(3)}` : mean < 0 ? `−${(-mean).toFixed(3)}` : '0.000';
  return (
    `${row.who} − ${base.who}: rounds ${signed} a game (sd ${sd.toFixed(2)}), ${diff.filter((d) => d !== 0).length} ` +
    `of ${n} games differ; more rounds in ${behind} of ${runs} runs of ${window} deals`
  );
}

export function formatFollowStats(rows: readonly FollowStats[]): string[] {
  const width = Math.max(...rows.map((r) => r.who.length));
  return rows.map(
    (r) =>
      `${r.who.padEnd(width)}  decisions ${r.decisions.toFixed(1).padStart(6)}  exchanges ` +
      `${r.exchanges.toFixed(1).padStart(6)} ` +
      ` rounds ${r.rounds.toFixed(2)}  won ${r.won}/${r.games}`,
  );
}

const USAGE =
  '  npx tsx research/follow-hints.ts [--env four-ten] [--seed 100] [--games 20] ' +
  '[--sources default,optimal,expectimax,bottom] [--agents bottom] [--window 20] [--values FILE] [--bare]\n' +
  '  (--sources and --agents default to those on Four Ten, to default and first elsewhere)';

async function main(): Promise<void> {
  const { values: args } = programArgs(USAGE, {
    env: { type: 'string', default: 'four-ten' },
    seed: { type: 'string', default: '100' },
    games: { type: 'string', default: '20' },
    sources: { type: 'string' },
    agents: { type: 'string' },
    window: { type: 'string', default: '20' },
    values: { type: 'string', default: '' },
    bare: { type: 'boolean', default: false },
  });
  const envId = args.env;
  // Four Ten's sources and agents by default; elsewhere the env's own hints beside `first`.
  const fourTen = envId.startsWith('four-ten');
  const sources = args.sources ?? (fourTen ? 'default,optimal,expectimax,bottom' : 'default');
  const agentNames = args.agents ?? (fourTen ? 'bottom' : 'first');
  const first = Number(args.seed);
  const games = Number(args.games);
  const seeds = Array.from({ length: games }, (_, i) => first + i);
  if (args.values !== '') installGameValues(readGameValues(args.values));
  const bare = args.bare;
  const rows: FollowStats[] = [];
  for (const source of sources.split(',')) {
    rows.push(await followHints(envId, {}, seeds, source === 'default' ? undefined : { agent: source }, bare));
  }
  const agents = agentNames.split(',');
  for (const name of agents) rows.push(followAgent(envId, {}, seeds, name, bare));
  console.log(
    `${envId}, seeds ${first}–${first + games - 1}: following the top hint (or the agent's own moves), per game`,
  );
  for (const line of formatFollowStats(rows)) console.log(line);
  const window = Number(args.window);
  const base = rows[rows.length - agents.length];
  if (fourTen && games >= 2 * window)
    for (const row of rows) if (row !== base) console.log(pairedRounds(row, base, window));
}

await runIfMain(import.meta.url, main);
