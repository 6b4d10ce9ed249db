import type { CommandModule } from 'yargs';
import { envConfig, envIds, envSpec } from '../../env/registry.js';
import { checkSeedFits } from '../../env/env.js';
import { randomPlayStats, type StatsResult } from '../../stats/random-play.js';
import { figuresIn } from '../../stats/figures.js';
import { TENGYM_VERSION } from '../../node/version.js';
import {
  checkNoOptionsForEvery,
  checkNumberOption,
  checkSeedOption,
  formatTable,
  noteUnwinnable,
  parseOptionsJson,
  pct,
  writeLine,
} from '../io.js';

/** The most deals `tengym stats` plays per env. */
export const MAX_STATS_EPISODES = 100_000_000;

interface Args {
  env: string;
  options?: string;
  episodes: number;
  seed: number;
  json: boolean;
}

export function statsTable(results: StatsResult[]): string {
  // Each game's first random-play figure, by its label: the envs of one table may be of several games.
  const figures = [
    ...new Map(
      results.flatMap((r) => figuresIn(envSpec(r.env).game.result, 'stats').slice(0, 1)).map((f) => [f.label, f]),
    ).values(),
  ];
  const header = ['env', 'options', 'episodes', 'win rate', '95% interval', ...figures.map((f) => f.label)];
  const rows = results.map((r) => [
    r.env,
    JSON.stringify(nonDefault(r)),
    r.episodes,
    pct(r.winRate),
    `${pct(r.ci95[0])} – ${pct(r.ci95[1])}`,
    ...figures.map((f) => (typeof r[f.key] === 'number' ? (r[f.key] as number).toFixed(f.digits) : '')),
  ]);
  // A column no row fills is another game's figure: the decade family's table has no rounds column, Four Ten's no cards
  // left.
  const shown = header.map((_, c) => rows.some((row) => row[c] !== ''));
  return formatTable(
    header.filter((_, c) => shown[c]),
    rows.map((row) => row.filter((_, c) => shown[c])),
  );
}

function nonDefault(r: StatsResult): Record<string, unknown> {
  const defaults = envConfig(r.env).options;
  return Object.fromEntries(
    Object.entries(r.options).filter(([k, v]) => JSON.stringify(defaults[k]) !== JSON.stringify(v)),
  );
}

/**
 * Which deals the figures are over: a rate quoted elsewhere (the rules, docs/environments.md) is over other deals,
 * usually more of them, and differs by about its interval.
 */
export function dealsLine(episodes: number, seed: number): string {
  const last = seed + episodes - 1;
  return (
    `Random legal play over ${episodes.toLocaleString('en-US')} deals, seeds ${seed.toLocaleString('en-US')} to ` +
    `${last.toLocaleString('en-US')}.\nFigures over other deals differ by about the interval; docs/environments.md ` +
    'gives them over 100,000 deals (--episodes 100000).'
  );
}

export const statsCommand: CommandModule<object, Args> = {
  command: 'stats',
  describe: 'Outcome rates under random play, with a 95% Wilson interval',
  builder: (y) =>
    y
      .option('env', {
        type: 'string',
        demandOption: true,
        describe: 'Env id, or "all" for every id with its defaults (--options goes with one id)',
      })
      .option('options', { type: 'string', describe: `Env options as JSON, e.g. '{"tableau":15}'` })
      .option('episodes', { type: 'number', default: 10000, describe: 'Deals to play (deal i uses seed + i)' })
      .option('seed', { type: 'number', default: 0, describe: 'First deal seed' })
      .option('json', {
        type: 'boolean',
        default: false,
        describe:
          "Print { tengymVersion, env, options, episodes, winRate, ci95: [lo, hi], the game's own figures " +
          "(meanCardsLeft; meanRoundsPlayed, every game, where tengym eval's meanRounds counts the won ones), … }",
      })
      .check((a) => {
        checkNumberOption('episodes', a.episodes, {
          min: 1,
          max: MAX_STATS_EPISODES,
          maxWhy: 'tens of minutes of random play per env',
        });
        checkSeedOption('seed', a.seed);
        checkSeedFits(a.seed, a.episodes, `--episodes ${a.episodes}`, '--seed');
        if (a.env === 'all') checkNoOptionsForEvery(a.options, '--env all');
        return true;
      })
      .example(
        '$0 stats --env all --episodes 100000',
        'Random-play win rates of every id (the table in docs/environments.md)',
      )
      .example(`$0 stats --env tens --options '{"tableau":15}' --json`, 'One variant, as JSON'),
  handler: (args) => {
    const options = parseOptionsJson(args.options);
    const ids = args.env === 'all' ? envIds() : [envSpec(args.env).id];
    if (args.env !== 'all') noteUnwinnable(envConfig(ids[0], options));
    const results = ids.map((id) => randomPlayStats(id, options, args.episodes, args.seed));
    // Each result names the tengym that played it, as an evaluation's report does.
    const versioned = results.map((r) => ({ tengymVersion: TENGYM_VERSION, ...r }));
    if (args.json) writeLine(JSON.stringify(versioned.length === 1 ? versioned[0] : versioned));
    else writeLine(`${statsTable(results)}\n\n${dealsLine(args.episodes, args.seed)}`);
  },
};
